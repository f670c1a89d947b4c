import { useId, useState } from 'react';
import {
  can,
  cancelTransferBodySchema,
  cancelTransferMessages,
  formatHtg,
  groupDigits,
  transactionSchema,
  type Transaction,
} from '@lajan/domain';
import { useSession } from '../../lib/session-context';
import { useSelectForReprint } from '../receipt/use-select-for-reprint';
import { emptySender, SenderIdentityFieldset, type SenderFields } from './SenderIdentityFieldset';
import { PendingTransferAction } from './PendingTransferAction';

/**
 * A cancellation refunds the sender (in cash, or to the account it was paid from) out of the agent's
 * float: the same screens as a counter operation.
 */
const cancellationTouches = ['float', 'dashboard', 'history', 'accounts', 'agents'] as const;

/**
 * Cancelling a pending external transfer: a teller types the sender's name and document from her card, or the
 * agent's administrator approves with a reason (decisions 200, 205). The refund's receipt opens in the panel.
 */
export function CancelTransferButton({ transaction }: { transaction: Transaction }) {
  const { selectForReprint } = useSelectForReprint();
  const { user } = useSession();
  const approval = can(user, 'transactions.approveCancel');
  const [sender, setSender] = useState<SenderFields>(emptySender);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const reasonId = useId();

  /** The body, or null with the form's messages under their fields (the domain's schema). */
  function body(): object | null {
    const parsed = cancelTransferBodySchema.safeParse(approval ? { reason } : { sender });
    const found: Record<string, string> = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
    setErrors(found);
    return parsed.success && Object.keys(found).length === 0 ? parsed.data : null;
  }
  const explanation = (
    <p>
      {cancelTransferMessages.explanation.transfer}{' '}
      <span className="font-mono">{groupDigits(transaction.transactionNumber)}</span>{' '}
      {cancelTransferMessages.explanation.of} {formatHtg(transaction.amount)}{' '}
      {approval ? cancelTransferMessages.approveExplanation : cancelTransferMessages.explanation.notPaid}
    </p>
  );

  const form = approval ? (
    <div className="mt-3">
      <div className="flex items-baseline gap-0.5 text-sm font-medium text-slate-800">
        <label htmlFor={reasonId}>{cancelTransferMessages.reasonLabel}</label>
        <span aria-hidden="true" className="text-red-700">
          *
        </span>
      </div>
      <textarea
        id={reasonId}
        rows={3}
        maxLength={500}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        aria-required
        aria-invalid={errors.reason ? true : undefined}
        aria-describedby={errors.reason ? `${reasonId}-error` : undefined}
        className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-0 sm:text-sm ${
          errors.reason ? 'border-red-500 focus:outline-red-600' : 'border-slate-300 focus:outline-blue-700'
        }`}
      />
      {errors.reason && (
        <p id={`${reasonId}-error`} className="mt-1 text-sm text-red-700">
          {errors.reason}
        </p>
      )}
    </div>
  ) : (
    <SenderIdentityFieldset sender={sender} onChange={setSender} errors={errors} />
  );

  return (
    <PendingTransferAction
      transaction={transaction}
      action="cancel"
      // The administrator approves only a send from an account (its refund moves no cash); a teller does not
      // try a transfer locked by five failed identifications, which only the administrator unlocks.
      applies={approval ? transaction.senderAccountNumber !== null : !transaction.locked}
      capability={approval ? 'transactions.approveCancel' : 'transactions.cancel'}
      danger
      idempotent
      touches={cancellationTouches}
      messages={cancelTransferMessages}
      {...(approval
        ? { title: cancelTransferMessages.approveTitle, confirmLabel: cancelTransferMessages.approveConfirm }
        : {})}
      onOpen={() => {
        setSender(emptySender);
        setReason('');
        setErrors({});
      }}
      body={body}
      form={form}
      onDone={(answer) => {
        const refund = transactionSchema.safeParse(answer);
        if (refund.success) selectForReprint(refund.data);
      }}
      explanation={explanation}
    />
  );
}
