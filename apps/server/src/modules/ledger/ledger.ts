import { centimesFromSql, CURRENCY, type TransactionType } from '@lajan/domain';
import { randomUUID } from 'node:crypto';
import { and, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { postgresErrorOf } from '../../db/errors.js';
import { accounts, entries, transactions } from '../../db/schema.js';
import { LedgerRefused, ServiceUnavailable } from '../../http/errors.js';
import { generateTransactionNumber } from '../accounts/numbers.js';

/**
 * The ledger (DESIGN §4): the only code that writes `transactions`, `entries` and balances.
 * Everything here runs inside the caller's database transaction, opened by `inMoneyTransaction`.
 */

/** One posting: a signed amount in centimes, positive when it raises the account's balance. */
export interface EntryInput {
  accountId: string;
  amountCentimes: number;
}

/** The party at the counter (SPEC §3). */
export interface PartyRecord {
  name: string;
  idDocumentType: string;
  idDocumentNumber: string;
}

export interface PostingInput {
  type: TransactionType;
  status: 'completed' | 'pending';
  amountCentimes: number;
  feeCentimes: number;
  agentShareCentimes: number;
  /** The agent the work was done for: the teller's agent, or the funded agent of an agent deposit. */
  agentId: string | null;
  createdByUserId: string;
  /** The customer account of a deposit or withdrawal. */
  accountId?: string | null;
  senderAccountId?: string | null;
  recipientAccountId?: string | null;
  senderPersonId?: string | null;
  recipient?: Record<string, unknown> | null;
  party?: PartyRecord | null;
  relatedTransactionId?: string | null;
  entries: EntryInput[];
  at: Date;
  /**
   * For a refusal about one account, the input field that named it (`senderAccountNumber`…), so that
   * the form shows the message under that field.
   */
  fieldOfAccount?: Record<string, string>;
}

export interface PostedTransaction {
  id: string;
  transactionNumber: string;
  createdAt: Date;
  /**
   * The touched customer and float accounts' balances after the posting, in centimes (the system
   * accounts are updated at the end of the money transaction).
   */
  balancesCentimes: Map<string, number>;
}

/** A programming fault, never a refusal: a posting that does not balance is not written. */
export class UnbalancedPosting extends Error {}

interface LockedAccount {
  id: string;
  kind: 'customer' | 'float' | 'system';
  status: string;
  currency: string;
  balanceCentimes: number;
  systemCode: string | null;
}

/** How many fresh numbers to try: eleven random digits almost never collide twice. */
const NUMBER_ATTEMPTS = 5;

/**
 * Posts one money movement: checks that it balances, locks its accounts in ascending id order
 * (`SELECT … FOR UPDATE`, so that two movements over the same accounts never deadlock), refuses a
 * non-active account or a customer or agent balance going below zero, then writes the transaction,
 * its non-zero entries, and the new balances. A refusal throws `LedgerRefused` before anything is
 * written; the caller's transaction rolls back whatever it wrote before.
 */
export async function post(tx: Tx, posting: PostingInput): Promise<PostedTransaction> {
  const deltas = checkBalanced(posting);
  const ids = [...deltas.keys()];
  const locked = await lockAccounts(tx, ids);
  // Every account that is not a customer's or an agent's is a system account: locked last, below.
  const systemIds = ids.filter((id) => !locked.has(id));

  const fieldOf = (id: string) => posting.fieldOfAccount?.[id];
  // The checks run in a fixed order over all accounts, so that a request refused for two reasons
  // always gets the same message.
  for (const [id, account] of locked) {
    if (account.status !== 'active') throw new LedgerRefused('AccountNotActive', { field: fieldOf(id) });
  }
  for (const [id, account] of locked) {
    if (account.currency !== CURRENCY) throw new LedgerRefused('CurrencyMismatch', { field: fieldOf(id) });
  }
  const balancesCentimes = new Map<string, number>();
  for (const [id, account] of locked) {
    const after = account.balanceCentimes + deltas.get(id)!;
    if (after < 0) throw new LedgerRefused('InsufficientFunds', { field: 'amount' });
    balancesCentimes.set(id, after);
  }

  const row = await writePosting(tx, posting, ids, deltas, [...locked.keys()]);

  // The system accounts (fee income above all) are touched by almost every movement: they are locked
  // last and for the shortest time, by the statement that updates them, right before the commit (see
  // `inMoneyTransaction`). The lock order stays global (customer and float accounts by id, then system
  // accounts by id): no deadlock.
  if (systemIds.length > 0) {
    const pending = pendingSystemDeltas.get(tx);
    if (pending) for (const id of systemIds) pending.set(id, (pending.get(id) ?? 0) + deltas.get(id)!);
    else await updateSystemAccounts(tx, new Map(systemIds.map((id) => [id, deltas.get(id)!])), posting.at);
  }

  return { id: row.id, transactionNumber: row.transactionNumber, createdAt: row.createdAt, balancesCentimes };
}

/** `case id when … then delta … end`: one statement for several balances. */
function balanceCases(ids: string[], deltas: Map<string, number>) {
  const cases = sql.join(
    ids.map((id) => sql`when ${id}::uuid then ${deltas.get(id)!}::bigint`),
    sql` `,
  );
  return sql`case ${accounts.id} ${cases} end`;
}

/**
 * Updates the system accounts' balances in one statement that locks them in id order, and refuses
 * (the caller's transaction then rolls back) a non-active one or one but the treasury going below zero.
 */
async function updateSystemAccounts(tx: Tx, deltas: Map<string, number>, at: Date): Promise<void> {
  const ids = [...deltas.keys()];
  const updated = await tx
    .update(accounts)
    .set({
      balanceCentimes: sql`${accounts.balanceCentimes} + (${balanceCases(ids, deltas)})`,
      updatedAt: at,
    })
    .where(
      inArray(
        accounts.id,
        tx
          .select({ id: accounts.id })
          .from(accounts)
          .where(inArray(accounts.id, ids))
          .orderBy(accounts.id)
          .for('no key update'),
      ),
    )
    .returning({
      id: accounts.id,
      status: accounts.status,
      currency: accounts.currency,
      balanceCentimes: accounts.balanceCentimes,
      systemCode: accounts.systemCode,
    });
  if (updated.length !== ids.length) throw new Error('ledger: an account of the posting does not exist');
  for (const account of updated) {
    if (account.status !== 'active') throw new LedgerRefused('AccountNotActive');
    if (account.currency !== CURRENCY) throw new LedgerRefused('CurrencyMismatch');
    // Only the treasury, the provider's source of e-money, may go below zero.
    if (centimesFromSql(account.balanceCentimes) < 0 && account.systemCode !== 'treasury')
      throw new LedgerRefused('InsufficientFunds', { field: 'amount' });
  }
}

/** The system-account deltas of each money transaction, applied once, last, by `inMoneyTransaction`. */
const pendingSystemDeltas = new WeakMap<Tx, Map<string, number>>();

/** Sums the entries per account, drops the zeros, and refuses (as a fault) anything that does not balance. */
function checkBalanced(posting: PostingInput): Map<string, number> {
  const { amountCentimes, feeCentimes, agentShareCentimes } = posting;
  for (const value of [amountCentimes, feeCentimes, agentShareCentimes])
    if (!Number.isSafeInteger(value))
      throw new UnbalancedPosting(`ledger: ${value} is not a whole number of centimes`);
  if (amountCentimes <= 0) throw new UnbalancedPosting('ledger: the amount must be above zero');
  if (feeCentimes < 0 || agentShareCentimes < 0 || agentShareCentimes > feeCentimes)
    throw new UnbalancedPosting('ledger: 0 ≤ agent share ≤ fee');

  const deltas = new Map<string, number>();
  let sum = 0;
  for (const entry of posting.entries) {
    if (!Number.isSafeInteger(entry.amountCentimes))
      throw new UnbalancedPosting(`ledger: entry ${entry.amountCentimes} is not a whole number of centimes`);
    deltas.set(entry.accountId, (deltas.get(entry.accountId) ?? 0) + entry.amountCentimes);
    sum += entry.amountCentimes;
  }
  if (sum !== 0) throw new UnbalancedPosting(`ledger: entries sum to ${sum}, not zero`);
  for (const [id, delta] of deltas) if (delta === 0) deltas.delete(id);
  if (deltas.size < 2) throw new UnbalancedPosting('ledger: a movement touches at least two accounts');
  // Ascending id order: the order the rows are locked in, and the order of the checks.
  return new Map([...deltas.entries()].sort(([a], [b]) => compareUuids(a, b)));
}

/** PostgreSQL orders uuids byte by byte, which for their lower-case text form is plain string order. */
function compareUuids(a: string, b: string): number {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * Locks the customer and float rows in ascending id order (the system rows are locked last, by `post`).
 * `ORDER BY` under `FOR UPDATE` makes PostgreSQL sort first and lock in that order, so every movement
 * takes its locks in one global order: no deadlock.
 */
async function lockAccounts(tx: Tx, ids: string[]): Promise<Map<string, LockedAccount>> {
  const rows = await tx
    .select({
      id: accounts.id,
      kind: accounts.kind,
      status: accounts.status,
      currency: accounts.currency,
      balanceCentimes: accounts.balanceCentimes,
      systemCode: accounts.systemCode,
    })
    .from(accounts)
    .where(and(inArray(accounts.id, ids), ne(accounts.kind, 'system')))
    .orderBy(accounts.id)
    .for('no key update');
  return new Map(
    rows.map((row) => [row.id, { ...row, balanceCentimes: centimesFromSql(row.balanceCentimes) }]),
  );
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * Writes the transaction, its entries and the new balances of the (already locked) customer and float
 * accounts in one statement, one round trip: the fewer round trips while the rows are locked, the more
 * movements per second. A transaction-number collision inserts nothing (a failed statement would abort the
 * whole transaction) and is tried again with a fresh number.
 */
async function writePosting(
  tx: Tx,
  posting: PostingInput,
  ids: string[],
  deltas: Map<string, number>,
  lockedIds: string[],
): Promise<{ id: string; transactionNumber: string; createdAt: Date }> {
  const id = randomUUID();
  const at = posting.at.toISOString();
  const rows = (list: string[]) =>
    sql.join(
      list.map((accountId) => sql`(${accountId}::uuid, ${deltas.get(accountId)!}::bigint)`),
      sql`, `,
    );
  const balances =
    lockedIds.length > 0
      ? sql`, balances as (
          update ${accounts} as a set balance_centimes = a.balance_centimes + v.delta, updated_at = ${at}::timestamptz
          from (values ${rows(lockedIds)}) as v(account_id, delta)
          where a.id = v.account_id and exists (select 1 from inserted))`
      : sql``;
  for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt += 1) {
    const transactionNumber = generateTransactionNumber();
    const result = await tx.execute(sql`
      with inserted as (
        insert into ${transactions} (id, transaction_number, type, status, amount_centimes, fee_centimes,
          agent_share_centimes, currency, agent_id, created_by_user_id, account_id, sender_account_id,
          recipient_account_id, sender_person_id, recipient, party, related_transaction_id, created_at)
        values (${id}::uuid, ${transactionNumber}, ${posting.type}, ${posting.status}, ${posting.amountCentimes}::bigint,
          ${posting.feeCentimes}::bigint, ${posting.agentShareCentimes}::bigint, ${CURRENCY}, ${posting.agentId}::uuid,
          ${posting.createdByUserId}::uuid, ${posting.accountId ?? null}::uuid, ${posting.senderAccountId ?? null}::uuid,
          ${posting.recipientAccountId ?? null}::uuid, ${posting.senderPersonId ?? null}::uuid,
          ${json(posting.recipient)}::jsonb, ${json(posting.party)}::jsonb, ${posting.relatedTransactionId ?? null}::uuid,
          ${at}::timestamptz)
        on conflict (transaction_number) do nothing
        returning id),
      written as (
        insert into ${entries} (transaction_id, account_id, amount_centimes, created_at)
        select inserted.id, v.account_id, v.delta, ${at}::timestamptz
        from inserted cross join (values ${rows(ids)}) as v(account_id, delta))
      ${balances}
      select count(*)::int as inserted from inserted`);
    const [row] = (result as { rows: { inserted: number | string }[] }).rows;
    if (Number(row?.inserted) === 1) return { id, transactionNumber, createdAt: posting.at };
  }
  throw new Error(`ledger: no free transaction number after ${NUMBER_ATTEMPTS} attempts`);
}

/** PostgreSQL's "try again" answers: a serialization failure and a deadlock. */
const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']);
/** Retries after the first attempt (DESIGN §4). */
export const MONEY_TRANSACTION_RETRIES = 3;

/** How many movements were tried again after a serialization failure or a deadlock (for tests and logs). */
export const moneyTransactionStats = { retries: 0 };

/**
 * One database transaction per movement, READ COMMITTED with the row locks of `post`. A serialization
 * failure or a deadlock is retried up to three times, then answered 503 in French, never 500.
 */
export async function inMoneyTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await db.transaction(
        async (tx) => {
          const pending = new Map<string, number>();
          pendingSystemDeltas.set(tx, pending);
          const result = await work(tx);
          // Last statement before the commit: the system rows stay locked for the commit only.
          if (pending.size > 0) await updateSystemAccounts(tx, pending, new Date());
          return result;
        },
        { isolationLevel: 'read committed' },
      );
    } catch (error) {
      const code = postgresErrorOf(error)?.code;
      if (code === undefined || !RETRYABLE_SQLSTATES.has(code)) throw error;
      if (attempt >= MONEY_TRANSACTION_RETRIES) throw new ServiceUnavailable();
      moneyTransactionStats.retries += 1;
    }
  }
}
