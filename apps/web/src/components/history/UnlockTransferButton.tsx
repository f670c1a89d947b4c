import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { can, payoutMessages, type Transaction } from '@lajan/domain';
import { errorMessage } from '../../lib/http';
import { useHttp } from '../../lib/http-context';
import { useSession } from '../../lib/session-context';
import { Alert } from '../Alert';
import { Button } from '../Button';
import { ConfirmDialog } from '../dialog/ConfirmDialog';
import { useToasts } from '../toasts/toast-context';

/**
 * Unlocking an external transfer locked by five failed identifications (decision 112): only a teller of
 * the sending agent sees the button, beside "Annuler"; after a confirmation,
 * `POST /transactions/{transactionNumber}/unlock` allows five new tries.
 */
export function UnlockTransferButton({ transaction }: { transaction: Transaction }) {
  const { user } = useSession();
  const http = useHttp();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: () =>
      http.post<unknown>(
        `/transactions/${encodeURIComponent(transaction.transactionNumber)}/unlock`,
        {},
        { redirectOnForbidden: false },
      ),
    onSuccess: async () => {
      setOpen(false);
      toasts.success(payoutMessages.unlocked);
      await queryClient.invalidateQueries({ queryKey: ['transactions'] });
    },
  });

  const mine =
    transaction.type === 'external_transfer' &&
    transaction.status === 'pending' &&
    transaction.locked &&
    can(user, 'transactions.operate') &&
    transaction.agent?.code !== undefined &&
    transaction.agent?.code === user?.agent?.code;
  if (!mine) return null;

  return (
    <>
      <Button
        variant="secondary"
        className="min-h-9 px-3 py-1"
        aria-label={payoutMessages.unlockButtonLabel(transaction.transactionNumber)}
        onClick={() => {
          mutation.reset();
          setOpen(true);
        }}
      >
        {payoutMessages.unlockButton}
      </Button>
      {open && (
        <ConfirmDialog
          title={payoutMessages.unlockTitle}
          confirmLabel={payoutMessages.unlockConfirm}
          pendingLabel={payoutMessages.unlockPending}
          cancelLabel={payoutMessages.unlockBack}
          pending={mutation.isPending}
          onConfirm={() => mutation.mutate()}
          onCancel={() => setOpen(false)}
        >
          <p>
            <span className="font-mono">{transaction.transactionNumber}</span> —{' '}
            {payoutMessages.unlockExplanation}
          </p>
          {mutation.isError && (
            <Alert type="danger" className="mt-3">
              {errorMessage(mutation.error, payoutMessages.unlockFailure)}
            </Alert>
          )}
        </ConfirmDialog>
      )}
    </>
  );
}
