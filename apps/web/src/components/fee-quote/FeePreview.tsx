import {
  amountStepTexts,
  feePreviewTexts as texts,
  feeVersionMessages,
  formatHtg,
  transactionFailureMessages,
} from '@lajan/domain';
import { errorMessage, isHttpError } from '../../lib/http';
import { Alert } from '../Alert';
import { Button } from '../Button';
import type { QuoteResult } from './api';

/**
 * The fee and the total that the confirmation will charge (`GET /transactions/fees/quote`), or why
 * it cannot go through (an amount outside the bands, 422), or that the fee could not be had (no answer, a
 * fault: decision 215, never said as the amount's fault), before Enregistrer.
 */
export function FeePreview({
  quote,
  totalLabel = texts.total,
  shownAt = 'confirmation',
}: {
  quote: QuoteResult;
  totalLabel?: string;
  /**
   * Beside the amount field (decision 132) a refusal only says why: the disabled Suivant says to change the
   * amount (said twice before); at the confirmation it asks to go one step back; in the fee calculator,
   * which continues to nothing, it only says why.
   */
  shownAt?: 'amountStep' | 'confirmation' | 'calculator';
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
        {texts.computing}
      </p>
    );
  }
  if (quote.isError) {
    const refused = isHttpError(quote.error) && quote.error.status === 422;
    return (
      <Alert type="danger" title={refused ? texts.refusedTitle : texts.notLoadedTitle}>
        <p>{errorMessage(quote.error, transactionFailureMessages.fees)}</p>
        {!refused ? (
          <Button variant="secondary" className="mt-2" onClick={() => void quote.refetch()}>
            {texts.recompute}
          </Button>
        ) : shownAt === 'confirmation' ? (
          <p className="mt-1">{amountStepTexts.changeBack}</p>
        ) : null}
      </Alert>
    );
  }
  const { amount, fee, total, feeVersion } = quote.data;
  return (
    <section aria-label={texts.region} className="rounded-lg border border-blue-200 bg-blue-50 p-4">
      <dl className="space-y-1">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-700">{texts.amount}</dt>
          <dd className="font-medium text-slate-900">{formatHtg(amount)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-700">{texts.fee}</dt>
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
      {quote.fromAmountStep && <p className="mt-2 text-sm text-slate-700">{texts.fromAmountStep}</p>}
    </section>
  );
}
