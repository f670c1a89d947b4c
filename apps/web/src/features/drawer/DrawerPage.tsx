import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import {
  openingAcknowledgementText,
  drawerDifferenceKind,
  drawerTexts,
  roundingExplanation,
  drawerTotalCentimes,
  formatDateTime,
  formatHtg,
  type DrawerCounts,
  type DrawerSession,
  type DrawerTicket as Ticket,
} from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { useCurrentDrawer } from '../../components/drawer-notice/DrawerClosedNotice';
import { errorMessage } from '../../lib/http';
import { resumeIdOf } from '../../lib/operation-drafts';
import { currentLanguage, formatLanguage } from '../../i18n/i18n';
import { useCloseDrawer, useOpenDrawer } from './api/drawer';
import { countErrorsOf, DenominationCount } from './DenominationCount';
import { DrawerTicket } from './DrawerTicket';

/**
 * /drawer (decision 149): the teller opens its drawer with a count by denomination; once open, the
 * blind close (the count, without the expected amount); then the result and the closing ticket.
 */
export default function DrawerPage() {
  const current = useCurrentDrawer();
  const open = useOpenDrawer();
  const close = useCloseDrawer();
  const language = formatLanguage(currentLanguage());
  const [counts, setCounts] = useState<Partial<DrawerCounts>>({});
  const [closed, setClosed] = useState<Ticket | null>(null);
  // The close cannot be undone: it asks first, with the total counted (an empty count says so).
  const [confirmingClose, setConfirmingClose] = useState(false);
  const [confirmingOpen, setConfirmingOpen] = useState(false);
  const countedCentimes = drawerTotalCentimes(counts);
  const countIsValid = Object.keys(countErrorsOf(counts)).length === 0;
  // Sent here by "Caisse fermée" on a cash operation's screen: once open, the way back to it.
  const state: unknown = useLocation().state;
  const from = (state as { from?: unknown } | null)?.from;
  // What the operation typed, kept while the drawer opens: handed back with the way to it (decision 210).
  const resume = resumeIdOf(state);
  // A path of this app only: "//host" would leave it.
  const backTo = typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
  // How many times the drawer was opened on this page (once closed, it may be opened again).
  const [openings, setOpenings] = useState(0);
  const openedNow = openings > 0;
  // Opened: the count's form, scrolled to its button, gives way to the closing count. The page starts again
  // at its top, « Caisse ouverte » and « Reprendre l'opération » in sight, not mid-way down the count
  // (decision 215); the keyboard and the screen reader start at the page's title.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (openings === 0) return;
    window.scrollTo({ top: 0 });
    headingRef.current?.focus({ preventScroll: true });
  }, [openings]);

  return (
    <section className="mx-auto w-full max-w-3xl space-y-6">
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold text-slate-900 focus:outline-none">
        {drawerTexts.pageTitle}
      </h1>
      {current.isPending && <p role="status">…</p>}
      {closed && (
        <div className="space-y-3">
          {/* A gap is said at once, not only inside the ticket: it needs looking into, acknowledged or not. */}
          <DifferenceAlert
            difference={closed.difference ?? 0}
            plain={drawerTexts.closedNotice}
            titled={drawerTexts.closedWithDifference}
          >
            {closed.needsAcknowledgement ? drawerTexts.needsAcknowledgement : null}
          </DifferenceAlert>
          <DrawerTicket ticket={closed} />
          {/* The day is over: the count to open again waits to be asked for, not laid under the ticket. */}
          <Button variant="secondary" onClick={() => setClosed(null)}>
            {drawerTexts.openAgain}
          </Button>
        </div>
      )}
      {current.isSuccess && current.data === null && !closed && (
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (countIsValid) setConfirmingOpen(true);
          }}
        >
          <p className="text-slate-700">{drawerTexts.openIntro}</p>
          <DenominationCount idPrefix="open" counts={counts} onChange={setCounts} />
          {open.isError && <Alert type="danger">{errorMessage(open.error, drawerTexts.loadFailed)}</Alert>}
          <Button type="submit" loading={open.isPending} disabled={!countIsValid}>
            {drawerTexts.openAction}
          </Button>
          {/* The opening fund stays until the close: it asks first, with the total counted. */}
          {confirmingOpen && (
            <CountConfirmDialog
              title={drawerTexts.openConfirmTitle}
              confirmLabel={drawerTexts.openConfirmAction}
              text={drawerTexts.openConfirm(formatHtg(countedCentimes / 100))}
              nothingCounted={countedCentimes === 0 ? drawerTexts.openNothingCounted : null}
              pending={open.isPending}
              onCancel={() => setConfirmingOpen(false)}
              onConfirm={() => {
                setClosed(null);
                open.mutate(counts, {
                  onSuccess: () => {
                    setCounts({});
                    setOpenings((count) => count + 1);
                  },
                  onSettled: () => setConfirmingOpen(false),
                });
              }}
            />
          )}
        </form>
      )}
      {/* Also when it was open already (another tab opened it): the way back, before the closing count. */}
      {(openedNow || backTo) && current.data && (
        <Alert type="success" title={drawerTexts.openedNow}>
          {backTo && (
            <Link
              to={backTo}
              state={resume ? { resume } : undefined}
              className="mt-1 inline-block font-semibold underline"
            >
              {drawerTexts.backToOperation}
            </Link>
          )}
        </Alert>
      )}
      {current.isSuccess && current.data !== null && (
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (countIsValid) setConfirmingClose(true);
          }}
        >
          <p className="text-slate-700">
            {drawerTexts.openedSince} {formatDateTime(current.data.openedAt, language)} ·{' '}
            {drawerTexts.openingAmount} : {formatHtg(current.data.opening)}
          </p>
          <OpeningDifference session={current.data} />
          <p className="text-slate-700">{drawerTexts.closeIntro}</p>
          <DenominationCount idPrefix="close" counts={counts} onChange={setCounts} />
          {close.isError && <Alert type="danger">{errorMessage(close.error, drawerTexts.loadFailed)}</Alert>}
          {/* Outlined: the close cannot be undone and is reached only on purpose (decision 211). */}
          <Button type="submit" variant="secondary" loading={close.isPending} disabled={!countIsValid}>
            {drawerTexts.closeAction}
          </Button>
          {confirmingClose && (
            <CountConfirmDialog
              title={drawerTexts.closeConfirmTitle}
              confirmLabel={drawerTexts.closeConfirmAction}
              text={drawerTexts.closeConfirm(formatHtg(countedCentimes / 100))}
              nothingCounted={countedCentimes === 0 ? drawerTexts.closeNothingCounted : null}
              pending={close.isPending}
              onCancel={() => setConfirmingClose(false)}
              onConfirm={() =>
                close.mutate(counts, {
                  onSuccess: (ticket) => {
                    setCounts({});
                    setClosed(ticket);
                  },
                  onSettled: () => setConfirmingClose(false),
                })
              }
            />
          )}
        </form>
      )}
    </section>
  );
}

