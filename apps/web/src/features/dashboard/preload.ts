import { can, type BalancePeriod, type SessionUser } from '@lajan/domain';
import { historyRequest } from '../../components/history/request';
import type { HttpClient } from '../../lib/http';
import { balanceSeriesRequest } from './api/request';

/** The chart's period when the dashboard opens. */
export const DASHBOARD_PERIOD: BalancePeriod = '7d';
/** The dashboard's latest transactions: the first page of five. */
export const DASHBOARD_HISTORY_ROWS = 5;

/**
 * What the dashboard needs before it is shown (decision 152), started at sign-in or when the app opens
 * on `/`: its two reads, sent at once (their answers wait in the API client for the queries that take
 * them). The chart's and the table's code is asked for by the page once its frame has painted (decision
 * 156).
 */
export function preloadDashboard({ http, user }: { http: HttpClient; user: SessionUser }) {
  const series = balanceSeriesRequest(DASHBOARD_PERIOD);
  http.prefetch(series.path, series.options);
  if (can(user, 'transactions.history')) {
    const history = historyRequest({ page: 1, perPage: DASHBOARD_HISTORY_ROWS });
    http.prefetch(history.path, history.options);
  }
}
