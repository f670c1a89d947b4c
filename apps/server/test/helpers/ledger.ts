import { centimesFromSql } from '@lajan/domain';
import { asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../src/app.js';
import type { Db } from '../../src/db/client.js';
import { postgresErrorOf } from '../../src/db/errors.js';
import {
  accountHolders,
  accounts,
  agents,
  entries,
  idempotencyKeys,
  persons,
  transactions,
  users,
  drawerSessions,
} from '../../src/db/schema.js';
import { openAccount, openFloatAccount } from '../../src/ledger/accounts.js';
import { ledgerFlows } from './ledger-flows.js';
import { build } from './build.js';
import { activeSuperAdminToken, call, createUser, tokenOf, type Answer } from './fixtures.js';

/*
 * Fixtures of the ledger's tests, written straight into the database (the persons, accounts, agents
 * and users routes belong to other modules), and the ledger's invariants as assertions.
 */

export const TELLER_PASSWORD = 'Guichet-2026!';

export interface TestPerson {
  id: string;
  firstName: string;
  lastName: string;
  idDocumentType: 'id_card' | 'passport' | 'driving_license';
  idDocumentNumber: string;
}

let personCounter = 0;

export async function createPerson(
  db: Db,
  person: Partial<Omit<TestPerson, 'id'>> & { firstName: string; lastName: string },
): Promise<TestPerson> {
  personCounter += 1;
  const n = `${Date.now() % 100000}${personCounter}`;
  const values = {
    firstName: person.firstName,
    lastName: person.lastName,
    idDocumentType: person.idDocumentType ?? ('id_card' as const),
    idDocumentNumber: person.idDocumentNumber ?? `CIN-${n}`,
  };
  const [row] = await db
    .insert(persons)
    .values({
      ...values,
      email: `p${n}@client.test`,
      phoneNumber: `+5093${n.padStart(7, '0').slice(-7)}`,
      address: '12 rue Capois, Port-au-Prince',
      dob: '1990-04-12',
      gender: 'female',
      country: 'Haïti',
      state: 'Ouest',
      city: 'Port-au-Prince',
    })
    .returning({ id: persons.id });
  return { id: row!.id, ...values };
}

/** `party` as the counter form sends it, for a person. */
export function partyOf(person: TestPerson) {
  return {
    name: `${person.firstName} ${person.lastName}`,
    idDocumentType: person.idDocumentType,
    idDocumentNumber: person.idDocumentNumber,
  };
}

/** A cancellation's body (decision 200): the sender at the counter, as typed from her card. */
export function cancelBody(sender: TestPerson) {
  return {
    sender: {
      firstName: sender.firstName,
      lastName: sender.lastName,
      idDocumentType: sender.idDocumentType,
      idDocumentNumber: sender.idDocumentNumber,
    },
  };
}

/** What the deposit and withdrawal forms send: the account, the party at the counter, the amount. */
export function counterForm(account: TestAccount, person: TestPerson, amount: unknown) {
  return { accountNumber: account.accountNumber, party: partyOf(person), amount };
}

/** A recipient as the external-transfer form sends it (decision 209): name, phone and a document given. */
export const recipientPerson = {
  firstName: 'Paul',
  lastName: 'Délice',
  phoneNumber: '+50934001122',
  idDocumentType: 'id_card',
  idDocumentNumber: 'NIF-778899',
};

/**
 * The same recipient as the form sent it before decision 209, SPEC §5's whole person form: what an older
 * client still sends, and what the transfers pending since then hold.
 */
export const wholeFormRecipient = {
  ...recipientPerson,
  dob: '1985-06-01',
  gender: 'male',
  country: 'Haïti',
  state: 'Nord',
  city: 'Cap-Haïtien',
  address: '4 rue 24, Cap-Haïtien',
  email: 'paul.delice@client.test',
  dateIssued: '2020-01-01',
  expirationDate: '2030-01-01',
  occupation: 'Commerçant',
  maritalStatus: 'married',
  preferredContactMethod: 'phone',
};

/** What the external-transfer form sends for a cash transfer from `sender` to `recipientPerson`. */
export function cashTransferForm(sender: TestPerson, amount: number) {
  return { senderId: sender.id, recipient: recipientPerson, currency: 'HTG', party: partyOf(sender), amount };
}

/** `recipientPerson` as the payout form names it, and as the party at the counter. */
export const recipientIdentity = {
  firstName: 'Paul',
  lastName: 'Délice',
  idDocumentType: 'id_card',
  idDocumentNumber: 'NIF-778899',
};
export const recipientParty = {
  name: 'Paul Délice',
  idDocumentType: 'id_card',
  idDocumentNumber: 'NIF-778899',
};

export interface TestAgent {
  id: string;
  code: string;
  name: string;
  floatAccountId: string;
  floatAccountNumber: string;
  teller: { id: string; username: string; token: string };
}

/** An agent with its float account and one teller (signed in). */
export async function createAgentWithTeller(
  app: App,
  agent: { code: string; name: string },
  options: { signIn?: boolean; openDrawer?: boolean } = {},
): Promise<TestAgent> {
  const db = app.database.db;
  const [row] = await db
    .insert(agents)
    .values({ code: agent.code, name: agent.name, type: 'Business' })
    .returning({ id: agents.id });
  const float = await openFloatAccount(db, { agentId: row!.id, now: new Date() });
  const username = `caisse.${agent.code.toLowerCase()}`;
  const { user, token } = await addTeller(app, row!.id, username, options);
  return {
    id: row!.id,
    code: agent.code,
    name: agent.name,
    floatAccountId: float.id,
    floatAccountNumber: float.accountNumber,
    teller: { id: user.id, username, token },
  };
}

/**
 * Opens a teller's drawer directly in the database, as of long ago (the fixtures' fundings are stamped
 * with the real time, the tests' operations with a test clock that may start anywhere), with no cash.
 */
export async function openDrawerFor(
  db: Db,
  teller: { userId: string; agentId: string },
  openedAt: Date = new Date('2000-01-01T00:00:00Z'),
): Promise<string> {
  const [row] = await db
    .insert(drawerSessions)
    .values({ ...teller, openedAt, openingCounts: {}, openingCentimes: 0 })
    .returning({ id: drawerSessions.id });
  return row!.id;
}

/** Another teller of `agent`, its drawer open, signed in: its token. */
export async function createTeller(app: App, agent: TestAgent, name: string): Promise<string> {
  const { token } = await addTeller(app, agent.id, `caisse.${agent.code.toLowerCase()}.${name}`);
  return token;
}

/** A teller of the agent `agentId`: signed in and its drawer open unless told otherwise. */
async function addTeller(
  app: App,
  agentId: string,
  username: string,
  options: { signIn?: boolean; openDrawer?: boolean } = {},
) {
  const db = app.database.db;
  const user = await createUser(db, {
    username,
    password: TELLER_PASSWORD,
    role: 'user',
    agentId,
    email: `${username}@lajan.test`,
  });
  const token = options.signIn === false ? '' : await tokenOf(app, username, TELLER_PASSWORD);
  // A teller at work has its drawer open (decision 149): cash operations need it.
  if (options.openDrawer !== false) await openDrawerFor(db, { userId: user.id, agentId });
  return { user, token };
}

export async function createAgentAdmin(app: App, agent: TestAgent): Promise<string> {
  const username = `admin.${agent.code.toLowerCase()}`;
  await createUser(app.database.db, {
    username,
    password: TELLER_PASSWORD,
    role: 'agent_admin',
    agentId: agent.id,
    email: `${username}@lajan.test`,
  });
  return tokenOf(app, username, TELLER_PASSWORD);
}

export interface TestAccount {
  id: string;
  accountNumber: string;
}

/** An active customer account held by `holders` (the first is the principal). */
export async function createCustomerAccount(
  db: Db,
  holders: TestPerson[],
  options: { agentId?: string; status?: 'active' | 'inactive' | 'pending' | 'closed' } = {},
): Promise<TestAccount> {
  const account = await openAccount(db, {
    kind: 'customer',
    type: 'current',
    currency: 'HTG',
    status: options.status ?? 'active',
    agentId: options.agentId ?? null,
  });
  await db
    .insert(accountHolders)
    .values(holders.map((person, position) => ({ accountId: account.id, personId: person.id, position })));
  return account;
}

/** Funds an agent's float from the treasury, through the ledger (so that every invariant holds). */
export async function fundFloat(
  app: App,
  agent: TestAgent,
  amountCentimes: number,
  userId?: string,
): Promise<void> {
  const superAdmin = userId ?? (await superAdminId(app.database.db));
  await ledgerFlows(app.services.ledger).agentDeposit(app.database.db, {
    userId: superAdmin,
    agent: { id: agent.id, floatAccountId: agent.floatAccountId },
    party: { name: 'Trésorerie', idDocumentType: 'id_card', idDocumentNumber: 'TRESOR' },
    amountCentimes,
    at: new Date(),
  });
}

/** Puts money on a customer account: a cash deposit at `agent` (whose float must hold it). */
export async function fundAccount(
  app: App,
  agent: TestAgent,
  account: TestAccount,
  amountCentimes: number,
): Promise<void> {
  await fundFloat(app, agent, amountCentimes);
  await ledgerFlows(app.services.ledger).deposit(app.database.db, {
    actor: { userId: agent.teller.id, agent: { id: agent.id, floatAccountId: agent.floatAccountId } },
    party: { name: 'Dépôt de test', idDocumentType: 'id_card', idDocumentNumber: 'TEST' },
    amountCentimes,
    accountId: account.id,
    at: new Date(),
  });
}

async function superAdminId(db: Db): Promise<string> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'sudo'))
    .orderBy(asc(users.createdAt))
    .limit(1);
  if (!row) throw new Error('no super administrator');
  return row.id;
}

