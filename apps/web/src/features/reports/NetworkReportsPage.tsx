import {
  DEFAULT_LARGE_OPERATION_THRESHOLD_HTG,
  formatDate,
  formatDateTime,
  formatHtg,
  personRoleLabels,
  reportTexts,
  transactionTypeLabels,
  trialBalanceLabels,
} from '@lajan/domain';
import { Pagination } from '../../components/Pagination';
import { TextField } from '../../components/TextField';
import { tableClasses } from '../../components/responsive-table';
import { TableFrame } from '../../components/TableFrame';
import { currentLanguage } from '../../i18n/i18n';
import { REPORT_PER_PAGE, useLargeOperations, useTrialBalance } from './api/reports';
import {
  FilterForm,
  formValues,
  PeriodFields,
  periodLabel,
  ReportState,
  useReportParams,
} from './ReportParts';

const filterNames = ['from', 'to', 'threshold'] as const;

function TrialBalanceSection() {
  const trial = useTrialBalance();
  return (
    <section aria-labelledby="trial-balance" className="space-y-2">
      <h2 id="trial-balance" className="text-lg font-semibold text-slate-900">
        {reportTexts.trialBalanceTitle}
      </h2>
      <ReportState
        pending={trial.isPending}
        error={trial.error}
        hasData={trial.data !== undefined}
        updatedAt={trial.dataUpdatedAt}
        retry={() => void trial.refetch()}
      >
        {trial.data && (
          <TableFrame>
            <table className={tableClasses.table}>
              <caption className="sr-only">{reportTexts.trialBalanceTitle}</caption>
              <thead className={tableClasses.head}>
                <tr>
                  <th scope="col" className={tableClasses.th}>
                    {reportTexts.trialBalanceAccount}
                  </th>
                  <th scope="col" className={tableClasses.th}>
                    {reportTexts.accountNumber}
                  </th>
                  <th scope="col" className={`${tableClasses.th} text-right`}>
                    {reportTexts.trialBalanceAccounts}
                  </th>
                  <th scope="col" className={`${tableClasses.th} text-right`}>
                    {reportTexts.balance}
                  </th>
                </tr>
              </thead>
              <tbody className={tableClasses.body}>
                {trial.data.rows.map((row) => (
                  <tr key={row.key} className={tableClasses.row}>
                    <th
                      scope="row"
                      data-label={reportTexts.trialBalanceAccount}
                      className={`${tableClasses.td} font-medium`}
                    >
                      {trialBalanceLabels[row.key]}
                    </th>
                    <td data-label={reportTexts.accountNumber} className={`${tableClasses.td} font-mono`}>
                      {row.accountNumber ?? '—'}
                    </td>
                    <td
                      data-label={reportTexts.trialBalanceAccounts}
                      className={`${tableClasses.td} tabular-nums text-right`}
                    >
                      {row.accounts}
                    </td>
                    <td
                      data-label={reportTexts.balance}
                      className={`${tableClasses.td} tabular-nums text-right`}
                    >
                      {formatHtg(row.balance)}
                    </td>
                  </tr>
                ))}
                <tr className={`${tableClasses.row} font-semibold`}>
                  <th
                    scope="row"
                    data-label={reportTexts.trialBalanceAccount}
                    className={tableClasses.td}
                    colSpan={3}
                  >
                    {reportTexts.trialBalanceTotal}
                  </th>
                  <td
                    data-label={reportTexts.balance}
                    className={`${tableClasses.td} tabular-nums text-right`}
                  >
                    {formatHtg(trial.data.total)}
                  </td>
                </tr>
              </tbody>
            </table>
          </TableFrame>
        )}
      </ReportState>
    </section>
  );
}

/**
 * /reports/network (issue 16 item 5), the super administrator's: the trial balance, and the people
 * whose operations of a day add up to the reporting threshold. Fee income by agent is on
 * /reports/commissions (the network's statement).
 */
