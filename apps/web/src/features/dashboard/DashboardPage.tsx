import { useId, useState } from 'react';
import { Link } from 'react-router';
import { can, roleLabels } from '@lajan/domain';
import { useSession } from '../../lib/session-context';
import { quickActions } from './quick-actions';

const periods = [
  { value: '7d', label: '7 derniers jours' },
  { value: '30d', label: '30 derniers jours' },
  { value: '3m', label: '3 derniers mois' },
] as const;

/** `/`: a welcome, the quick actions of the person's role, and the places the next issues fill. */
export default function DashboardPage() {
  const { user } = useSession();
  const [period, setPeriod] = useState<(typeof periods)[number]['value']>('7d');
  const periodId = useId();
  if (!user) return null;
  const actions = quickActions.filter((action) => can(user, action.capability));

  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-semibold text-slate-900">Tableau de Bord</h1>
        <p className="mt-1 text-slate-700">
          Bienvenue, {user.firstName} {user.lastName}.{' '}
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
              onChange={(event) => setPeriod(event.target.value as typeof period)}
              className="min-h-11 rounded-md border border-slate-300 bg-white px-3 text-sm focus:outline-2 focus:outline-blue-700"
            >
              {periods.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p className="mt-4 rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          Le graphique arrive bientôt.
        </p>
      </section>
    </div>
  );
}