/**
 * The opening compared with the teller's previous close (decision 201): a gap there is said to her at once
 * and for as long as the drawer is open, with whether the administrator must acknowledge it.
 */
function OpeningDifference({ session }: { session: DrawerSession }) {
  const { openingDifference, previousCounted } = session;
  if (!openingDifference || previousCounted === null) return null;
  return (
    <DifferenceAlert
      difference={openingDifference}
      plain={drawerTexts.openedNow}
      titled={drawerTexts.openedWithDifference}
    >
      <p>{drawerTexts.openingDifferenceSince(formatHtg(previousCounted))}</p>
      {session.openingNeedsAcknowledgement && <p>{openingAcknowledgementText(session)}</p>}
    </DifferenceAlert>
  );
}

/**
 * A difference said at once: a surplus or a shortage as a warning; below the smallest coin, a rounding that
 * no count could avoid, said as such and never as a shortage (decision 212); none, `plain`.
 */
function DifferenceAlert({
  difference,
  plain,
  titled,
  children,
}: {
  difference: number;
  plain: string;
  titled: (amount: string, kind: 'rounding' | 'surplus' | 'shortage') => string;
  children: ReactNode;
}) {
  const kind = drawerDifferenceKind(difference);
  if (kind === 'none')
    return (
      <Alert type="success" title={plain}>
        {children}
      </Alert>
    );
  return (
    <Alert
      type={kind === 'rounding' ? 'success' : 'warning'}
      title={titled(formatHtg(Math.abs(difference)), kind)}
    >
      {kind === 'rounding' && <p>{roundingExplanation()}</p>}
      {children}
    </Alert>
  );
}

/**
 * The question before the drawer opens or closes with a count: the total counted, and a warning when
 * nothing is (then the confirmation is the danger's colour).
 */
function CountConfirmDialog({
  text,
  nothingCounted,
  ...dialog
}: {
  title: string;
  confirmLabel: string;
  text: string;
  nothingCounted: string | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog {...dialog} variant={nothingCounted ? 'danger' : 'primary'}>
      <p>{text}</p>
      {nothingCounted && (
        <Alert type="warning" className="mt-3">
          {nothingCounted}
        </Alert>
      )}
    </ConfirmDialog>
  );
}
