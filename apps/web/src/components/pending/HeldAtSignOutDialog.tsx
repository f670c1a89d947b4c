import { useRef, useState } from 'react';
import { pendingOperationMessages as texts } from '@lajan/domain';
import { Button } from '../Button';
import { Dialog } from '../dialog/Dialog';
import { useToasts } from '../toasts/toast-context';
import { usePendingActions } from '../../lib/pending-actions';
import { usePendingOperations } from '../../lib/pending-context';

/**
 * Signing out with an operation still held (decision 147): keep it (the same user finds it at the next
 * sign-in on this browser; no other user sees it), or abandon it first, or stay signed in.
 */
export function HeldAtSignOutDialog({
  onSignOut,
  onCancel,
}: {
  onSignOut: () => void;
  onCancel: () => void;
}) {
  const operations = usePendingOperations();
  const actions = usePendingActions();
  const toasts = useToasts();
  const [busy, setBusy] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);

  async function abandonAll() {
    setBusy(true);
    let kept = 0;
    for (const operation of operations) {
      const outcome = await actions.abandon(operation).catch(() => ({ kind: 'unreachable' as const }));
      if (outcome.kind === 'unreachable') kept += 1;
      else if (outcome.kind === 'posted') toasts.warning(`${texts.postedBeforeAbandon} ${operation.summary}`);
    }
    setBusy(false);
    if (kept > 0) {
      toasts.error(texts.stillUnreachable);
      return;
    }
    toasts.success(texts.abandoned);
    onSignOut();
  }

  return (
    <Dialog
      title={texts.logoutTitle}
      onClose={() => {
        if (!busy) onCancel();
      }}
      initialFocus={cancelRef}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={busy}>
            {texts.cancel}
          </Button>
          <Button variant="danger" onClick={() => void abandonAll()} loading={busy} disabled={busy}>
            {texts.logoutAbandon}
          </Button>
          <Button onClick={onSignOut} disabled={busy}>
            {texts.logoutKeep}
          </Button>
        </>
      }
    >
      <ul className="list-disc pl-5">
        {operations.map((operation) => (
          <li key={operation.key}>{operation.summary}</li>
        ))}
      </ul>
      <p className="mt-2">{texts.logoutBody}</p>
    </Dialog>
  );
}
