import { useQuery } from '@tanstack/react-query';
import { feeVersionsResponseSchema, feeVersionTexts, type FeeType } from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';
import { feesQueryKey } from './get-fees';

export const feeVersionsQueryKey = (type: FeeType) => [...feesQueryKey, type, 'versions'] as const;

/** `GET /transactions/fees/{type}/versions` (decision 150): every version of a type, newest first. */
export async function getFeeVersions(http: HttpClient, type: FeeType, signal?: AbortSignal) {
  const answer = await http.get<unknown>(`/transactions/fees/${encodeURIComponent(type)}/versions`, {
    envelope: true,
    signal,
  });
  return feeVersionsResponseSchema.parse(answer).data;
}

/** Asked only while the list is open. */
export function useFeeVersions(type: FeeType, enabled: boolean) {
  const http = useHttp();
  return useQuery({
    queryKey: feeVersionsQueryKey(type),
    queryFn: ({ signal }) => getFeeVersions(http, type, signal),
    enabled,
    staleTime: 0,
    // The list says why beside itself.
    meta: { errorToast: false, errorFallback: feeVersionTexts.versionsFailed },
  });
}
