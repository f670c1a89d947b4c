export interface SummaryLine {
  label: string;
  value: string;
}

/** What the confirmation will do, line by line. */
export function SummaryList({
  lines,
  label = 'Récapitulatif',
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
            className="flex flex-col gap-0.5 px-4 py-2 sm:flex-row sm:justify-between sm:gap-4"
          >
            <dt className="text-sm text-slate-600">{entry.label}</dt>
            <dd className="font-medium break-all text-slate-900 sm:text-right">{entry.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
