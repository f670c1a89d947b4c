import { useQuery } from '@tanstack/react-query';
import { feeGroupsResponseSchema, transactionFailureMessages } from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';

export const feesQueryKey = ['transactions', 'fees'] as const;

/** `GET /transactions/fees`: the groups deposit, transfer, withdrawal, external_transfer, bands in HTG. */
export async function getFees(http: HttpClient, signal?: AbortSignal) {
  const answer = await http.get<unknown>('/transactions/fees', { envelope: true, signal });
  return feeGroupsResponseSchema.parse(answer).data;
}

export function useFees() {
  const http = useHttp();
  return useQuery({
    queryKey: feesQueryKey,
    queryFn: ({ signal }) => getFees(http, signal),
    meta: { errorFallback: transactionFailureMessages.fees },
  });
}
