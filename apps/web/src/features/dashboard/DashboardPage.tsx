import { useId, useState } from 'react';
import { Link } from 'react-router';
import { balancePeriodLabels, balancePeriods, can, displayName, roleLabels, type BalancePeriod } from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { HistoryTable } from '../../components/history/HistoryTable';
import { FetchedAt } from '../../components/pending/FetchedAt';
import { textLinkClasses } from '../../components/text-link';
import { errorMessage } from '../../lib/http';
import { useSession } from '../../lib/session-context';
import { balanceSeriesFailure, useBalanceSeries } from './api/balance-series';
import { BalanceChart } from './BalanceChart';
import { quickActions } from './quick-actions';

/**
 * `/`: a welcome, the quick actions of the person's role, the balance over 7 days, 30 days or 3 months
 * (a teller's and an administrator's agent float; the super administrator's network float and treasury)
 * and the latest transactions.
 */
export default function DashboardPage() {
  const { user } = useSession();
  const [period, setPeriod] = useState<BalancePeriod>('7d');
  const periodId = useId();
  const balance = useBalanceSeries(period);
  if (!user) return null;
  const actions = quickActions.filter((action) => can(user, action.capability));

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

      <section aria-labelledby="evolution-solde" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
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
        <div className="mt-4" aria-busy={balance.isFetching || undefined}>
          <FetchedAt updatedAt={balance.dataUpdatedAt} />
          {balance.isPending && (
            <p role="status" className="flex h-40 items-center justify-center rounded-md bg-slate-50 text-sm text-slate-600">
              Chargement du graphique...
            </p>
          )}
          {balance.isError && !balance.data && (
            <div className="space-y-3">
              <Alert type="danger">{errorMessage(balance.error, balanceSeriesFailure)}</Alert>
              <Button variant="secondary" onClick={() => void balance.refetch()}>
                Réessayer
              </Button>
            </div>
          )}
          {balance.data && (
            <div className={`grid gap-6 ${balance.data.series.length > 1 ? 'lg:grid-cols-2' : ''}`}>
              {balance.data.series.map((series) => (
                <BalanceChart key={series.key} series={series} />
              ))}
            </div>
          )}
        </div>
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
          <HistoryTable caption="Dernières transactions" perPage={5} compact />
        </section>
      )}
    </div>
  );
}
