import { addDays } from '@lajan/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  cancelBody,
  cashTransferForm,
  counterForm,
  partyOf,
  recipientIdentity,
  recipientParty,
} from '../../helpers/ledger.js';
import { reportsWorld } from './world.js';

/*
 * The commission statement (issue 16 item 3, decision 148): a month of mixed operations posted through
 * the real routes, at PAP01 and CAP01, a cancelled external transfer among them, and operations just
 * outside the month; the statement's figures must equal the ledger's entries to the centime.
 */

type World = Awaited<ReturnType<typeof reportsWorld>>;

async function rowsOf<Row>(world: World, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result: unknown = await world.db.execute(query);
  return (result as { rows: Row[] }).rows;
}

/** A month at PAP01 (and some at CAP01), every type, one cancelled cash transfer, two operations just outside. */
async function monthOfOperations() {
  const w = await reportsWorld();
  const lastDay = addDays(
    `${w.month}-01`,
    27 + [0, 1, 2, 3].findLast((n) => addDays(`${w.month}-01`, 27 + n).startsWith(w.month))!,
  );

  // Before the month: Marie's savings for the month, and a withdrawal in its last minute (not in it).
  w.at(new Date(w.monthStart.getTime() - 120_000));
  await w.post('papTeller', '/transactions/deposit', counterForm(w.marieAccount, w.marie, 60_000));
  w.at(new Date(w.monthStart.getTime() - 60_000));
  await w.post('papTeller', '/transactions/withdraw', counterForm(w.marieAccount, w.marie, 1000));

  const sent: string[] = [];
  for (let day = `${w.month}-01`, n = 1; day <= lastDay; day = addDays(day, 1), n += 1) {
    w.at(w.haiti(day, `${String(8 + (n % 9)).padStart(2, '0')}:15`));
    switch (n % 6) {
      case 0:
        await w.post(
          'papTeller',
          '/transactions/deposit',
          counterForm(w.jeanAccount, w.jean, 1200 + n * 37.5),
        );
        break;
      case 1:
        await w.post(
          'papTeller',
          '/transactions/withdraw',
          counterForm(w.marieAccount, w.marie, 400 + n * 11.25),
        );
        break;
      case 2:
        await w.post('papTeller', '/transactions/transfer', {
          senderAccountNumber: w.marieAccount.accountNumber,
          recipientAccountNumber: w.roseAccount.accountNumber,
          party: partyOf(w.marie),
          amount: 1500 + n,
        });
        break;
      case 3: {
        const answer = await w.post(
          'papTeller',
          '/transactions/transfer-extern',
          cashTransferForm(w.jean, 2500 + n),
        );
        sent.push(answer.body.data.transactionNumber as string);
        break;
      }
      case 4:
        await w.post('papTeller', '/transactions/transfer-extern', {
          ...cashTransferForm(w.marie, 700 + n * 3),
          accountNumber: w.marieAccount.accountNumber,
        });
        break;
      default:
        // CAP01's day: a deposit and a withdrawal for Rose, and a payout of PAP01's cash transfer.
        await w.post('capTeller', '/transactions/deposit', counterForm(w.roseAccount, w.rose, 300 + n));
        await w.post('capTeller', '/transactions/withdraw', counterForm(w.roseAccount, w.rose, 250 + n));
        if (sent.length > 0)
          await w.post('capTeller', '/transactions/receive-transfer', {
            transactionNumber: sent.shift(),
            recipient: recipientIdentity,
            party: recipientParty,
          });
    }
  }
  // The cancelled cash transfer: its fee is kept, its refund pays the amount back to PAP01's float.
  w.at(w.haiti(`${w.month}-13`, '23:50') > w.clock.now() ? w.haiti(`${w.month}-13`, '23:50') : w.clock.now());
  const cancelled = await w.post(
    'papTeller',
    '/transactions/transfer-extern',
    cashTransferForm(w.marie, 8000),
  );
  const cancelledNumber = cancelled.body.data.transactionNumber as string;
  await w.post('papTeller', `/transactions/${cancelledNumber}/cancel`, cancelBody(w.marie));
  // The last minute of the month (in it), then the first of the next (not).
  w.at(w.haiti(lastDay, '23:59'));
  await w.post('papTeller', '/transactions/withdraw', counterForm(w.marieAccount, w.marie, 2000));
  w.at(w.haiti(addDays(lastDay, 1), '00:00'));
  await w.post('papTeller', '/transactions/withdraw', counterForm(w.marieAccount, w.marie, 3000));
  return { ...w, lastDay, cancelledNumber };
}

