import { randomUUID } from 'node:crypto';
import { centimesFromSql, type FeeType } from '@lajan/domain';
import pg from 'pg';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { drawerSessions, idempotencyKeys, transactions } from '../../src/db/schema.js';
import { accountById, accountByNumber, sameAccount } from '../../src/ledger/account-ref.js';
import { FeeScheduleCache } from '../../src/ledger/fee-schedule.js';
import { bandOf } from '../../src/ledger/fees.js';
import { depositFlow, withdrawalFlow } from '../../src/modules/transactions/flows/counter.js';
import { transferFlow } from '../../src/modules/transactions/flows/transfer.js';
import { GroupCommit, groupCommitStats } from '../../src/ledger/group-commit.js';
import { moneyTransactionStats } from '../../src/ledger/ledger.js';
import {
  freshIdentity,
  postBatch,
  postAlone,
  type BatchItemResult,
  type OneCall,
} from '../../src/ledger/one-call.js';
import { LedgerRefused } from '../../src/ledger/results.js';
import { build } from '../helpers/build.js';
import { databaseKind, untilALockIsWaitedFor } from '../helpers/database.js';
import { call, type Answer } from '../helpers/fixtures.js';
import {
  balanceOf,
  balancesOf,
  counterForm,
  entryInsert,
  expectLedgerInvariants,
  ledgerWorld,
  partyOf,
  refusal,
  setBalance,
  transactionInsert,
  transactionRow,
  type TestAccount,
  type TestPerson,
} from '../helpers/ledger.js';

/*
 * Group commit (migration 0008, docs/decisions/142): many movements in one statement and one transaction,
 * each with its own outcome, as if posted one after the other in the batch's order. The batches here are
 * built by hand (`postBatch`), so that what goes together is known; the last test lets the server's
 * batchers form them, two server instances on one database.
 */

type World = Awaited<ReturnType<typeof ledgerWorld>>;

interface Keyed {
  key?: string;
  /** What the idempotency hash is of: another value is another request under the same key. */
  hash?: string;
}

async function oneCall(
  world: World,
  movement:
    | ({ kind: 'deposit' | 'withdraw'; account: TestAccount; person: TestPerson; amount: number } & Keyed)
    | ({ kind: 'transfer'; from: TestAccount; to: TestAccount; person: TestPerson; amount: number } & Keyed),
): Promise<OneCall> {
  const agent = world.pap;
  const at = world.clock.now();
  const type: FeeType =
    movement.kind === 'deposit' ? 'deposit' : movement.kind === 'withdraw' ? 'withdrawal' : 'transfer';
  const band = bandOf(await new FeeScheduleCache().bands(world.db, type), type, movement.amount) ?? null;
  const amounts = {
    amountCentimes: movement.amount,
    feeCentimes: band?.feeCentimes ?? 0,
    agentShareCentimes: band?.agentShareCentimes ?? 0,
  };
  const party = partyOf(movement.person);
  const { id, transactionNumber } = freshIdentity();
  const common = {
    key: movement.key
      ? {
          userId: agent.teller.id,
          route: `POST /${movement.kind}`,
          key: movement.key,
          requestHash: movement.hash ?? 'h',
        }
      : undefined,
    document: party,
    deferred: false,
    band,
    id,
    transactionNumber,
    bodyText: JSON.stringify({ transactionNumber, kind: movement.kind, amount: movement.amount }),
  };
  const system = {
    feeIncome: accountById(world.system.feeIncome),
    payout: accountById(world.system.payout),
    treasury: accountById(world.system.treasury),
  };
  const posting = (entries: OneCall['posting']['entries']) => ({
    type,
    status: 'completed' as const,
    ...amounts,
    agentId: agent.id,
    createdByUserId: agent.teller.id,
    at,
    entries,
  });
  if (movement.kind === 'transfer') {
    const accounts = {
      sender: accountByNumber(movement.from.accountNumber),
      recipient: accountByNumber(movement.to.accountNumber),
      agentFloat: accountById(agent.floatAccountId),
    };
    return {
      ...common,
      named: [
        { accountNumber: movement.from.accountNumber, field: 'senderAccountNumber' },
        { accountNumber: movement.to.accountNumber, field: 'recipientAccountNumber' },
      ],
      holderOf: movement.from.accountNumber,
      posting: posting(transferFlow.entries(accounts, system, amounts)),
      record: { party, senderAccount: accounts.sender, recipientAccount: accounts.recipient },
    };
  }
  const accounts = {
    customer: accountByNumber(movement.account.accountNumber),
    agentFloat: accountById(agent.floatAccountId),
  };
  const flow = movement.kind === 'deposit' ? depositFlow : withdrawalFlow;
  return {
    ...common,
    named: [{ accountNumber: movement.account.accountNumber, field: 'accountNumber' }],
    holderOf: movement.kind === 'withdraw' ? movement.account.accountNumber : undefined,
    posting: posting(flow.entries(accounts, system, amounts)),
    record: { party, account: accounts.customer },
  };
}

