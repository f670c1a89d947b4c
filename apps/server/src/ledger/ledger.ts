import type { TransactionType } from '@lajan/domain';
import type { Db, Tx } from '../db/client.js';
import { postgresErrorOf } from '../db/errors.js';
import { refKey, type AccountRef } from './account-ref.js';
import type { Entry } from './flows.js';
import { LedgerBusy, LedgerRefused } from './results.js';

/**
 * What a movement is made of (its posting and its business record), and the retries around a money
 * transaction. The database writes it: `postBatch` (one-call.ts) or `postFlowInOneCall` (flow-call.ts).
 */

/** The party at the counter (SPEC §3). */
export interface PartyRecord {
  name: string;
  idDocumentType: string;
  idDocumentNumber: string;
}

/**
 * The money of one movement: what the ledger checks and writes (the transaction's type, status and
 * amounts, its entries, who posted it, for which agent, when).
 */
export interface Posting {
  type: TransactionType;
  status: 'completed' | 'pending';
  amountCentimes: number;
  feeCentimes: number;
  agentShareCentimes: number;
  /** The agent the work was done for: the teller's agent, or the funded agent of an agent deposit. */
  agentId: string | null;
  createdByUserId: string;
  entries: Entry[];
  at: Date;
}

/**
 * The business record of a movement, built by the modules: written on the transaction's row as given,
 * never read by the ledger's checks.
 */
export interface BusinessRecord {
  /** The customer account of a deposit or withdrawal. */
  account?: AccountRef | null;
  senderAccount?: AccountRef | null;
  recipientAccount?: AccountRef | null;
  senderPersonId?: string | null;
  recipient?: Record<string, unknown> | null;
  party?: PartyRecord | null;
  relatedTransactionId?: string | null;
}

export interface PostedTransaction {
  id: string;
  transactionNumber: string;
  createdAt: Date;
}

/** A programming fault, never a refusal: a posting that does not balance is not written. */
export class UnbalancedPosting extends Error {}

/** Sums the entries per account, drops the zeros, and refuses (as a fault) anything that does not balance. */
export function checkBalanced(posting: Posting): Map<string, number> {
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
    const key = refKey(entry.account);
    deltas.set(key, (deltas.get(key) ?? 0) + entry.amountCentimes);
    sum += entry.amountCentimes;
  }
  if (sum !== 0) throw new UnbalancedPosting(`ledger: entries sum to ${sum}, not zero`);
  for (const [id, delta] of deltas) if (delta === 0) deltas.delete(id);
  if (deltas.size < 2) throw new UnbalancedPosting('ledger: a movement touches at least two accounts');
  return deltas;
}

/** What the commit-time trigger of the system accounts raises (sql/), as refusals. */
const SYSTEM_ACCOUNT_REFUSALS: Record<string, 'AccountNotActive' | 'CurrencyMismatch' | 'InsufficientFunds'> =
  {
    LJ001: 'AccountNotActive',
    LJ002: 'CurrencyMismatch',
    LJ003: 'InsufficientFunds',
  };

/** PostgreSQL's "try again" answers: a serialization failure and a deadlock. */
const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']);
/** Retries after the first attempt (DESIGN §4). */
export const MONEY_TRANSACTION_RETRIES = 3;

/** How many movements were tried again after a serialization failure or a deadlock (for tests and logs). */
export const moneyTransactionStats = { retries: 0 };

/**
 * One database transaction, READ COMMITTED, for the writes beside the postings (a failed identification,
 * an abandoned key, an unlock). A serialization
 * failure or a deadlock is retried up to three times, then `LedgerBusy` (the handler's 503), never a fault.
 */
export async function inMoneyTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return withMoneyRetries(() => db.transaction(work, { isolationLevel: 'read committed' }));
}

/**
 * Runs one attempt of a money movement (a transaction, or one statement in autocommit) until it commits:
 * the commit-time refusals of the system accounts become `LedgerRefused`; a serialization failure, a
 * deadlock or the database's own overdraw check is tried again, at most three times.
 */
export async function withMoneyRetries<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 0; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      const failure = postgresErrorOf(error);
      const code = failure?.code;
      const refusal = code === undefined ? undefined : SYSTEM_ACCOUNT_REFUSALS[code];
      if (refusal)
        throw new LedgerRefused(refusal, refusal === 'InsufficientFunds' ? { field: 'amount' } : {});
      // The database's last check (`accounts_balance_check`, decision 121) refused a balance below zero
      // that the posting's check let through under concurrent movements: nothing was written, so a retry
      // on a fresh snapshot posts or refuses "Solde insuffisant".
      const overdrawn = code === '23514' && failure?.constraint === 'accounts_balance_check';
      if (overdrawn && tries >= MONEY_TRANSACTION_RETRIES)
        throw new LedgerRefused('InsufficientFunds', { field: 'amount' });
      if (code === undefined || !(RETRYABLE_SQLSTATES.has(code) || overdrawn)) throw error;
      if (tries >= MONEY_TRANSACTION_RETRIES) throw new LedgerBusy();
      moneyTransactionStats.retries += 1;
    }
  }
}