const htg = (centimes: number | string) => Number(centimes) / 100;

/** The ledger's own figures for `agentId` (or the network) in the period, from `entries`. */
async function ledgerFigures(w: World & { lastDay: string }, agentId: string | null) {
  const start = w.monthStart.toISOString();
  const end = w.haiti(addDays(w.lastDay, 1), '00:00').toISOString();
  const feeIncome = w.app.services.ledger.system.fee_income.id;
  const agentFilter = agentId ? sql`and t.agent_id = ${agentId}` : sql``;
  const [income] = await rowsOf<{ total: string }>(
    w,
    sql`select coalesce(sum(e.amount_centimes), 0) as total from entries e join transactions t on t.id = e.transaction_id
        where e.account_id = ${feeIncome} and t.created_at >= ${start}::timestamptz and t.created_at < ${end}::timestamptz ${agentFilter}`,
  );
  // The agent's share: what the banded operations moved on the float of the agent that did the work,
  // beyond the principal of each (DESIGN §4): a deposit pays the amount out of the float, a withdrawal
  // brings it in, a cash external transfer pays the amount and the fee the customer handed over in cash
  // (the float's entry is net of the share, which stays in the drawer); transfers between accounts and
  // external transfers from an account move nothing else on the float.
  const [share] = await rowsOf<{ total: string }>(
    w,
    sql`select coalesce(sum(f.net + case t.type when 'deposit' then t.amount_centimes
                                             when 'withdrawal' then -t.amount_centimes
                                             when 'external_transfer' then
                                               case when t.sender_account_id is null
                                                    then t.amount_centimes + t.fee_centimes else 0 end
                                             else 0 end), 0) as total
        from transactions t
        cross join lateral (select coalesce(sum(e.amount_centimes), 0) as net from entries e
          join accounts a on a.id = e.account_id and a.kind = 'float' and a.agent_id = t.agent_id
          where e.transaction_id = t.id) f
        where t.type in ('deposit', 'withdrawal', 'transfer', 'external_transfer')
          and t.created_at >= ${start}::timestamptz and t.created_at < ${end}::timestamptz ${agentFilter}`,
  );
  const counts = await rowsOf<{ type: string; n: number }>(
    w,
    sql`select t.type, count(*)::int as n from transactions t
        where t.type in ('deposit', 'withdrawal', 'transfer', 'external_transfer')
          and t.created_at >= ${start}::timestamptz and t.created_at < ${end}::timestamptz ${agentFilter}
        group by t.type`,
  );
  return {
    feeIncome: htg(income!.total),
    agentShare: htg(share!.total),
    counts: Object.fromEntries(counts.map((row) => [row.type, Number(row.n)])),
  };
}

interface Line {
  type?: string;
  count: number;
  amount: number;
  fee: number;
  agentShare: number;
  feeIncome: number;
}

const cents = (value: number) => Math.round(value * 100);

describe('GET /api/reports/commissions', () => {
  // One month of operations (slow to post), read by both parts.
  it("equals the ledger's fee-income and agent-share postings to the centime, for an agent and for the network; lists and exports the operations behind it", async () => {
    const w = await monthOfOperations();
    await statementEqualsTheLedger(w);
    await operationsBehindIt(w);
  });
});

type Month = Awaited<ReturnType<typeof monthOfOperations>>;

