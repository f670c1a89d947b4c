import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  can,
  correctionMessages,
  correctionRequestInputSchema,
  correctionTexts,
  formatHtg,
  groupDigits,
  isReversibleType,
  transactionTypeLabels,
  type Transaction,
} from '@lajan/domain';
import { errorMessage } from '../../lib/http';
import { useHttp } from '../../lib/http-context';
import { useSession } from '../../lib/session-context';
import { Alert } from '../Alert';
import { Button } from '../Button';
import { ConfirmDialog } from '../dialog/ConfirmDialog';
import { useToasts } from '../toasts/toast-context';

/**
 * « Demander une correction » on a completed deposit, withdrawal, transfer or agent deposit of the user's
 * agent (an agent deposit: also a super administrator's), with a reason; another person decides (decision 226).
 */
export function RequestCorrectionButton({ transaction }: { transaction: Transaction }) {
  const { user } = useSession();
  const http = useHttp();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const reasonId = useId();
  const mutation = useMutation({
    mutationFn: (body: object) =>
      http.post<unknown>(
        `/transactions/${encodeURIComponent(transaction.transactionNumber)}/corrections`,
        body,
        {
          redirectOnForbidden: false,
        },
      ),
    onSuccess: () => {
      setOpen(false);
      toasts.success(correctionMessages.requested);
      void queryClient.invalidateQueries({ queryKey: ['corrections'] });
    },
  });

  const agentDeposit = transaction.type === 'agent_deposit';
  const ownAgent = transaction.agent?.code !== undefined && transaction.agent.code === user?.agent?.code;
  const mayAsk =
    transaction.status === 'completed' &&
    isReversibleType(transaction.type) &&
    can(user, 'corrections.request') &&
    (agentDeposit ? Boolean(user?.isSuperAdmin) || (ownAgent && user?.role === 'agent_admin') : ownAgent);
  if (!mayAsk) return null;

  function confirm() {
    const parsed = correctionRequestInputSchema.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message ?? correctionMessages.reasonRequired);
      return;
    }
    mutation.mutate(parsed.data);
  }

  return (
    <>
      <Button
        variant="secondary"
        className="min-h-9 px-3 py-1"
        aria-label={correctionTexts.requestButtonLabel(transaction.transactionNumber)}
        onClick={() => {
          setReason('');
          setReasonError(null);
          mutation.reset();
          setOpen(true);
        }}
      >
        {correctionTexts.requestButton}
      </Button>
      {open && (
        <ConfirmDialog
          title={correctionTexts.requestTitle}
          confirmLabel={correctionTexts.requestConfirm}
          pendingLabel={correctionTexts.requestPending}
          cancelLabel={correctionTexts.back}
          pending={mutation.isPending}
          onCancel={() => setOpen(false)}
          onConfirm={confirm}
        >
          <p>
            {transactionTypeLabels[transaction.type]}{' '}
            <span className="font-mono">{groupDigits(transaction.transactionNumber)}</span> —{' '}
            {formatHtg(transaction.amount)}. {correctionTexts.requestExplanation}
          </p>
          <div className="mt-3">
            <label htmlFor={reasonId} className="text-sm font-medium text-slate-800">
              {correctionTexts.reasonLabel}
            </label>
            <textarea
              id={reasonId}
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              aria-required
              aria-invalid={reasonError ? true : undefined}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base sm:text-sm"
            />
            {reasonError && <p className="mt-1 text-sm text-red-700">{reasonError}</p>}
          </div>
          {mutation.isError && (
            <div className="mt-3">
              <Alert type="danger">{errorMessage(mutation.error, correctionMessages.failure)}</Alert>
            </div>
          )}
        </ConfirmDialog>
      )}
    </>
  );
}
