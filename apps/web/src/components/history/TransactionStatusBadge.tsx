import { transactionStatusLabel, transactionStatusTone, type StatusTone } from '@lajan/domain';

/** SPEC §4 colours: completed green, pending yellow, failed red, processing blue, anything else grey. */
const colours: Record<StatusTone, string> = {
  success: 'bg-emerald-100 text-emerald-900',
  warning: 'bg-amber-100 text-amber-900',
  danger: 'bg-red-100 text-red-900',
  info: 'bg-sky-100 text-sky-900',
  neutral: 'bg-slate-100 text-slate-800',
};

export function TransactionStatusBadge({ status }: { status: string }) {
  const tone = transactionStatusTone(status);
  return (
    <span data-status={status} data-tone={tone} className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${colours[tone]}`}>
      {transactionStatusLabel(status)}
    </span>
  );
}