/** What a person would see of each item: posted, replayed (with the body), or the refusal and its field. */
function seen(results: BatchItemResult[]) {
  return results.map((result) =>
    result instanceof LedgerRefused
      ? `refused ${result.refusal}${result.details.field ? ` ${result.details.field}` : ''}`
      : result.kind === 'answered'
        ? `${result.replayed ? 'replayed' : 'posted'} ${result.answer.status}`
        : result.kind,
  );
}

async function rowCounts(db: Db) {
  const [t] = await db.select({ n: count() }).from(transactions);
  const [k] = await db.select({ n: count() }).from(idempotencyKeys);
  return { transactions: Number(t!.n), keys: Number(k!.n) };
}

async function storedAnswer(db: Db, key: string) {
  const [row] = await db
    .select({ hash: idempotencyKeys.requestHash, body: idempotencyKeys.responseBody })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.key, key));
  return row;
}

describe(`group commit (${databaseKind})`, () => {
  it('posts the items that pass and refuses the others, each with its own refusal; the ledger holds exactly the posted ones', async () => {
    const world = await ledgerWorld();
    const unknown = { id: 'none', accountNumber: '9999999999999' };
    const ids = [world.marieAccount.id, world.jeanAccount.id, world.roseAccount.id, world.pap.floatAccountId];
    const before = await balancesOf(world.db, ids);
    const counts = await rowCounts(world.db);
    const batch = [
      await oneCall(world, {
        kind: 'deposit',
        account: world.roseAccount,
        person: world.rose,
        amount: 1_000_00,
        key: 'a',
      }),
      await oneCall(world, {
        kind: 'withdraw',
        account: unknown,
        person: world.jean,
        amount: 500_00,
        key: 'b',
      }),
      await oneCall(world, {
        kind: 'withdraw',
        account: world.marieAccount,
        person: world.jean,
        amount: 500_00,
        key: 'c',
      }),
      await oneCall(world, {
        kind: 'withdraw',
        account: world.jeanAccount,
        person: world.jean,
        amount: 9_000_00,
        key: 'd',
      }),
      await oneCall(world, {
        kind: 'transfer',
        from: world.marieAccount,
        to: world.jeanAccount,
        person: world.marie,
        amount: 2_000_00,
        key: 'e',
      }),
    ];
    const results = await postBatch(world.db, batch);

    expect(seen(results)).toEqual([
      'posted 201',
      'refused AccountNotFound accountNumber',
      'refused NotAccountHolder',
      'refused InsufficientFunds amount',
      'posted 201',
    ]);
    // Two transactions and two keys: the refused items wrote nothing and their claims were undone.
    expect(await rowCounts(world.db)).toEqual({
      transactions: counts.transactions + 2,
      keys: counts.keys + 2,
    });
    expect(await storedAnswer(world.db, 'b')).toBeUndefined();
    expect((await storedAnswer(world.db, 'e'))?.body).toBe(batch[4]!.bodyText);
    // Deposit of 1 000 HTG to Rose (no fee on deposits); transfer of 2 000 HTG from Marie to Jean, fee
    // 35 HTG of which the agent gets 14 (DESIGN §4b, the default schedule).
    const after = await balancesOf(world.db, ids);
    const transferFee = batch[4]!.posting.feeCentimes;
    const agentShare = batch[4]!.posting.agentShareCentimes;
    expect([transferFee, agentShare]).toEqual([35_00, 14_00]);
    expect(after).toEqual({
      [world.marieAccount.id]: before[world.marieAccount.id]! - 2_000_00 - transferFee,
      [world.jeanAccount.id]: before[world.jeanAccount.id]! + 2_000_00,
      [world.roseAccount.id]: before[world.roseAccount.id]! + 1_000_00,
      [world.pap.floatAccountId]: before[world.pap.floatAccountId]! - 1_000_00 + agentShare,
    });
    const [row] = await world.db
      .select({ amount: transactions.amountCentimes })
      .from(transactions)
      .where(eq(transactions.transactionNumber, batch[0]!.transactionNumber));
    expect(centimesFromSql(row!.amount)).toBe(1_000_00);
    await expectLedgerInvariants(world.db);
  });

  it('changes the balances as the items post, in the batch order: an item sees the items before it', async () => {
    const world = await ledgerWorld();
    const jeanBefore = (await balancesOf(world.db, [world.jeanAccount.id]))[world.jeanAccount.id]!;
    expect(jeanBefore).toBe(5_000_00);
    const results = await postBatch(world.db, [
      // Rose's account is empty: the withdrawal before the deposit is refused, the one after it posts.
      await oneCall(world, {
        kind: 'withdraw',
        account: world.roseAccount,
        person: world.rose,
        amount: 200_00,
      }),
      await oneCall(world, {
        kind: 'deposit',
        account: world.roseAccount,
        person: world.rose,
        amount: 500_00,
      }),
      await oneCall(world, {
        kind: 'withdraw',
        account: world.roseAccount,
        person: world.rose,
        amount: 200_00,
      }),
      // Two withdrawals of 3 000 HTG from Jean's 5 000: the first empties it enough to refuse the second.
      await oneCall(world, {
        kind: 'withdraw',
        account: world.jeanAccount,
        person: world.jean,
        amount: 3_000_00,
      }),
      await oneCall(world, {
        kind: 'withdraw',
        account: world.jeanAccount,
        person: world.jean,
        amount: 3_000_00,
      }),
    ]);
    expect(seen(results)).toEqual([
      'refused InsufficientFunds amount',
      'posted 201',
      'posted 201',
      'posted 201',
      'refused InsufficientFunds amount',
    ]);
    const balances = await balancesOf(world.db, [world.roseAccount.id, world.jeanAccount.id]);
    // Withdrawal fees (default schedule): 200 HTG → none; 3 000 HTG → 60 HTG.
    expect(balances[world.roseAccount.id]).toBe(500_00 - 200_00);
    expect(balances[world.jeanAccount.id]).toBe(5_000_00 - 3_000_00 - 60_00);
    await expectLedgerInvariants(world.db);
  });

  it('answers a key repeated in a batch with the first answer, or a conflict, and lets a key refused first be posted by a later item', async () => {
    const world = await ledgerWorld();
    const earlier = await oneCall(world, {
      kind: 'deposit',
      account: world.roseAccount,
      person: world.rose,
      amount: 100_00,
      key: 'before',
      hash: 'x',
    });
    expect(
      seen(
        await postBatch(world.db, [
          earlier,
          await oneCall(world, {
            kind: 'deposit',
            account: world.jeanAccount,
            person: world.jean,
            amount: 100_00,
          }),
        ]),
      ),
    ).toEqual(['posted 201', 'posted 201']);
    const counts = await rowCounts(world.db);

    const first = await oneCall(world, {
      kind: 'deposit',
      account: world.roseAccount,
      person: world.rose,
      amount: 300_00,
      key: 'k1',
      hash: 'x',
    });
    const results = await postBatch(world.db, [
      first,
      await oneCall(world, {
        kind: 'deposit',
        account: world.roseAccount,
        person: world.rose,
        amount: 300_00,
        key: 'k1',
        hash: 'x',
      }),
      await oneCall(world, {
        kind: 'deposit',
        account: world.roseAccount,
        person: world.rose,
        amount: 400_00,
        key: 'k1',
        hash: 'y',
      }),
      // Refused (Jean has 5 100 HTG), then the same key with another amount: the refusal stored nothing.
      await oneCall(world, {
        kind: 'withdraw',
        account: world.jeanAccount,
        person: world.jean,
        amount: 9_000_00,
        key: 'k2',
        hash: 'big',
      }),
      await oneCall(world, {
        kind: 'withdraw',
        account: world.jeanAccount,
        person: world.jean,
        amount: 1_000_00,
        key: 'k2',
        hash: 'small',
      }),
      // A key answered before the batch.
      await oneCall(world, {
        kind: 'deposit',
        account: world.roseAccount,
        person: world.rose,
        amount: 100_00,
        key: 'before',
        hash: 'x',
      }),
    ]);
    expect(seen(results)).toEqual([
      'posted 201',
      'replayed 201',
      'refused IdempotencyConflict',
      'refused InsufficientFunds amount',
      'posted 201',
      'replayed 201',
    ]);
    const replay = results[1]!;
    expect(
      replay instanceof LedgerRefused ? undefined : replay.kind === 'answered' && replay.answer.bodyText,
    ).toBe(first.bodyText);
    const before = results[5]!;
    expect(
      before instanceof LedgerRefused ? undefined : before.kind === 'answered' && before.answer.bodyText,
    ).toBe(earlier.bodyText);
    expect(await rowCounts(world.db)).toEqual({
      transactions: counts.transactions + 2,
      keys: counts.keys + 2,
    });
    expect(await storedAnswer(world.db, 'k1')).toEqual({ hash: 'x', body: first.bodyText });
    expect((await storedAnswer(world.db, 'k2'))?.hash).toBe('small');
    await expectLedgerInvariants(world.db);
  });

  it('answers a stale fee band and a transaction number already taken for the item alone', async () => {
    const world = await ledgerWorld();
    const stale = await oneCall(world, {
      kind: 'withdraw',
      account: world.jeanAccount,
      person: world.jean,
      amount: 100_00,
    });
    stale.band = { ...stale.band!, feeCentimes: stale.band!.feeCentimes + 1 };
    stale.posting = { ...stale.posting, feeCentimes: stale.band.feeCentimes };
    const taken = await oneCall(world, {
      kind: 'deposit',
      account: world.roseAccount,
      person: world.rose,
      amount: 100_00,
    });
    const good = await oneCall(world, {
      kind: 'deposit',
      account: world.roseAccount,
      person: world.rose,
      amount: 100_00,
    });
    taken.transactionNumber = good.transactionNumber;
    const counts = await rowCounts(world.db);
    expect(seen(await postBatch(world.db, [good, stale, taken]))).toEqual([
      'posted 201',
      'stale-fees',
      'number-taken',
    ]);
    expect((await rowCounts(world.db)).transactions).toBe(counts.transactions + 1);
    await expectLedgerInvariants(world.db);
  });

  it('records in each row of a batch the fee version it was charged with, and the database sets it on a row that gives another (decision 165)', async () => {
    const world = await ledgerWorld();
    // Version 2 of the transfer's and the withdrawal's schedules, in force from now on, each fee 1 HTG more.
    await world.db.execute(sql`insert into fee_versions (type, number, effective_from)
      select type, 2, now() from fee_versions where type in ('transfer', 'withdrawal')`);
    await world.db
      .execute(sql`insert into fee_bands (type, min_amount_centimes, max_amount_centimes, fee_centimes,
        agent_share_centimes, version_id)
      select b.type, b.min_amount_centimes, b.max_amount_centimes, b.fee_centimes + 100, b.agent_share_centimes, v.id
        from fee_bands as b join fee_versions as v on v.type = b.type and v.number = 2
        where b.version_id = (select w.id from fee_versions as w where w.type = b.type and w.number = 1)`);
    // A band's type is its version's: a withdrawal band under the transfer's version is refused.
    expect(
      (
        await refusal(world.db, [
          sql`insert into fee_bands (type, min_amount_centimes, max_amount_centimes, fee_centimes,
              agent_share_centimes, version_id)
            select 'withdrawal', 100, 200, 0, 0, id from fee_versions where type = 'transfer' and number = 2`,
        ])
      ).code,
    ).toBe('23503');
    const feeOf = async (type: FeeType, number: number, amount: number) => {
      const { rows } = (await world.db.execute(sql`select b.fee_centimes from fee_bands as b
          join fee_versions as v on v.id = b.version_id
          where v.type = ${type} and v.number = ${number}
            and b.min_amount_centimes <= ${amount} and ${amount} <= b.max_amount_centimes`)) as {
        rows: { fee_centimes: string }[];
      };
      return Number(rows[0]!.fee_centimes);
    };
    const items = [
      await oneCall(world, {
        kind: 'deposit',
        account: world.roseAccount,
        person: world.rose,
        amount: 100_00,
      }),
      await oneCall(world, {
        kind: 'transfer',
        from: world.marieAccount,
        to: world.jeanAccount,
        person: world.marie,
        amount: 300_00,
      }),
      await oneCall(world, {
        kind: 'withdraw',
        account: world.jeanAccount,
        person: world.jean,
        amount: 200_00,
      }),
      await oneCall(world, {
        kind: 'transfer',
        from: world.marieAccount,
        to: world.roseAccount,
        person: world.marie,
        amount: 1_000_00,
      }),
    ];
    expect(seen(await postBatch(world.db, items))).toEqual([
      'posted 201',
      'posted 201',
      'posted 201',
      'posted 201',
    ]);
    const depositVersion = (
      (await world.db.execute(sql`select max(number) as n from fee_versions where type = 'deposit'`)) as {
        rows: { n: number | null }[];
      }
    ).rows[0]!.n;
    const recorded = [];
    for (const item of items) {
      const row = await transactionRow(world.db, item.transactionNumber);
      recorded.push({ type: row.type, fee: row.feeCentimes, version: row.feeVersion });
    }
    expect(recorded).toEqual([
      { type: 'deposit', fee: await feeOf('deposit', 1, 100_00), version: depositVersion },
      { type: 'transfer', fee: (await feeOf('transfer', 1, 300_00)) + 100, version: 2 },
      { type: 'withdrawal', fee: (await feeOf('withdrawal', 1, 200_00)) + 100, version: 2 },
      { type: 'transfer', fee: (await feeOf('transfer', 1, 1_000_00)) + 100, version: 2 },
    ]);

    // Rows written straight in SQL, in one transaction: with no version (the trigger pins version 2), then with
    // another version's number once it is pinned, then with the pinned number. Each records the version in force.
    const written = [
      { id: randomUUID(), version: null },
      { id: randomUUID(), version: 1 },
      { id: randomUUID(), version: 2 },
    ];
    const [marie, jean] = [
      await balanceOf(world.db, world.marieAccount.id),
      await balanceOf(world.db, world.jeanAccount.id),
    ];
    await world.db.transaction(async (tx) => {
      for (const row of written) {
        await tx.execute(transactionInsert(world, row.id, { type: 'transfer', feeVersion: row.version }));
        await tx.execute(entryInsert(row.id, world.marieAccount.id, -100));
        await tx.execute(entryInsert(row.id, world.jeanAccount.id, 100));
      }
      await tx.execute(setBalance(world.marieAccount.id, marie - 300));
      await tx.execute(setBalance(world.jeanAccount.id, jean + 300));
    });
    const versions = [];
    for (const row of written) {
      const [found] = await world.db
        .select({ version: transactions.feeVersion })
        .from(transactions)
        .where(eq(transactions.id, row.id));
      versions.push(found!.version);
    }
    expect(versions).toEqual([2, 2, 2]);
    await expectLedgerInvariants(world.db);
  });

  it('posts the innocent items of a batch that fails whole one by one, and fails only the guilty one', async () => {
    const world = await ledgerWorld();
    const groupCommit = new GroupCommit(world.db);
    const fallbacksBefore = groupCommitStats.fallbacks;
    const counts = await rowCounts(world.db);
    const alone = await oneCall(world, {
      kind: 'deposit',
      account: world.roseAccount,
      person: world.rose,
      amount: 100_00,
      key: 'alone',
    });
    const innocent = await oneCall(world, {
      kind: 'deposit',
      account: world.roseAccount,
      person: world.rose,
      amount: 200_00,
      key: 'innocent',
    });
    // An entry on an account that does not exist: the foreign key fails the whole statement.
    const guilty = await oneCall(world, {
      kind: 'deposit',
      account: world.jeanAccount,
      person: world.jean,
      amount: 300_00,
      key: 'guilty',
    });
    guilty.posting = {
      ...guilty.posting,
      entries: guilty.posting.entries.map((entry) =>
        sameAccount(entry.account, accountById(world.pap.floatAccountId))
          ? { ...entry, account: accountById('00000000-0000-4000-8000-000000000000') }
          : entry,
      ),
    };
    // The first goes at once, alone; the two others arrive while it is in flight and go together.
    const outcomes = await Promise.allSettled(
      [alone, innocent, guilty].map((item) => groupCommit.submit(item)),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect(groupCommitStats.fallbacks - fallbacksBefore).toBe(1);
    expect(await rowCounts(world.db)).toEqual({
      transactions: counts.transactions + 2,
      keys: counts.keys + 2,
    });
    expect((await storedAnswer(world.db, 'innocent'))?.body).toBe(innocent.bodyText);
    await expectLedgerInvariants(world.db);
  });

  it.runIf(databaseKind === 'postgres')(
    'posts one by one the items of a batch whose transaction number another transaction committed while it waited (postgres)',
    async () => {
      const world = await ledgerWorld();
      const groupCommit = new GroupCommit(world.db);
      const fallbacksBefore = groupCommitStats.fallbacks;
      const [first, innocent, taken] = [
        await oneCall(world, {
          kind: 'deposit',
          account: world.roseAccount,
          person: world.rose,
          amount: 100_00,
        }),
        await oneCall(world, {
          kind: 'deposit',
          account: world.roseAccount,
          person: world.rose,
          amount: 200_00,
        }),
        await oneCall(world, {
          kind: 'deposit',
          account: world.roseAccount,
          person: world.rose,
          amount: 300_00,
        }),
      ];
      // Another transaction writes a movement under the number of `taken`, and has not committed: the batch's
      // checks do not see it; its insert waits on the number's unique index.
      const { connectionString } = (world.db as unknown as { $client: pg.Pool }).$client.options;
      const other = new pg.Client({ connectionString });
      await other.connect();
      try {
        const id = randomUUID();
        await other.query('BEGIN');
        await other.query(
          `INSERT INTO transactions (id, transaction_number, type, status, amount_centimes, fee_centimes,
             agent_share_centimes, currency, agent_id, created_by_user_id)
           VALUES ($1, $2, 'transfer', 'completed', 100, 0, 0, 'HTG', $3, $4)`,
          [id, taken.transactionNumber, world.pap.id, world.pap.teller.id],
        );
        await other.query(
          `INSERT INTO entries (transaction_id, account_id, amount_centimes) VALUES ($1, $2, -100), ($1, $3, 100)`,
          [id, world.marieAccount.id, world.cap.floatAccountId],
        );
        // Accounts the batch does not lock: it waits for the number alone.
        await other.query(
          `UPDATE accounts SET balance_centimes = balance_centimes + CASE WHEN id = $1 THEN -100 ELSE 100 END
           WHERE id IN ($1, $2)`,
          [world.marieAccount.id, world.cap.floatAccountId],
        );
        // The first goes at once, alone; the two others arrive while it is in flight and go together.
        const outcomes = Promise.allSettled([first, innocent, taken].map((item) => groupCommit.submit(item)));
        await untilALockIsWaitedFor(other, 'the batch never waited for the number');
        await other.query('COMMIT');
        const settled = await outcomes;
        expect(
          settled.map((outcome) =>
            outcome.status === 'fulfilled' ? outcome.value.kind : String(outcome.reason),
          ),
        ).toEqual(['answered', 'answered', 'number-taken']);
      } finally {
        await other.end();
      }
      expect(groupCommitStats.fallbacks - fallbacksBefore).toBe(1);
      const posted = await Promise.all(
        [first, innocent].map(
          async (item) => (await transactionRow(world.db, item.transactionNumber)).amountCentimes,
        ),
      );
      expect(posted).toEqual([100_00, 200_00]);
      expect((await transactionRow(world.db, taken.transactionNumber)).amountCentimes).toBe(100);
      await expectLedgerInvariants(world.db);
    },
  );

  it('never posts again a batch whose reply was lost after it committed: its movements get the error, once posted', async () => {
    const world = await ledgerWorld();
    let lose = false;
    // The database commits the batch, then its reply is lost (a socket closed, the client's timeout).
    const lossy = new Proxy(world.db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown;
        return async (query: Parameters<Db['execute']>[0]) => {
          const result = await target.execute(query);
          if (lose) throw new Error('Connection terminated unexpectedly');
          return result;
        };
      },
    });
    const groupCommit = new GroupCommit(lossy);
    const counts = await rowCounts(world.db);
    const fallbacksBefore = groupCommitStats.fallbacks;
    const deposits = await Promise.all(
      [100_00, 200_00, 300_00].map((amount) =>
        oneCall(world, { kind: 'deposit', account: world.roseAccount, person: world.rose, amount }),
      ),
    );
    // The first goes alone and is answered; the two others go together, and their reply is lost.
    const first = groupCommit.submit(deposits[0]!);
    const batched = deposits.slice(1).map((item) => groupCommit.submit(item));
    await first;
    lose = true;
    const outcomes = await Promise.allSettled(batched);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(groupCommitStats.fallbacks - fallbacksBefore).toBe(0);
    // Each deposit is in the ledger once: none was posted again.
    expect((await rowCounts(world.db)).transactions).toBe(counts.transactions + 3);
    await expectLedgerInvariants(world.db);
  });

  it.runIf(databaseKind === 'postgres')(
    'two server instances on one database, each batching, hammer the same accounts in opposite orders: no deadlock, every movement posted once',
    async () => {
      const world = await ledgerWorld();
      const second = await build({ keepData: true, ownConnection: true, clock: world.clock });
      const retriesBefore = moneyTransactionStats.retries;
      const fallbacksBefore = groupCommitStats.fallbacks;
      const batchesBefore = groupCommitStats.batches;
      const movementsBefore = groupCommitStats.movements;
      const ids = [world.marieAccount.id, world.jeanAccount.id, world.pap.floatAccountId];
      const before = await balancesOf(world.db, ids);
      const counts = await rowCounts(world.db);
      const ROUNDS = 120;
      const requests: Promise<Answer>[] = [];
      for (let i = 0; i < ROUNDS; i += 1) {
        // The first instance sends Marie → Jean, the second Jean → Marie, both at PAP01's float.
        requests.push(
          call(world.app, 'POST', '/api/transactions/transfer', {
            token: world.pap.teller.token,
            headers: { 'idempotency-key': `mj-${i}` },
            body: {
              senderAccountNumber: world.marieAccount.accountNumber,
              recipientAccountNumber: world.jeanAccount.accountNumber,
              party: partyOf(world.marie),
              amount: 30,
            },
          }),
          call(second.app, 'POST', '/api/transactions/transfer', {
            token: world.pap.teller.token,
            headers: { 'idempotency-key': `jm-${i}` },
            body: {
              senderAccountNumber: world.jeanAccount.accountNumber,
              recipientAccountNumber: world.marieAccount.accountNumber,
              party: partyOf(world.jean),
              amount: 30,
            },
          }),
          call(i % 2 ? world.app : second.app, 'POST', '/api/transactions/deposit', {
            token: world.pap.teller.token,
            headers: { 'idempotency-key': `d-${i}` },
            body: counterForm(
              i % 2 ? world.jeanAccount : world.marieAccount,
              i % 2 ? world.jean : world.marie,
              25,
            ),
          }),
        );
      }
      const answers = await Promise.all(requests);
      expect(answers.filter((answer) => answer.status !== 201).map((answer) => answer.text)).toEqual([]);
      expect(moneyTransactionStats.retries - retriesBefore).toBe(0);
      expect(groupCommitStats.fallbacks - fallbacksBefore).toBe(0);
      // The batchers did batch: fewer batches than movements.
      const movements = groupCommitStats.movements - movementsBefore;
      expect(movements).toBe(3 * ROUNDS);
      expect(groupCommitStats.batches - batchesBefore).toBeLessThan(movements);
      expect(await rowCounts(world.db)).toEqual({
        transactions: counts.transactions + 3 * ROUNDS,
        keys: counts.keys + 3 * ROUNDS,
      });
      // 30 HTG transfers, as many each way: no fee (band 20–99,99 HTG); deposits free, half to each.
      const after = await balancesOf(world.db, ids);
      expect(after[world.marieAccount.id]).toBe(before[world.marieAccount.id]! + (ROUNDS / 2) * 25_00);
      expect(after[world.jeanAccount.id]).toBe(before[world.jeanAccount.id]! + (ROUNDS / 2) * 25_00);
      expect(after[world.pap.floatAccountId]).toBe(before[world.pap.floatAccountId]! - ROUNDS * 25_00);
      await expectLedgerInvariants(world.db);
    },
    120_000,
  );

  it('gives the transactions it posts time-ordered ids (version 7), as the database does by default (decision 168)', async () => {
    const world = await ledgerWorld();
    const movement = (amount: number) =>
      oneCall(world, { kind: 'deposit', account: world.roseAccount, person: world.rose, amount });
    const first = await movement(100_00);
    expect(seen([await postAlone(world.db, first)])).toEqual(['posted 201']);
    const batch = [await movement(200_00), await movement(300_00), await movement(400_00)];
    expect(seen(await postBatch(world.db, batch))).toEqual(['posted 201', 'posted 201', 'posted 201']);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const last = await movement(500_00);
    expect(seen([await postAlone(world.db, last)])).toEqual(['posted 201']);
    // A row whose id the database chooses (a seed, a SQL road), between two system accounts.
    const defaulted = await world.db.transaction(async (tx) => {
      const inserted = await tx.execute(sql`insert into transactions (transaction_number, type, status,
          amount_centimes, fee_centimes, agent_share_centimes, currency, agent_id, created_by_user_id)
        values ('999999999999', 'transfer', 'completed', 100, 0, 0, 'HTG', ${world.pap.id}::uuid,
          ${world.pap.teller.id}::uuid)
        returning id::text as id`);
      const id = (inserted as { rows: { id: string }[] }).rows[0]!.id;
      await tx.execute(entryInsert(id, world.system.feeIncome, 100));
      await tx.execute(entryInsert(id, world.system.treasury, -100));
      return id;
    });

    const posted = [first, ...batch, last].map((call) => call.id);
    const ids = [...posted, defaulted];
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // The first 48 bits are the Unix time in milliseconds: within a minute of now, in the order of posting.
    const millis = (id: string) => parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    for (const id of ids) expect(Math.abs(millis(id) - Date.now())).toBeLessThan(60_000);
    expect([...posted].sort()).toEqual(posted);
    expect(millis(defaulted)).toBeGreaterThanOrEqual(millis(last.id));
    const stored = await world.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(sql`${transactions.id} in ${ids}`);
    expect(stored.map((row) => row.id).sort()).toEqual([...ids].sort());
    await expectLedgerInvariants(world.db);
  });
});

