import { useEffect, useId, useRef, useState } from 'react';
import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import {
  type FeeRow,
  type FeeScheduleInput,
  feeScheduleInputSchema,
  feeScheduleMessages,
  feeVersionTexts,
  genericMessages,
  transactionTypeLabels,
  translate,
} from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { EffectiveFromFieldset, type Effective } from '../../components/EffectiveFromFieldset';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { useToasts } from '../../components/toasts/toast-context';
import { haitiWallClockToIso } from '../../lib/haiti-time';
import { errorMessage, isHttpError } from '../../lib/http';
import { parseAmountInput } from '../../lib/amount-input';
import { useUpdateFeesMutation } from './api/update-fees';
import { haitiMoment } from './haiti-moment';

const bandFields = [
  { name: 'min_amount', label: msg`Montant minimum` },
  { name: 'max_amount', label: msg`Montant maximum` },
  { name: 'fee', label: msg`Frais` },
  { name: 'agent_share', label: msg`Part de l'agent` },
] as const;
type BandField = (typeof bandFields)[number]['name'];

/** A band as typed: text, so that an emptied input stays empty instead of becoming 0. */
type DraftBand = Record<BandField, string> & { key: number };

/** "1500.5" or "1 500,50" → 1500.5; empty → NaN ("La valeur est requise"): the counter forms' reading. */
const parseHtg = parseAmountInput;

function toInput(bands: DraftBand[], effective: Effective): FeeScheduleInput {
  return {
    ...(effective.mode === 'later'
      ? { effective_from: haitiWallClockToIso(effective.at) ?? effective.at }
      : {}),
    rows: bands.map((band) => ({
      min_amount: parseHtg(band.min_amount),
      max_amount: parseHtg(band.max_amount),
      fee: parseHtg(band.fee),
      agent_share: parseHtg(band.agent_share),
    })),
  };
}

/** zod issues and the server's `errors` map both become `{ 'rows.N.field': message }`. */
function schemaErrors(input: FeeScheduleInput, effective: Effective): Record<string, string> {
  const out: Record<string, string> = {};
  // A moment to be chosen and none typed: the schema would read it as "now".
  if (effective.mode === 'later' && !effective.at) out.effective_from = feeVersionTexts.effectiveRequired;
  const result = feeScheduleInputSchema.safeParse(input);
  if (result.success) return out;
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    out[key] ??= issue.message;
  }
  return out;
}

interface FeeEditorProps {
  group: { type: FeeRow['type']; label: string; rows: FeeRow[] };
  onDone: () => void;
}

/**
 * The editor of one type's bands, checked by the domain's schema as the server will, a refusal landing on the
 * same cells (decision 091). Saving makes a new version, in force now or from a chosen moment (decision 150).
 */
