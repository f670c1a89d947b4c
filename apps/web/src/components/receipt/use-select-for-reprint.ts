import type { Transaction } from '@lajan/domain';
import { useReceipt } from './receipt-context';

/**
 * A row's « Réimprimer » opens its transaction in the receipt panel, which then says it is a duplicate: a
 * second original of one operation must not be handed out (decision 189).
 */
export function useSelectForReprint() {
  const { transaction, select } = useReceipt();
  return {
    selectForReprint: (chosen: Transaction) => select(chosen, { reprint: true }),
    isSelected: (candidate: Pick<Transaction, 'transactionNumber'>) =>
      transaction?.transactionNumber === candidate.transactionNumber,
  };
}