export default function NetworkReportsPage() {
  const { params, setParams, page, setPage } = useReportParams();
  const query = Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? undefined]));
  const large = useLargeOperations(query, page);
  const language = currentLanguage() === 'ht' ? 'ht' : 'fr';

  const threshold = large.data?.meta.threshold ?? DEFAULT_LARGE_OPERATION_THRESHOLD_HTG;
  return (
    <div className="report-print space-y-8">
      <header>
        <h1 className="text-2xl font-semibold text-slate-900">{reportTexts.networkTitle}</h1>
      </header>
      <TrialBalanceSection />

      <section aria-labelledby="large-operations" className="space-y-3">
        <h2 id="large-operations" className="text-lg font-semibold text-slate-900">
          {reportTexts.largeTitle}
        </h2>
        <p className="text-sm text-slate-600">{reportTexts.largeIntro(formatHtg(threshold))}</p>
        <FilterForm
          label={reportTexts.choosePeriodAndThreshold}
          formKey={params.toString()}
          onSubmit={(event) => setParams(formValues(event, filterNames))}
        >
          <PeriodFields params={params} withMonth={false} />
          <TextField
            label={reportTexts.threshold}
            name="threshold"
            inputMode="decimal"
            defaultValue={params.get('threshold') ?? String(DEFAULT_LARGE_OPERATION_THRESHOLD_HTG)}
          />
        </FilterForm>
        <ReportState
          pending={large.isPending}
          error={large.error}
          hasData={large.data !== undefined}
          updatedAt={large.dataUpdatedAt}
          retry={() => void large.refetch()}
        >
          {large.data && (
            <div className="space-y-4" aria-busy={large.isFetching || undefined}>
              <p className="font-medium text-slate-800">
                {periodLabel({ from: large.data.meta.from, to: large.data.meta.to })}
              </p>
              {large.data.data.length === 0 ? (
                <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
                  {reportTexts.largeEmpty}
                </p>
              ) : (
                <ul className="space-y-4">
                  {large.data.data.map((group) => (
                    <li
                      key={`${group.date}-${group.person.name}-${group.person.idDocumentNumber ?? ''}`}
                      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
                    >
                      <h3 className="flex flex-wrap items-baseline gap-x-3 font-semibold text-slate-900">
                        <span>{group.person.name}</span>
                        {group.person.idDocumentNumber && (
                          <span className="font-mono text-sm text-slate-600">
                            {group.person.idDocumentNumber}
                          </span>
                        )}
                        <span className="text-sm font-normal text-slate-700">
                          {formatDate(group.date, language)}
                        </span>
                        {group.split && (
                          <span
                            className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
                            title={reportTexts.splitHint}
                          >
                            {reportTexts.split}
                          </span>
                        )}
                      </h3>
                      <p className="mt-1 text-sm text-slate-800">
                        {reportTexts.dayTotal} :{' '}
                        <strong className="tabular-nums">{formatHtg(group.total)}</strong> · {group.count}{' '}
                        {group.count === 1 ? 'opération' : 'opérations'}
                      </p>
                      <table className={`${tableClasses.table} mt-2`}>
                        <caption className="sr-only">
                          {group.person.name}, {formatDate(group.date, language)}
                        </caption>
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
                              {reportTexts.roles}
                            </th>
                            <th scope="col" className={tableClasses.th}>
                              {reportTexts.agent}
                            </th>
                            <th scope="col" className={`${tableClasses.th} text-right`}>
                              {reportTexts.amount}
                            </th>
                          </tr>
                        </thead>
                        <tbody className={tableClasses.body}>
                          {group.operations.map((operation) => (
                            <tr key={operation.transactionNumber} className={tableClasses.row}>
                              <td data-label={reportTexts.date} className={`${tableClasses.td} tabular-nums`}>
                                {formatDateTime(operation.createdAt, language)}
                              </td>
                              <td data-label={reportTexts.number} className={`${tableClasses.td} font-mono`}>
                                {operation.transactionNumber}
                              </td>
                              <td data-label={reportTexts.type} className={tableClasses.td}>
                                {transactionTypeLabels[operation.type]}
                              </td>
                              <td data-label={reportTexts.roles} className={tableClasses.td}>
                                {operation.roles.map((role) => personRoleLabels[role]).join(', ')}
                              </td>
                              <td data-label={reportTexts.agent} className={tableClasses.td}>
                                {operation.agent?.code ?? '—'}
                              </td>
                              <td
                                data-label={reportTexts.amount}
                                className={`${tableClasses.td} tabular-nums text-right`}
                              >
                                {formatHtg(operation.amount)}
                              </td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </li>
                  ))}
                </ul>
              )}
              <div className="report-no-print">
                <Pagination
                  label={reportTexts.largeOperationPages}
                  page={page}
                  perPage={REPORT_PER_PAGE}
                  total={large.data.meta.total}
                  onPageChange={setPage}
                  busy={large.isFetching}
                />
              </div>
            </div>
          )}
        </ReportState>
      </section>
    </div>
  );
}
