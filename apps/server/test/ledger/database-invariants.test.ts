import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Tx } from '../../src/db/client.js';
import { LedgerRefused } from '../../src/ledger/results.js';
import { inMoneyTransaction, moneyTransactionStats } from '../../src/ledger/ledger.js';
import {
  balanceOf,
  busyLedgerWorld,
  expectLedgerInvariants,
  entryInsert,
  ledgerSnapshot,
  refusal,
  setBalance,
  transactionInsert,
  transactionRow,
} from '../helpers/ledger.js';

/*
 * The ledger's rules held by the database itself (migration 0005, docs/decisions/121): each write here
 * goes past the API, straight in SQL, as a bug, an injection or an operator at a SQL prompt would, and
 * each must be refused by PostgreSQL (or PGlite) and leave the ledger as it was.
 */

describe('the database refuses a write that breaks a rule of the ledger', () => {
  it('refuses a customer, float or system balance below zero, and lets only the treasury go there', async () => {
    const world = await busyLedgerWorld([100]);

    for (const id of [
      world.roseAccount.id,
      world.pap.floatAccountId,
      world.system.feeIncome,
      world.system.payout,
    ])
      expect(await refusal(world.db, [setBalance(id, -1)])).toMatchObject({
        code: '23514',
        constraint: 'accounts_balance_check',
      });

    // The treasury funded both floats: it is the one account whose balance is below zero.
    expect(await balanceOf(world.db, world.system.treasury)).toBeLessThan(0);
    await expectLedgerInvariants(world.db);
  });

  it('refuses, at the commit, a transaction whose entries do not sum to zero, or that has fewer than two', async () => {
    const world = await busyLedgerWorld([100]);
    const marie = world.marieAccount.id;
    const jean = world.jeanAccount.id;
    const unbalanced = randomUUID();
    const lonely = randomUUID();
    const empty = randomUUID();
    const existing = (await transactionRow(world.db, world.transferNumber)).id;

    // Money created: Jean receives 1 HTG more than Marie gives, and both balances follow their entries.
    expect(
      await refusal(world.db, [
        transactionInsert(world, unbalanced),
        entryInsert(unbalanced, marie, -100),
        entryInsert(unbalanced, jean, 200),
        setBalance(marie, (await balanceOf(world.db, marie)) - 100),
        setBalance(jean, (await balanceOf(world.db, jean)) + 200),
      ]),
    ).toMatchObject({ code: 'LJ004' });
    // One entry that is its own opposite cannot exist (an entry is never zero): a single entry never balances.
    expect(
      await refusal(world.db, [transactionInsert(world, lonely), entryInsert(lonely, jean, 100)]),
    ).toMatchObject({ code: 'LJ004' });
    // A transaction with no entry at all.
    expect(await refusal(world.db, [transactionInsert(world, empty)])).toMatchObject({ code: 'LJ004' });
    // An entry added afterwards to a posted transaction.
    expect(await refusal(world.db, [entryInsert(existing, jean, 100)])).toMatchObject({ code: 'LJ004' });
    // The same, once the pending transfer was settled by this very database transaction (its row now
    // carries this transaction's xmin, as a row it had written would: decision 155).
    expect(
      await refusal(world.db, [
        sql`update transactions set status = 'completed', settled_at = now() where id = ${existing}::uuid`,
        entryInsert(existing, jean, 100),
      ]),
    ).toMatchObject({ code: 'LJ004' });

    // The same statements with entries that balance are accepted: the rule refuses only what breaks it.
    const balanced = randomUUID();
    const marieBefore = await balanceOf(world.db, marie);
    const jeanBefore = await balanceOf(world.db, jean);
    await world.db.transaction(async (tx) => {
      for (const statement of [
        transactionInsert(world, balanced),
        entryInsert(balanced, marie, -100),
        entryInsert(balanced, jean, 100),
        setBalance(marie, marieBefore - 100),
        setBalance(jean, jeanBefore + 100),
      ])
        await tx.execute(statement);
    });
    expect(await balanceOf(world.db, jean)).toBe(jeanBefore + 100);
    await expectLedgerInvariants(world.db);
  });

  it('refuses an amount that is zero or negative, a currency but HTG, and an agent deposit with a fee or above its cap', async () => {
    const world = await busyLedgerWorld([100]);
    const check = (constraint: string) => ({ code: '23514', constraint });

    for (const amount of [0, -100])
      expect(await refusal(world.db, [transactionInsert(world, randomUUID(), { amount })])).toMatchObject(
        check('transactions_amount_check'),
      );
    const id = randomUUID();
    expect(
      await refusal(world.db, [transactionInsert(world, id), entryInsert(id, world.jeanAccount.id, 0)]),
    ).toMatchObject(check('entries_amount_check'));
    expect(
      await refusal(world.db, [transactionInsert(world, randomUUID(), { currency: 'USD' })]),
    ).toMatchObject(check('transactions_currency_check'));
    expect(
      await refusal(world.db, [transactionInsert(world, randomUUID(), { type: 'agent_deposit', fee: 100 })]),
    ).toMatchObject(check('transactions_agent_deposit_check'));
    expect(
      await refusal(world.db, [
        transactionInsert(world, randomUUID(), { type: 'agent_deposit', amount: 1_000_000_01 }),
      ]),
    ).toMatchObject(check('transactions_agent_deposit_check'));
    await expectLedgerInvariants(world.db);
  });

  it('refuses to change or delete an entry, or a posted transaction but the one change of a pending transfer', async () => {
    const world = await busyLedgerWorld([100]);
    const transfer = await transactionRow(world.db, world.transferNumber);
    const anEntry = sql`(select id from entries where transaction_id = ${transfer.id}::uuid limit 1)`;

    expect(
      await refusal(world.db, [
        sql`update entries set amount_centimes = amount_centimes * 2 where id = ${anEntry}`,
      ]),
    ).toMatchObject({ code: 'LJ011' });
    expect(await refusal(world.db, [sql`delete from entries where id = ${anEntry}`])).toMatchObject({
      code: 'LJ011',
    });
    expect(
      await refusal(world.db, [sql`delete from transactions where id = ${transfer.id}::uuid`]),
    ).toMatchObject({ code: 'LJ012' });
    for (const change of [
      sql`amount_centimes = amount_centimes + 100`,
      sql`fee_centimes = 0`,
      sql`status = 'completed', amount_centimes = 1`,
      sql`status = 'pending'`,
    ])
      expect(
        await refusal(world.db, [sql`update transactions set ${change} where id = ${transfer.id}::uuid`]),
      ).toMatchObject({ code: 'LJ012' });
    // A completed deposit never changes status.
    expect(
      await refusal(world.db, [
        sql`update transactions set status = 'completed', settled_at = now() where type = 'deposit'`,
      ]),
    ).toMatchObject({ code: 'LJ012' });

    // The one change the ledger makes: a pending external transfer paid out or cancelled, once.
    await world.db.execute(
      sql`update transactions set status = 'cancelled', settled_at = now() where id = ${transfer.id}::uuid`,
    );
    expect((await transactionRow(world.db, world.transferNumber)).status).toBe('cancelled');
    expect(
      await refusal(world.db, [
        sql`update transactions set status = 'completed' where id = ${transfer.id}::uuid`,
      ]),
    ).toMatchObject({ code: 'LJ012' });
  });
});

