import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, feeBands, feeSchedule } from '../../../src/db/schema.js';
import { build } from '../../helpers/build.js';
import { call } from '../../helpers/fixtures.js';
import { createAgentWithTeller } from '../../helpers/ledger.js';
import { formatHtg } from '@lajan/domain';

describe('the fee schedule', () => {
  it('is seeded at the first start, one row per band and type, agent share 40 % rounded down', async () => {
    const { app, database } = await build();
    const teller = await createAgentWithTeller(app, { code: 'PAP01', name: 'Kay Lajan' });
    const answer = await call(app, 'GET', '/api/transactions/fees', { token: teller.teller.token });
    expect(answer.status).toBe(200);
    const groups = answer.body.data as {
      type: string;
      label: string;
      rows: { min_amount: number; max_amount: number; fee: number; agent_share: number }[];
    }[];
    expect(groups.map((group) => [group.type, group.label, group.rows.length])).toEqual([
      ['deposit', 'Dépôt', 13],
      ['transfer', 'Transfert', 13],
      ['withdrawal', 'Retrait', 11],
      ['external_transfer', 'Transfert externe', 13],
    ]);
    const external = groups[3]!.rows;
    expect(external[0]).toEqual({
      type: 'external_transfer',
      min_amount: 20,
      max_amount: 99.99,
      fee: 6,
      agent_share: 2.4,
    });
    expect(external[12]).toEqual({
      type: 'external_transfer',
      min_amount: 75_000,
      max_amount: 100_000,
      fee: 1600,
      agent_share: 640,
    });
    const withdrawal = groups[2]!.rows;
    expect(withdrawal.at(-1)).toEqual({
      type: 'withdrawal',
      min_amount: 40_000,
      max_amount: 59_999.99,
      fee: 200,
      agent_share: 80,
    });
    // 5 HTG: 40 % is 2 HTG exactly; 115 HTG: 46 HTG; every band ends a centime below the next.
    expect(groups[1]!.rows[2]).toMatchObject({ min_amount: 250, max_amount: 499.99, fee: 5, agent_share: 2 });
    for (const group of groups)
      for (let i = 1; i < group.rows.length; i += 1)
        expect(Math.round(group.rows[i]!.min_amount * 100)).toBe(
          Math.round(group.rows[i - 1]!.max_amount * 100) + 1,
        );
    expect(groups[0]!.rows.every((row) => row.fee === 0)).toBe(true);

    const [rows] = await database.db.select({ n: count() }).from(feeSchedule);
    expect(rows!.n).toBe(50);
  });

  it('is not seeded again at a restart, nor are the system accounts created twice', async () => {
    const { database } = await build();
    const systemBefore = await database.db.select().from(accounts).where(eq(accounts.kind, 'system'));
    expect(systemBefore.map((row) => row.systemCode).sort()).toEqual(['fee_income', 'payout', 'treasury']);
    // The schedule is no longer the seed's (here: the deposit bands of its version gone).
    await database.db.delete(feeBands).where(eq(feeBands.type, 'deposit'));
    await build({ keepData: true });
    const [rows] = await database.db.select({ n: count() }).from(feeSchedule);
    expect(rows!.n).toBe(37);
    const systemAfter = await database.db.select().from(accounts).where(eq(accounts.kind, 'system'));
    expect(systemAfter.map((row) => row.id).sort()).toEqual(systemBefore.map((row) => row.id).sort());
  });
});

describe('GET /api/transactions/fees/quote', () => {
  it('answers the fee, agent share and total a confirmation would charge', async () => {
    const { app } = await build();
    const { teller } = await createAgentWithTeller(app, { code: 'PAP01', name: 'Kay Lajan' });
    const quote = (query: string) =>
      call(app, 'GET', `/api/transactions/fees/quote?${query}`, { token: teller.token });

    expect((await quote('type=transfer&amount=1500')).body).toEqual({
      data: {
        type: 'transfer',
        amount: 1500,
        fee: 25,
        agentShare: 10,
        total: 1525,
        currency: 'HTG',
        feeVersion: { number: 1, effectiveFrom: expect.any(String) },
      },
    });
    expect((await quote('type=external_transfer&amount=19999.99')).body.data).toMatchObject({
      fee: 380,
      agentShare: 152,
    });
    expect((await quote('type=agent_deposit&amount=1000000')).body.data).toMatchObject({
      fee: 0,
      total: 1_000_000,
      feeVersion: null,
    });

    const outside = await quote('type=withdrawal&amount=60000');
    expect(outside.status).toBe(422);
    expect(outside.body).toMatchObject({
      code: 'OUTSIDE_FEE_BANDS',
      message: `Montant hors barème : un retrait doit être compris entre ${formatHtg(20)} et ${formatHtg(59_999.99)}`,
    });
    expect((await quote('type=transfer&amount=100000.01')).status).toBe(422);
    // Above an operation's cap, the refusal the operation itself would give, never a price.
    for (const type of ['deposit', 'withdrawal', 'transfer', 'external_transfer']) {
      for (const amount of [1_000_000, 2_000_000]) {
        const capped = await quote(`type=${type}&amount=${amount}`);
        expect(capped.status).toBe(422);
        // One message, the operation's own, whatever the amount.
        expect(capped.body.errors).toEqual({
          amount: ['Le montant ne peut pas dépasser 100\u202f000\u00a0HTG'],
        });
      }
    }
    const overAgentCap = await quote('type=agent_deposit&amount=2000000');
    expect(overAgentCap.body.errors).toEqual({
      amount: ['Le montant ne peut pas dépasser 1\u202f000\u202f000\u00a0HTG'],
    });
    const invalid = await quote('type=gift&amount=abc');
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toMatchObject({
      type: ['Type de frais invalide'],
      amount: ['Le montant est requis'],
    });
  });
});
