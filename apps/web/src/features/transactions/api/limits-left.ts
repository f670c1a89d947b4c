import { useQuery } from '@tanstack/react-query';
import { limitLeftSchema, type LimitLeft, type LimitLeftType } from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';

/** Whose limits: an account's holders, or one person (a cash send's sender). */
export type LimitTarget = { accountNumber: string } | { personId: string };

/** `GET /limits/left` (decision 227): the limits in force and what is left today and over 30 days, in HTG. */
export async function getLimitsLeft(
  http: HttpClient,
  type: LimitLeftType,
  target: LimitTarget,
  signal?: AbortSignal,
): Promise<LimitLeft> {
  const answer = await http.get<unknown>('/limits/left', { query: { type, ...target }, signal });
  return limitLeftSchema.parse(answer);
}

/**
 * What the customer has left, read once the account or the sender is known. A preview: the posting checks
 * again, so a failure shows only a quiet line (no toast, no /500).
 */
/** Every customer's « what is left »: read again after a posting or a refusal (the figures moved). */
export const limitsLeftQueryKey = ['limits', 'left'] as const;

export function useLimitsLeft(type: LimitLeftType, target: LimitTarget | null) {
  const http = useHttp();
  const key = target === null ? null : 'accountNumber' in target ? target.accountNumber : target.personId;
  return useQuery({
    queryKey: [...limitsLeftQueryKey, type, key] as const,
    queryFn: ({ signal }) => getLimitsLeft(http, type, target!, signal),
    enabled: target !== null,
    // Another teller may have served her meanwhile: read again each time the step opens.
    staleTime: 0,
    retry: false,
    throwOnError: false,
    meta: { errorToast: false },
  });
}
