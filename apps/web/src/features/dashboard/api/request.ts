import type { BalancePeriod } from '@lajan/domain';

/**
 * `GET /reports/balance-series?period=`, as the chart sends it, without the schema that reads the answer
 * (decision 152): the dashboard's preload sends it while the chart's code is on its way.
 */
export function balanceSeriesRequest(period: BalancePeriod) {
  return { path: '/reports/balance-series', options: { query: { period } } };
}