async function statementEqualsTheLedger(w: Month) {
  const pap = await w.get('papAdmin', `/reports/commissions?month=${w.month}`);
  expect(pap.status, pap.text).toBe(200);
  const statement = pap.body.data as { agent: unknown; byType: Line[]; totals: Line; byAgent: unknown[] };
  expect(statement).toMatchObject({
    period: { from: `${w.month}-01`, to: w.lastDay },
    currency: 'HTG',
    agent: { code: 'PAP01', name: 'Kay Lajan Pétion-Ville' },
    byAgent: [],
  });
  expect(statement.byType.map((line) => line.type)).toEqual([
    'deposit',
    'transfer',
    'withdrawal',
    'external_transfer',
  ]);

  const ledger = await ledgerFigures(w, w.pap.id);
  expect(ledger.feeIncome).toBeGreaterThan(0);
  expect(statement.totals.feeIncome).toBe(ledger.feeIncome);
  expect(statement.totals.agentShare).toBe(ledger.agentShare);
  expect(cents(statement.totals.fee)).toBe(cents(ledger.feeIncome) + cents(ledger.agentShare));
  for (const line of statement.byType) expect(line.count).toBe(ledger.counts[line.type!] ?? 0);
  // Lines add up to the totals, to the centime.
  for (const key of ['count', 'amount', 'fee', 'agentShare', 'feeIncome'] as const)
    expect(statement.byType.reduce((sum, line) => sum + cents(line[key]), 0)).toBe(
      cents(statement.totals[key]),
    );

  // The super administrator: PAP01's statement is the same; the network's totals are every agent's.
  const same = await w.get('superAdmin', `/reports/commissions?month=${w.month}&agentCode=PAP01`);
  expect(same.body.data).toEqual(pap.body.data);
  const network = await w.get('superAdmin', `/reports/commissions?month=${w.month}`);
  expect(network.status).toBe(200);
  const all = await ledgerFigures(w, null);
  expect(network.body.data.agent).toBeNull();
  expect(network.body.data.totals.feeIncome).toBe(all.feeIncome);
  expect(network.body.data.totals.agentShare).toBe(all.agentShare);
  const byAgent = network.body.data.byAgent as (Line & { agent: { code: string } })[];
  expect(byAgent.map((line) => line.agent.code)).toEqual(['CAP01', 'PAP01']);
  const cap = await ledgerFigures(w, w.cap.id);
  expect(byAgent[0]).toMatchObject({ feeIncome: cap.feeIncome, agentShare: cap.agentShare });
  expect(byAgent[1]).toMatchObject({ feeIncome: ledger.feeIncome, agentShare: ledger.agentShare });
}

/** The operations behind PAP01's statement, the cancelled external transfer and its kept fee included; the CSV. */
async function operationsBehindIt(w: Month) {
  const statement = (await w.get('papAdmin', `/reports/commissions?month=${w.month}`)).body.data as {
    totals: Line;
  };
  const first = await w.get('papAdmin', `/reports/commissions/operations?month=${w.month}&per_page=100`);
  expect(first.status, first.text).toBe(200);
  expect(first.body.meta).toEqual({ total: statement.totals.count, page: 1, per_page: 100 });
  const rows = first.body.data as (Line & { transactionNumber: string; status: string; createdAt: string })[];
  expect(rows).toHaveLength(statement.totals.count);
  expect(rows.reduce((sum, row) => sum + cents(row.agentShare), 0)).toBe(cents(statement.totals.agentShare));
  const times = rows.map((row) => row.createdAt);
  expect([...times].sort()).toEqual(times);
  const cancelled = rows.find((row) => row.transactionNumber === w.cancelledNumber);
  // 8 000 HTG sent: fee 275, agent share 110 (40 %), kept after the cancellation.
  expect(cancelled).toMatchObject({
    type: 'external_transfer',
    status: 'cancelled',
    amount: 8000,
    fee: 275,
    agentShare: 110,
    feeIncome: 165,
  });

  const second = await w.get(
    'papAdmin',
    `/reports/commissions/operations?month=${w.month}&per_page=5&page=2`,
  );
  expect((second.body.data as { transactionNumber: string }[]).map((row) => row.transactionNumber)).toEqual(
    rows.slice(5, 10).map((row) => row.transactionNumber),
  );

  const csv = await w.get('papAdmin', `/reports/commissions/export?month=${w.month}`);
  expect(csv.status).toBe(200);
  expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(csv.headers['content-disposition']).toBe(
    `attachment; filename="commissions-PAP01-${w.month}-01-${w.lastDay}.csv"`,
  );
  const lines = csv.text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe("Numéro;Type;Statut;Agent;Date;Montant;Frais;Part de l'agent;Revenu de frais");
  expect(lines).toHaveLength(1 + rows.length + 5);
  expect(lines.some((line) => line.startsWith(`${w.cancelledNumber};Transfert externe;Annulé;`))).toBe(true);
  const comma = (value: number) => (cents(value) / 100).toFixed(2).replace('.', ',');
  expect(lines.at(-1)).toBe(
    `Total;Toutes les opérations;${statement.totals.count} opérations;;;${comma(statement.totals.amount)};${comma(statement.totals.fee)};${comma(statement.totals.agentShare)};${comma(statement.totals.feeIncome)}`,
  );
}

