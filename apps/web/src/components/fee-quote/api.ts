import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { feeQuoteSchema, hasAtMostTwoDecimals, type FeeQuote, type QuoteType } from '@lajan/domain';
import type { HttpClient } from '../../lib/http';
import { useHttp } from '../../lib/http-context';

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

function isQuotable(amount: number | undefined): amount is number {
  return typeof amount === 'number' && amount > 0 && hasAtMostTwoDecimals(amount);
}

/** The confirmation step's preview; it runs only there, and shows its own failure (no toast, no /500). */
export function useFeeQuote(type: QuoteType | null, amount: number | undefined, enabled: boolean) {
  const http = useHttp();
  const valid = isQuotable(amount);
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

/** How long the amount must stay unchanged before the amount step asks for its fee. */
export const AMOUNT_QUOTE_DELAY_MS = 400;

/**
 * The amount step's live fee, total and "Montant hors barème" (decision 132): the same quote as the
 * confirmation's, asked once the typing pauses. It tells nothing of the account: the balance refusal
 * stays at the confirmation.
 */
export function useAmountStepQuote(type: QuoteType | null, amount: number | undefined, enabled: boolean) {
  const http = useHttp();
  const settled = useSettled(isQuotable(amount) ? amount : undefined, AMOUNT_QUOTE_DELAY_MS);
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
  useEffect(() => {
    // Undefined is answered at once below; only a value waits.
    if (value === undefined) return;
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return value === undefined ? undefined : settled;
}
