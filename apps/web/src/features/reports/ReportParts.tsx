import type { FormEvent, ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { FetchedAt } from '../../components/pending/FetchedAt';
import { formatDate, reportTexts, statementMessages } from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { PageLoading } from '../../components/PageLoading';
import { TextField } from '../../components/TextField';
import { currentLanguage } from '../../i18n/i18n';
import { errorMessage } from '../../lib/http';
import './report-print.css';

/**
 * A report's filters and page, kept in the address: `page` from `?page=` (the first when it is not a whole
 * number from 1), `setPage` writing it back (left out for the first).
 */
export function useReportParams() {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('page'));
  const page = Number.isInteger(asked) && asked > 0 ? asked : 1;
  function setPage(next: number) {
    const nextParams = new URLSearchParams(params);
    if (next > 1) nextParams.set('page', String(next));
    else nextParams.delete('page');
    setParams(nextParams);
  }
  return { params, setParams, page, setPage };
}

/** The period a report's address asks for: `month`, or `from` and `to`; absent ones left out. */
export function periodOf(params: URLSearchParams) {
  return {
    month: params.get('month') ?? undefined,
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
  };
}

/** "Du 01/11/2026 au 30/11/2026", in the screen's language. */
export function periodLabel(period: { from: string; to: string }): string {
  const language = currentLanguage() === 'ht' ? 'ht' : 'fr';
  return reportTexts.period(formatDate(period.from, language), formatDate(period.to, language));
}

/** The period's fields: a month, or two dates; what the address holds is shown. */
export function PeriodFields({ params, withMonth = true }: { params: URLSearchParams; withMonth?: boolean }) {
  return (
    <>
      {withMonth && (
        <TextField
          label={reportTexts.month}
          name="month"
          type="month"
          defaultValue={params.get('month') ?? ''}
        />
      )}
      <TextField label={reportTexts.from} name="from" type="date" defaultValue={params.get('from') ?? ''} />
      <TextField label={reportTexts.to} name="to" type="date" defaultValue={params.get('to') ?? ''} />
    </>
  );
}

/** The filled fields of a filter form, for the address; a month given with dates gives way to them. */
export function formValues(
  event: FormEvent<HTMLFormElement>,
  names: readonly string[],
): Record<string, string> {
  event.preventDefault();
  const form = new FormData(event.currentTarget);
  const next: Record<string, string> = {};
  for (const name of names) {
    const value = form.get(name);
    if (typeof value === 'string' && value.trim()) next[name] = value.trim();
  }
  if (next.month && (next.from || next.to)) delete next.month;
  return next;
}

/** A filter form, as a search landmark. */
export function FilterForm({
  label,
  formKey,
  onSubmit,
  children,
}: {
  label: string;
  formKey: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <form
      role="search"
      aria-label={label}
      noValidate
      key={formKey}
      onSubmit={onSubmit}
      className="report-no-print grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      {children}
      <div className="flex items-end">
        <Button type="submit">{reportTexts.show}</Button>
      </div>
    </form>
  );
}

/** Print and CSV, beside the report's title. */
export function ReportActions({ onExport, exporting }: { onExport: () => void; exporting: boolean }) {
  return (
    <div className="report-no-print flex flex-wrap gap-2">
      <Button variant="secondary" onClick={() => window.print()}>
        {reportTexts.print}
      </Button>
      <Button variant="secondary" onClick={onExport} disabled={exporting}>
        {exporting ? reportTexts.exporting : reportTexts.exportCsv}
      </Button>
    </div>
  );
}

/** Loading, or the failure with its French message and a retry. */
export function ReportState({
  pending,
  error,
  retry,
  hasData,
  updatedAt,
  children,
}: {
  pending: boolean;
  error: unknown;
  retry: () => void;
  /** Whether a report was fetched before: a failed refetch keeps it on screen (decision 151). */
  hasData: boolean;
  /** The query's `dataUpdatedAt`: said while offline. */
  updatedAt: number;
  children: ReactNode;
}) {
  if (pending) return <PageLoading label={reportTexts.loading} />;
  if (error && !hasData)
    return (
      <Alert type="danger" title={errorMessage(error, statementMessages.loadFailed)}>
        <Button variant="secondary" className="mt-2" onClick={retry}>
          {reportTexts.retry}
        </Button>
      </Alert>
    );
  return (
    <>
      <FetchedAt updatedAt={updatedAt} />
      {children}
    </>
  );
}
