import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { can, cancelTransferMessages, formatHtg, transactionSchema, type Transaction } from '@lajan/domain';
import { errorMessage } from '../../lib/http';
import { useHttp } from '../../lib/http-context';
import { useSession } from '../../lib/session-context';
import { Alert } from '../Alert';
import { Button } from '../Button';
import { ConfirmDialog } from '../dialog/ConfirmDialog';
import { useSelectForReprint } from '../receipt/use-select-for-reprint';
import { useToasts } from '../toasts/toast-context';

/** A fresh random key per confirmation dialog (DESIGN §4: the web app sends one per confirmed operation). */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Cancelling a pending external transfer (issue 5): only a teller of the sending agent sees the button;
 * after a confirmation, `POST /transactions/{transactionNumber}/cancel` posts the refund (the fee is kept)
 * and its receipt opens in the panel.
 */
export function CancelTransferButton({ transaction }: { transaction: Transaction }) {
  const { user } = useSession();
  const http = useHttp();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const { selectForReprint } = useSelectForReprint();
  const [open, setOpen] = useState(false);
  const key = useRef<string>('');
  const mutation = useMutation({
    mutationFn: async () => {
      const answer = await http.post<unknown>(
        `/transactions/${encodeURIComponent(transaction.transactionNumber)}/cancel`,
        {},
        { headers: { 'Idempotency-Key': key.current }, redirectOnForbidden: false },
      );
      const parsed = transactionSchema.safeParse(answer);
      return parsed.success ? parsed.data : null;
    },
    onSuccess: async (refund) => {
      setOpen(false);
      toasts.success(cancelTransferMessages.success);
      if (refund) selectForReprint(refund);
      await queryClient.invalidateQueries({ queryKey: ['transactions'] });
    },
  });

  const mine =
    transaction.type === 'external_transfer' &&
    transaction.status === 'pending' &&
    can(user, 'transactions.operate') &&
    transaction.agent?.code !== undefined &&
    transaction.agent?.code === user?.agent?.code;
  if (!mine) return null;

  return (
    <>
      <Button
        variant="secondary"
        className="min-h-9 px-3 py-1 text-red-800"
        aria-label={cancelTransferMessages.buttonLabel(transaction.transactionNumber)}
        onClick={() => {
          key.current = newKey();
          mutation.reset();
          setOpen(true);
        }}
      >
        {cancelTransferMessages.button}
      </Button>
      {open && (
        <ConfirmDialog
          title={cancelTransferMessages.title}
          confirmLabel={cancelTransferMessages.confirm}
          pendingLabel={cancelTransferMessages.pending}
          cancelLabel={cancelTransferMessages.back}
          variant="danger"
          pending={mutation.isPending}
          onConfirm={() => mutation.mutate()}
          onCancel={() => setOpen(false)}
        >
          <p>
            {cancelTransferMessages.explanation.transfer}{' '}
            <span className="font-mono">{transaction.transactionNumber}</span>{' '}
            {cancelTransferMessages.explanation.of} {formatHtg(transaction.amount)}{' '}
            {cancelTransferMessages.explanation.notPaid}
          </p>
          {mutation.isError && (
            <Alert type="danger" className="mt-3">
              {errorMessage(mutation.error, cancelTransferMessages.failure)}
            </Alert>
          )}
        </ConfirmDialog>
      )}
    </>
  );
}
