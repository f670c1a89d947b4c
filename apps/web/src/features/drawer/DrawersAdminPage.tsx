import { useState } from 'react';
import { can, drawerTexts, formatDateTimeFr, formatHtg, todayIso } from '@lajan/domain';
import { Link } from 'react-router';
import { Button } from '../../components/Button';
import { useSession } from '../../lib/session-context';
import { useAcknowledgeDrawer, useDrawerSessions } from './api/drawer';
import { FetchedAt } from '../../components/pending/FetchedAt';

/**
 * /drawers (decision 149): the tellers' drawers of a day, open or closed, with the difference of each
 * close; the agent's administrator acknowledges a difference above the threshold.
 */
export default function DrawersAdminPage() {
  const { user } = useSession();
  const [date, setDate] = useState(() => todayIso());
  const sessions = useDrawerSessions(date);
  const acknowledge = useAcknowledgeDrawer();
  const mayAcknowledge = can(user, 'drawer.acknowledge');

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
                {drawerTexts.openedAt} {formatDateTimeFr(session.openedAt)}
                {session.closedAt && ` · ${drawerTexts.closedAt} ${formatDateTimeFr(session.closedAt)}`}
              </p>
              {session.difference !== null && (
                <p>
                  {drawerTexts.difference} :{' '}
                  {session.difference > 0 ? '+' : session.difference < 0 ? '−' : ''}
                  {formatHtg(Math.abs(session.difference))}
                  {session.needsAcknowledgement &&
                    (session.acknowledgedBy
                      ? ` · ${drawerTexts.acknowledgedBy} ${session.acknowledgedBy}`
                      : ` · ${drawerTexts.needsAcknowledgement}`)}
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
                {mayAcknowledge && session.needsAcknowledgement && !session.acknowledgedBy && (
                  <Button
                    loading={acknowledge.isPending && acknowledge.variables === session.id}
                    onClick={() => acknowledge.mutate(session.id)}
                  >
                    {drawerTexts.acknowledgeAction}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
