import { useId, useState } from 'react';
import {
  feeVersionTexts,
  genericMessages,
  limitCategories,
  limitCategoryLabels,
  limitEditorTexts as texts,
  limitPeriodLabels,
  limitVersionInputSchema,
  type LimitCategory,
  type LimitValues,
  type LimitVersionInput,
} from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { EffectiveFromFieldset, type Effective } from '../../components/EffectiveFromFieldset';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { useToasts } from '../../components/toasts/toast-context';
import { parseAmountInput } from '../../lib/amount-input';
import { haitiWallClockToIso } from '../../lib/haiti-time';
import { errorMessage, isHttpError } from '../../lib/http';
import { useCreateLimitVersionMutation } from './api/limits';
import { haitiMoment } from './haiti-moment';

const fields = [
  { name: 'per_operation', period: 'operation', from: 'perOperation' },
  { name: 'per_day', period: 'day', from: 'perDay' },
  { name: 'per_thirty_days', period: 'thirtyDays', from: 'perThirtyDays' },
] as const;
type FieldName = (typeof fields)[number]['name'];

/** The nine amounts as typed: text, so that an emptied input stays empty instead of becoming 0. */
type Draft = Record<LimitCategory, Record<FieldName, string>>;

function draftOf(values: readonly LimitValues[]): Draft {
  return Object.fromEntries(
    limitCategories.map((category) => {
      const value = values.find((row) => row.category === category);
      return [
        category,
        Object.fromEntries(fields.map((field) => [field.name, value ? String(value[field.from]) : ''])),
      ];
    }),
  ) as Draft;
}

function toInput(draft: Draft, effective: Effective): LimitVersionInput {
  return {
    ...(effective.mode === 'later'
      ? { effective_from: haitiWallClockToIso(effective.at) ?? effective.at }
      : {}),
    values: Object.fromEntries(
      limitCategories.map((category) => [
        category,
        Object.fromEntries(
          fields.map((field) => [field.name, parseAmountInput(draft[category][field.name])]),
        ),
      ]),
    ) as LimitVersionInput['values'],
  };
}

/** What the draft changes from the version in force, in the table's order; empty when nothing does. */
function changesFrom(inForce: readonly LimitValues[], input: LimitVersionInput) {
  return limitCategories.flatMap((category) => {
    const current = inForce.find((row) => row.category === category);
    return fields.flatMap((field) => {
      const from = current?.[field.from];
      const to = input.values[category][field.name];
      return from === undefined || from === to
        ? []
        : [{ key: `${category}.${field.name}`, category, period: field.period, from, to }];
    });
  });
}

