import { t } from '@lingui/core/macro';
import type { BalancePeriod } from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { FetchedAt } from '../../components/pending/FetchedAt';
import { errorMessage } from '../../lib/http';
import { balanceSeriesFailure, useBalanceSeries } from './api/balance-series';
import { BalanceChart } from './BalanceChart';
import { ChartLoading } from './ChartLoading';

/**
 * The dashboard's balance over the chosen period: one chart per series, its loading (as tall as the
 * `count` charts the person gets) and its failure.
 */
export default function BalanceFigures({ period, count }: { period: BalancePeriod; count: number }) {
  const balance = useBalanceSeries(period);
  return (
    <div className="mt-4" aria-busy={balance.isFetching || undefined}>
      <FetchedAt updatedAt={balance.dataUpdatedAt} />
      {balance.isPending && <ChartLoading inline count={count} />}
      {balance.isError && !balance.data && (
        <div className="space-y-3">
          <Alert type="danger">{errorMessage(balance.error, balanceSeriesFailure())}</Alert>
          <Button variant="secondary" onClick={() => void balance.refetch()}>
            {t`Réessayer`}
          </Button>
        </div>
      )}
      {balance.data && (
        <div className={`grid gap-6 ${balance.data.series.length > 1 ? 'lg:grid-cols-2' : ''}`}>
          {balance.data.series.map((series) => (
            <BalanceChart key={series.key} series={series} />
          ))}
        </div>
      )}
    </div>
  );
}
