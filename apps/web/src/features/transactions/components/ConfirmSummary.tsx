import type { UseQueryResult } from '@tanstack/react-query';
import { feeVersionMessages, formatHtg, transactionFailureMessages, type FeeQuote } from '@lajan/domain';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { errorMessage, isHttpError } from '../../../lib/http';

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

/**
 * The fee and the total that the confirmation will charge (`GET /transactions/fees/quote`), or why
 * it cannot go through (an amount outside the bands), before Enregistrer.
 */
export function FeePreview({
  quote,
  totalLabel = 'Total (montant + frais)',
  atAmountStep = false,
}: {
  quote: UseQueryResult<FeeQuote>;
  totalLabel?: string;
  /** Shown beside the amount field (decision 132): a refusal then asks to change the amount here. */
  atAmountStep?: boolean;
}) {
  if (quote.isPending && quote.fetchStatus === 'idle') return null;
  if (quote.isPending) {
    return (
      <p
        role="status"
        className="flex items-center gap-2 rounded-lg border border-slate-200 p-4 text-slate-700"
      >
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-blue-800 border-t-transparent"
        />
        Calcul des frais...
      </p>
    );
  }
  if (quote.isError) {
    const noAnswer = isHttpError(quote.error) && quote.error.isNetwork;
    return (
      <Alert type="danger" title="Opération impossible avec ce montant">
        <p>{errorMessage(quote.error, transactionFailureMessages.fees)}</p>
        {noAnswer ? (
          <Button variant="secondary" className="mt-2" onClick={() => void quote.refetch()}>
            Recalculer les frais
          </Button>
        ) : atAmountStep ? (
          <p className="mt-1">Changez le montant pour continuer.</p>
        ) : (
          <p className="mt-1">Revenez à l&apos;étape précédente pour changer le montant.</p>
        )}
      </Alert>
    );
  }
  const { amount, fee, total, feeVersion } = quote.data;
  return (
    <section aria-label="Frais et total" className="rounded-lg border border-blue-200 bg-blue-50 p-4">
      <dl className="space-y-1">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-700">Montant</dt>
          <dd className="font-medium text-slate-900">{formatHtg(amount)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-700">Frais</dt>
          <dd className="font-medium text-slate-900">{formatHtg(fee)}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-blue-200 pt-1 text-lg">
          <dt className="font-semibold text-slate-900">{totalLabel}</dt>
          <dd className="font-bold text-blue-900">{formatHtg(total)}</dd>
        </div>
      </dl>
      {feeVersion && (
        // Discreet: which version of the schedule priced it (decision 150), checked again at the posting.
        <p className="mt-2 text-right text-xs text-slate-600">
          {feeVersionMessages.quoteVersion(feeVersion.number)}
        </p>
      )}
    </section>
  );
}

export const quoteBlockedHint = 'Les frais doivent être calculés avant d’enregistrer.';