export function FeeEditor({ group, onDone }: FeeEditorProps) {
  const formId = useId();
  const nextKey = useRef(group.rows.length);
  const [bands, setBands] = useState<DraftBand[]>(() =>
    group.rows.map((row, index) => ({
      key: index,
      min_amount: String(row.min_amount),
      max_amount: String(row.max_amount),
      fee: String(row.fee),
      agent_share: String(row.agent_share),
    })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [effective, setEffective] = useState<Effective>({ mode: 'now', at: '' });
  const update = useUpdateFeesMutation(group.type);
  const toasts = useToasts();
  const formRef = useRef<HTMLFormElement>(null);

  // The button that opened the editor is gone: the keyboard starts on the first value.
  useEffect(() => {
    formRef.current?.querySelector('input')?.focus();
  }, []);

  function change(index: number, field: BandField, value: string) {
    setBands((current) => current.map((band, at) => (at === index ? { ...band, [field]: value } : band)));
  }

  function addBand() {
    const last = bands.at(-1);
    const start = last ? parseHtg(last.max_amount) + 0.01 : 1;
    setBands((current) => [
      ...current,
      {
        key: nextKey.current++,
        min_amount: Number.isFinite(start) ? start.toFixed(2) : '',
        max_amount: '',
        fee: '',
        agent_share: '',
      },
    ]);
  }

  function removeBand(index: number) {
    setBands((current) => current.filter((_, at) => at !== index));
    setErrors({});
    setSummary(null);
  }

  function check(): boolean {
    const found = schemaErrors(toInput(bands, effective), effective);
    setErrors(found);
    const count = Object.keys(found).length;
    setSummary(
      count === 0 ? null : count === 1 ? (Object.values(found)[0] ?? null) : genericMessages.validation,
    );
    return count === 0;
  }

  const laterIso = effective.mode === 'later' ? haitiWallClockToIso(effective.at) : null;
  const laterText = laterIso ? (haitiMoment(laterIso) ?? effective.at) : null;

  function save() {
    update.mutate(toInput(bands, effective), {
      onSuccess: () => {
        setConfirming(false);
        toasts.success(laterText ? feeVersionTexts.scheduled(laterText) : feeScheduleMessages.saved);
        onDone();
      },
      onError: (error) => {
        setConfirming(false);
        const fieldErrors: Record<string, string> = {};
        if (isHttpError(error)) {
          for (const [key, messages] of Object.entries(error.errors)) {
            if (messages[0]) fieldErrors[key] = messages[0];
          }
        }
        setErrors(fieldErrors);
        setSummary(errorMessage(error, feeScheduleMessages.failed));
      },
    });
  }

  const rowsError = errors.rows;
  const typeLabel = transactionTypeLabels[group.type];
  const effectiveError = errors.effective_from;

  return (
    <form
      ref={formRef}
      id={formId}
      noValidate
      aria-label={t`Modifier les frais : ${typeLabel}`}
      className="space-y-3 rounded-xl border border-blue-200 bg-white p-3 shadow-sm sm:p-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (check()) setConfirming(true);
      }}
    >
      {bands.map((band, index) => {
        const bandNumber = index + 1;
        return (
          <fieldset key={band.key} className="min-w-0 rounded-lg border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold text-slate-800">
              <Trans>Tranche {bandNumber}</Trans>
            </legend>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-[repeat(4,minmax(0,1fr))_auto] sm:items-start">
              {bandFields.map((field) => {
                const key = `rows.${index}.${field.name}`;
                const inputId = `${formId}-${band.key}-${field.name}`;
                const error = errors[key];
                return (
                  <div key={field.name} className="min-w-0">
                    <label htmlFor={inputId} className="block text-xs font-medium text-slate-700">
                      {translate(field.label)}
                      <span className="sr-only">{t`, tranche ${bandNumber}`}</span>
                    </label>
                    <input
                      id={inputId}
                      inputMode="decimal"
                      autoComplete="off"
                      value={band[field.name]}
                      onChange={(event) => change(index, field.name, event.target.value)}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${inputId}-error` : undefined}
                      className={`mt-1 block min-h-11 w-full min-w-0 rounded-md border bg-white px-2 py-2 text-right text-base text-slate-900 focus:outline-2 sm:text-sm ${
                        error
                          ? 'border-red-500 focus:outline-red-600'
                          : 'border-slate-300 focus:outline-blue-700'
                      }`}
                    />
                    {error && (
                      <p id={`${inputId}-error`} className="mt-1 text-sm text-red-700">
                        {error}
                      </p>
                    )}
                  </div>
                );
              })}
              <div className="col-span-2 flex justify-end sm:col-span-1 sm:pt-5">
                <Button
                  variant="ghost"
                  className="text-red-800"
                  aria-label={t`Supprimer la tranche ${bandNumber}`}
                  onClick={() => removeBand(index)}
                >
                  <Trans>Supprimer</Trans>
                </Button>
              </div>
            </div>
          </fieldset>
        );
      })}
      {rowsError && <p className="text-sm text-red-700">{rowsError}</p>}
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
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="secondary" onClick={addBand}>
          <Trans>Ajouter une tranche</Trans>
        </Button>
        <div className="flex gap-2">
          <Button variant="ghost" onClick={onDone}>
            <Trans>Annuler</Trans>
          </Button>
          <Button type="submit">
            <Trans>Enregistrer</Trans>
          </Button>
        </div>
      </div>
      {confirming && (
        <ConfirmDialog
          title={t`Enregistrer le barème ?`}
          confirmLabel={t`Confirmer`}
          pendingLabel={t`Enregistrement...`}
          pending={update.isPending}
          onConfirm={save}
          onCancel={() => setConfirming(false)}
        >
          <p>
            {laterText
              ? feeVersionTexts.confirmLater(bands.length, transactionTypeLabels[group.type], laterText)
              : feeVersionTexts.confirmNow(bands.length, transactionTypeLabels[group.type])}
          </p>
          <p className="mt-2">{feeVersionTexts.confirmKept}</p>
        </ConfirmDialog>
      )}
    </form>
  );
}
