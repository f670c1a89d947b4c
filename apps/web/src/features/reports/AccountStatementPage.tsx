import { useSearchParams } from 'react-router';
import { accountTypeLabels, formatDateTimeFr, formatHtg, reportTexts, type AccountType } from '@lajan/domain';
import { Pagination } from '../../components/Pagination';
import { TextField } from '../../components/TextField';
import { tableClasses } from '../../components/responsive-table';
import { TableFrame } from '../../components/TableFrame';
import { errorMessage, isHttpError } from '../../lib/http';
import { REPORT_PER_PAGE, useAccountStatement, useCsvExport } from './api/reports';
import { FilterForm, formValues, PeriodFields, periodLabel, ReportActions, ReportState } from './ReportParts';

const filterNames = ['account', 'month', 'from', 'to'] as const;

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/**
 * /reports/account-statement?account= (issue 16 item 5): a customer account's statement for a period,
 * asked by the agent that holds the account or the super administrator; printable, and as CSV.
 */
export default function AccountStatementPage() {
  const [params, setParams] = useSearchParams();
  const accountNumber = (params.get('account') ?? '').replace(/\s+/g, '');
  const page = pageFrom(params.get('page'));
  const period = {
    month: params.get('month') ?? undefined,
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
  };
  const statement = useAccountStatement(accountNumber, period, page);
  const csv = useCsvExport();
  const data = statement.data?.data;
  const notFound = isHttpError(statement.error) && statement.error.status === 404;
  const accountError = notFound ? errorMessage(statement.error, '') : undefined;

  function setPage(next: number) {
    const nextParams = new URLSearchParams(params);
    if (next > 1) nextParams.set('page', String(next));
    else nextParams.delete('page');
    setParams(nextParams);
  }

  return (
    <div className="report-print space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{reportTexts.accountStatementTitle}</h1>
          <p className="mt-1 text-sm text-slate-600">{reportTexts.accountStatementIntro}</p>
        </div>
        {data && (
          <ReportActions
            exporting={csv.isPending}
            onExport={() =>
              csv.mutate({
                path: `/reports/accounts/${encodeURIComponent(accountNumber)}/statement/export`,
                query: period,
                fileName: `releve-${data.account.accountNumber}-${data.period.from}-${data.period.to}.csv`,
              })
            }
          />
        )}
      </header>

      <FilterForm
        label="Choisir le compte et la période"
        formKey={params.toString()}
        onSubmit={(event) => setParams(formValues(event, filterNames))}
      >
        <TextField
          label={reportTexts.accountNumber}
          name="account"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={params.get('account') ?? ''}
          error={accountError}
        />
        <PeriodFields params={params} />
      </FilterForm>

      {accountNumber === '' ? (
        <p className="text-slate-700">{reportTexts.askAccount}</p>
      ) : notFound ? null : (
        <ReportState
          pending={statement.isPending}
          error={statement.error}
          hasData={statement.data !== undefined}
          updatedAt={statement.dataUpdatedAt}
          retry={() => void statement.refetch()}
        >
          {data && statement.data && (
            <div className="space-y-4" aria-busy={statement.isFetching || undefined}>
              <dl className="grid gap-x-6 gap-y-2 rounded-xl border border-slate-200 bg-white p-4 text-sm sm:grid-cols-2">
                <div>
                  <dt className="text-slate-600">{reportTexts.accountNumber}</dt>
                  <dd className="font-mono font-medium text-slate-900">
                    {data.account.accountNumber} ·{' '}
                    {accountTypeLabels[data.account.type as AccountType] ?? data.account.type}
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-600">{reportTexts.holders}</dt>
                  <dd className="font-medium text-slate-900">{data.account.holders.join(', ')}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">{reportTexts.date}</dt>
                  <dd className="font-medium text-slate-900">{periodLabel(data.period)}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">{reportTexts.opening}</dt>
                  <dd className="font-medium tabular-nums text-slate-900">
                    {formatHtg(data.openingBalance)}
                  </dd>
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
                  <dd className="font-semibold tabular-nums text-slate-900">
                    {formatHtg(data.closingBalance)}
                  </dd>
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
                            <time dateTime={move.createdAt}>{formatDateTimeFr(move.createdAt)}</time>
                          </td>
                          <td data-label={reportTexts.number} className={`${tableClasses.td} font-mono`}>
                            {move.transactionNumber}
                          </td>
                          <td data-label={reportTexts.operation} className={tableClasses.td}>
                            {move.label}
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
                  label="Pages des mouvements"
                  page={page}
                  perPage={REPORT_PER_PAGE}
                  total={statement.data.meta.total}
                  onPageChange={setPage}
                  busy={statement.isFetching}
                />
              </div>
            </div>
          )}
        </ReportState>
      )}
    </div>
  );
}
