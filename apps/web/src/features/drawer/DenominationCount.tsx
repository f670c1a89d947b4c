import {
  drawerCountsSchema,
  drawerDenominations,
  drawerTexts,
  drawerTotalCentimes,
  formatHtg,
  translate,
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

// Read when the count is drawn, in the screen's language (decision 236).
const groups = [
  { kind: 'note', title: () => drawerTexts.notes },
  { kind: 'coin', title: () => drawerTexts.coins },
] as const;

/**
 * The count by denomination: the banknotes, then every coin down to 5 centimes (decision 212), two fields a
 * row at 360 px with the numeric keyboard, and the total counted kept in sight at the bottom while typing.
 */
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
    <div className="space-y-3">
      {groups.map((group) => (
        <fieldset key={group.kind}>
          <legend className="text-sm font-semibold text-slate-900">{group.title()}</legend>
          <div className="mt-1 grid grid-cols-2 gap-x-3 gap-y-2 sm:grid-cols-4">
            {drawerDenominations
              .filter((denomination) => denomination.kind === group.kind)
              .map((denomination) => {
                const id = `${idPrefix}-${denomination.key.replace('.', '-')}`;
                const error = errors[denomination.key];
                return (
                  <div key={denomination.key}>
                    <label htmlFor={id} className="block text-sm text-slate-800">
                      {translate(denomination.label)}
                    </label>
                    {/*
                      Scrolled into view (focused, the keyboard's « suivant »), a field stops above the sticky
                      total rather than under it (decision 215).
                    */}
                    <input
                      id={id}
                      type="number"
                      inputMode="numeric"
                      pattern="[0-9]*"
                      enterKeyHint="next"
                      min={0}
                      step={1}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-error` : undefined}
                      className={`mt-0.5 w-full scroll-mb-20 rounded-md border px-2 py-1.5 text-right tabular-nums ${error ? 'border-red-600' : 'border-slate-300'}`}
                      value={counts[denomination.key] ?? ''}
                      onChange={(event) => {
                        // As typed, checked under the field: never rounded nor turned into 0 behind the teller.
                        const value = event.target.value === '' ? undefined : Number(event.target.value);
                        onChange({ ...counts, [denomination.key]: value });
                      }}
                    />
                    {error && (
                      <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
                        {error}
                      </p>
                    )}
                  </div>
                );
              })}
          </div>
        </fieldset>
      ))}
      <p className="sticky bottom-0 border-t border-slate-200 bg-white py-2 font-semibold text-slate-900">
        {drawerTexts.countTotal} :{' '}
        <span data-testid="count-total">{formatHtg(drawerTotalCentimes(counts) / 100)}</span>
      </p>
    </div>
  );
}
