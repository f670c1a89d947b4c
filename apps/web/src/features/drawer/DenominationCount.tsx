import {
  drawerDenominations,
  drawerTexts,
  drawerTotalCentimes,
  formatHtg,
  type DrawerCounts,
} from '@lajan/domain';

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
  return (
    <fieldset className="space-y-2">
      <legend className="sr-only">{drawerTexts.denomination}</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {drawerDenominations.map((denomination) => {
          const id = `${idPrefix}-${denomination.key.replace('.', '-')}`;
          return (
            <div key={denomination.key} className="flex items-center justify-between gap-3">
              <label htmlFor={id} className="text-sm text-slate-800">
                {denomination.label}
              </label>
              <input
                id={id}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                className="w-24 rounded-md border border-slate-300 px-2 py-1 text-right"
                value={counts[denomination.key] ?? ''}
                onChange={(event) => {
                  const value =
                    event.target.value === ''
                      ? undefined
                      : Math.max(0, Math.trunc(Number(event.target.value)));
                  onChange({ ...counts, [denomination.key]: value });
                }}
              />
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
