import { v7 } from 'uuid';

/**
 * A new transaction's id, a time-ordered UUID v7 (decision 168): appended ids go to the right-hand edge of
 * `transactions_pkey` and `entries_transaction_idx`, so a posting writes few pages where random ids scatter
 * over the index. Ids are internal; the transaction number stays random (`numbers.ts`).
 */
export function newTransactionId(): string {
  return v7();
}