describe('the system balances, applied at the commit once per account and statement (decision 158)', () => {
  it('adds the sum of a statement’s entries to a system account, refuses the commit that leaves it below zero or that posts to it inactive, and leaves nothing pending', async () => {
    const world = await busyLedgerWorld([1000]);
    const marie = world.marieAccount.id;
    const jean = world.jeanAccount.id;
    const { feeIncome, payout } = world.system;
    const pending = async () =>
      Number(
        (
          (await world.db.execute(sql`select count(*)::int as n from system_balance_pending`)) as {
            rows: { n: number }[];
          }
        ).rows[0]!.n,
      );
    const row = (id: string) => transactionInsert(world, id);
    const twoStatements = randomUUID();
    const marieBefore = await balanceOf(world.db, marie);
    const jeanBefore = await balanceOf(world.db, jean);
    const feeBefore = await balanceOf(world.db, feeIncome);

    // Fee income twice in one statement, once more in the next: 150 + 50 + 25.
    await world.db.transaction(async (tx) => {
      for (const statement of [
        row(twoStatements),
        sql`insert into entries (transaction_id, account_id, amount_centimes) values
          (${twoStatements}::uuid, ${marie}::uuid, -325), (${twoStatements}::uuid, ${jean}::uuid, 100),
          (${twoStatements}::uuid, ${feeIncome}::uuid, 150), (${twoStatements}::uuid, ${feeIncome}::uuid, 50)`,
        entryInsert(twoStatements, feeIncome, 25),
        setBalance(marie, marieBefore - 325),
        setBalance(jean, jeanBefore + 100),
      ])
        await tx.execute(statement);
    });
    expect(await balanceOf(world.db, feeIncome)).toBe(feeBefore + 225);
    expect(await pending()).toBe(0);
    await expectLedgerInvariants(world.db);

    // A statement that takes from the payout account 1 HTG more than it holds is refused, whatever else it adds.
    const payoutBalance = await balanceOf(world.db, payout);
    const overdraft = randomUUID();
    expect(
      await refusal(world.db, [
        row(overdraft),
        sql`insert into entries (transaction_id, account_id, amount_centimes) values
          (${overdraft}::uuid, ${payout}::uuid, 50), (${overdraft}::uuid, ${payout}::uuid, ${-payoutBalance - 150}),
          (${overdraft}::uuid, ${jean}::uuid, ${payoutBalance + 100})`,
        setBalance(jean, jeanBefore + 100 + payoutBalance + 100),
      ]),
    ).toMatchObject({ code: '23514', constraint: 'accounts_balance_check' });

    // A system account that is not active takes no entry.
    const closed = randomUUID();
    await world.db.execute(sql`update accounts set status = 'closed' where id = ${feeIncome}::uuid`);
    expect(
      await refusal(world.db, [
        row(closed),
        entryInsert(closed, marie, -100),
        entryInsert(closed, feeIncome, 100),
        setBalance(marie, marieBefore - 425),
      ]),
    ).toMatchObject({ code: 'LJ001' });
    await world.db.execute(sql`update accounts set status = 'active' where id = ${feeIncome}::uuid`);
    expect(await pending()).toBe(0);
    await expectLedgerInvariants(world.db);
  });
});

