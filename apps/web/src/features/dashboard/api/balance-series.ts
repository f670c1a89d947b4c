import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { balanceSeriesResponseSchema, type BalancePeriod } from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';
import { moneyQueryKeys } from '../../../lib/query-keys';
import { balanceSeriesRequest } from './request';
import { t } from '@lingui/core/macro';

/** Said when the chart's data failed and the server gave no message; read when shown (decision 236). */
export function balanceSeriesFailure(): string {
  return t`Impossible de charger l'évolution du solde`;
}

/**
 * `GET /reports/balance-series?period=`: one point a day, oldest first, per series (a teller's and an
 * administrator's agent float; the super administrator's network float and treasury).
 */
export async function getBalanceSeries(http: HttpClient, period: BalancePeriod, signal?: AbortSignal) {
  const { path, options } = balanceSeriesRequest(period);
  const answer = await http.get<unknown>(path, { ...options, envelope: true, signal });
  return balanceSeriesResponseSchema.parse(answer).data;
}

export function useBalanceSeries(period: BalancePeriod) {
  const http = useHttp();
  return useQuery({
    queryKey: moneyQueryKeys.balanceSeriesOf(period),
    queryFn: ({ signal }) => getBalanceSeries(http, period, signal),
    placeholderData: keepPreviousData,
    // The chart shows its own failure and a retry button; the rest of the dashboard stays usable.
    throwOnError: false,
    meta: { errorToast: false },
  });
}
