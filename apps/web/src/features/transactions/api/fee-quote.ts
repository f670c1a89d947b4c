import { useQuery } from '@tanstack/react-query';
import { feeQuoteSchema, hasAtMostTwoDecimals, type FeeQuote, type QuoteType } from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';

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
  quote: (type: QuoteType, amount: number) => ['transactions', 'fee-quote', type, amount] as const,
};

/** The confirmation step's preview; it runs only there, and shows its own failure (no toast, no /500). */
export function useFeeQuote(type: QuoteType, amount: number | undefined, enabled: boolean) {
  const http = useHttp();
  const valid = typeof amount === 'number' && amount > 0 && hasAtMostTwoDecimals(amount);
  return useQuery({
    queryKey: feeQuoteKeys.quote(type, valid ? amount : 0),
    queryFn: ({ signal }) => getFeeQuote(http, type, amount ?? 0, signal),
    enabled: enabled && valid,
    // The schedule may change while the teller waits: ask again each time the confirmation opens.
    staleTime: 0,
    gcTime: 0,
    throwOnError: false,
    meta: { errorToast: false },
  });
}