describe(`group commit and the cash drawer (${databaseKind}, decision 149)`, () => {
  it('keeps cash items in the batch: those whose teller’s drawer is closed are refused alone, and a stored key is answered as the first time', async () => {
    const world = await ledgerWorld();
    const cash = async (key: string, amount: number): Promise<OneCall> => ({
      ...(await oneCall(world, {
        kind: 'deposit',
        account: world.roseAccount,
        person: world.rose,
        amount,
        key,
      })),
      cashDrawer: true,
    });
    const first = await cash('d1', 100_00);
    expect(seen(await postBatch(world.db, [first]))).toEqual(['posted 201']);

    // The teller's drawer closes (here: no open session left).
    await world.db.delete(drawerSessions).where(eq(drawerSessions.userId, world.pap.teller.id));
    const counts = await rowCounts(world.db);
    const roseBefore = (await balancesOf(world.db, [world.roseAccount.id]))[world.roseAccount.id]!;
    const results = await postBatch(world.db, [
      await cash('d1', 100_00),
      await cash('d2', 200_00),
      await oneCall(world, {
        kind: 'transfer',
        from: world.marieAccount,
        to: world.jeanAccount,
        person: world.marie,
        amount: 1_000_00,
        key: 't1',
      }),
    ]);
    expect(seen(results)).toEqual(['replayed 201', 'refused DrawerClosed', 'posted 201']);
    expect((results[0] as { answer: { bodyText: string } }).answer.bodyText).toBe(first.bodyText);
    // Only the transfer was written; the refused deposit stored no key and moved no money.
    expect(await rowCounts(world.db)).toEqual({
      transactions: counts.transactions + 1,
      keys: counts.keys + 1,
    });
    expect(await storedAnswer(world.db, 'd2')).toBeUndefined();
    expect((await balancesOf(world.db, [world.roseAccount.id]))[world.roseAccount.id]).toBe(roseBefore);

    // Every item held back: one refusal each, at its place, nothing written.
    expect(seen(await postBatch(world.db, [await cash('d4', 100_00), await cash('d5', 300_00)]))).toEqual([
      'refused DrawerClosed',
      'refused DrawerClosed',
    ]);

    // Alone (a batch of one, decision 216): the same answers.
    expect(await postAlone(world.db, await cash('d1', 100_00))).toMatchObject({
      kind: 'answered',
      replayed: true,
    });
    await expect(postAlone(world.db, await cash('d3', 100_00))).rejects.toMatchObject({
      refusal: 'DrawerClosed',
    });
    expect(await rowCounts(world.db)).toEqual({
      transactions: counts.transactions + 1,
      keys: counts.keys + 1,
    });
    await expectLedgerInvariants(world.db);
  });
});
