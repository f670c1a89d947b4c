import { addDays, haitiDateOf, startOfHaitiDay } from '@lajan/domain';
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, entries } from '../../../src/db/schema.js';
import { ledgerFlows } from '../../helpers/ledger-flows.js';
import { build } from '../../helpers/build.js';
import { TestClock } from '../../helpers/clock.js';
import { call } from '../../helpers/fixtures.js';
import {
  balanceOf,
  createAgentAdmin,
  createAgentWithTeller,
  createCustomerAccount,
  createPerson,
  partyOf,
  superAdminToken,
  type TestAgent,
} from '../../helpers/ledger.js';

/** Sunday 22 November 2026, 7:00 in Haiti (UTC−5 in winter). */
const NOW = new Date('2026-11-22T12:00:00Z');

type Point = { date: string; balance: number };
type Series = { key: string; label: string; points: Point[] };

async function world() {
  const t = await build({ clock: new TestClock(NOW) });
  const pap = await createAgentWithTeller(t.app, { code: 'PAP01', name: 'Kay Lajan Pétion-Ville' });
  const cap = await createAgentWithTeller(t.app, { code: 'CAP01', name: 'Lajan Cap-Haïtien' });
  const superToken = await superAdminToken(t.app);
  const superAdminId = (await call(t.app, 'GET', '/api/auth/user', { token: superToken })).body.data.user
    .id as string;

  /** The treasury funds `agent`'s float at the instant `at` (UTC). */
  async function fundAt(agent: TestAgent, amountCentimes: number, at: string) {
    await ledgerFlows(t.app.services.ledger).agentDeposit(t.app.database.db, {
      userId: superAdminId,
      agent: { id: agent.id, floatAccountId: agent.floatAccountId },
      party: { name: 'Trésorerie', idDocumentType: 'id_card', idDocumentNumber: 'TRESOR' },
      amountCentimes,
      at: new Date(at),
    });
  }
  return { ...t, pap, cap, superToken, fundAt };
}

async function series(app: Awaited<ReturnType<typeof world>>['app'], token: string, period = '7d') {
  const answer = await call(app, 'GET', `/api/reports/balance-series?period=${period}`, { token });
  expect(answer.status).toBe(200);
  return answer.body.data as { period: string; currency: string; series: Series[] };
}

const balances = (one: Series) => one.points.map((point) => point.balance);

