import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  formatDateTime,
  mayResendPending,
  pendingOperationMessages as texts,
  type Transaction,
} from '@lajan/domain';
import { Button } from '../Button';
import { ConfirmDialog } from '../dialog/ConfirmDialog';
import { Dialog } from '../dialog/Dialog';
import { useReceipt } from '../receipt/receipt-context';
import { useToasts } from '../toasts/toast-context';
import { usePendingActions, type PendingOutcome, type SendAllResult } from '../../lib/pending-actions';
import { usePendingOperations } from '../../lib/pending-context';
import { mayResend, type PendingOperation } from '../../lib/pending-operations';
import { currentLanguage, formatLanguage } from '../../i18n/i18n';

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
  const actions = usePendingActions();
  const queryClient = useQueryClient();
  const receipt = useReceipt();
  const toasts = useToasts();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [results, setResults] = useState<SendAllResult[] | null>(null);

  async function sendAll() {
    setProgress({ done: 0, total: 0 });
    const outcomes = await actions
      .resendAll(operations, (done, total) => setProgress({ done, total }))
      .finally(() => setProgress(null));
    if (outcomes.some((result) => result.outcome.kind === 'posted')) void queryClient.invalidateQueries();
    // The summary says what became of each: earlier toasts about a settled one are past (decision 215).
    for (const { operation, outcome } of outcomes)
      if (outcome.kind === 'posted' || outcome.kind === 'abandoned' || outcome.kind === 'refused')
        toasts.dismissAbout(operation.key);
    setResults(outcomes);
  }

  // Kept on screen while a run or its summary is: the last operation sent empties the list.
  if (operations.length === 0 && !progress && !results) return null;
  // Several held, one at least that may still be sent (decision 151; the time is checked again at each).
  const offerSendAll =
    operations.length > 1 && operations.some((operation) => !operation.forgotten && !operation.sealed);
  return (
    <section
      aria-label={texts.bannerTitle}
      className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 sm:px-6 lg:px-8"
    >
      {(offerSendAll || progress) && (
        <div className="mb-3 flex flex-wrap items-center gap-3">
          <Button onClick={() => void sendAll()} loading={progress !== null} disabled={progress !== null}>
            {texts.sendAll}
          </Button>
          <p role="status" className="text-sm font-semibold">
            {progress && progress.total > 0 ? texts.sendAllProgress(progress.done, progress.total) : ''}
          </p>
        </div>
      )}
      <ul className="flex flex-col gap-3">
        {operations.map((operation) => (
          <HeldOperation key={operation.key} operation={operation} locked={progress !== null} />
        ))}
      </ul>
      {results && (
        <SendAllSummary
          results={results}
          onClose={() => setResults(null)}
          onReceipt={(transaction) => {
            setResults(null);
            receipt.select(transaction);
          }}
        />
      )}
    </section>
  );
}

/** What became of each operation of a "Tout renvoyer": posted (with its receipt), refused, still held. */
function SendAllSummary({
  results,
  onClose,
  onReceipt,
}: {
  results: SendAllResult[];
  onClose: () => void;
  onReceipt: (transaction: Transaction) => void;
}) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const posted = results.filter((result) => result.outcome.kind === 'posted').length;
  return (
    <Dialog
      title={texts.sendAllTitle}
      onClose={onClose}
      initialFocus={closeRef}
      footer={
        <Button ref={closeRef} onClick={onClose}>
          {texts.close}
        </Button>
      }
    >
      <p className="font-semibold">{texts.sendAllSummary(posted, results.length)}</p>
      <ul className="mt-3 flex flex-col gap-3">
        {results.map(({ operation, outcome }) => (
          <li key={operation.key} className="border-t border-slate-200 pt-2">
            <p className="text-sm">{operation.summary}</p>
            <p className="text-sm font-semibold">{outcomeLine(outcome)}</p>
            {outcome.kind === 'posted' && (
              <Button variant="secondary" className="mt-1" onClick={() => onReceipt(outcome.transaction)}>
                {texts.showReceipt}
                <span className="sr-only"> {outcome.transaction.transactionNumber}</span>
              </Button>
            )}
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

function outcomeLine(outcome: PendingOutcome): string {
  switch (outcome.kind) {
    case 'posted':
      return texts.sendAllPosted(outcome.transaction.transactionNumber);
    case 'refused':
      return texts.sendAllRefused(outcome.message);
    case 'tooOld':
      return texts.sendAllTooOld;
    case 'sealed':
      return texts.sendAllSealed;
    case 'notSent':
      return texts.sendAllNotSent;
    default:
      return texts.sendAllUnreachable;
  }
}

function HeldOperation({ operation, locked }: { operation: PendingOperation; locked: boolean }) {
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
  const resendable = mayResend(operation, now);
  const blocked = busy !== null || locked;

  async function act(kind: 'resend' | 'check' | 'abandon') {
    const clicked = clockNow();
    setNow(clicked);
    if (kind === 'resend' && !mayResend(operation, clicked)) return;
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
    const about = operation.key;
    // Settled: what an earlier try said of it (« Le serveur ne répond pas… ») is past (decision 215).
    if (outcome.kind === 'posted' || outcome.kind === 'abandoned' || outcome.kind === 'refused')
      toasts.dismissAbout(about);
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
          undefined,
          about,
        );
        return;
      case 'unreachable':
        toasts.error(texts.stillUnreachable, undefined, about);
        return;
      case 'refused':
        toasts.error(`${texts.refused} : ${outcome.message}`);
        return;
      case 'sealed':
        toasts.warning(texts.sealed, undefined, about);
        return;
      case 'tooOld':
      case 'notSent':
        toasts.warning(texts.keyForgotten, undefined, about);
    }
  }

  return (
    <li className="flex flex-col gap-2 lg:flex-row lg:items-center lg:justify-between">
      <div role="status">
        <p className="font-semibold">{texts.bannerTitle}</p>
        <p className="text-sm">{operation.summary}</p>
        <p className="text-xs text-amber-900">
          {texts.confirmedAt} {formatDateTime(operation.confirmedAt, formatLanguage(currentLanguage()))}
        </p>
        {mayResendPending(operation.confirmedAt, now) ? null : (
          <p className="text-sm">{texts.tooOldToResend}</p>
        )}
        {operation.sealed && <p className="text-sm">{texts.sealed}</p>}
        {operation.forgotten && (
          <>
            <p className="text-sm">{texts.forgotten}</p>
            <p className="text-xs break-all">
              {texts.key} {operation.key}
            </p>
          </>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => void act('resend')}
          loading={busy === 'resend'}
          disabled={blocked || !resendable}
        >
          {texts.resend}
        </Button>
        <Button
          variant="secondary"
          onClick={() => void act('check')}
          loading={busy === 'check'}
          disabled={blocked}
        >
          {texts.check}
        </Button>
        {!operation.forgotten && !operation.sealed && (
          <Button variant="secondary" onClick={() => setPrinting(true)} disabled={blocked}>
            {texts.unconfirmedReceiptButton}
          </Button>
        )}
        <Button variant="danger" onClick={() => setConfirming(true)} disabled={blocked}>
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
            {texts.confirmedAt} {formatDateTime(operation.confirmedAt, formatLanguage(currentLanguage()))}
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
