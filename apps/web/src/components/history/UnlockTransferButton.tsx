import { groupDigits, payoutMessages } from '@lajan/domain';
import { PendingTransferAction, type TransferOfAction } from './PendingTransferAction';

// Read when drawn, in the screen's language (decision 236).
const unlockMessages = () => ({
  button: payoutMessages.unlockButton,
  buttonLabel: payoutMessages.unlockButtonLabel,
  title: payoutMessages.unlockTitle,
  confirm: payoutMessages.unlockConfirm,
  pending: payoutMessages.unlockPending,
  back: payoutMessages.unlockBack,
  failure: payoutMessages.unlockFailure,
  success: payoutMessages.unlocked,
});

/**
 * Unlocking an external transfer locked by five failed identifications (decision 112), pending or expired
 * (decision 225): only the administrator of the sending agent sees the button (decision 200); after a
 * confirmation, `POST /transactions/{transactionNumber}/unlock` allows five new tries.
 */
export function UnlockTransferButton({
  transaction,
  onDone,
}: {
  transaction: TransferOfAction;
  onDone?: () => void;
}) {
  return (
    <PendingTransferAction
      transaction={transaction}
      action="unlock"
      applies={transaction.locked}
      expiredToo
      onDone={onDone}
      // The agent's administrator only (decision 200 amends 112).
      capability="transactions.unlock"
      // No money moves: the transfer's row and the audit trail, which records the unlock.
      touches={['history', 'audit']}
      messages={unlockMessages()}
      explanation={
        <p>
          <span className="font-mono">{groupDigits(transaction.transactionNumber)}</span> —{' '}
          {transaction.status === 'expired'
            ? payoutMessages.unlockExpiredExplanation
            : payoutMessages.unlockExplanation}
        </p>
      }
    />
  );
}
