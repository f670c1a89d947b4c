import { useRef, type ReactNode } from 'react';
import { Button, type ButtonVariant } from '../Button';
import { Dialog } from './Dialog';
import { t } from '@lingui/core/macro';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while `pending` ("Activation..."). */
  pendingLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  pending?: boolean;
  variant?: Extract<ButtonVariant, 'primary' | 'danger'>;
  /** False keeps the confirm button disabled (a required reason is still empty). */
  canConfirm?: boolean;
}

/**
 * "Are you sure?" before an action that cannot be undone. Focus starts on Annuler, so that an Enter
 * pressed by habit does not confirm.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  pendingLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  pending = false,
  variant = 'primary',
  canConfirm = true,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      title={title}
      onClose={() => {
        if (!pending) onCancel();
      }}
      initialFocus={cancelRef}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={pending}>
            {cancelLabel ?? t`Annuler`}
          </Button>
          <Button
            variant={variant}
            onClick={onConfirm}
            loading={pending}
            loadingText={pendingLabel}
            disabled={!canConfirm}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
