import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  auditActionLabel,
  auditMessages,
  auditMoneyDetailLabels,
  auditMoneyActionOptions,
  auditTexts,
  auditWriteActionOptions,
  formatDateTime,
  formatHtg,
  isAuditMoneyMovement,
  type AuditEntryView,
} from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { PageLoading } from '../../components/PageLoading';
import { FetchedAt } from '../../components/pending/FetchedAt';
import { Pagination } from '../../components/Pagination';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { tableClasses } from '../../components/responsive-table';
import { TableFrame } from '../../components/TableFrame';
import { currentLanguage } from '../../i18n/i18n';
import { useSession } from '../../lib/session-context';
import { AUDIT_PER_PAGE, auditFilterNames, useAuditQuery, type AuditFilters } from './api/get-audit';

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** The action filter's choices, named when shown (decision 236). */
function actionOptions() {
  return [
    { value: 'transactions', label: auditTexts.moneyMovements },
    ...auditMoneyActionOptions(),
    ...auditWriteActionOptions(),
  ];
}

function filtersFrom(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  for (const name of auditFilterNames) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  return filters;
}

/** "1 500,00 HTG" under a money movement's name, and its account(s). */
function moneyLine(entry: AuditEntryView): string | null {
  if (!isAuditMoneyMovement(entry.action) || !entry.details) return null;
  const { amount, accountNumber, recipientAccountNumber, reason } = entry.details;
  const parts = [typeof amount === 'number' ? formatHtg(amount) : null];
  if (typeof accountNumber === 'string') parts.push(t`compte ${accountNumber}`);
  if (typeof recipientAccountNumber === 'string') parts.push(t`vers ${recipientAccountNumber}`);
  // An approved cancellation: the administrator's reason (decision 205).
  if (typeof reason === 'string') parts.push(auditMoneyDetailLabels.reason(reason));
  return parts.filter(Boolean).join(' · ') || null;
}

/**
 * /audit: who did what, when and from where, money movements included (decision 133). The filters live in the
 * address, so a filtered trail can be shared and survives a reload.
 */
