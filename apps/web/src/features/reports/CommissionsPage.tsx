import {
  formatDateTime,
  formatHtg,
  reportTexts,
  transactionStatusLabels,
  transactionTypeLabels,
  type CommissionTotals,
} from '@lajan/domain';
import { Pagination } from '../../components/Pagination';
import { TextField } from '../../components/TextField';
import { tableClasses } from '../../components/responsive-table';
import { TableFrame } from '../../components/TableFrame';
import { currentLanguage } from '../../i18n/i18n';
import { useSession } from '../../lib/session-context';
import {
  REPORT_PER_PAGE,
  useCommissionOperations,
  useCommissionStatement,
  useCsvExport,
} from './api/reports';
import {
  FilterForm,
  formValues,
  PeriodFields,
  periodLabel,
  ReportActions,
  ReportState,
  useReportParams,
} from './ReportParts';

const filterNames = ['month', 'from', 'to', 'agentCode'] as const;

/** The figures' columns, named when shown (decision 236). */
function figureColumns() {
  return [
    ['count', reportTexts.count],
    ['amount', reportTexts.amount],
    ['fee', reportTexts.fee],
    ['agentShare', reportTexts.agentShare],
    ['feeIncome', reportTexts.feeIncome],
  ] as const;
}

function Figures({ line }: { line: CommissionTotals }) {
  return (
    <>
      {figureColumns().map(([key, label]) => (
        <td key={key} data-label={label} className={`${tableClasses.td} tabular-nums text-right`}>
          {key === 'count' ? line.count : formatHtg(line[key])}
        </td>
      ))}
    </>
  );
}