/** The super administrator, signed in past its first-password gate. */
export async function superAdminToken(app: App): Promise<string> {
  return activeSuperAdminToken(app);
}

/** Balances in centimes, by account id. */
export async function balancesOf(db: Db, ids: string[]): Promise<Record<string, number>> {
  const rows = await db.select({ id: accounts.id, balance: accounts.balanceCentimes }).from(accounts);
  const all = new Map(rows.map((row) => [row.id, centimesFromSql(row.balance)]));
  return Object.fromEntries(ids.map((id) => [id, all.get(id) ?? Number.NaN]));
}

export async function balanceOf(db: Db, id: string): Promise<number> {
  return (await balancesOf(db, [id]))[id]!;
}

let sqlNumbers = 0;

/**
 * A transaction row written straight in SQL, as a bug or an injection would: a completed transfer of 100
 * centimes at PAP01 by its teller unless told otherwise, each with a transaction number of its own.
 */
export function transactionInsert(
  world: { pap: { id: string; teller: { id: string } } },
  id: string,
  columns: {
    type?: string;
    amount?: number;
    fee?: number;
    currency?: string;
    status?: string;
    agentId?: string;
    userId?: string;
    accountId?: string;
    senderPersonId?: string;
    feeVersion?: number | null;
  } = {},
): SQL {
  sqlNumbers += 1;
  const number = `9${String(Date.now()).slice(-7)}${String(sqlNumbers).padStart(4, '0')}`;
  return sql`insert into transactions (id, transaction_number, type, status, amount_centimes, fee_centimes,
      agent_share_centimes, currency, agent_id, created_by_user_id, account_id, sender_person_id, fee_version)
    values (${id}::uuid, ${number}, ${columns.type ?? 'transfer'}, ${columns.status ?? 'completed'},
      ${columns.amount ?? 100}, ${columns.fee ?? 0}, 0, ${columns.currency ?? 'HTG'},
      ${columns.agentId ?? world.pap.id}::uuid, ${columns.userId ?? world.pap.teller.id}::uuid,
      ${columns.accountId ?? null}::uuid, ${columns.senderPersonId ?? null}::uuid,
      ${columns.feeVersion ?? null}::integer)`;
}