/** zod issues and the server's `errors` both become `{ 'values.cash_in.per_day': message }`. */
function schemaErrors(input: LimitVersionInput, effective: Effective): Record<string, string> {
  const out: Record<string, string> = {};
  if (effective.mode === 'later' && !effective.at) out.effective_from = feeVersionTexts.effectiveRequired;
  const result = limitVersionInputSchema.safeParse(input);
  if (!result.success) for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

/**
 * A new version of the customers' limits (decision 227): nine amounts, checked by the domain's schema as the
 * server will, effective now or from a moment on Haiti's clock; saved after a confirmation, since a version is
 * never edited.
 */
export function LimitVersionForm({ inForce }: { inForce: readonly LimitValues[] }) {
  const formId = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(inForce));
  const [effective, setEffective] = useState<Effective>({ mode: 'now', at: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const create = useCreateLimitVersionMutation();
  const toasts = useToasts();

  function change(category: LimitCategory, field: FieldName, value: string) {
    setDraft((current) => ({ ...current, [category]: { ...current[category], [field]: value } }));
  }

  function check(): boolean {
    const found = schemaErrors(toInput(draft, effective), effective);
    setErrors(found);
    const count = Object.keys(found).length;
    setSummary(
      count === 0 ? null : count === 1 ? (Object.values(found)[0] ?? null) : genericMessages.validation,
    );
    // The keyboard goes to the first field refused, in the form's order.
    if (count > 0)
      requestAnimationFrame(() =>
        document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
    return count === 0;
  }

  const laterIso = effective.mode === 'later' ? haitiWallClockToIso(effective.at) : null;
  const laterText = laterIso ? (haitiMoment(laterIso) ?? effective.at) : null;

  function save() {
    create.mutate(toInput(draft, effective), {
      onSuccess: (schedule) => {
        setConfirming(false);
        const number = Math.max(schedule.inForce.number, ...schedule.coming.map((version) => version.number));
        toasts.success(texts.saved(number));
        setEffective({ mode: 'now', at: '' });
        setErrors({});
        setSummary(null);
      },
      onError: (error) => {
        setConfirming(false);
        const fieldErrors: Record<string, string> = {};
        if (isHttpError(error))
          for (const [key, messages] of Object.entries(error.errors))
            if (messages[0]) fieldErrors[key] = messages[0];
        setErrors(fieldErrors);
        setSummary(errorMessage(error, texts.saveFailed));
      },
    });
  }

  const effectiveError = errors.effective_from;
  const inputClass = (error: string | undefined) =>
    `mt-1 block min-h-11 w-full min-w-0 rounded-md border bg-white px-2 py-2 text-right text-base text-slate-900 focus:outline-2 sm:text-sm ${
      error ? 'border-red-500 focus:outline-red-600' : 'border-slate-300 focus:outline-blue-700'
    }`;

  return (
    <form
      id={formId}
      noValidate
      aria-label={texts.newVersion}
      className="space-y-3 rounded-xl border border-blue-200 bg-white p-3 shadow-sm sm:p-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (check()) setConfirming(true);
      }}
    >
      <h2 className="text-lg font-semibold text-slate-900">{texts.newVersion}</h2>
      {limitCategories.map((category) => (
        <fieldset key={category} className="min-w-0 rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-800">
            {limitCategoryLabels[category]}
          </legend>
          <div className="grid gap-3 sm:grid-cols-3">
            {fields.map((field) => {
              const key = `values.${category}.${field.name}`;
              const inputId = `${formId}-${category}-${field.name}`;
              const error = errors[key];
              return (
                <div key={field.name} className="min-w-0">
                  <label htmlFor={inputId} className="block text-xs font-medium text-slate-700">
                    {limitPeriodLabels[field.period]} (HTG)
                    <span className="sr-only">, {limitCategoryLabels[category]}</span>
                  </label>
                  <input
                    id={inputId}
                    inputMode="decimal"
                    autoComplete="off"
                    value={draft[category][field.name]}
                    onChange={(event) => change(category, field.name, event.target.value)}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${inputId}-error` : undefined}
                    className={inputClass(error)}
                  />
                  {error && (
                    <p id={`${inputId}-error`} className="mt-1 text-sm text-red-700">
                      {error}
                    </p>
                  )}
                </div>
              );
            })}
          </div>
        </fieldset>
      ))}
      <EffectiveFromFieldset
        formId={formId}
        effective={effective}
        error={effectiveError}
        onChange={setEffective}
        onModeChange={() =>
          setErrors((current) =>
            Object.fromEntries(Object.entries(current).filter(([key]) => key !== 'effective_from')),
          )
        }
      />
      {summary && <Alert type="danger">{summary}</Alert>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="submit">{texts.submit}</Button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={texts.confirmTitle}
          confirmLabel={texts.confirm}
          cancelLabel={texts.back}
          pendingLabel={texts.saving}
          pending={create.isPending}
          onConfirm={save}
          onCancel={() => setConfirming(false)}
        >
          <ConfirmChanges changes={changesFrom(inForce, toInput(draft, effective))} />
          <p className="mt-3">
            {texts.confirmBody(laterText ? texts.confirmAt(laterText) : texts.confirmNow)}
          </p>
        </ConfirmDialog>
      )}
    </form>
  );
}

/** The confirmation's list of what changes (decision 227): a version is never edited, so it is read first. */
function ConfirmChanges({ changes }: { changes: ReturnType<typeof changesFrom> }) {
  if (changes.length === 0) return <p className="font-medium">{texts.noChange}</p>;
  return (
    <>
      <p>{texts.changesIntro}</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {changes.map((change) => (
          <li key={change.key}>
            {texts.change(
              limitCategoryLabels[change.category],
              limitPeriodLabels[change.period],
              change.from,
              change.to,
            )}
          </li>
        ))}
      </ul>
      {changes.some((change) => change.to < change.from) && <p className="mt-3">{texts.lowered}</p>}
    </>
  );
}
