import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseKind } from '../helpers/database.js';
import { busyLedgerWorld, expectLedgerInvariants, refusal, transactionInsert } from '../helpers/ledger.js';

/*
 * The references of the ledger's rows (migration 0018, decision 163): an entry's account and transaction, a
 * transaction's accounts, agent, teller and sender are checked once per inserting statement, and locked as a
 * foreign key locks them; a row the ledger refers to is never deleted. Each write goes straight in SQL, as a
 * bug, an injection or an operator at a SQL prompt would.
 */

type World = Awaited<ReturnType<typeof busyLedgerWorld>>;

let numbers = 0;

/** One centime from the treasury (the one account that may go below zero) to `accountId`. */
function entriesInsert(transactionId: string, world: World, accountId: string): SQL {
  return sql`insert into entries (transaction_id, account_id, amount_centimes)
    values (${transactionId}::uuid, ${world.system.treasury}::uuid, -1),
      (${transactionId}::uuid, ${accountId}::uuid, 1)`;
}

/** The balance that `entriesInsert`'s centime leaves on a customer account (the ledger's functions keep it). */
function creditOne(accountId: string): SQL {
  return sql`update accounts set balance_centimes = balance_centimes + 1 where id = ${accountId}::uuid`;
}

/** A customer account that nothing refers to: no holder, no entry. */
async function bareAccount(world: World): Promise<string> {
  const number = `7${String(Date.now()).slice(-9)}${numbers++ % 10}`;
  const result = await world.db.execute(sql`insert into accounts (account_number, kind, type, status)
    values (${number}, 'customer', 'current', 'active') returning id`);
  return (result as { rows: { id: string }[] }).rows[0]!.id;
}

async function bareParty(world: World): Promise<string> {
  const result = await world.db.execute(sql`insert into persons (first_name, last_name)
    values ('Sans', 'Compte') returning id`);
  return (result as { rows: { id: string }[] }).rows[0]!.id;
}

