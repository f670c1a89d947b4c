import { reportTexts } from '@lajan/domain';
import { TextField } from '../../components/TextField';
import { errorMessage, isHttpError } from '../../lib/http';
import { useAccountStatement, useCsvExport } from './api/reports';
import {
  FilterForm,
  formValues,
  PeriodFields,
  periodOf,
  ReportActions,
  useReportParams,
} from './ReportParts';
import { StatementResult } from './StatementView';

const filterNames = ['account', 'month', 'from', 'to'] as const;

/**
 * /reports/account-statement?account= (issue 16 item 5): a customer account's statement for a period,
 * asked by the agent that holds the account or the super administrator; printable, and as CSV.
 */
export default function AccountStatementPage() {
  const { params, setParams, page, setPage } = useReportParams();
  const accountNumber = (params.get('account') ?? '').replace(/\s+/g, '');
  const period = periodOf(params);
  const statement = useAccountStatement(accountNumber, period, page);
  const csv = useCsvExport();
  const data = statement.data?.data;
  const notFound = isHttpError(statement.error) && statement.error.status === 404;
  const accountError = notFound ? errorMessage(statement.error, '') : undefined;

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
        label={reportTexts.chooseAccountAndPeriod}
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
        <StatementResult statement={statement} page={page} onPageChange={setPage} />
      )}
    </div>
  );
}
