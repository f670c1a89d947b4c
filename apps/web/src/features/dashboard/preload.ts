import { can, type BalancePeriod, type SessionUser } from '@lajan/domain';
import { historyRequest } from '../../components/history/request';
import type { HttpClient } from '../../lib/http';
import { balanceSeriesRequest } from './api/request';

/** The chart's period when the dashboard opens. */
export const DASHBOARD_PERIOD: BalancePeriod = '7d';
/** The dashboard's latest transactions: the first page of five. */
export const DASHBOARD_HISTORY_ROWS = 5;

/**
 * The dashboard's two reads, sent at sign-in or when the app opens on `/`, their answers waiting in the API
 * client for the queries (decision 152); the charts' code is asked for once the frame has painted
 * (decision 156).
 */
export function preloadDashboard({ http, user }: { http: HttpClient; user: SessionUser }) {
  const series = balanceSeriesRequest(DASHBOARD_PERIOD);
  http.prefetch(series.path, series.options);
  if (can(user, 'transactions.history')) {
    const history = historyRequest({ page: 1, perPage: DASHBOARD_HISTORY_ROWS });
    http.prefetch(history.path, history.options);
  }
}
