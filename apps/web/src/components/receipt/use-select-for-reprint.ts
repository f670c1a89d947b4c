import type { Transaction } from '@lajan/domain';
import { useReceipt } from './receipt-context';

/**
 * For any table of transactions (the history, an account's movements, the dashboard): a row's
 * "Réimprimer" selects its transaction, and the receipt panel opens with it, ready to print. Returns
 * the select function and whether a given transaction is the one shown. The receipt then says it is a
 * duplicate (a second original of one operation must not be handed out).
 */
export function useSelectForReprint() {
  const { transaction, select } = useReceipt();
  return {
    selectForReprint: (chosen: Transaction) => select(chosen, { reprint: true }),
    isSelected: (candidate: Pick<Transaction, 'transactionNumber'>) =>
      transaction?.transactionNumber === candidate.transactionNumber,
  };
}
