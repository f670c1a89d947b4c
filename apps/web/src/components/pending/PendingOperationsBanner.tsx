import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatDateTimeFr, mayResendPending, pendingOperationMessages as texts } from '@lajan/domain';
import { Button } from '../Button';
import { ConfirmDialog } from '../dialog/ConfirmDialog';
import { useReceipt } from '../receipt/receipt-context';
import { useToasts } from '../toasts/toast-context';
import { usePendingActions, usePendingOperations, type PendingOutcome } from '../../lib/pending-context';
import type { PendingOperation } from '../../lib/pending-operations';

/**
 * Decision 147: every operation the signed-in teller confirmed without an answer, on every screen, with
 * what can be done about it: send it again with the same key, ask the server what became of it, or
 * abandon it (the server voids the key; an operation already posted answers its receipt).
 */
/** The time, read in handlers and timers (never during a render). */
function clockNow(): number {
  return Date.now();
}

export function PendingOperationsBanner() {
  const operations = usePendingOperations();
  if (operations.length === 0) return null;
  return (
    <section
      aria-label={texts.bannerTitle}
      className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 sm:px-6 lg:px-8"
    >
      <ul className="flex flex-col gap-3">
        {operations.map((operation) => (
          <HeldOperation key={operation.key} operation={operation} />
        ))}
      </ul>
    </section>
  );
}

function HeldOperation({ operation }: { operation: PendingOperation }) {
  const actions = usePendingActions();
  const toasts = useToasts();
  const receipt = useReceipt();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'resend' | 'check' | 'abandon' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [printing, setPrinting] = useState(false);

  // Past the limit the server may have forgotten the key: sending it again could post it twice. The time
  // is read again each minute, and at each click.
  const [now, setNow] = useState(clockNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(clockNow()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const resendable = mayResendPending(operation.confirmedAt, now);

  async function act(kind: 'resend' | 'check' | 'abandon') {
    const clicked = clockNow();
    setNow(clicked);
    if (kind === 'resend' && !mayResendPending(operation.confirmedAt, clicked)) return;
    setBusy(kind);
    let outcome: PendingOutcome;
    try {
      outcome = await actions[kind](operation);
    } catch {
      outcome = { kind: 'unreachable' };
    } finally {
      setBusy(null);
      setConfirming(false);
    }
    tell(kind, outcome);
  }

  function tell(kind: 'resend' | 'check' | 'abandon', outcome: PendingOutcome) {
    switch (outcome.kind) {
      case 'posted':
        void queryClient.invalidateQueries();
        receipt.select(outcome.transaction);
        toasts.success(kind === 'resend' ? texts.posted : texts.alreadyPosted);
        return;
      case 'abandoned':
        toasts.success(texts.abandoned);
        return;
      case 'unknown':
        toasts.warning(
          mayResendPending(operation.confirmedAt, clockNow()) ? texts.stillUnknown : texts.keyForgotten,
        );
        return;
      case 'unreachable':
        toasts.error(texts.stillUnreachable);
        return;
      case 'refused':
        toasts.error(`${texts.refused} : ${outcome.message}`);
    }
  }

  return (
    <li className="flex flex-col gap-2 lg:flex-row lg:items-center lg:justify-between">
      <div role="status">
        <p className="font-semibold">{texts.bannerTitle}</p>
        <p className="text-sm">{operation.summary}</p>
        <p className="text-xs text-amber-900">
          {texts.confirmedAt} {formatDateTimeFr(operation.confirmedAt)}
        </p>
        {resendable ? null : <p className="text-sm">{texts.tooOldToResend}</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => void act('resend')}
          loading={busy === 'resend'}
          disabled={busy !== null || !resendable}
        >
          {texts.resend}
        </Button>
        <Button
          variant="secondary"
          onClick={() => void act('check')}
          loading={busy === 'check'}
          disabled={busy !== null}
        >
          {texts.check}
        </Button>
        <Button variant="secondary" onClick={() => setPrinting(true)} disabled={busy !== null}>
          {texts.unconfirmedReceiptButton}
        </Button>
        <Button variant="danger" onClick={() => setConfirming(true)} disabled={busy !== null}>
          {texts.abandon}
        </Button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={texts.abandonTitle}
          confirmLabel={texts.abandonConfirm}
          cancelLabel={texts.keep}
          variant="danger"
          pending={busy === 'abandon'}
          onConfirm={() => void act('abandon')}
          onCancel={() => setConfirming(false)}
        >
          <p>{operation.summary}</p>
          <p className="mt-2">{texts.abandonBody}</p>
        </ConfirmDialog>
      )}
      {printing && <UnconfirmedReceipt operation={operation} onClose={() => setPrinting(false)} />}
    </li>
  );
}

/** A receipt printed before the server answered: it says so, in capitals, and carries no transaction number. */
function UnconfirmedReceipt({ operation, onClose }: { operation: PendingOperation; onClose: () => void }) {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-label={texts.unconfirmedReceiptButton}
        className="rounded-md bg-white p-4 shadow-xl"
      >
        <div className="receipt-print w-72 font-mono text-sm text-slate-900">
          <p className="border-2 border-slate-900 py-1 text-center text-xl font-bold tracking-widest">
            {texts.unconfirmed}
          </p>
          <p className="mt-2 font-semibold">Lajan</p>
          <p className="mt-2">{operation.summary}</p>
          <p className="mt-1">
            {texts.confirmedAt} {formatDateTimeFr(operation.confirmedAt)}
          </p>
          <p className="mt-1 break-all">
            {texts.key} {operation.key}
          </p>
          <p className="mt-2 text-xs">{texts.unconfirmedReceipt}</p>
        </div>
        <div className="mt-4 flex justify-end gap-2 print:hidden">
          <Button variant="secondary" onClick={onClose}>
            {texts.close}
          </Button>
          <Button onClick={() => window.print()}>{texts.print}</Button>
        </div>
      </div>
    </div>
  );
}
