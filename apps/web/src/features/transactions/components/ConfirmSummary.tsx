import { t } from '@lingui/core/macro';
export interface SummaryLine {
  label: string;
  value: string;
}

/**
 * What the confirmation will do, line by line: a label and its value on one line, the value wrapping under
 * itself when long (on a phone the two stood one under the other, and Enregistrer fell far below the fold:
 * decision 215).
 */
export function SummaryList({
  lines,
  label = t`Récapitulatif`,
}: {
  lines: readonly SummaryLine[];
  label?: string;
}) {
  return (
    // A named region, not a named <dl>: a description list has no role that may carry a name.
    <section aria-label={label}>
      <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {lines.map((entry) => (
          <div
            key={entry.label}
            className="flex items-baseline justify-between gap-3 px-3 py-1.5 sm:gap-4 sm:px-4 sm:py-2"
          >
            <dt className="max-w-[45%] shrink-0 text-sm text-slate-600">{entry.label}</dt>
            <dd className="min-w-0 text-right font-medium [overflow-wrap:anywhere] text-slate-900">
              {entry.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