export default function AuditPage() {
  const { user } = useSession();
  const networkWide = Boolean(user?.isSuperAdmin);
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFrom(searchParams.get('page'));
  const filters = filtersFrom(searchParams);
  const filtered = Object.keys(filters).length > 0;
  const query = useAuditQuery(page, filters);
  const entries = query.data?.data ?? [];
  const [periodError, setPeriodError] = useState<string | undefined>();
  const language = currentLanguage() === 'ht' ? 'ht' : 'fr';

  function applyFilters(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: Record<string, string> = {};
    for (const name of auditFilterNames) {
      const value = form.get(name);
      if (typeof value === 'string' && value.trim()) next[name] = value.trim();
    }
    if (next.from && next.to && next.from > next.to) {
      setPeriodError(auditMessages.invalidPeriod);
      return;
    }
    setPeriodError(undefined);
    setSearchParams(next);
  }

  function setPage(next: number) {
    const params = new URLSearchParams(searchParams);
    if (next > 1) params.set('page', String(next));
    else params.delete('page');
    setSearchParams(params);
  }

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-slate-900">{auditTexts.title}</h1>
        <p className="mt-1 text-sm text-slate-600">{networkWide ? auditTexts.intro : auditTexts.introAgent}</p>
      </header>

      <form
        role="search"
        aria-label={auditTexts.filters}
        noValidate
        // A new key when the address changes (reset, back): the fields show the filters in force.
        key={searchParams.toString()}
        onSubmit={applyFilters}
        className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <TextField label={auditTexts.user} name="user" defaultValue={filters.user ?? ''} autoComplete="off" />
        <SelectField
          label={auditTexts.action}
          name="action"
          placeholder={auditTexts.anyAction}
          options={actionOptions()}
          defaultValue={filters.action ?? ''}
        />
        {networkWide && (
          <TextField label={auditTexts.agent} name="agent" defaultValue={filters.agent ?? ''} autoComplete="off" />
        )}
        <TextField label={auditTexts.from} name="from" type="date" defaultValue={filters.from ?? ''} />
        <TextField label={auditTexts.to} name="to" type="date" defaultValue={filters.to ?? ''} error={periodError} />
        <div className="flex flex-wrap items-end gap-2">
          <Button type="submit">{auditTexts.apply}</Button>
          {filtered && (
            <Button type="button" variant="secondary" onClick={() => setSearchParams({})}>
              {auditTexts.reset}
            </Button>
          )}
        </div>
      </form>

      <FetchedAt updatedAt={query.dataUpdatedAt} />
      {query.isPending ? (
        <PageLoading label={t`Chargement du journal...`} />
      ) : query.isError && !query.data ? (
        <Alert type="danger" title={t`Le journal d'audit n'a pas pu être chargé.`}>
          <Button variant="secondary" className="mt-2" onClick={() => void query.refetch()}>
            <Trans>Réessayer</Trans>
          </Button>
        </Alert>
      ) : entries.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          {filtered ? auditTexts.noMatch : auditTexts.empty}
        </p>
      ) : (
        <div className="space-y-4" aria-busy={query.isFetching || undefined}>
          <TableFrame>
            <table className={tableClasses.table}>
              <caption className="sr-only">{auditTexts.title}</caption>
              <thead className={tableClasses.head}>
                <tr>
                  <th scope="col" className={tableClasses.th}>
                    <Trans>Date et heure</Trans>
                  </th>
                  <th scope="col" className={tableClasses.th}>
                    <Trans>Utilisateur</Trans>
                  </th>
                  <th scope="col" className={tableClasses.th}>
                    <Trans>Action</Trans>
                  </th>
                  <th scope="col" className={tableClasses.th}>
                    <Trans>Cible</Trans>
                  </th>
                  <th scope="col" className={tableClasses.th}>
                    <Trans>Agent</Trans>
                  </th>
                  <th scope="col" className={tableClasses.th}>
                    <Trans>Adresse</Trans>
                  </th>
                </tr>
              </thead>
              <tbody className={tableClasses.body}>
                {entries.map((entry) => {
                  const label = auditActionLabel(entry.action);
                  const money = moneyLine(entry);
                  return (
                    <tr key={entry.id} className={tableClasses.row}>
                      <td data-label={t`Date et heure`} className={`${tableClasses.td} whitespace-nowrap tabular-nums`}>
                        <time dateTime={entry.at}>{formatDateTime(entry.at, language)}</time>
                      </td>
                      <td data-label={t`Utilisateur`} className={tableClasses.td}>
                        {entry.actorUsername === null ? (
                          <span className="text-slate-500">{auditTexts.anonymous}</span>
                        ) : entry.actorName ? (
                          <>
                            <span className="block">{entry.actorName}</span>
                            <span className="block text-xs text-slate-600">{entry.actorUsername}</span>
                          </>
                        ) : (
                          entry.actorUsername
                        )}
                      </td>
                      <td data-label={t`Action`} className={tableClasses.td}>
                        {label ?? <code className="text-xs">{entry.action}</code>}
                        {money && <span className="block text-xs text-slate-700 tabular-nums">{money}</span>}
                      </td>
                      <td data-label={t`Cible`} className={`${tableClasses.td} break-words`}>
                        {entry.targetLabel ?? '—'}
                      </td>
                      <td data-label={t`Agent`} className={tableClasses.td}>
                        {entry.agent ? `${entry.agent.code} · ${entry.agent.name}` : auditTexts.network}
                      </td>
                      <td data-label={t`Adresse`} className={tableClasses.td}>
                        <span className="font-mono text-xs">{entry.ip ?? '—'}</span>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableFrame>
          <Pagination
            page={query.data?.meta.page ?? page}
            perPage={query.data?.meta.per_page ?? AUDIT_PER_PAGE}
            total={query.data?.meta.total ?? 0}
            busy={query.isPlaceholderData}
            onPageChange={setPage}
            label={t`Pages du journal`}
          />
        </div>
      )}
    </div>
  );
}
