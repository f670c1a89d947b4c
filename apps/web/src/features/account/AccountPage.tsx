import { t } from '@lingui/core/macro';
import {
  accountFailureMessages,
  accountStatusLabel,
  can,
  formatHtg,
  isWarningAccountStatus,
  reportTexts,
} from '@lajan/domain';
import { Link } from 'react-router';
import { Alert } from '../../components/Alert';
import { FetchedAt } from '../../components/pending/FetchedAt';
import { HistoryTable } from '../../components/history/HistoryTable';
import { textLinkClasses } from '../../components/text-link';
import { useSession } from '../../lib/session-context';
import { errorMessage } from '../../lib/http';
import { useSelfAccount } from './api/get-self-account';

/**
 * /account and /setting: the float account of one's agent — agent name and
 * code, available balance and currency, account number, status (warning style unless Actif or Inactif)
 * — and the agent's history; its administrator also reaches the float's statement (decision 191).
 */
export default function AccountPage() {
  const account = useSelfAccount();
  const { user } = useSession();
  const currency = account.data?.currency ?? '';

  return (
    <section className="mx-auto w-full max-w-5xl space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t`Mon Compte`}</h1>
      {account.isPending && (
        <p role="status" className="text-slate-600">
          {t`Chargement du compte...`}
        </p>
      )}
      <FetchedAt updatedAt={account.dataUpdatedAt} />
      {account.isError && !account.data && (
        <Alert type="danger">{errorMessage(account.error, accountFailureMessages.self)}</Alert>
      )}
      {account.data && (
        <dl className="grid grid-cols-1 gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-6">
          <div>
            <dt className="text-sm text-slate-600">{t`Agent`}</dt>
            <dd className="mt-1 font-semibold text-slate-900">
              {account.data.agent
                ? `${account.data.agent.name} (${account.data.agent.code})`
                : t`Non spécifié`}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">{t`Solde disponible`}</dt>
            <dd className="mt-1 text-2xl font-semibold text-slate-900">
              {formatHtg(account.data.balance - account.data.unavailableBalance)}
              <span className="sr-only"> </span>
              <span className="ml-2 text-sm font-normal text-slate-600">{t`Devise : ${currency}`}</span>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">{t`Numéro de compte`}</dt>
            <dd className="mt-1 font-mono text-slate-900 break-all">{account.data.accountNumber}</dd>
            {can(user, 'reports.floatStatement') && (
              <dd className="mt-1">
                <Link to="/reports/float-statement" className={textLinkClasses}>
                  {reportTexts.floatStatementLink}
                </Link>
              </dd>
            )}
          </div>
          <div>
            <dt className="text-sm text-slate-600">{t`Statut`}</dt>
            <dd className="mt-1">
              <span
                data-warning={isWarningAccountStatus(account.data.status) || undefined}
                className={`inline-flex rounded-full px-2 py-0.5 text-sm font-semibold ${
                  isWarningAccountStatus(account.data.status)
                    ? 'border border-amber-300 bg-amber-100 text-amber-900'
                    : 'bg-slate-100 text-slate-800'
                }`}
              >
                {accountStatusLabel(account.data.status)}
              </span>
            </dd>
          </div>
        </dl>
      )}
      <section aria-labelledby="historique-compte" className="space-y-3">
        <h2 id="historique-compte" className="text-lg font-semibold text-slate-900">
          {t`Historique`}
        </h2>
        <HistoryTable caption={t`Transactions de l'agent, les plus récentes d'abord`} />
      </section>
    </section>
  );
}
