import { reportTexts } from '@lajan/domain';
import { TextField } from '../../components/TextField';
import { errorMessage, isHttpError } from '../../lib/http';
import { useSession } from '../../lib/session-context';
import { useCsvExport, useFloatStatement } from './api/reports';
import {
  FilterForm,
  formValues,
  PeriodFields,
  periodOf,
  ReportActions,
  useReportParams,
} from './ReportParts';
import { StatementResult } from './StatementView';

const filterNames = ['agentCode', 'month', 'from', 'to'] as const;

/**
 * /reports/float-statement (decision 191): an agent's float for a period, each movement with the balance
 * after it, to reconcile the float with the cash; its administrator's own agent, or the agent whose code the
 * super administrator gives. Printable, and as CSV.
 */
export default function FloatStatementPage() {
  const { user } = useSession();
  const networkWide = Boolean(user?.isSuperAdmin);
  const { params, setParams, page, setPage } = useReportParams();
  const agentCode = (params.get('agentCode') ?? '').trim();
  const query = { agentCode: agentCode || undefined, ...periodOf(params) };
  const asked = !networkWide || agentCode !== '';
  const statement = useFloatStatement(query, page, asked);
  const csv = useCsvExport();
  const data = statement.data?.data;
  const notFound = isHttpError(statement.error) && statement.error.status === 404;
  const agentError = notFound ? errorMessage(statement.error, '') : undefined;

  return (
    <div className="report-print space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{reportTexts.floatStatementTitle}</h1>
          <p className="mt-1 text-sm text-slate-600">{reportTexts.floatStatementIntro}</p>
        </div>
        {data?.account.agent && (
          <ReportActions
            exporting={csv.isPending}
            onExport={() =>
              csv.mutate({
                path: '/reports/float/statement/export',
                query,
                fileName: `releve-float-${data.account.agent!.code}-${data.period.from}-${data.period.to}.csv`,
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
        {networkWide && (
          <TextField
            label={reportTexts.agentCode}
            name="agentCode"
            defaultValue={agentCode}
            autoComplete="off"
            error={agentError}
          />
        )}
        <PeriodFields params={params} />
      </FilterForm>

      {!asked ? (
        <p className="text-slate-700">{reportTexts.askAgent}</p>
      ) : notFound && networkWide ? null : (
        <StatementResult statement={statement} page={page} onPageChange={setPage} />
      )}
    </div>
  );
}