/** One entry written straight in SQL. */
export function entryInsert(transactionId: string, accountId: string, amount: number): SQL {
  return sql`insert into entries (transaction_id, account_id, amount_centimes)
    values (${transactionId}::uuid, ${accountId}::uuid, ${amount})`;
}

/** A balance set straight in SQL (the ledger's functions keep it equal to the sum of the entries). */
export function setBalance(accountId: string, balance: number): SQL {
  return sql`update accounts set balance_centimes = ${balance} where id = ${accountId}::uuid`;
}

/**
 * Runs `statements` in one database transaction, as a bug, an injection or an operator at a SQL prompt
 * would: the database must refuse them and leave the ledger as it was. Answers the SQLSTATE and constraint
 * that refused them, and the database's message (in the driver's error, or Drizzle's wrapper of it).
 */
export async function refusal(db: Db, statements: SQL[]) {
  const before = await ledgerSnapshot(db);
  let error: unknown;
  try {
    await db.transaction(async (tx) => {
      for (const statement of statements) await tx.execute(statement);
    });
  } catch (caught) {
    error = caught;
  }
  expect(error, 'the database accepted the write').toBeDefined();
  expect(await ledgerSnapshot(db)).toEqual(before);
  const messages: string[] = [];
  for (let current = error; current instanceof Error; current = current.cause) messages.push(current.message);
  return { ...postgresErrorOf(error), message: messages.join(' / ') };
}

