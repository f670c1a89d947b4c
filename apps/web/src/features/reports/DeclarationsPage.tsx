import {
  AMBIGUOUS_AMOUNT_INPUT,
  amountMessages,
  cashDirectionLabels,
  DEFAULT_DECLARATION_THRESHOLD_HTG,
  declarationFlagLabels,
  declarationsFileName,
  declarationTexts,
  formatDate,
  formatDayAndTime,
  formatHtg,
  idDocumentChoiceLabels,
  reportTexts,
  statementMessages,
  todayIso,
  type DeclarationGroup,
  type DeclarationOperation,
  type IdDocumentType,
} from '@lajan/domain';
import { plural } from '@lingui/core/macro';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../components/TextField';
import { tableClasses } from '../../components/responsive-table';
import { TableFrame } from '../../components/TableFrame';
import { currentLanguage } from '../../i18n/i18n';
import { parseAmountInput } from '../../lib/amount-input';
import { isHttpError } from '../../lib/http';
import { useCsvExport, useDeclarations } from './api/reports';
import { FilterForm, formValues, ReportActions, ReportState, useReportParams } from './ReportParts';

const filterNames = ['day', 'threshold'] as const;

/** The server's refusal of a field, shown under it. */
function refusalOf(error: unknown, field: string): string | undefined {
  return isHttpError(error) ? error.errors[field]?.[0] : undefined;
}

function flagsText(operation: Pick<DeclarationOperation, 'flags' | 'feeBandEdge'>): string {
  return operation.flags
    .map((flag) =>
      flag === 'fee_band_split' && operation.feeBandEdge !== null
        ? `${declarationFlagLabels[flag]} (${declarationTexts.underEdge(formatHtg(operation.feeBandEdge))})`
        : declarationFlagLabels[flag],
    )
    .join(', ');
}

function FlagBadges({ group }: { group: DeclarationGroup }) {
  return (
    <>
      {group.flags.map((flag) => (
        <span key={flag} className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
          {declarationFlagLabels[flag]}
        </span>
      ))}
    </>
  );
}

