import { transactionStatusLabels } from '@lajan/domain';

/** SPEC §4 colours: completed green, pending yellow, failed red, processing blue, anything else grey. */
const colours: Record<string, string> = {
  completed: 'bg-emerald-100 text-emerald-900',
  pending: 'bg-amber-100 text-amber-900',
  failed: 'bg-red-100 text-red-900',
  processing: 'bg-sky-100 text-sky-900',
};

export function TransactionStatusBadge({ status }: { status: string }) {
  const label = (transactionStatusLabels as Record<string, string>)[status] ?? status;
  return (
    <span data-status={status} className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${colours[status] ?? 'bg-slate-100 text-slate-800'}`}>
      {label}
    </span>
  );
}