describe('the pending system balances, written by the ledger’s triggers only (decision 162)', () => {
  it('refuses a row inserted, deleted or changed by a client’s statement, and still applies the entries’ own', async () => {
    const world = await busyLedgerWorld([1000]);
    const marie = world.marieAccount.id;
    const { feeIncome, payout } = world.system;
    const marieBefore = await balanceOf(world.db, marie);
    const feeBefore = await balanceOf(world.db, feeIncome);
    const pending = sql`insert into system_balance_pending (account_id, amount_centimes, at)`;
    const guarded = { code: 'LJ013' };

    // 1 000 HTG into fee income, or out of the payout account, without a single entry.
    expect(
      await refusal(world.db, [sql`${pending} values (${feeIncome}::uuid, 100000, now())`]),
    ).toMatchObject(guarded);
    expect(await refusal(world.db, [sql`${pending} values (${payout}::uuid, -100000, now())`])).toMatchObject(
      guarded,
    );
    // The same beside a posting whose own row is pending (select … from: one statement, rows of its own).
    const posting = (id: string) => [
      transactionInsert(world, id),
      entryInsert(id, marie, -100),
      entryInsert(id, feeIncome, 100),
      setBalance(marie, marieBefore - 100),
    ];
    expect(
      await refusal(world.db, [
        ...posting(randomUUID()),
        sql`${pending} select account_id, amount_centimes * 100, at from system_balance_pending`,
      ]),
    ).toMatchObject(guarded);
    // The posting's pending row deleted or changed before its commit.
    expect(
      await refusal(world.db, [...posting(randomUUID()), sql`delete from system_balance_pending`]),
    ).toMatchObject(guarded);
    expect(
      await refusal(world.db, [
        ...posting(randomUUID()),
        sql`update system_balance_pending set amount_centimes = amount_centimes * 100`,
      ]),
    ).toMatchObject(guarded);
    expect(await balanceOf(world.db, feeIncome)).toBe(feeBefore);

    // The posting alone: its entries' row is written, applied at the commit and deleted by the triggers.
    await world.db.transaction(async (tx) => {
      for (const statement of posting(randomUUID())) await tx.execute(statement);
    });
    expect(await balanceOf(world.db, feeIncome)).toBe(feeBefore + 100);
    expect(
      (
        (await world.db.execute(sql`select count(*)::int as n from system_balance_pending`)) as {
          rows: { n: number }[];
        }
      ).rows[0]!.n,
    ).toBe(0);
    await expectLedgerInvariants(world.db);
  });
});

describe('a posting that the database refuses for a balance below zero', () => {
  // The posting checks balances in its one statement; should a race ever let a check pass on a stale
  // balance, the database's own check (migration 0005) refuses the write, and the movement is tried
  // again on a fresh snapshot, then refused « Solde insuffisant »: never a 500, never an overdraft.
  it('is tried again and then posts, or is refused for insufficient funds after the retries', async () => {
    const world = await busyLedgerWorld([1000]);
    const accountId = world.marieAccount.id;
    const overdraw = (tx: Tx) =>
      tx.execute(sql`update accounts set balance_centimes = -1 where id = ${accountId}::uuid`);

    const retriesBefore = moneyTransactionStats.retries;
    let attempts = 0;
    const answer = await inMoneyTransaction(world.db, async (tx) => {
      attempts += 1;
      if (attempts === 1) await overdraw(tx);
      return 'posté';
    });
    expect(answer).toBe('posté');
    expect(attempts).toBe(2);
    expect(moneyTransactionStats.retries - retriesBefore).toBe(1);

    const before = await ledgerSnapshot(world.db);
    const refused = await inMoneyTransaction(world.db, overdraw).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(LedgerRefused);
    expect((refused as LedgerRefused).refusal).toBe('InsufficientFunds');
    expect(await ledgerSnapshot(world.db)).toEqual(before);
    await expectLedgerInvariants(world.db);
  });
});
