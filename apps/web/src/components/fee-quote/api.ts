import { useEffect, useState } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import {
  feeQuoteSchema,
  hasAtMostTwoDecimals,
  maxAmountHtgOf,
  type FeeQuote,
  type QuoteType,
} from '@lajan/domain';
import type { HttpClient } from '../../lib/http';
import { useHttp } from '../../lib/http-context';
import { hasNoAnswer } from '../../lib/pending-operations';

/** `GET /transactions/fees/quote?type&amount`: the fee and total a confirmation would charge; 422 outside the bands. */
export async function getFeeQuote(
  http: HttpClient,
  type: QuoteType,
  amount: number,
  signal?: AbortSignal,
): Promise<FeeQuote> {
  const answer = await http.get<unknown>('/transactions/fees/quote', { query: { type, amount }, signal });
  return feeQuoteSchema.parse(answer);
}

export const feeQuoteKeys = {
  /** `phase` keeps the amount step's preview and the confirmation's own quote apart (decision 132). */
  quote: (type: QuoteType, amount: number, phase: 'preview' | 'confirm' = 'confirm') =>
    ['transactions', 'fee-quote', type, amount, phase] as const,
};

/**
 * An amount the operation's own schema accepts: above the cap, the field says so and no quote is asked (it
 * would say a second, other limit: the bands').
 */
function isQuotable(amount: number | undefined, type: QuoteType | null): amount is number {
  return (
    typeof amount === 'number' &&
    amount > 0 &&
    hasAtMostTwoDecimals(amount) &&
    amount <= maxAmountHtgOf(type ?? 'deposit')
  );
}

/** The confirmation step's preview; it runs only there, and shows its own failure (no toast, no /500). */
export function useFeeQuote(type: QuoteType | null, amount: number | undefined, enabled: boolean) {
  const http = useHttp();
  const valid = isQuotable(amount, type);
  // An unpriced flow (the pay-out) asks nothing; its key only keeps the hook's calls the same.
  const quoted = type ?? 'deposit';
  return useQuery({
    queryKey: feeQuoteKeys.quote(quoted, valid ? amount : 0),
    queryFn: ({ signal }) => getFeeQuote(http, quoted, amount ?? 0, signal),
    enabled: enabled && valid && type !== null,
    // The schedule may change while the teller waits: ask again each time the confirmation opens.
    staleTime: 0,
    gcTime: 0,
    throwOnError: false,
    meta: { errorToast: false },
  });
}

/** A quote as the fee preview shows it: `fromAmountStep`, the amount step's stood in for the confirmation's. */
export type QuoteResult = UseQueryResult<FeeQuote> & { fromAmountStep?: boolean };

/**
 * The confirmation's quote (decision 080); with no answer, the amount step's quote of the same amount stands
 * in, its version sent so that the server refuses it if the fees changed (decisions 150, 215).
 */
export function useConfirmationQuote(
  type: QuoteType | null,
  amount: number | undefined,
  enabled: boolean,
  amountStep: UseQueryResult<FeeQuote>,
): QuoteResult {
  const own = useFeeQuote(type, amount, enabled);
  const seen = amountStep.data;
  if (!own.isError || !hasNoAnswer(own.error) || seen === undefined || seen.amount !== amount) return own;
  return {
    ...own,
    data: seen,
    error: null,
    status: 'success',
    isError: false,
    isSuccess: true,
    isLoadingError: false,
    isRefetchError: false,
    fromAmountStep: true,
  };
}

/** How long the amount must stay unchanged before the amount step asks for its fee. */
export const AMOUNT_QUOTE_DELAY_MS = 400;

/**
 * The amount step's live fee, total and "Montant hors barème" (decision 132): the same quote as the
 * confirmation's, asked once the typing pauses. It tells nothing of the account: the balance refusal
 * stays at the confirmation.
 */
export function useAmountStepQuote(type: QuoteType | null, amount: number | undefined, enabled: boolean) {
  const http = useHttp();
  const settled = useSettled(isQuotable(amount, type) ? amount : undefined, AMOUNT_QUOTE_DELAY_MS);
  const quoted = type ?? 'deposit';
  return useQuery({
    queryKey: feeQuoteKeys.quote(quoted, settled ?? 0, 'preview'),
    queryFn: ({ signal }) => getFeeQuote(http, quoted, settled ?? 0, signal),
    enabled: enabled && settled !== undefined && type !== null,
    staleTime: 30_000,
    throwOnError: false,
    meta: { errorToast: false },
  });
}

/** `value` once it has not changed for `delayMs`; undefined at once when it becomes undefined. */
function useSettled<T>(value: T | undefined, delayMs: number): T | undefined {
  const [settled, setSettled] = useState(value);
  // Undefined forgets the last value at once (during the render, React's way for state that follows a prop):
  // typed again, the field waits anew instead of asking again for the amount it held before it was cleared.
  if (value === undefined && settled !== undefined) setSettled(undefined);
  useEffect(() => {
    if (value === undefined) return;
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return value === undefined ? undefined : settled;
}