describe('the ledger refers only to rows that exist (decision 163)', () => {
  it('refuses a transaction or an entry that names a missing account, agent, teller, sender or transaction', async () => {
    const world = await busyLedgerWorld([100]);
    const missing = randomUUID();
    const id = randomUUID();

    for (const refs of [
      { agentId: missing },
      { userId: missing },
      { accountId: missing },
      { senderPersonId: missing },
    ])
      expect(await refusal(world.db, [transactionInsert(world, randomUUID(), refs)])).toMatchObject({
        code: '23503',
      });
    // Balanced entries of a real transaction, one of them to an account that is not there.
    expect(
      await refusal(world.db, [transactionInsert(world, id), entriesInsert(id, world, missing)]),
    ).toMatchObject({
      code: '23503',
    });
    // Entries of a transaction that is not there.
    expect(await refusal(world.db, [entriesInsert(missing, world, world.system.feeIncome)])).toMatchObject({
      code: '23503',
    });

    // The same writes with rows that exist go through.
    const person = await bareParty(world);
    await world.db.transaction(async (tx) => {
      await tx.execute(
        transactionInsert(world, id, { accountId: world.marieAccount.id, senderPersonId: person }),
      );
      await tx.execute(entriesInsert(id, world, world.system.feeIncome));
    });
    await expectLedgerInvariants(world.db);
  });

  it('refuses to delete an account, a person, an agent or a user that the ledger refers to, and deletes one it does not', async () => {
    const world = await busyLedgerWorld([100]);
    const [used, unused] = [await bareAccount(world), await bareAccount(world)];
    const [sender, stranger] = [await bareParty(world), await bareParty(world)];
    const id = randomUUID();
    await world.db.transaction(async (tx) => {
      await tx.execute(transactionInsert(world, id, { senderPersonId: sender }));
      await tx.execute(entriesInsert(id, world, used));
      await tx.execute(creditOne(used));
    });

    for (const statement of [
      sql`delete from accounts where id = ${used}::uuid`,
      sql`update accounts set id = gen_random_uuid() where id = ${used}::uuid`,
      sql`delete from persons where id = ${sender}::uuid`,
      sql`delete from agents where id = ${world.pap.id}::uuid`,
      sql`delete from users where id = ${world.pap.teller.id}::uuid`,
    ]) {
      const error = await refusal(world.db, [statement]);
      expect(error).toMatchObject({ code: '23503' });
      // Refused by the ledger's guard, which runs before any other table's foreign key is looked at.
      expect(error.message).toContain('a foreign key of the ledger');
    }

    // A temporary table named like the ledger's does not hide it from the guard.
    expect(
      await refusal(world.db, [
        sql`create temp table entries (account_id uuid) on commit drop`,
        sql`create temp table transactions (account_id uuid, sender_account_id uuid, recipient_account_id uuid) on commit drop`,
        sql`delete from accounts where id = ${used}::uuid`,
      ]),
    ).toMatchObject({ code: '23503' });
    // Under a snapshot older than the statement, a posting committed since could be missed: refused.
    expect(
      await refusal(world.db, [
        sql`set transaction isolation level repeatable read`,
        sql`delete from persons where id = ${stranger}::uuid`,
      ]),
    ).toMatchObject({ code: 'LJ014' });

    await world.db.execute(sql`delete from accounts where id = ${unused}::uuid`);
    await world.db.execute(sql`delete from persons where id = ${stranger}::uuid`);
    const left = await world.db.execute(
      sql`select count(*)::int as n from accounts where id in (${used}::uuid, ${unused}::uuid)`,
    );
    expect((left as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    await expectLedgerInvariants(world.db);
  });

  // On PGlite the one connection serializes everything: there is no race to lose.
  describe.runIf(databaseKind === 'postgres')('a delete racing a posting (postgres)', () => {
    async function connections(world: World): Promise<[pg.Client, pg.Client]> {
      const { connectionString } = (world.db as unknown as { $client: pg.Pool }).$client.options;
      const clients = [new pg.Client({ connectionString }), new pg.Client({ connectionString })] as const;
      await Promise.all(clients.map((client) => client.connect()));
      return [clients[0], clients[1]];
    }
    const postingOf = (
      world: World,
      id: string,
      accountId: string,
    ): [[string, unknown[]], [string, unknown[]]] => [
      [
        `insert into transactions (id, transaction_number, type, status, amount_centimes, fee_centimes,
          agent_share_centimes, currency, agent_id, created_by_user_id)
          values ($1, $2, 'transfer', 'completed', 1, 0, 0, 'HTG', $3, $4)`,
        [id, `6${Date.now()}${(numbers += 1)}`.slice(0, 12), world.pap.id, world.pap.teller.id],
      ],
      [
        `insert into entries (transaction_id, account_id, amount_centimes) values ($1, $2, -1), ($1, $3, 1)`,
        [id, world.system.treasury, accountId],
      ],
    ];
    const settled = (promise: Promise<unknown>) =>
      Promise.race([
        promise.then(
          () => 'done',
          () => 'failed',
        ),
        new Promise((resolve) => setTimeout(() => resolve('waiting'), 300)),
      ]);

    it('a delete waits for the posting that refers to the row, then is refused; a posting waits for the delete, then is refused', async () => {
      const world = await busyLedgerWorld([100]);
      const [poster, deleter] = await connections(world);
      try {
        // A posting first: its entries lock the account; the delete waits, then sees them.
        const account = await bareAccount(world);
        const [row, entries] = postingOf(world, randomUUID(), account);
        await poster.query('BEGIN');
        await poster.query(...row);
        await poster.query(...entries);
        const deleting = deleter.query('delete from accounts where id = $1', [account]);
        expect(await settled(deleting)).toBe('waiting');
        await poster.query('update accounts set balance_centimes = balance_centimes + 1 where id = $1', [
          account,
        ]);
        await poster.query('COMMIT');
        await expect(deleting).rejects.toMatchObject({ code: '23503' });

        // A delete first: the posting's entries wait for it, then find the account gone.
        const doomed = await bareAccount(world);
        const [otherRow, otherEntries] = postingOf(world, randomUUID(), doomed);
        await deleter.query('BEGIN');
        await deleter.query('delete from accounts where id = $1', [doomed]);
        await poster.query('BEGIN');
        await poster.query(...otherRow);
        const posting = poster.query(...otherEntries);
        expect(await settled(posting)).toBe('waiting');
        await deleter.query('COMMIT');
        await expect(posting).rejects.toMatchObject({ code: '23503' });
        await poster.query('ROLLBACK');
      } finally {
        await Promise.all([poster.end(), deleter.end()]);
      }
      await expectLedgerInvariants(world.db);
    });
  });
});