describe('GET /api/reports/balance-series', () => {
  it("gives a teller its agent's closing balance of each day in Haiti, oldest first, today last", async () => {
    const w = await world();
    // Before the period: part of every point.
    await w.fundAt(w.pap, 1_000_00, '2026-11-10T15:00:00Z');
    // 15 November, 23:59 in Haiti: still before the period's first day (16 November).
    await w.fundAt(w.pap, 1_00, '2026-11-16T04:59:00Z');
    // 19 November, 23:30 in Haiti (20 November 04:30 UTC): closes 19 November.
    await w.fundAt(w.pap, 200_50, '2026-11-20T04:30:00Z');
    // 20 November, 00:00 in Haiti exactly: the next day.
    await w.fundAt(w.pap, 300_00, '2026-11-20T05:00:00Z');
    // Today, through the API: a deposit takes 250 HTG of the float.
    const marie = await createPerson(w.database.db, { firstName: 'Marie', lastName: 'Joseph' });
    const account = await createCustomerAccount(w.database.db, [marie], { agentId: w.pap.id });
    const deposit = await call(w.app, 'POST', '/api/transactions/deposit', {
      token: w.pap.teller.token,
      body: { accountNumber: account.accountNumber, party: partyOf(marie), amount: 250 },
    });
    expect(deposit.status).toBe(201);

    const data = await series(w.app, w.pap.teller.token);
    expect(data).toMatchObject({ period: '7d', currency: 'HTG' });
    expect(data.series).toHaveLength(1);
    const [float] = data.series;
    expect(float).toMatchObject({ key: 'agent_float', label: "Float de l'agent" });
    expect(float!.points.map((point) => point.date)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(balances(float!)).toEqual([1001, 1001, 1001, 1201.5, 1501.5, 1501.5, 1251.5]);
    // Today is the balance now, as the account view shows it.
    expect(float!.points.at(-1)!.balance * 100).toBe(await balanceOf(w.database.db, w.pap.floatAccountId));
  });

  it('moves the day boundary with daylight saving time in Haiti', async () => {
    // Tuesday 10 March 2026, 11:00 in Haiti; summer time began on Sunday 8 March (UTC−4).
    const t = await build({ clock: new TestClock(new Date('2026-03-10T15:00:00Z')) });
    const pap = await createAgentWithTeller(t.app, { code: 'PAP01', name: 'Kay Lajan Pétion-Ville' });
    const superToken = await superAdminToken(t.app);
    const superAdminId = (await call(t.app, 'GET', '/api/auth/user', { token: superToken })).body.data.user
      .id as string;
    const fundAt = (amountCentimes: number, at: string) =>
      ledgerFlows(t.app.services.ledger).agentDeposit(t.app.database.db, {
        userId: superAdminId,
        agent: { id: pap.id, floatAccountId: pap.floatAccountId },
        party: { name: 'Trésorerie', idDocumentType: 'id_card', idDocumentNumber: 'TRESOR' },
        amountCentimes,
        at: new Date(at),
      });
    // 8 March 23:30 in Haiti (summer time): 9 March 03:30 UTC.
    await fundAt(10_00, '2026-03-09T03:30:00Z');
    // 9 March 00:30 in Haiti: 04:30 UTC (in winter it would still have been 8 March).
    await fundAt(20_00, '2026-03-09T04:30:00Z');
    const data = await series(t.app, pap.teller.token);
    expect(data.series[0]!.points.slice(-4)).toEqual([
      { date: '2026-03-07', balance: 0 },
      { date: '2026-03-08', balance: 10 },
      { date: '2026-03-09', balance: 30 },
      { date: '2026-03-10', balance: 30 },
    ]);
  });

  it('draws a flat line at the current balance when nothing moved in the period, and at 0 for a new agent', async () => {
    const w = await world();
    await w.fundAt(w.pap, 5_000_00, '2026-06-01T12:00:00Z');
    for (const [period, days] of [
      ['7d', 7],
      ['30d', 30],
      ['3m', 90],
    ] as const) {
      const data = await series(w.app, w.pap.teller.token, period);
      expect(data.period).toBe(period);
      const points = data.series[0]!.points;
      expect(points).toHaveLength(days);
      expect(new Set(balances(data.series[0]!))).toEqual(new Set([5000]));
      expect(points.at(-1)!.date).toBe('2026-11-22');
    }
    const cap = await series(w.app, w.cap.teller.token);
    expect(balances(cap.series[0]!)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it('uses 7 days by default and refuses another period with a French message', async () => {
    const w = await world();
    const emptied = await series(w.app, w.pap.teller.token, '');
    expect(emptied.series[0]!.points).toHaveLength(7);
    const absent = await call(w.app, 'GET', '/api/reports/balance-series', { token: w.pap.teller.token });
    expect(absent.body.data.period).toBe('7d');
    expect(absent.body.data.series[0].points).toHaveLength(7);
    const wrong = await call(w.app, 'GET', '/api/reports/balance-series?period=1y', {
      token: w.pap.teller.token,
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ period: ['Période invalide'] });
  });

  it("keeps each agent to its own float; an administrator sees its agent's", async () => {
    const w = await world();
    await w.fundAt(w.pap, 700_00, '2026-11-21T15:00:00Z');
    await w.fundAt(w.cap, 400_00, '2026-11-18T15:00:00Z');
    const cap = await series(w.app, w.cap.teller.token);
    expect(balances(cap.series[0]!)).toEqual([0, 0, 400, 400, 400, 400, 400]);
    const papAdmin = await createAgentAdmin(w.app, w.pap);
    const pap = await series(w.app, papAdmin);
    expect(pap.series.map((one) => one.key)).toEqual(['agent_float']);
    expect(balances(pap.series[0]!)).toEqual([0, 0, 0, 0, 0, 700, 700]);
  });

  it("gives the super administrator the network's total float and the treasury", async () => {
    const w = await world();
    await w.fundAt(w.pap, 700_00, '2026-11-21T15:00:00Z');
    await w.fundAt(w.cap, 400_00, '2026-11-18T15:00:00Z');
    const data = await series(w.app, w.superToken);
    expect(data.series.map(({ key, label }) => ({ key, label }))).toEqual([
      { key: 'network_float', label: 'Float total du réseau' },
      { key: 'treasury', label: 'Trésorerie' },
    ]);
    expect(balances(data.series[0]!)).toEqual([0, 0, 400, 400, 400, 1100, 1100]);
    expect(balances(data.series[1]!)).toEqual([0, 0, -400, -400, -400, -1100, -1100]);
  });

  it("equals the entries' sums to the centime at each day's close, over 3 months of postings (decision 144)", async () => {
    const w = await world();
    // 60 agent deposits at instants spread over 100 days (before the period too), amounts to the centime,
    // several on one day, some at a Haitian midnight exactly; one float each way.
    let seed = 7;
    const next = () => (seed = (seed * 48_271) % 2_147_483_647);
    for (let i = 0; i < 60; i += 1) {
      const at = new Date(NOW.getTime() - (next() % (100 * 86_400)) * 1000);
      const agent = i % 3 === 0 ? w.cap : w.pap;
      await w.fundAt(
        agent,
        1 + (next() % 5_000_000),
        i % 10 === 0 ? startOfHaitiDay(haitiDateOf(at)).toISOString() : at.toISOString(),
      );
    }
    const entriesUntil = async (accountSql: SQL, before: Date) => {
      const result = await w.database.db.execute(
        sql`select coalesce(sum(e.amount_centimes), 0)::text as total from ${entries} e
            join ${accounts} a on a.id = e.account_id
            where ${accountSql} and e.created_at < ${before.toISOString()}::timestamptz`,
      );
      return Number((result as { rows: { total: string }[] }).rows[0]!.total);
    };
    const expectExact = async (one: Series, accountSql: SQL) => {
      expect(one.points).toHaveLength(90);
      for (const point of one.points) {
        const closing = startOfHaitiDay(addDays(point.date, 1));
        expect(Math.round(point.balance * 100), `${one.key} ${point.date}`).toBe(
          await entriesUntil(accountSql, closing),
        );
      }
    };
    const teller = await series(w.app, w.pap.teller.token, '3m');
    await expectExact(teller.series[0]!, sql`a.id = ${w.pap.floatAccountId}`);
    const whole = await series(w.app, w.superToken, '3m');
    await expectExact(
      whole.series.find((one) => one.key === 'network_float')!,
      sql`a.kind = 'float'`,
    );
    await expectExact(
      whole.series.find((one) => one.key === 'treasury')!,
      sql`a.system_code = 'treasury'`,
    );
  });
});
