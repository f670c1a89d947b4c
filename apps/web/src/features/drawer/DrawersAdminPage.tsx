import { useState } from 'react';
import {
  closeAcknowledgementText,
  drawerDifferenceText,
  openingAcknowledgementText,
  can,
  drawerTexts,
  formatDateTime,
  formatHtg,
  todayIso,
  type DrawerSession,
  type DrawerTicket,
} from '@lajan/domain';
import { Link } from 'react-router';
import { Button } from '../../components/Button';
import { useSession } from '../../lib/session-context';
import { Alert } from '../../components/Alert';
import { errorMessage } from '../../lib/http';
import { useAcknowledgeDrawer, useAcknowledgeOpening, useDrawerSessions } from './api/drawer';
import { FetchedAt } from '../../components/pending/FetchedAt';
import { AdminCloseForm } from './AdminCloseForm';
import { currentLanguage, formatLanguage } from '../../i18n/i18n';

/**
 * /drawers: a day's tellers' drawers, with the difference of each close and of each opening against the
 * previous close (decisions 149, 201); the administrator acknowledges those above the threshold and closes
 * one left open.
 */
export default function DrawersAdminPage() {
  const { user } = useSession();
  const language = formatLanguage(currentLanguage());
  const [date, setDate] = useState(() => todayIso());
  const sessions = useDrawerSessions(date);
  const acknowledge = useAcknowledgeDrawer();
  const acknowledgeOpening = useAcknowledgeOpening();
  // A teller's close: its agent's administrator; a close an administrator counted: the super administrator.
  const mayAcknowledgeClose = (session: DrawerSession) =>
    can(
      user,
      session.closedByAdministrator
        ? 'drawer.acknowledgeAdministratorCount'
        : 'drawer.acknowledgeTellerCount',
    );
  const mayCloseForTeller = can(user, 'drawer.closeForTeller');
  const [closing, setClosing] = useState<string | null>(null);
  const [closedNow, setClosedNow] = useState<DrawerTicket | null>(null);

  return (
    <section className="mx-auto w-full max-w-5xl space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{drawerTexts.adminTitle}</h1>
      <div className="flex items-center gap-3">
        <label htmlFor="drawers-date" className="text-sm font-medium text-slate-800">
          {drawerTexts.date}
        </label>
        <input
          id="drawers-date"
          type="date"
          className="rounded-md border border-slate-300 px-2 py-1"
          value={date}
          onChange={(event) => event.target.value && setDate(event.target.value)}
        />
      </div>
      <FetchedAt updatedAt={sessions.dataUpdatedAt} />
      {closedNow && (
        <Alert
          type={closedNow.needsAcknowledgement ? 'warning' : 'success'}
          title={drawerTexts.adminClosed(closedNow.teller.name)}
        >
          {closedNow.difference !== null && (
            <p>
              {drawerTexts.expected} : {formatHtg(closedNow.expected ?? 0)} · {drawerTexts.counted} :{' '}
              {formatHtg(closedNow.counted ?? 0)} · {drawerTexts.difference} :{' '}
              {drawerDifferenceText(closedNow.difference)}
            </p>
          )}
          {closedNow.needsAcknowledgement && <p>{drawerTexts.superAdminAcknowledges}</p>}
        </Alert>
      )}
      {(acknowledge.isError || acknowledgeOpening.isError) && (
        <Alert type="danger">
          {errorMessage(acknowledge.error ?? acknowledgeOpening.error, drawerTexts.loadFailed)}
        </Alert>
      )}
      {sessions.data && sessions.data.length === 0 && <p>{drawerTexts.none}</p>}
      {sessions.data && sessions.data.length > 0 && (
        <ul className="space-y-3">
          {sessions.data.map((session) => (
            <li key={session.id} className="rounded-md border border-slate-200 p-3 text-sm">
              <p className="font-semibold text-slate-900">
                {session.teller.name} ({session.teller.username}) · {session.agent.code}
              </p>
              <p>
                {drawerTexts.status} :{' '}
                {session.status === 'open' ? drawerTexts.statusOpen : drawerTexts.statusClosed}
                {' · '}
                {drawerTexts.openedAt} {formatDateTime(session.openedAt, language)}
                {session.closedAt &&
                  ` · ${drawerTexts.closedAt} ${formatDateTime(session.closedAt, language)}`}
              </p>
              {session.openingDifference !== null && session.previousCounted !== null && (
                <p>
                  {drawerTexts.openingDifference} : {drawerDifferenceText(session.openingDifference)}{' '}
                  {drawerTexts.openingDifferenceOf(formatHtg(session.previousCounted))}
                  {session.openingNeedsAcknowledgement && ` · ${openingAcknowledgementText(session)}`}
                </p>
              )}
              {session.difference !== null && (
                <p>
                  {drawerTexts.difference} : {drawerDifferenceText(session.difference)}
                  {session.needsAcknowledgement && ` · ${closeAcknowledgementText(session)}`}
                </p>
              )}
              {session.closedByAdministrator && session.closedBy && (
                <p>
                  {drawerTexts.closedBy} {session.closedBy} ({drawerTexts.closedByAdministrator})
                </p>
              )}
              <div className="mt-2 flex flex-wrap gap-2">
                {session.status === 'closed' && (
                  <Link
                    className="font-semibold text-blue-800 underline"
                    to={`/drawer/sessions/${session.id}`}
                  >
                    {drawerTexts.viewTicket}
                  </Link>
                )}
                {mayAcknowledgeClose(session) && session.needsAcknowledgement && !session.acknowledgedBy && (
                  <Button
                    loading={acknowledge.isPending && acknowledge.variables === session.id}
                    onClick={() => acknowledge.mutate(session.id)}
                  >
                    {drawerTexts.acknowledgeAction}
                  </Button>
                )}
                {can(user, 'drawer.acknowledgeTellerCount') &&
                  session.openingNeedsAcknowledgement &&
                  !session.openingAcknowledgedBy && (
                    <Button
                      loading={acknowledgeOpening.isPending && acknowledgeOpening.variables === session.id}
                      onClick={() => acknowledgeOpening.mutate(session.id)}
                    >
                      {drawerTexts.acknowledgeOpeningAction}
                    </Button>
                  )}
                {mayCloseForTeller && session.status === 'open' && closing !== session.id && (
                  <Button
                    variant="secondary"
                    onClick={() => {
                      setClosedNow(null);
                      setClosing(session.id);
                    }}
                  >
                    {drawerTexts.adminCloseAction}
                  </Button>
                )}
              </div>
              {closing === session.id && (
                <AdminCloseForm
                  session={session}
                  onCancel={() => setClosing(null)}
                  onClosed={(ticket) => {
                    setClosing(null);
                    setClosedNow(ticket);
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
