import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseKind } from '../helpers/database.js';
import { busyLedgerWorld, expectLedgerInvariants, refusal, transactionInsert } from '../helpers/ledger.js';
import { referencedSql } from '../../src/modules/persons/access.js';

/*
 * The references of the ledger's rows (migration 0018, decision 163): an entry's account and transaction, a
 * transaction's accounts, agent, teller and sender are checked once per inserting statement; a row the ledger
 * refers to is never deleted. An account, an agent or a user is never erased at all (decision 179), so only the
 * sender, a person, is locked as a foreign key locks it. Each write goes straight in SQL, as a bug, an injection
 * or an operator at a SQL prompt would.
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

  it('never erases an account, an agent or a user (decision 179); refuses to delete a person the ledger refers to, and deletes one it does not', async () => {
    const world = await busyLedgerWorld([100]);
    const [used, unused] = [await bareAccount(world), await bareAccount(world)];
    const [sender, stranger] = [await bareParty(world), await bareParty(world)];
    const id = randomUUID();
    await world.db.transaction(async (tx) => {
      await tx.execute(transactionInsert(world, id, { senderPersonId: sender }));
      await tx.execute(entriesInsert(id, world, used));
      await tx.execute(creditOne(used));
    });

    // An account, an agent, a user: never erased nor re-keyed, named by the ledger or not.
    for (const statement of [
      sql`delete from accounts where id = ${used}::uuid`,
      sql`delete from accounts where id = ${unused}::uuid`,
      sql`update accounts set id = gen_random_uuid() where id = ${unused}::uuid`,
      sql`delete from agents where id = ${world.pap.id}::uuid`,
      sql`update agents set id = gen_random_uuid() where id = ${world.pap.id}::uuid`,
      sql`delete from users where id = ${world.pap.teller.id}::uuid`,
    ]) {
      const error = await refusal(world.db, [statement]);
      expect(error).toMatchObject({ code: 'LJ015' });
      expect(error.message).toContain('is never erased nor re-keyed');
    }

    // What a person's answer reads as "referenced" (canDelete, decision 185) says so of a transfer's sender.
    const referenced = async (id: string) => {
      const { rows } = (await world.db.execute(
        sql`select ${referencedSql} as referenced from persons where id = ${id}::uuid`,
      )) as { rows: { referenced: boolean }[] };
      return rows[0]?.referenced;
    };
    expect(await referenced(sender)).toBe(true);
    expect(await referenced(stranger)).toBe(false);

    // A person named by a transaction: refused by the ledger's guard, before any other table's foreign key.
    for (const statement of [
      sql`delete from persons where id = ${sender}::uuid`,
      sql`update persons set id = gen_random_uuid() where id = ${sender}::uuid`,
    ]) {
      const error = await refusal(world.db, [statement]);
      expect(error).toMatchObject({ code: '23503' });
      expect(error.message).toContain('a foreign key of the ledger');
    }

    // A temporary table named like the ledger's does not hide it from the guard.
    expect(
      await refusal(world.db, [
        sql`create temp table transactions (sender_person_id uuid) on commit drop`,
        sql`delete from persons where id = ${sender}::uuid`,
      ]),
    ).toMatchObject({ code: '23503' });
    // Under a snapshot older than the statement, a posting committed since could be missed: refused.
    expect(
      await refusal(world.db, [
        sql`set transaction isolation level repeatable read`,
        sql`delete from persons where id = ${stranger}::uuid`,
      ]),
    ).toMatchObject({ code: 'LJ014' });

    await world.db.execute(sql`delete from persons where id = ${stranger}::uuid`);
    const left = await world.db.execute(
      sql`select (select count(*)::int from persons where id in (${sender}::uuid, ${stranger}::uuid)) as persons,
        (select count(*)::int from accounts where id in (${used}::uuid, ${unused}::uuid)) as accounts`,
    );
    expect((left as { rows: { persons: number; accounts: number }[] }).rows[0]).toEqual({
      persons: 1,
      accounts: 2,
    });
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
      senderPersonId: string,
    ): [[string, unknown[]], [string, unknown[]]] => [
      [
        `insert into transactions (id, transaction_number, type, status, amount_centimes, fee_centimes,
          agent_share_centimes, currency, agent_id, created_by_user_id, sender_person_id)
          values ($1, $2, 'transfer', 'completed', 1, 0, 0, 'HTG', $3, $4, $5)`,
        [
          id,
          `6${Date.now()}${(numbers += 1)}`.slice(0, 12),
          world.pap.id,
          world.pap.teller.id,
          senderPersonId,
        ],
      ],
      [
        `insert into entries (transaction_id, account_id, amount_centimes) values ($1, $2, -1), ($1, $3, 1)`,
        [id, world.system.treasury, world.system.feeIncome],
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

    it('a person’s delete waits for the posting that names it, then is refused; a posting waits for the delete, then is refused', async () => {
      const world = await busyLedgerWorld([100]);
      const [poster, deleter] = await connections(world);
      try {
        // A posting first: its transaction locks its sender; the delete waits, then sees it.
        const person = await bareParty(world);
        const [row, entries] = postingOf(world, randomUUID(), person);
        await poster.query('BEGIN');
        await poster.query(...row);
        await poster.query(...entries);
        const deleting = deleter.query('delete from persons where id = $1', [person]);
        expect(await settled(deleting)).toBe('waiting');
        // The account, agent and teller it names are not locked (decision 179): their erasure is refused at once.
        expect(
          await refusal(world.db, [sql`delete from agents where id = ${world.pap.id}::uuid`]),
        ).toMatchObject({
          code: 'LJ015',
        });
        await poster.query('COMMIT');
        await expect(deleting).rejects.toMatchObject({ code: '23503' });

        // A delete first: the posting's transaction waits for it, then finds its sender gone.
        const doomed = await bareParty(world);
        const [otherRow] = postingOf(world, randomUUID(), doomed);
        await deleter.query('BEGIN');
        await deleter.query('delete from persons where id = $1', [doomed]);
        await poster.query('BEGIN');
        const posting = poster.query(...otherRow);
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
