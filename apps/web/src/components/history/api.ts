import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { historyResponseSchema, transactionFailureMessages } from '@lajan/domain';
import type { HttpClient } from '../../lib/http';
import { useHttp } from '../../lib/http-context';
import { moneyQueryKeys } from '../../lib/query-keys';
import { historyFilterParams, historyRequest, type HistoryQuery } from './request';

export type { HistoryQuery } from './request';

/** `GET /transactions/history?page&per_page&type&q`: `{ data, pagination }`, newest first. */
export async function getHistory(http: HttpClient, query: HistoryQuery, signal?: AbortSignal) {
  const { path, options } = historyRequest(query);
  const answer = await http.get<unknown>(path, { ...options, envelope: true, signal });
  return historyResponseSchema.parse(answer);
}

export function historyQueryKey(query: HistoryQuery) {
  const filters = historyFilterParams(query);
  return moneyQueryKeys.historyPage(query.page, query.perPage, filters.type ?? '', filters.q ?? '');
}

export function useHistory(query: HistoryQuery) {
  const http = useHttp();
  return useQuery({
    queryKey: historyQueryKey(query),
    queryFn: ({ signal }) => getHistory(http, query, signal),
    placeholderData: keepPreviousData,
    meta: { errorFallback: transactionFailureMessages.search },
  });
}

/** The UTF-8 byte order mark: a spreadsheet reads the accents of the CSV only with it. */
const BOM = '\ufeff';

/**
 * `GET /transactions/history/export?type&q`: the CSV of every row the filters select. It goes through
 * the API client (bearer token, timeout, 401/403 handling), so a plain link cannot do it; the text comes
 * back as a Blob that the browser saves. `fetch`'s text() drops the BOM, so it is put back.
 */
export async function exportHistoryCsv(
  http: HttpClient,
  filters: Pick<HistoryQuery, 'type' | 'q'>,
): Promise<Blob> {
  const text = await http.get<unknown>('/transactions/history/export', {
    query: historyFilterParams(filters),
    headers: { Accept: 'text/csv' },
    envelope: true,
  });
  const csv = typeof text === 'string' ? text : '';
  return new Blob([csv.startsWith(BOM) ? csv : `${BOM}${csv}`], { type: 'text/csv;charset=utf-8' });
}

/** Saves a Blob under `fileName` the way a download link would. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