/** Her identification as the declaration asks it: names, document, birth, address, phone. */
function Identification({ group }: { group: DeclarationGroup }) {
  const { person } = group;
  const language = currentLanguage() === 'ht' ? 'ht' : 'fr';
  const documentType = person.idDocumentType
    ? (idDocumentChoiceLabels[person.idDocumentType as IdDocumentType] ?? person.idDocumentType)
    : null;
  const facts: [string, string][] = [
    [declarationTexts.document, [documentType, person.idDocumentNumber].filter(Boolean).join(' ') || '—'],
    [declarationTexts.dob, person.dob ? formatDate(person.dob, language) : '—'],
    [declarationTexts.address, person.address ?? '—'],
    [declarationTexts.phone, person.phoneNumber ?? '—'],
    [declarationTexts.agents, group.agents.map((agent) => `${agent.name} (${agent.code})`).join(', ')],
    [declarationTexts.cashIn, formatHtg(group.cashIn)],
    [declarationTexts.cashOut, formatHtg(group.cashOut)],
  ];
  return (
    <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
      {facts.map(([label, value]) => (
        <div key={label} className="flex flex-wrap gap-x-2">
          <dt className="font-medium text-slate-600">{label} :</dt>
          <dd className="text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The operations' columns, named when shown (decision 236); the amount's is right-aligned. */
function columns() {
  return [
    ['time', declarationTexts.time],
    ['number', reportTexts.number],
    ['operation', declarationTexts.operation],
    ['cash', declarationTexts.cash],
    ['amount', reportTexts.amount],
    ['account', declarationTexts.account],
    ['agent', reportTexts.agent],
    ['teller', declarationTexts.teller],
    ['flags', declarationTexts.flags],
  ] as const;
}

function OperationsTable({ group }: { group: DeclarationGroup }) {
  const language = currentLanguage() === 'ht' ? 'ht' : 'fr';
  return (
    <TableFrame wide scrollLabel={declarationTexts.operationsOf(group.person.name)}>
      <table className={tableClasses.table}>
        <caption className="sr-only">{group.person.name}</caption>
        <thead className={tableClasses.head}>
          <tr>
            {columns().map(([key, column]) => (
              <th
                key={key}
                scope="col"
                className={`${tableClasses.th}${key === 'amount' ? ' text-right' : ''}`}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={tableClasses.body}>
          {group.operations.map((operation) => (
            <tr key={operation.transactionNumber} className={tableClasses.row}>
              <td data-label={declarationTexts.time} className={`${tableClasses.td} tabular-nums`}>
                {formatDayAndTime(operation.createdAt, language).time}
              </td>
              <td data-label={reportTexts.number} className={`${tableClasses.td} font-mono`}>
                {operation.transactionNumber}
              </td>
              <td data-label={declarationTexts.operation} className={tableClasses.td}>
                {operation.label}
              </td>
              <td data-label={declarationTexts.cash} className={tableClasses.td}>
                {cashDirectionLabels[operation.cash]}
              </td>
              <td data-label={reportTexts.amount} className={`${tableClasses.td} tabular-nums text-right`}>
                {formatHtg(operation.amount)}
              </td>
              <td data-label={declarationTexts.account} className={`${tableClasses.td} font-mono`}>
                {operation.accountNumber ?? '—'}
              </td>
              <td data-label={reportTexts.agent} className={tableClasses.td}>
                {operation.agent ? `${operation.agent.name} (${operation.agent.code})` : '—'}
              </td>
              <td data-label={declarationTexts.teller} className={tableClasses.td}>
                {operation.teller}
              </td>
              <td data-label={declarationTexts.flags} className={tableClasses.td}>
                {flagsText(operation) || '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}

function PersonDay({ group }: { group: DeclarationGroup }) {
  const count = group.count;
  return (
    <li className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 className="flex flex-wrap items-baseline gap-x-3 gap-y-1 font-semibold text-slate-900">
        <span>{group.person.name}</span>
        <span className="text-sm font-normal text-slate-600">
          {group.person.registered ? declarationTexts.registered : declarationTexts.notRegistered}
        </span>
        <FlagBadges group={group} />
      </h3>
      <p className="text-sm text-slate-800">
        {declarationTexts.dayTotal} : <strong className="tabular-nums">{formatHtg(group.total)}</strong> ·{' '}
        {plural(count, { one: '# opération', other: '# opérations' })}
      </p>
      <Identification group={group} />
      <OperationsTable group={group} />
    </li>
  );
}

/**
 * /reports/declarations (issue 43 part 2, decision 228), the super administrator's « Déclarations UCREF »:
 * a Haiti day's cash of each person at or over the threshold, with her identification and operations, and
 * « À examiner », those under it whose operations look split. Printable, and as CSV.
 */
export default function DeclarationsPage() {
  const { params, setParams } = useReportParams();
  const query = Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? undefined]));
  const report = useDeclarations(query);
  const csv = useCsvExport();
  const data = report.data;
  const threshold = data?.threshold ?? DEFAULT_DECLARATION_THRESHOLD_HTG;
  const [thresholdError, setThresholdError] = useState<string>();
  const language = currentLanguage() === 'ht' ? 'ht' : 'fr';

  /** The threshold as typed in French ("110 000", "110 000,50") into the address; an unreadable one stays. */
  function submit(event: FormEvent<HTMLFormElement>) {
    const next = formValues(event, filterNames);
    if (next.threshold !== undefined) {
      const typed = parseAmountInput(next.threshold);
      if (!Number.isFinite(typed)) {
        setThresholdError(
          typed === AMBIGUOUS_AMOUNT_INPUT ? amountMessages.ambiguous : statementMessages.threshold,
        );
        return;
      }
      next.threshold = String(typed);
    }
    setThresholdError(undefined);
    setParams(next);
  }

  return (
    <div className="report-print space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{declarationTexts.title}</h1>
          <p className="mt-1 text-sm text-slate-600">{declarationTexts.intro(formatHtg(threshold))}</p>
          {data && (
            <p className="mt-2 font-medium text-slate-800">
              {declarationTexts.dayOf(formatDate(data.day, language))}
            </p>
          )}
        </div>
        {data && (
          <div className="report-no-print max-w-sm space-y-2">
            <ReportActions
              exporting={csv.isPending}
              onExport={() =>
                csv.mutate({
                  path: '/reports/declarations/export',
                  // What is on screen, not what the address asks while another day loads.
                  query: { day: data.day, threshold: data.threshold },
                  fileName: declarationsFileName(data.day),
                })
              }
            />
            <p className="text-xs text-slate-600">{declarationTexts.handleWithCare}</p>
          </div>
        )}
      </header>

      <FilterForm
        label={declarationTexts.chooseDayAndThreshold}
        // Mounted again once the answer says which day it is (yesterday when none is asked).
        formKey={`${params.toString()}|${data?.day ?? ''}`}
        onSubmit={submit}
      >
        <TextField
          label={declarationTexts.day}
          name="day"
          type="date"
          max={todayIso()}
          defaultValue={params.get('day') ?? data?.day ?? ''}
          error={refusalOf(report.error, 'day')}
        />
        <TextField
          label={declarationTexts.threshold}
          name="threshold"
          inputMode="decimal"
          defaultValue={params.get('threshold') ?? String(DEFAULT_DECLARATION_THRESHOLD_HTG)}
          error={thresholdError ?? refusalOf(report.error, 'threshold')}
        />
      </FilterForm>

      <ReportState
        pending={report.isPending}
        error={report.error}
        hasData={data !== undefined}
        updatedAt={report.dataUpdatedAt}
        retry={() => void report.refetch()}
      >
        {data && (
          <div className="space-y-8" aria-busy={report.isFetching || undefined}>
            <section aria-labelledby="declared" className="space-y-3">
              <h2 id="declared" className="text-lg font-semibold text-slate-900">
                {declarationTexts.declared} ({data.declared.length})
              </h2>
              {data.declared.length === 0 ? (
                <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
                  {declarationTexts.declaredEmpty}
                </p>
              ) : (
                <ul className="space-y-4">
                  {data.declared.map((group, index) => (
                    // Two persons may share a name and a number under two document types.
                    <PersonDay key={`${index}-${group.person.name}`} group={group} />
                  ))}
                </ul>
              )}
            </section>
            {data.toReview.length > 0 && (
              <section aria-labelledby="to-review" className="space-y-3">
                <h2 id="to-review" className="text-lg font-semibold text-slate-900">
                  {declarationTexts.toReview} ({data.toReview.length})
                </h2>
                <p className="text-sm text-slate-600">{declarationTexts.toReviewIntro}</p>
                <ul className="space-y-4">
                  {data.toReview.map((group, index) => (
                    // Two persons may share a name and a number under two document types.
                    <PersonDay key={`${index}-${group.person.name}`} group={group} />
                  ))}
                </ul>
              </section>
            )}
          </div>
        )}
      </ReportState>
    </div>
  );
}
