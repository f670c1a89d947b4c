import { useId, type ReactNode } from 'react';
import { t } from '@lingui/core/macro';

/** A `<dl>` of label / value rows, one under the other. */
export function DetailList({ children }: { children: ReactNode }) {
  return <dl className="divide-y divide-slate-100">{children}</dl>;
}

/** One label / value row of a `DetailList`, the value as given (a wizard's confirmation step). */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900 sm:col-span-2 sm:mt-0">{children}</dd>
    </div>
  );
}

/** A `DetailRow` that reads "Non spécifié" when the value is empty (a record's details). */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return <DetailRow label={label}>{children || t`Non spécifié`}</DetailRow>;
}

/** A card of details named by its heading, with an optional action (a button) beside the heading. */
export function DetailSection({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  const heading = (
    <h2 id={id} className="text-lg font-semibold text-slate-900">
      {title}
    </h2>
  );
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      {action ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      <div className="mt-3">{children}</div>
    </section>
  );
}