/** Everything a refused request must leave as it was: rows of the ledger and every balance. */
export async function ledgerSnapshot(db: Db) {
  const [t] = await db.select({ n: count() }).from(transactions);
  const [e] = await db.select({ n: count() }).from(entries);
  const [k] = await db.select({ n: count() }).from(idempotencyKeys);
  const balances = await db
    .select({ id: accounts.id, balance: accounts.balanceCentimes, status: sql<string>`${accounts.status}` })
    .from(accounts)
    .orderBy(asc(accounts.id));
  const statuses = await db
    .select({ number: transactions.transactionNumber, status: transactions.status })
    .from(transactions)
    .orderBy(asc(transactions.transactionNumber));
  return {
    transactions: Number(t!.n),
    entries: Number(e!.n),
    idempotencyKeys: Number(k!.n),
    balances: balances.map((row) => ({ ...row, balance: centimesFromSql(row.balance) })),
    statuses,
  };
}

/**
 * The ledger's invariants (DESIGN §4): each transaction's entries sum to zero (and there are at least
 * two), each balance equals the sum of its entries, no customer, agent or system balance but the
 * treasury's is negative, and all balances sum to zero.
 */
export async function expectLedgerInvariants(db: Db): Promise<void> {
  const unbalanced = await db.execute(sql`
    select t.transaction_number, coalesce(sum(e.amount_centimes), 0)::text as total, count(e.id)::int as n
    from transactions t left join entries e on e.transaction_id = t.id
    group by t.id, t.transaction_number
    having coalesce(sum(e.amount_centimes), 0) <> 0 or count(e.id) < 2`);
  expect((unbalanced as { rows: unknown[] }).rows).toEqual([]);

  const drift = await db.execute(sql`
    select a.account_number, a.balance_centimes::text as balance, coalesce(sum(e.amount_centimes), 0)::text as entries
    from accounts a left join entries e on e.account_id = a.id
    group by a.id, a.account_number, a.balance_centimes
    having a.balance_centimes <> coalesce(sum(e.amount_centimes), 0)`);
  expect((drift as { rows: unknown[] }).rows).toEqual([]);

  const negative = await db
    .select({ number: accounts.accountNumber, balance: accounts.balanceCentimes })
    .from(accounts)
    .where(sql`${accounts.balanceCentimes} < 0 and ${accounts.systemCode} is distinct from 'treasury'`);
  expect(negative).toEqual([]);

  const [total] = await db
    .select({ sum: sql<string>`coalesce(sum(${accounts.balanceCentimes}), 0)::text` })
    .from(accounts);
  expect(centimesFromSql(total!.sum)).toBe(0);
}

/** A transaction row by number. */
export async function transactionRow(db: Db, transactionNumber: string) {
  const [row] = await db
    .select()
    .from(transactions)
    .where(eq(transactions.transactionNumber, transactionNumber));
  return row!;
}

