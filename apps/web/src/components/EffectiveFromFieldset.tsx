import { feeVersionTexts } from '@lajan/domain';

/** When a new version of a schedule takes effect: now, or at a moment typed on Haiti's wall clock. */
export interface Effective {
  mode: 'now' | 'later';
  at: string;
}

/**
 * The « Prise d'effet » part of the fee and limit editors (decisions 150, 227): « maintenant » or « à partir
 * de » a `datetime-local`, its error under it. `onModeChange` runs when the choice changes.
 */
export function EffectiveFromFieldset({
  formId,
  effective,
  error,
  onChange,
  onModeChange,
}: {
  formId: string;
  effective: Effective;
  error: string | undefined;
  onChange: (next: Effective) => void;
  onModeChange: () => void;
}) {
  const inputId = `${formId}-effective-at`;
  return (
    <fieldset className="min-w-0 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">{feeVersionTexts.effectiveLegend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {(['now', 'later'] as const).map((mode) => (
          <label
            key={mode}
            className="flex min-h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 has-[:checked]:border-blue-800 has-[:checked]:bg-blue-50"
          >
            <input
              type="radio"
              name={`${formId}-effective`}
              value={mode}
              checked={effective.mode === mode}
              onChange={() => {
                onChange({ ...effective, mode });
                onModeChange();
              }}
              className="size-4 accent-blue-800"
            />
            {mode === 'now' ? feeVersionTexts.effectiveNow : feeVersionTexts.effectiveLater}
          </label>
        ))}
      </div>
      {effective.mode === 'later' && (
        <div className="mt-3 max-w-xs">
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
            {feeVersionTexts.effectiveAt}
          </label>
          <input
            id={inputId}
            type="datetime-local"
            value={effective.at}
            onChange={(event) => onChange({ mode: 'later', at: event.target.value })}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            className={`mt-1 block min-h-11 w-full min-w-0 rounded-md border bg-white px-2 py-2 text-base text-slate-900 focus:outline-2 sm:text-sm ${
              error ? 'border-red-500 focus:outline-red-600' : 'border-slate-300 focus:outline-blue-700'
            }`}
          />
        </div>
      )}
      {error && (
        <p id={`${inputId}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