function FigureHeads({ first }: { first: string }) {
  return (
    <thead className={tableClasses.head}>
      <tr>
        <th scope="col" className={tableClasses.th}>
          {first}
        </th>
        {figureColumns().map(([key, label]) => (
          <th key={key} scope="col" className={`${tableClasses.th} text-right`}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/**
 * /reports/commissions (issue 16 item 3): the fees of an agent's operations and its share, by type, and
 * the operations behind them; the super administrator's network totals and each agent's fee income.
 * Printable, and as CSV.
 */
export default function CommissionsPage() {
  const { user } = useSession();
  const networkWide = Boolean(user?.isSuperAdmin);
  const { params, setParams, page, setPage } = useReportParams();
  const query = Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? undefined]));
  const statement = useCommissionStatement(query);
  const operations = useCommissionOperations(query, page);
  const csv = useCsvExport();
  const data = statement.data;
  const language = currentLanguage() === 'ht' ? 'ht' : 'fr';

  return (
    <div className="report-print space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{reportTexts.commissionsTitle}</h1>
          <p className="mt-1 text-sm text-slate-600">
            {networkWide ? reportTexts.commissionsIntroNetwork : reportTexts.commissionsIntroAgent}
          </p>
          {data && (
            <p className="mt-2 font-medium text-slate-800">
              {data.agent ? `${data.agent.name} (${data.agent.code})` : reportTexts.network} ·{' '}
              {periodLabel(data.period)}
            </p>
          )}
        </div>
        {data && (
          <ReportActions
            exporting={csv.isPending}
            onExport={() =>
              csv.mutate({
                path: '/reports/commissions/export',
                query,
                fileName: `commissions-${data.agent?.code ?? 'reseau'}-${data.period.from}-${data.period.to}.csv`,
              })
            }
          />
        )}
      </header>

      <FilterForm
        label={reportTexts.choosePeriod}
        formKey={params.toString()}
        onSubmit={(event) => setParams(formValues(event, filterNames))}
      >
        <PeriodFields params={params} />
        {networkWide && (
          <TextField
            label={reportTexts.agentCode}
            name="agentCode"
            hint={reportTexts.agentCodeHint}
            defaultValue={params.get('agentCode') ?? ''}
            autoComplete="off"
          />
        )}
      </FilterForm>

      <ReportState
        pending={statement.isPending}
        error={statement.error}
        hasData={statement.data !== undefined}
        updatedAt={statement.dataUpdatedAt}
        retry={() => void statement.refetch()}
      >
        {data && (
          <div className="space-y-6" aria-busy={statement.isFetching || undefined}>
            <section aria-labelledby="by-type" className="space-y-2">
              <h2 id="by-type" className="text-lg font-semibold text-slate-900">
                {reportTexts.byType}
              </h2>
              <TableFrame>
                <table className={tableClasses.table}>
                  <caption className="sr-only">{reportTexts.byType}</caption>
                  <FigureHeads first={reportTexts.type} />
                  <tbody className={tableClasses.body}>
                    {data.byType.map((line) => (
                      <tr key={line.type} className={tableClasses.row}>
                        <th
                          scope="row"
                          data-label={reportTexts.type}
                          className={`${tableClasses.td} font-medium`}
                        >
                          {transactionTypeLabels[line.type]}
                        </th>
                        <Figures line={line} />
                      </tr>
                    ))}
                    <tr className={`${tableClasses.row} font-semibold`}>
                      <th scope="row" data-label={reportTexts.type} className={tableClasses.td}>
                        {reportTexts.total}
                      </th>
                      <Figures line={data.totals} />
                    </tr>
                  </tbody>
                </table>
              </TableFrame>
            </section>

            {data.byAgent.length > 0 && (
              <section aria-labelledby="by-agent" className="space-y-2">
                <h2 id="by-agent" className="text-lg font-semibold text-slate-900">
                  {reportTexts.byAgent}
                </h2>
                <TableFrame>
                  <table className={tableClasses.table}>
                    <caption className="sr-only">{reportTexts.byAgent}</caption>
                    <FigureHeads first={reportTexts.agent} />
                    <tbody className={tableClasses.body}>
                      {data.byAgent.map((line) => (
                        <tr key={line.agent.code} className={tableClasses.row}>
                          <th
                            scope="row"
                            data-label={reportTexts.agent}
                            className={`${tableClasses.td} font-medium`}
                          >
                            {line.agent.code} · {line.agent.name}
                          </th>
                          <Figures line={line} />
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </TableFrame>
              </section>
            )}

            <section aria-labelledby="operations" className="space-y-2">
              <h2 id="operations" className="text-lg font-semibold text-slate-900">
                {reportTexts.operations}
              </h2>
              <ReportState
                pending={operations.isPending}
                error={operations.error}
                hasData={operations.data !== undefined}
                updatedAt={operations.dataUpdatedAt}
                retry={() => void operations.refetch()}
              >
                {operations.data && operations.data.data.length === 0 ? (
                  <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
                    {reportTexts.noOperations}
                  </p>
                ) : (
                  operations.data && (
                    <div className="space-y-4" aria-busy={operations.isFetching || undefined}>
                      <TableFrame>
                        <table className={tableClasses.table}>
                          <caption className="sr-only">{reportTexts.operations}</caption>
                          <thead className={tableClasses.head}>
                            <tr>
                              <th scope="col" className={tableClasses.th}>
                                {reportTexts.date}
                              </th>
                              <th scope="col" className={tableClasses.th}>
                                {reportTexts.number}
                              </th>
                              <th scope="col" className={tableClasses.th}>
                                {reportTexts.type}
                              </th>
                              <th scope="col" className={tableClasses.th}>
                                {reportTexts.status}
                              </th>
                              {networkWide && (
                                <th scope="col" className={tableClasses.th}>
                                  {reportTexts.agent}
                                </th>
                              )}
                              <th scope="col" className={`${tableClasses.th} text-right`}>
                                {reportTexts.amount}
                              </th>
                              <th scope="col" className={`${tableClasses.th} text-right`}>
                                {reportTexts.fee}
                              </th>
                              <th scope="col" className={`${tableClasses.th} text-right`}>
                                {reportTexts.agentShare}
                              </th>
                            </tr>
                          </thead>
                          <tbody className={tableClasses.body}>
                            {operations.data.data.map((row) => (
                              <tr key={row.transactionNumber} className={tableClasses.row}>
                                <td
                                  data-label={reportTexts.date}
                                  className={`${tableClasses.td} whitespace-nowrap tabular-nums`}
                                >
                                  <time dateTime={row.createdAt}>
                                    {formatDateTime(row.createdAt, language)}
                                  </time>
                                </td>
                                <td
                                  data-label={reportTexts.number}
                                  className={`${tableClasses.td} font-mono`}
                                >
                                  {row.transactionNumber}
                                </td>
                                <td data-label={reportTexts.type} className={tableClasses.td}>
                                  {transactionTypeLabels[row.type]}
                                </td>
                                <td data-label={reportTexts.status} className={tableClasses.td}>
                                  {transactionStatusLabels[row.status]}
                                </td>
                                {networkWide && (
                                  <td data-label={reportTexts.agent} className={tableClasses.td}>
                                    {row.agent.code}
                                  </td>
                                )}
                                <td
                                  data-label={reportTexts.amount}
                                  className={`${tableClasses.td} tabular-nums text-right`}
                                >
                                  {formatHtg(row.amount)}
                                </td>
                                <td
                                  data-label={reportTexts.fee}
                                  className={`${tableClasses.td} tabular-nums text-right`}
                                >
                                  {formatHtg(row.fee)}
                                </td>
                                <td
                                  data-label={reportTexts.agentShare}
                                  className={`${tableClasses.td} tabular-nums text-right`}
                                >
                                  {formatHtg(row.agentShare)}
                                </td>
                              </tr>
                            ))}
                          </tbody>
                        </table>
                      </TableFrame>
                      <div className="report-no-print">
                        <Pagination
                          label={reportTexts.operationPages}
                          page={page}
                          perPage={REPORT_PER_PAGE}
                          total={operations.data.meta.total}
                          onPageChange={setPage}
                          busy={operations.isFetching}
                        />
                      </div>
                    </div>
                  )
                )}
              </ReportState>
            </section>
          </div>
        )}
      </ReportState>
    </div>
  );
}
