import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { historyResponseSchema, transactionFailureMessages } from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';

export interface HistoryQuery {
  page: number;
  perPage: number;
}

/** `GET /transactions/history?page&per_page`: `{ data, pagination }`, newest first. */
export async function getHistory(http: HttpClient, { page, perPage }: HistoryQuery, signal?: AbortSignal) {
  const answer = await http.get<unknown>('/transactions/history', {
    query: { page, per_page: perPage },
    envelope: true,
    signal,
  });
  return historyResponseSchema.parse(answer);
}

export function useHistory(query: HistoryQuery) {
  const http = useHttp();
  return useQuery({
    queryKey: ['transactions', 'history', query.page, query.perPage],
    queryFn: ({ signal }) => getHistory(http, query, signal),
    placeholderData: keepPreviousData,
    meta: { errorFallback: transactionFailureMessages.search },
  });
}
