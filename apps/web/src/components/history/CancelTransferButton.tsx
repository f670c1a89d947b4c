import { cancelTransferMessages, formatHtg, transactionSchema, type Transaction } from '@lajan/domain';
import { useSelectForReprint } from '../receipt/use-select-for-reprint';
import { PendingTransferAction } from './PendingTransferAction';

/**
 * A cancellation refunds the sender (in cash, or to the account it was paid from) out of the agent's
 * float: the same screens as a counter operation.
 */
const cancellationTouches = ['float', 'dashboard', 'history', 'accounts', 'agents'] as const;

/**
 * Cancelling a pending external transfer (issue 5): only a teller of the sending agent sees the button;
 * after a confirmation, `POST /transactions/{transactionNumber}/cancel` posts the refund (the fee is kept)
 * and its receipt opens in the panel.
 */
export function CancelTransferButton({ transaction }: { transaction: Transaction }) {
  const { selectForReprint } = useSelectForReprint();
  return (
    <PendingTransferAction
      transaction={transaction}
      action="cancel"
      danger
      idempotent
      touches={cancellationTouches}
      messages={cancelTransferMessages}
      onDone={(answer) => {
        const refund = transactionSchema.safeParse(answer);
        if (refund.success) selectForReprint(refund.data);
      }}
      explanation={
        <p>
          {cancelTransferMessages.explanation.transfer}{' '}
          <span className="font-mono">{transaction.transactionNumber}</span>{' '}
          {cancelTransferMessages.explanation.of} {formatHtg(transaction.amount)}{' '}
          {cancelTransferMessages.explanation.notPaid}
        </p>
      }
    />
  );
}