describe('GET /api/reports/commissions, who and when', () => {
  it("answers an administrator its own agent's only, a teller not at all, and checks the period", async () => {
    const w = await reportsWorld();
    w.at(w.haiti(`${w.month}-03`, '10:00'));
    await w.post('papTeller', '/transactions/withdraw', counterForm(w.marieAccount, w.marie, 1000));
    expect((await w.get('capAdmin', `/reports/commissions?agentCode=PAP01`)).status).toBe(404);
    expect((await w.get('capAdmin', `/reports/commissions/operations?agentCode=PAP01`)).status).toBe(404);
    expect((await w.get('capAdmin', `/reports/commissions/export?agentCode=PAP01`)).status).toBe(404);
    expect((await w.get('superAdmin', `/reports/commissions?agentCode=NOPE`)).status).toBe(404);
    const teller = await w.get('papTeller', `/reports/commissions`);
    expect(teller.status).toBe(403);
    const both = await w.get('papAdmin', `/reports/commissions?month=${w.month}&from=${w.month}-02`);
    expect(both.status).toBe(422);
    expect(both.body.errors).toEqual({ month: ['Indiquez un mois ou des dates, pas les deux'] });
    const backwards = await w.get('papAdmin', `/reports/commissions?from=${w.month}-10&to=${w.month}-02`);
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors).toEqual({ to: ['La date de début doit précéder la date de fin'] });
    const bad = await w.get('papAdmin', `/reports/commissions?month=2026-13`);
    expect(bad.status).toBe(422);
    expect(bad.body.message).toContain('Mois invalide (AAAA-MM)');
    // A year no timestamp holds is refused, never a fault.
    const farMonth = await w.get('papAdmin', `/reports/commissions?month=9999-12`);
    expect(farMonth.status).toBe(422);
    expect(farMonth.body.errors).toEqual({ month: ['Mois invalide (AAAA-MM)'] });
    const farDay = await w.get('papAdmin', `/reports/commissions?from=9999-12-01&to=9999-12-31`);
    expect(farDay.status).toBe(422);
    expect(farDay.body.errors.from).toEqual(['Date invalide (AAAA-MM-JJ)']);
    // A period of days: the first ten days only.
    const tenDays = await w.get('papAdmin', `/reports/commissions?from=${w.month}-01&to=${w.month}-10`);
    expect(tenDays.body.data.period).toEqual({ from: `${w.month}-01`, to: `${w.month}-10` });
    // Default: the current month in Haiti.
    const current = await w.get('papAdmin', `/reports/commissions`);
    expect(current.body.data.period.from).toBe(`${w.month}-01`);
    expect(String(current.body.data.period.to).slice(0, 7)).toBe(w.month);
    expect(current.body.data.byType[2]).toMatchObject({
      type: 'withdrawal',
      count: 1,
      amount: 1000,
      fee: 40,
      agentShare: 16,
      feeIncome: 24,
    });
  });
});
