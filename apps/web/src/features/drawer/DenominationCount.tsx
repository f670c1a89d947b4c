import {
  drawerCountsSchema,
  drawerDenominations,
  drawerTexts,
  drawerTotalCentimes,
  formatHtg,
  type DrawerCounts,
} from '@lajan/domain';

/**
 * What is wrong with a count, by denomination: the count schema's message under each field that is not a
 * whole number of pieces from 0 to the cap (« -3 » was silently read as 0, and the drawer opened empty).
 */
export function countErrorsOf(counts: Partial<DrawerCounts>): Partial<Record<string, string>> {
  const checked = drawerCountsSchema.safeParse(counts);
  if (checked.success) return {};
  return Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

/** The count by denomination: one whole-number field per banknote and coin, and the total counted. */
export function DenominationCount({
  idPrefix,
  counts,
  onChange,
}: {
  idPrefix: string;
  counts: Partial<DrawerCounts>;
  onChange: (counts: Partial<DrawerCounts>) => void;
}) {
  const errors = countErrorsOf(counts);
  return (
    <fieldset className="space-y-2">
      <legend className="sr-only">{drawerTexts.denomination}</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {drawerDenominations.map((denomination) => {
          const id = `${idPrefix}-${denomination.key.replace('.', '-')}`;
          const error = errors[denomination.key];
          return (
            <div key={denomination.key}>
              <div className="flex items-center justify-between gap-3">
                <label htmlFor={id} className="text-sm text-slate-800">
                  {denomination.label}
                </label>
                <input
                  id={id}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  className={`w-24 rounded-md border px-2 py-1 text-right ${error ? 'border-red-600' : 'border-slate-300'}`}
                  value={counts[denomination.key] ?? ''}
                  onChange={(event) => {
                    // As typed, checked under the field: never rounded nor turned into 0 behind the teller.
                    const value = event.target.value === '' ? undefined : Number(event.target.value);
                    onChange({ ...counts, [denomination.key]: value });
                  }}
                />
              </div>
              {error && (
                <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <p className="pt-2 font-semibold text-slate-900">
        {drawerTexts.countTotal} :{' '}
        <span data-testid="count-total">{formatHtg(drawerTotalCentimes(counts) / 100)}</span>
      </p>
    </fieldset>
  );
}
