import { useId, useRef, useState } from 'react';
import {
  can,
  correctionMessages,
  correctionRejectInputSchema,
  correctionStatusLabels,
  correctionColumnTexts as columns,
  correctionTexts,
  formatDateTime,
  formatHtg,
  transactionSchema,
  transactionTypeLabels,
  type Correction,
} from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { useReceipt } from '../../components/receipt/receipt-context';
import { tableClasses } from '../../components/responsive-table';
import { useToasts } from '../../components/toasts/toast-context';
import { errorMessage } from '../../lib/http';
import { useSession } from '../../lib/session-context';
import { currentLanguage, formatLanguage } from '../../i18n/i18n';
import { useCorrectionAction, useCorrections, type CorrectionAction } from './api';

/** A fresh random key per confirmation dialog: a retry of the same confirmation replays its answer. */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * /corrections (decision 226): « Corrections à valider » for who decides (never her own request),
 * « Corrections à exécuter » for a teller when cash moves, then the others; a posted correction's slip
 * opens in the receipt panel.
 */
export default function CorrectionsPage() {
  const { user } = useSession();
  const language = formatLanguage(currentLanguage());
  const corrections = useCorrections();
  const action = useCorrectionAction();
  const toasts = useToasts();
  const { select } = useReceipt();
  const [open, setOpen] = useState<{ correction: Correction; action: CorrectionAction } | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const key = useRef('');
  const reasonId = useId();

  const rows = corrections.data ?? [];
  const mayDecide = (c: Correction) =>
    c.status === 'requested' &&
    can(user, 'corrections.review') &&
    c.requestedBy.username !== user?.username &&
    c.superAdminRequired === Boolean(user?.isSuperAdmin);
  const mayExecute = (c: Correction) =>
    c.status === 'approved' && c.cashMoves && can(user, 'corrections.execute');
  const toValidate = rows.filter(mayDecide);
  const toExecute = rows.filter(mayExecute);
  const others = rows.filter((c) => !mayDecide(c) && !mayExecute(c));

  function start(correction: Correction, chosen: CorrectionAction) {
    key.current = newKey();
    setReason('');
    setReasonError(null);
    action.reset();
    setOpen({ correction, action: chosen });
  }

  function confirm() {
    if (!open) return;
    let body: object | undefined;
    if (open.action === 'reject') {
      const parsed = correctionRejectInputSchema.safeParse({ reason });
      if (!parsed.success) {
        setReasonError(parsed.error.issues[0]?.message ?? correctionMessages.reasonRequired);
        return;
      }
      body = parsed.data;
    }
    action.mutate(
      { correction: open.correction, action: open.action, key: key.current, ...(body ? { body } : {}) },
      {
        onSuccess: (answer) => {
          setOpen(null);
          const reversal = transactionSchema.safeParse(answer);
          if (reversal.success && reversal.data.type === 'reversal') {
            toasts.success(correctionMessages.executed);
            select(reversal.data);
          } else
            toasts.success(
              open.action === 'reject' ? correctionMessages.rejected : correctionMessages.approved,
            );
        },
      },
    );
  }

  const table = (title: string, list: Correction[], actions: (c: Correction) => React.ReactNode) => (
    <section aria-label={title} className="space-y-2">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {list.length === 0 ? (
        <p className="text-slate-600">{correctionTexts.none}</p>
      ) : (
        <div className={tableClasses.box}>
          <table className={tableClasses.table}>
            <thead className={tableClasses.head}>
              <tr>
                <th scope="col" className={tableClasses.th}>
                  {columns.transaction}
                </th>
                <th scope="col" className={tableClasses.th}>
                  {columns.type}
                </th>
                <th scope="col" className={`${tableClasses.th} text-right`}>
                  {columns.amount}
                </th>
                <th scope="col" className={tableClasses.th}>
                  {columns.requestedBy}
                </th>
                <th scope="col" className={tableClasses.th}>
                  {columns.reason}
                </th>
                <th scope="col" className={tableClasses.th}>
                  {columns.status}
                </th>
                <th scope="col" className={tableClasses.th}>
                  <span className="sr-only">{columns.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody className={tableClasses.body}>
              {list.map((c) => (
                <tr key={c.id} className={tableClasses.row}>
                  <td data-label={columns.transaction} className={`${tableClasses.td} font-mono`}>
                    {c.transactionNumber}
                  </td>
                  <td data-label={columns.type} className={tableClasses.td}>
                    {transactionTypeLabels[c.transactionType]} · {c.agent.code}
                  </td>
                  <td
                    data-label={columns.amount}
                    className={`${tableClasses.td} text-right whitespace-nowrap`}
                  >
                    {formatHtg(c.amount)}
                  </td>
                  <td data-label={columns.requestedBy} className={tableClasses.td}>
                    {c.requestedBy.username}, {formatDateTime(c.requestedAt, language)}
                  </td>
                  <td data-label={columns.reason} className={tableClasses.td}>
                    {c.reason}
                    {c.rejectionReason ? ` — ${c.rejectionReason}` : ''}
                  </td>
                  <td data-label={columns.status} className={tableClasses.td}>
                    {correctionStatusLabels[c.status]}
                  </td>
                  <td
                    data-label={columns.actions}
                    className={`${tableClasses.td} space-x-2 whitespace-nowrap`}
                  >
                    {actions(c)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );

  const dialogTitle =
    open?.action === 'approve'
      ? correctionTexts.approveTitle
      : open?.action === 'reject'
        ? correctionTexts.rejectTitle
        : correctionTexts.executeTitle;
  const confirmLabel =
    open?.action === 'approve'
      ? correctionTexts.approve
      : open?.action === 'reject'
        ? correctionTexts.rejectConfirm
        : correctionTexts.execute;

  return (
    <section className="mx-auto w-full max-w-5xl space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{correctionTexts.pageTitle}</h1>
      {corrections.isError && (
        <Alert type="danger">{errorMessage(corrections.error, correctionMessages.failure)}</Alert>
      )}
      {corrections.data &&
        can(user, 'corrections.review') &&
        table(correctionTexts.toValidate, toValidate, (c) => (
          <>
            <Button
              className="min-h-9 px-3 py-1"
              aria-label={correctionTexts.approveLabel(c.transactionNumber)}
              onClick={() => start(c, 'approve')}
            >
              {correctionTexts.approve}
            </Button>
            <Button
              variant="secondary"
              className="min-h-9 px-3 py-1 text-red-800"
              aria-label={correctionTexts.rejectLabel(c.transactionNumber)}
              onClick={() => start(c, 'reject')}
            >
              {correctionTexts.reject}
            </Button>
          </>
        ))}
      {corrections.data &&
        can(user, 'corrections.execute') &&
        table(correctionTexts.toExecute, toExecute, (c) => (
          <Button
            className="min-h-9 px-3 py-1"
            aria-label={correctionTexts.executeLabel(c.transactionNumber)}
            onClick={() => start(c, 'execute')}
          >
            {correctionTexts.execute}
          </Button>
        ))}
      {corrections.data && table(correctionTexts.others, others, () => null)}
      {open && (
        <ConfirmDialog
          title={dialogTitle}
          confirmLabel={confirmLabel}
          pendingLabel={correctionTexts.pending}
          cancelLabel={correctionTexts.back}
          variant={open.action === 'reject' ? 'danger' : 'primary'}
          pending={action.isPending}
          onCancel={() => setOpen(null)}
          onConfirm={confirm}
        >
          <p>
            {transactionTypeLabels[open.correction.transactionType]}{' '}
            <span className="font-mono">{open.correction.transactionNumber}</span> —{' '}
            {formatHtg(open.correction.amount)} — {columns.reason.toLowerCase()} : {open.correction.reason}
          </p>
          {open.action === 'approve' && (
            <p className="mt-2">
              {open.correction.cashMoves ? correctionTexts.approveCash : correctionTexts.approveNoCash}
            </p>
          )}
          {open.action === 'execute' && (
            <p className="mt-2">
              {open.correction.transactionType === 'deposit'
                ? correctionTexts.executeDeposit
                : correctionTexts.executeWithdrawal}
            </p>
          )}
          {open.action === 'reject' && (
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
          )}
          {action.isError && (
            <div className="mt-3">
              <Alert type="danger">{errorMessage(action.error, correctionMessages.failure)}</Alert>
            </div>
          )}
        </ConfirmDialog>
      )}
    </section>
  );
}
