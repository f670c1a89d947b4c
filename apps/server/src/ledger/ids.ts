import { v7 } from 'uuid';

/**
 * A new transaction's id (decision 168): a time-ordered UUID (RFC 9562 version 7: the millisecond, then 74
 * bits of which at least 42 are random for each id), not a random one (version 4).
 * Transactions and their entries are only ever appended, and their ids are keys of two indexes written at
 * every posting (`transactions_pkey`, and `entries_transaction_idx` four times a transfer): ids in time order
 * go to the right-hand edge of each index, where PostgreSQL inserts without descending the tree, and the
 * pages a posting writes stay few and in memory however large the ledger grows, where random ids scatter
 * the writes (and, after each checkpoint, a full-page image per page touched) over the whole index.
 * Ids are internal: a transaction is named by its number (`transactions/:transactionNumber/…`), which stays
 * random (`numbers.ts`). The SQL roads that let the database choose the id get the same kind
 * (`sql/ledger_time_ordered_uuid.sql`).
 */
export function newTransactionId(): string {
  return v7();
}
