import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import {
  DEFAULT_PER_PAGE,
  formatDateTime,
  formatHtg,
  historyTableTexts,
  isReversibleType,
  postedPartiesLine,
  todayIso,
  transactionFailureMessages,
  transactionTypeLabels,
  transactionTypes,
  type Transaction,
  type TransactionType,
} from '@lajan/domain';
import { useHttp } from '../../lib/http-context';
import { errorMessage } from '../../lib/http';
import { Alert } from '../Alert';
import { Button } from '../Button';
import { Pagination } from '../Pagination';
import { useSelectForReprint } from '../receipt/use-select-for-reprint';
import { tableClasses } from '../responsive-table';
import { TableFrame } from '../TableFrame';
import { exportHistoryCsv, saveBlob, useHistory } from './api';
import { TransactionStatusBadge } from './TransactionStatusBadge';
import { UnlockTransferButton } from './UnlockTransferButton';
import { FetchedAt } from '../pending/FetchedAt';
import { ListWaiting } from '../ListWaiting';
import { currentLanguage, formatLanguage } from '../../i18n/i18n';

// The cancel dialog's form builds the sender's schemas (persons, inputs): loaded with the first pending row
// that offers it, not with the dashboard's latest transactions (decision 160, scripts/web-budget.test.mjs).
const CancelTransferButton = lazy(() =>
  import('./CancelTransferButton').then((module) => ({ default: module.CancelTransferButton })),
);
// A correction's request builds its schema: loaded with the first row that offers it (decision 226).
const RequestCorrectionButton = lazy(() =>
  import('./RequestCorrectionButton').then((module) => ({ default: module.RequestCorrectionButton })),
);

/** How long the search box waits after the last key before asking the server. */
export const HISTORY_SEARCH_DEBOUNCE_MS = 400;

interface HistoryTableProps {
  /** Read by assistive technology as the table's caption, and names its paging. */
  caption: string;
  /** Ten a page by default. */
  perPage?: number;
  /** The dashboard's short list: no filter, search or export, only the latest rows and the paging. */
  compact?: boolean;
}

/**
 * The one history table of the dashboard, the account view and /transaction/history (decision 095): filters
 * and search applied by the server, the CSV of what they select, and « Réimprimer » per row.
 */
