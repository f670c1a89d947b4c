import { lazy, startTransition, Suspense, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import {
  balancePeriodLabels,
  balancePeriods,
  balanceSeriesCountOf,
  can,
  displayName,
  historyTableTexts,
  roleLabels,
  type BalancePeriod,
} from '@lajan/domain';
import { textLinkClasses } from '../../components/text-link';
import { useSession } from '../../lib/session-context';
import { ChartLoading } from './ChartLoading';
import { DASHBOARD_HISTORY_ROWS, DASHBOARD_PERIOD } from './preload';
import { quickActions } from './quick-actions';

// The figures come after the frame (decision 152): the welcome, the quick actions and the headings paint
// without the chart's and the table's code, which bring the schemas that check the server's answers.
// Their data is already on its way (app/preload.ts starts it with the page's code).
const BalanceFigures = lazy(() => import('./BalanceFigures'));
const HistoryTable = lazy(() =>
  import('../../components/history/HistoryTable').then((module) => ({ default: module.HistoryTable })),
);

/**
 * False for the first commit, true once the frame it drew has been painted (the next frame's task): what
 * the first paint does not show is asked for after it (decision 156), and rendered as a transition, which
 * React renders in slices instead of one long task.
 */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

// A component, not an element built when the module loads: its text is read in the screen's language
// (decision 236).
function HistoryLoading() {
  return (
    <p role="status" className="text-slate-600">
      {historyTableTexts.loading}
    </p>
  );
}

/**
 * `/`: a welcome, the quick actions of the person's role, the balance over 7 days, 30 days or 3 months
 * (a teller's and an administrator's agent float; the super administrator's network float and treasury)
 * and the latest transactions.
 */
export default function DashboardPage() {
  const { user } = useSession();
  const [period, setPeriod] = useState<BalancePeriod>(DASHBOARD_PERIOD);
  const periodId = useId();
  // The chart's and the table's code (and the schemas they bring) are asked for once the frame has
  // painted: the welcome, the actions and the headings paint from the first render.
  const painted = usePainted();
  if (!user) return null;
  const actions = quickActions.filter((action) => can(user, action.capability));
  // The chart's place keeps the height of the charts to come (decision 160).
  const charts = balanceSeriesCountOf(user);

  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-semibold text-slate-900">Tableau de Bord</h1>
        <p className="mt-1 text-slate-700">
          Bienvenue, {displayName(user)}.{' '}
          <span className="text-slate-600">
            {roleLabels[user.role]}
            {user.agent ? ` · ${user.agent.name}` : ''}
          </span>
        </p>
      </header>

      <section aria-labelledby="actions-rapides">
        <h2 id="actions-rapides" className="text-lg font-semibold text-slate-900">
          Actions rapides
        </h2>
        <ul className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {actions.map((action) => (
            <li key={action.label}>
              <Link
                to={action.to}
                className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-blue-300 hover:shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
              >
                <span className="font-semibold text-blue-900">{action.label}</span>
                <span className="mt-1 text-sm text-slate-600">{action.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="evolution-solde"
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="evolution-solde" className="text-lg font-semibold text-slate-900">
            Évolution du solde
          </h2>
          <div className="flex items-center gap-2">
            <label htmlFor={periodId} className="text-sm text-slate-700">
              Période
            </label>
            <select
              id={periodId}
              value={period}
              onChange={(event) => setPeriod(event.target.value as BalancePeriod)}
              className="min-h-11 rounded-md border border-slate-300 bg-white px-3 text-sm focus:outline-2 focus:outline-blue-700"
            >
              {balancePeriods.map((value) => (
                <option key={value} value={value}>
                  {balancePeriodLabels[value]}
                </option>
              ))}
            </select>
          </div>
        </div>
        {painted ? (
          <Suspense fallback={<ChartLoading count={charts} />}>
            <BalanceFigures period={period} count={charts} />
          </Suspense>
        ) : (
          <ChartLoading count={charts} />
        )}
      </section>

      {can(user, 'transactions.history') && (
        <section aria-labelledby="dernieres-transactions" className="space-y-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="dernieres-transactions" className="text-lg font-semibold text-slate-900">
              Dernières transactions
            </h2>
            <Link to="/transaction/history" className={textLinkClasses}>
              Voir tout l&apos;historique
            </Link>
          </div>
          {painted ? (
            <Suspense fallback={<HistoryLoading />}>
              <HistoryTable caption="Dernières transactions" perPage={DASHBOARD_HISTORY_ROWS} compact />
            </Suspense>
          ) : (
            <HistoryLoading />
          )}
        </section>
      )}
    </div>
  );
}
