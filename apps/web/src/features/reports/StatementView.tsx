import {
  accountTypeLabels,
  formatDateTime,
  formatHtg,
  reportTexts,
  transactionTypeLabels,
  type AccountStatement,
  type AccountStatementResponse,
  type AccountType,
} from '@lajan/domain';
import { Pagination } from '../../components/Pagination';
import { tableClasses } from '../../components/responsive-table';
import { TableFrame } from '../../components/TableFrame';
import { currentLanguage } from '../../i18n/i18n';
import { REPORT_PER_PAGE } from './api/reports';
import type { UseQueryResult } from '@tanstack/react-query';
import { periodLabel, ReportState } from './ReportParts';

/**
 * A statement as both statements show it (decision 191): a customer account's (its number, type and
 * holders) or a float's (its number and agent); the period, the opening, the totals and the closing; a
 * page of movements, each with the balance after it; the pages.
 */
function StatementView({
  data,
  total,
  page,
  onPageChange,
  fetching,
}: {
  data: AccountStatement;
  total: number;
  page: number;
  onPageChange: (page: number) => void;
  fetching: boolean;
}) {
  const agent = data.account.agent;
  const language = currentLanguage() === 'ht' ? 'ht' : 'fr';
  return (
    <div className="space-y-4" aria-busy={fetching || undefined}>
      <dl className="grid gap-x-6 gap-y-2 rounded-xl border border-slate-200 bg-white p-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">{reportTexts.accountNumber}</dt>
          <dd className="font-mono font-medium text-slate-900">
            {data.account.accountNumber}
            {!agent && <> · {accountTypeLabels[data.account.type as AccountType] ?? data.account.type}</>}
          </dd>
        </div>
        {agent ? (
          <div>
            <dt className="text-slate-600">{reportTexts.floatAgent}</dt>
            <dd className="font-medium text-slate-900">{reportTexts.floatOf(agent.name, agent.code)}</dd>
          </div>
        ) : (
          <div>
            <dt className="text-slate-600">{reportTexts.holders}</dt>
            <dd className="font-medium text-slate-900">{data.account.holders.join(', ')}</dd>
          </div>
        )}
        <div>
          <dt className="text-slate-600">{reportTexts.date}</dt>
          <dd className="font-medium text-slate-900">{periodLabel(data.period)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{reportTexts.opening}</dt>
          <dd className="font-medium tabular-nums text-slate-900">{formatHtg(data.openingBalance)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{reportTexts.credits}</dt>
          <dd className="tabular-nums text-slate-900">{formatHtg(data.totalCredits)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{reportTexts.debits}</dt>
          <dd className="tabular-nums text-slate-900">{formatHtg(data.totalDebits)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{reportTexts.closing}</dt>
          <dd className="font-semibold tabular-nums text-slate-900">{formatHtg(data.closingBalance)}</dd>
        </div>
      </dl>
      {data.movements.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          {reportTexts.noMovements}
        </p>
      ) : (
        <TableFrame>
          <table className={tableClasses.table}>
            <caption className="sr-only">{reportTexts.movements}</caption>
            <thead className={tableClasses.head}>
              <tr>
                <th scope="col" className={tableClasses.th}>
                  {reportTexts.date}
                </th>
                <th scope="col" className={tableClasses.th}>
                  {reportTexts.number}
                </th>
                <th scope="col" className={tableClasses.th}>
                  {reportTexts.operation}
                </th>
                <th scope="col" className={`${tableClasses.th} text-right`}>
                  {reportTexts.amount}
                </th>
                <th scope="col" className={`${tableClasses.th} text-right`}>
                  {reportTexts.balance}
                </th>
              </tr>
            </thead>
            <tbody className={tableClasses.body}>
              {data.movements.map((move) => (
                <tr key={move.transactionNumber} className={tableClasses.row}>
                  <td data-label={reportTexts.date} className={`${tableClasses.td} tabular-nums`}>
                    <time dateTime={move.createdAt}>{formatDateTime(move.createdAt, language)}</time>
                  </td>
                  <td data-label={reportTexts.number} className={`${tableClasses.td} font-mono`}>
                    {move.transactionNumber}
                  </td>
                  <td data-label={reportTexts.operation} className={tableClasses.td}>
                    {transactionTypeLabels[move.type]}
                  </td>
                  <td
                    data-label={reportTexts.amount}
                    className={`${tableClasses.td} tabular-nums text-right`}
                  >
                    {formatHtg(move.amount)}
                  </td>
                  <td
                    data-label={reportTexts.balance}
                    className={`${tableClasses.td} tabular-nums text-right`}
                  >
                    {formatHtg(move.balance)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
      <div className="report-no-print">
        <Pagination
          label={reportTexts.movementPages}
          page={page}
          perPage={REPORT_PER_PAGE}
          total={total}
          onPageChange={onPageChange}
          busy={fetching}
        />
      </div>
    </div>
  );
}

/** A statement's query as both statement screens show it: loading, failure and retry, then the statement. */
export function StatementResult({
  statement,
  page,
  onPageChange,
}: {
  statement: UseQueryResult<AccountStatementResponse>;
  page: number;
  onPageChange: (page: number) => void;
}) {
  return (
    <ReportState
      pending={statement.isPending}
      error={statement.error}
      hasData={statement.data !== undefined}
      updatedAt={statement.dataUpdatedAt}
      retry={() => void statement.refetch()}
    >
      {statement.data && (
        <StatementView
          data={statement.data.data}
          total={statement.data.meta.total}
          page={page}
          onPageChange={onPageChange}
          fetching={statement.isFetching}
        />
      )}
    </ReportState>
  );
}
