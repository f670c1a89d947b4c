import type { TransactionType } from '@lajan/domain';

// What the history asks the server, without the schema that reads the answer (decision 152): the
// dashboard's preload sends this request while the table's code is still on its way.

/** What the history table asks the server: SPEC §7 `GET /transactions/history` with `type` and `q`. */
export interface HistoryQuery {
  page: number;
  perPage: number;
  /** Unset: every type. */
  type?: TransactionType | undefined;
  /** A transaction number, an account number or a name; blank is left out. */
  q?: string | undefined;
}

/** The filters as query parameters, shared by the list and its CSV export; empty ones are not sent. */
export function historyFilterParams({ type, q }: Pick<HistoryQuery, 'type' | 'q'>) {
  const term = q?.trim();
  return { type: type || undefined, q: term ? term : undefined };
}

/** `GET /transactions/history?page&per_page&type&q`, as the list sends it. */
export function historyRequest(query: HistoryQuery) {
  return {
    path: '/transactions/history',
    options: { query: { page: query.page, per_page: query.perPage, ...historyFilterParams(query) } },
  };
}