/** The non-zero entries of a transaction, as `{ accountId: amountCentimes }`. */
export async function entriesOf(db: Db, transactionNumber: string): Promise<Record<string, number>> {
  const row = await transactionRow(db, transactionNumber);
  const rows = await db
    .select({ accountId: entries.accountId, amount: entries.amountCentimes })
    .from(entries)
    .where(eq(entries.transactionId, row.id));
  return Object.fromEntries(rows.map((entry) => [entry.accountId, centimesFromSql(entry.amount)]));
}

/**
 * The usual scene: two agents (PAP01 funded with 500 000 HTG, CAP01 with 200 000 HTG), each with a
 * teller; Marie (id card) holds an account with 20 000 HTG, Jean (passport) one with 5 000 HTG,
 * Rose (driving licence) an empty one.
 */
export async function ledgerWorld() {
  const built = await build();
  const { app, database } = built;
  const db = database.db;
  const pap = await createAgentWithTeller(app, { code: 'PAP01', name: 'Kay Lajan Pétion-Ville' });
  const cap = await createAgentWithTeller(app, { code: 'CAP01', name: 'Lajan Cap-Haïtien' });
  const marie = await createPerson(db, { firstName: 'Marie', lastName: 'Joseph' });
  const jean = await createPerson(db, {
    firstName: 'Jean',
    lastName: 'Baptiste',
    idDocumentType: 'passport',
  });
  const rose = await createPerson(db, {
    firstName: 'Rose',
    lastName: 'Étienne',
    idDocumentType: 'driving_license',
  });
  const marieAccount = await createCustomerAccount(db, [marie], { agentId: pap.id });
  const jeanAccount = await createCustomerAccount(db, [jean], { agentId: pap.id });
  const roseAccount = await createCustomerAccount(db, [rose], { agentId: cap.id });
  await fundAccount(app, pap, marieAccount, 20_000_00);
  await fundAccount(app, pap, jeanAccount, 5_000_00);
  await fundFloat(app, pap, 500_000_00);
  await fundFloat(app, cap, 200_000_00);
  // The fundings above are stamped with the real time; the test's operations with the test clock. On a
  // slow machine the real time may have passed the test clock: move it past, so that every operation of
  // a test comes after the world's fundings, as it would in life.
  built.clock.advance(Math.max(0, Date.now() - built.clock.now().getTime()) + 1000);
  const system = {
    feeIncome: app.services.ledger.system.fee_income.id,
    payout: app.services.ledger.system.payout.id,
    treasury: app.services.ledger.system.treasury.id,
  };
  return { ...built, db, pap, cap, marie, jean, rose, marieAccount, jeanAccount, roseAccount, system };
}

/**
 * `ledgerWorld` with traffic, one second apart on the test clock: PAP01 deposits each of `deposits`
 * (HTG) for Marie, withdraws 500 HTG for Jean and sends 1 000 HTG in cash from Marie to
 * `recipientPerson`; CAP01 deposits 50 HTG for Rose. With `expectPosted`, Marie's deposits and the
 * transfer must answer 201.
 */
export async function busyLedgerWorld(deposits: number[], options: { expectPosted?: boolean } = {}) {
  const world = await ledgerWorld();
  const post = (url: string, body: unknown, token = world.pap.teller.token) =>
    call(world.app, 'POST', `/api${url}`, { token, body });
  const posted = (answer: Answer) => {
    if (options.expectPosted) expect(answer.status).toBe(201);
    return answer;
  };
  for (const amount of deposits) {
    world.clock.advance(1000);
    posted(await post('/transactions/deposit', counterForm(world.marieAccount, world.marie, amount)));
  }
  world.clock.advance(1000);
  await post('/transactions/withdraw', counterForm(world.jeanAccount, world.jean, 500));
  world.clock.advance(1000);
  const sent = posted(await post('/transactions/transfer-extern', cashTransferForm(world.marie, 1000)));
  world.clock.advance(1000);
  await post('/transactions/deposit', counterForm(world.roseAccount, world.rose, 50), world.cap.teller.token);
  return { ...world, transferNumber: sent.body.data.transactionNumber as string };
}
