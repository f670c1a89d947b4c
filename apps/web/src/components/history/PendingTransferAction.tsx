import { useRef, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { can, IDEMPOTENCY_HEADER, type Capability, type Transaction } from '@lajan/domain';
import { errorMessage } from '../../lib/http';
import { useHttp } from '../../lib/http-context';
import { refreshMoneyViews, type MoneyView } from '../../lib/query-keys';
import { useSession } from '../../lib/session-context';
import { Alert } from '../Alert';
import { Button } from '../Button';
import { ConfirmDialog } from '../dialog/ConfirmDialog';
import { useToasts } from '../toasts/toast-context';

/** A fresh random key per confirmation dialog. */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The texts of one confirmed action (all from `@lajan/domain`). */
export interface PendingTransferActionMessages {
  button: string;
  buttonLabel: (transactionNumber: string) => string;
  title: string;
  confirm: string;
  pending: string;
  back: string;
  failure: string;
  success: string;
}

/** What the button reads of the transfer: a history row, or a transfer of « Transferts à rembourser ». */
export type TransferOfAction = Pick<
  Transaction,
  'transactionNumber' | 'type' | 'status' | 'agent' | 'locked'
>;

interface PendingTransferActionProps {
  transaction: TransferOfAction;
  /** The last segment of `POST /transactions/{transactionNumber}/{action}`. */
  action: 'cancel' | 'unlock';
  /** Whether the action applies to this transfer beyond its being pending, external and the user's agent's. */
  applies?: boolean;
  /** Also on an expired transfer (the unlock: its cash refund identifies the sender, decision 225). */
  expiredToo?: boolean;
  messages: PendingTransferActionMessages;
  /** What the dialog says about the transfer. */
  explanation: ReactNode;
  /** Red button and confirmation (an operation that cannot be undone). */
  danger?: boolean;
  /** A money operation: an `Idempotency-Key` per confirmation dialog. */
  idempotent?: boolean;
  /** The screens its success changes (decision 146), read again or dropped as a money flow's are. */
  touches: readonly MoneyView[];
  /** Called with the server's answer once the action succeeded. */
  onDone?: (answer: unknown) => void;
  /** Who sees the button (of the sending agent): a teller by default. */
  capability?: Capability;
  /** The request's body at confirmation; null keeps the dialog open (the form says what is missing). */
  body?: () => object | null;
  /** Fields of the dialog (the sender's identity, a reason), below the explanation. */
  form?: ReactNode;
  /** Called each time the dialog opens: a form starts empty. */
  onOpen?: () => void;
  /** The dialog's title, when it differs from the button's action (an approval). */
  title?: string;
  confirmLabel?: string;
}

/**
 * A confirmed action on a pending (or expired) external transfer: only a user of the sending agent
 * with the action's capability sees the button; after a confirmation, `POST /transactions/{transactionNumber}/{action}`, then a toast and
 * a fresh history. A refusal stays in the dialog.
 */
export function PendingTransferAction({
  transaction,
  action,
  applies = true,
  expiredToo = false,
  messages,
  explanation,
  danger = false,
  idempotent = false,
  touches,
  onDone,
  capability = 'transactions.operate',
  body,
  form,
  onOpen,
  title,
  confirmLabel,
}: PendingTransferActionProps) {
  const { user } = useSession();
  const http = useHttp();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const key = useRef<string>('');
  const mutation = useMutation({
    mutationFn: (payload: object) =>
      http.post<unknown>(
        `/transactions/${encodeURIComponent(transaction.transactionNumber)}/${action}`,
        payload,
        idempotent
          ? { headers: { [IDEMPOTENCY_HEADER]: key.current }, redirectOnForbidden: false }
          : { redirectOnForbidden: false },
      ),
    onSuccess: (answer) => {
      setOpen(false);
      toasts.success(messages.success);
      onDone?.(answer);
      refreshMoneyViews(queryClient, touches);
    },
  });

  const mine =
    applies &&
    transaction.type === 'external_transfer' &&
    (transaction.status === 'pending' || (expiredToo && transaction.status === 'expired')) &&
    can(user, capability) &&
    transaction.agent?.code !== undefined &&
    transaction.agent?.code === user?.agent?.code;
  if (!mine) return null;

  return (
    <>
      <Button
        variant="secondary"
        className={danger ? 'min-h-9 px-3 py-1 text-red-800' : 'min-h-9 px-3 py-1'}
        aria-label={messages.buttonLabel(transaction.transactionNumber)}
        onClick={() => {
          if (idempotent) key.current = newKey();
          mutation.reset();
          onOpen?.();
          setOpen(true);
        }}
      >
        {messages.button}
      </Button>
      {open && (
        <ConfirmDialog
          title={title ?? messages.title}
          confirmLabel={confirmLabel ?? messages.confirm}
          pendingLabel={messages.pending}
          cancelLabel={messages.back}
          variant={danger ? 'danger' : 'primary'}
          pending={mutation.isPending}
          onConfirm={() => {
            const payload = body ? body() : {};
            if (payload) mutation.mutate(payload);
          }}
          onCancel={() => setOpen(false)}
        >
          {explanation}
          {form}
          {mutation.isError && (
            <Alert type="danger" className="mt-3">
              {errorMessage(mutation.error, messages.failure)}
            </Alert>
          )}
        </ConfirmDialog>
      )}
    </>
  );
}