export function HistoryTable({ caption, perPage = DEFAULT_PER_PAGE, compact = false }: HistoryTableProps) {
  const typeId = useId();
  const searchId = useId();
  const [type, setType] = useState<TransactionType | ''>('');
  const [term, setTerm] = useState('');
  const [appliedTerm, setAppliedTerm] = useState('');
  // The page belongs to one set of filters: a new filter or search starts again at page 1.
  const filterKey = `${type}|${appliedTerm.trim()}`;
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;

  useEffect(() => {
    const timer = setTimeout(() => setAppliedTerm(term), HISTORY_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term]);

  const filters = { type: type || undefined, q: appliedTerm };
  const history = useHistory({ page, perPage, ...filters });
  // The filters of the rows on screen: while another page of the same filters loads, it is no search.
  const [shownFilterKey, setShownFilterKey] = useState(filterKey);
  if (history.data && !history.isPlaceholderData && shownFilterKey !== filterKey)
    setShownFilterKey(filterKey);
  const { selectForReprint, isSelected } = useSelectForReprint();
  const http = useHttp();
  const exportCsv = useMutation({
    mutationFn: () => exportHistoryCsv(http, filters),
    meta: { errorFallback: transactionFailureMessages.historyExport },
    onSuccess: (blob) => saveBlob(blob, `historique-${todayIso()}.csv`),
  });

  const filtered = filters.type !== undefined || appliedTerm.trim() !== '';
  const language = formatLanguage(currentLanguage());
  // A phone shows each cell under its column's name.
  const columns = {
    number: t`Numéro`,
    type: t`Type`,
    amount: t`Montant`,
    status: t`Statut`,
    createdBy: t`Créé par`,
    date: t`Date`,
    receipt: t`Reçu`,
  };
  const reprintLabel = (transactionNumber: string) => t`Réimprimer le reçu ${transactionNumber}`;
  const rows = history.data?.data ?? [];

  return (
    <div className="space-y-4">
      {!compact && (
        <div className="flex flex-wrap items-end gap-3">
          <div className="w-full sm:w-56">
            <label htmlFor={typeId} className="block text-sm font-medium text-slate-800">
              <Trans>Type</Trans>
            </label>
            <select
              id={typeId}
              value={type}
              onChange={(event) => setType(event.target.value as TransactionType | '')}
              className="mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-blue-700 sm:text-sm"
            >
              <option value="">{t`Tous les types`}</option>
              {transactionTypes.map((value) => (
                <option key={value} value={value}>
                  {transactionTypeLabels[value]}
                </option>
              ))}
            </select>
          </div>
          <form
            role="search"
            className="min-w-0 flex-1 basis-60"
            onSubmit={(event) => {
              event.preventDefault();
              setAppliedTerm(term);
            }}
          >
            <label htmlFor={searchId} className="block text-sm font-medium text-slate-800">
              <Trans>Rechercher</Trans>
            </label>
            <input
              id={searchId}
              type="search"
              value={term}
              maxLength={100}
              onChange={(event) => setTerm(event.target.value)}
              placeholder={t`Numéro de transaction, compte ou nom`}
              className="mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-blue-700 sm:text-sm"
            />
          </form>
          <Button
            variant="secondary"
            className="max-sm:w-full"
            loading={exportCsv.isPending}
            loadingText={t`Export...`}
            onClick={() => exportCsv.mutate()}
          >
            <Trans>Exporter en CSV</Trans>
          </Button>
        </div>
      )}

      {history.isPending && (
        <p role="status" className="text-slate-600">
          {historyTableTexts.loading}
        </p>
      )}
      {history.isError && !history.data && (
        <Alert type="danger">{errorMessage(history.error, transactionFailureMessages.search)}</Alert>
      )}
      <FetchedAt updatedAt={history.dataUpdatedAt} />
      {/* Other filters asked: the rows below are the last ones until their answer comes (decision 132's
          way: say it, rather than show stale rows as the answer). */}
      {history.isPlaceholderData && (
        <ListWaiting>
          {shownFilterKey === filterKey ? historyTableTexts.pageLoading : historyTableTexts.searching}
        </ListWaiting>
      )}
      {history.data && rows.length === 0 && (
        <p
          role="status"
          className="rounded-md border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600"
        >
          {filtered ? historyTableTexts.noMatch : historyTableTexts.none}
        </p>
      )}
      {history.data && rows.length > 0 && (
        <>
          <TableFrame wide busy={history.isFetching}>
            <table className={tableClasses.table}>
              <caption className="sr-only">{caption}</caption>
              <thead className={tableClasses.head}>
                <tr>
                  <th scope="col" className={tableClasses.th}>
                    <Trans>Numéro</Trans>
                  </th>
                  <th scope="col" className={tableClasses.th}>
                    <Trans>Type</Trans>
                  </th>
                  <th scope="col" className={`${tableClasses.th} text-right`}>
                    <Trans>Montant</Trans>
                  </th>
                  <th scope="col" className={tableClasses.th}>
                    <Trans>Statut</Trans>
                  </th>
                  <th scope="col" className={tableClasses.th}>
                    <Trans>Créé par</Trans>
                  </th>
                  <th scope="col" className={tableClasses.th}>
                    <Trans>Date</Trans>
                  </th>
                  <th scope="col" className={tableClasses.th}>
                    <span className="sr-only">
                      <Trans>Reçu</Trans>
                    </span>
                  </th>
                </tr>
              </thead>
              <tbody className={tableClasses.body}>
                {rows.map((transaction) => (
                  <tr
                    key={transaction.transactionNumber}
                    className={tableClasses.row}
                    aria-selected={isSelected(transaction) || undefined}
                  >
                    <td data-label={columns.number} className={tableClasses.td}>
                      {/* Monospace on the number only: on a phone the cell also shows its column name. */}
                      <span className="font-mono">{transaction.transactionNumber}</span>
                    </td>
                    <td data-label={columns.type} className={tableClasses.td}>
                      {/* One block, so that on a phone's card the line stays under the type, not beside it. */}
                      <div className="@5xl:min-w-36">
                        {transactionTypeLabels[transaction.type] ?? transaction.type}
                        {/* Whose it is (the spec's columns say none of it): most often why a name found it. */}
                        <PartiesLine transaction={transaction} />
                      </div>
                    </td>
                    <td
                      data-label={columns.amount}
                      className={`${tableClasses.td} text-right whitespace-nowrap`}
                    >
                      {formatHtg(transaction.amount)}
                    </td>
                    <td data-label={columns.status} className={tableClasses.td}>
                      <TransactionStatusBadge status={transaction.status} />
                    </td>
                    <td data-label={columns.createdBy} className={tableClasses.td}>
                      {/* A username never breaks inside: a long one is cut with "…", whole in its title. */}
                      <span
                        className="block max-w-40 truncate whitespace-nowrap"
                        title={transaction.createBy.username}
                      >
                        {transaction.createBy.username}
                      </span>
                    </td>
                    <td data-label={columns.date} className={`${tableClasses.td} whitespace-nowrap`}>
                      {formatDateTime(transaction.createdAt, language)}
                    </td>
                    <td data-label={columns.receipt} className={tableClasses.td}>
                      {/* Its buttons wrap: at 360 px a row may offer three (decision 226). */}
                      <div className="flex flex-wrap gap-2">
                        <Button
                          variant="secondary"
                          className="min-h-9 px-3 py-1"
                          aria-label={reprintLabel(transaction.transactionNumber)}
                          onClick={() => selectForReprint(transaction)}
                        >
                          <Trans>Réimprimer</Trans>
                        </Button>
                        <UnlockTransferButton transaction={transaction} />
                        {transaction.status === 'completed' && isReversibleType(transaction.type) ? (
                          <Suspense fallback={null}>
                            <RequestCorrectionButton transaction={transaction} />
                          </Suspense>
                        ) : null}
                        {transaction.status === 'pending' && transaction.type === 'external_transfer' ? (
                          <Suspense fallback={null}>
                            <CancelTransferButton transaction={transaction} />
                          </Suspense>
                        ) : null}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
          <Pagination
            page={page}
            perPage={perPage}
            total={history.data.pagination.total}
            firstItem={history.data.pagination.firstItem}
            lastItem={history.data.pagination.lastItem}
            onPageChange={(next) => setPaging({ filterKey, page: next })}
            busy={history.isFetching}
            label={t`Pages : ${caption}`}
          />
        </>
      )}
    </div>
  );
}

function PartiesLine({ transaction }: { transaction: Transaction }) {
  const line = postedPartiesLine(transaction);
  return line ? <span className="block text-xs break-words text-slate-600">{line}</span> : null;
}
