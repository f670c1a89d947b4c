import { centimesFromSql, CURRENCY, type TransactionType } from '@lajan/domain';
import { inArray, sql } from 'drizzle-orm';
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
  /** Every touched account's balance after the posting, in centimes. */
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

  const fieldOf = (id: string) => posting.fieldOfAccount?.[id];
  // The checks run in a fixed order over all accounts, so that a request refused for two reasons
  // always gets the same message.
  for (const id of ids) {
    const account = locked.get(id);
    if (!account) throw new Error(`ledger: account ${id} does not exist`);
    if (account.status !== 'active') throw new LedgerRefused('AccountNotActive', { field: fieldOf(id) });
  }
  for (const id of ids) {
    if (locked.get(id)!.currency !== CURRENCY)
      throw new LedgerRefused('CurrencyMismatch', { field: fieldOf(id) });
  }
  const balancesCentimes = new Map<string, number>();
  for (const id of ids) {
    const account = locked.get(id)!;
    const after = account.balanceCentimes + deltas.get(id)!;
    // Only the treasury, the provider's source of e-money, may go below zero.
    if (after < 0 && account.systemCode !== 'treasury')
      throw new LedgerRefused('InsufficientFunds', { field: 'amount' });
    balancesCentimes.set(id, after);
  }

  const row = await insertTransaction(tx, posting);
  await tx.insert(entries).values(
    ids.map((accountId) => ({
      transactionId: row.id,
      accountId,
      amountCentimes: deltas.get(accountId)!,
      createdAt: posting.at,
    })),
  );
  // One statement for every balance; relative, so it stays right even if a future caller forgot the lock.
  const cases = sql.join(
    ids.map((id) => sql`when ${id}::uuid then ${deltas.get(id)!}::bigint`),
    sql` `,
  );
  await tx
    .update(accounts)
    .set({
      balanceCentimes: sql`${accounts.balanceCentimes} + (case ${accounts.id} ${cases} end)`,
      updatedAt: posting.at,
    })
    .where(inArray(accounts.id, ids));

  return { id: row.id, transactionNumber: row.transactionNumber, createdAt: row.createdAt, balancesCentimes };
}

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
 * Locks the rows in ascending id order. `ORDER BY` under `FOR UPDATE` makes PostgreSQL sort first and
 * lock in that order, so every movement takes its locks in one global order: no deadlock.
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
    .where(inArray(accounts.id, ids))
    .orderBy(accounts.id)
    .for('update');
  return new Map(
    rows.map((row) => [row.id, { ...row, balanceCentimes: centimesFromSql(row.balanceCentimes) }]),
  );
}

async function insertTransaction(tx: Tx, posting: PostingInput) {
  for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt += 1) {
    // A number collision is skipped, not caught: a failed statement would abort the whole transaction.
    const [row] = await tx
      .insert(transactions)
      .values({
        transactionNumber: generateTransactionNumber(),
        type: posting.type,
        status: posting.status,
        amountCentimes: posting.amountCentimes,
        feeCentimes: posting.feeCentimes,
        agentShareCentimes: posting.agentShareCentimes,
        currency: CURRENCY,
        agentId: posting.agentId,
        createdByUserId: posting.createdByUserId,
        accountId: posting.accountId ?? null,
        senderAccountId: posting.senderAccountId ?? null,
        recipientAccountId: posting.recipientAccountId ?? null,
        senderPersonId: posting.senderPersonId ?? null,
        recipient: posting.recipient ?? null,
        party: posting.party ?? null,
        relatedTransactionId: posting.relatedTransactionId ?? null,
        createdAt: posting.at,
      })
      .onConflictDoNothing({ target: transactions.transactionNumber })
      .returning({
        id: transactions.id,
        transactionNumber: transactions.transactionNumber,
        createdAt: transactions.createdAt,
      });
    if (row) return row;
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
      return await db.transaction(work, { isolationLevel: 'read committed' });
    } catch (error) {
      const code = postgresErrorOf(error)?.code;
      if (code === undefined || !RETRYABLE_SQLSTATES.has(code)) throw error;
      if (attempt >= MONEY_TRANSACTION_RETRIES) throw new ServiceUnavailable();
      moneyTransactionStats.retries += 1;
    }
  }
}
