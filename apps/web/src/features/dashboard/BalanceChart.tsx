import { useId } from 'react';
import { balanceSeriesLabels, formatAmount, formatDate, type BalanceSeries } from '@lajan/domain';
import { currentLanguage, formatLanguage } from '../../i18n/i18n';
import { t } from '@lingui/core/macro';

const WIDTH = 600;
const HEIGHT = 160;
const PADDING = 12;

export interface ChartPoint {
  x: number;
  y: number;
}

/**
 * The points of a line in a WIDTH × HEIGHT box, oldest on the left. Equal balances (a period without a
 * movement) lie on one flat line across the middle; one point spans the whole width.
 */
export function chartPoints(balances: readonly number[]): ChartPoint[] {
  if (balances.length === 0) return [];
  const min = Math.min(...balances);
  const max = Math.max(...balances);
  const span = max - min;
  const lastIndex = balances.length - 1;
  const xOf = (index: number) => (lastIndex === 0 ? 0 : (index / lastIndex) * WIDTH);
  const yOf = (balance: number) =>
    span === 0 ? HEIGHT / 2 : PADDING + ((max - balance) / span) * (HEIGHT - 2 * PADDING);
  const points = balances.map((balance, index) => ({ x: xOf(index), y: yOf(balance) }));
  // A single day still draws a line, not an invisible dot.
  const only = points[0];
  return points.length === 1 && only ? [only, { x: WIDTH, y: only.y }] : points;
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * One balance over the period: the latest balance in words, a responsive SVG line (titled for assistive
 * technology, which also gets every point in a visually hidden table), and the range under it.
 */
export function BalanceChart({ series }: { series: BalanceSeries }) {
  const titleId = useId();
  const balances = series.points.map((point) => point.balance);
  // No point at all would be a fault of the server; it is still drawn flat rather than as an error.
  const points = chartPoints(balances.length ? balances : [0]);
  const first = series.points[0];
  const last = series.points.at(-1);
  const min = balances.length ? Math.min(...balances) : 0;
  const max = balances.length ? Math.max(...balances) : 0;
  const polyline = points.map((point) => `${round(point.x)},${round(point.y)}`).join(' ');
  const area = points.length ? `0,${HEIGHT} ${polyline} ${WIDTH},${HEIGHT}` : '';
  const language = formatLanguage(currentLanguage());
  // The screen's language, not the server's: a pseudo screen's server speaks French (decision 236).
  const label = balanceSeriesLabels[series.key];
  const latest = formatAmount(last ? last.balance : 0, language);
  const from = first ? formatDate(first.date, language) : '';
  const to = last ? formatDate(last.date, language) : '';
  const minText = formatAmount(min, language);
  const maxText = formatAmount(max, language);
  const title = first && last ? t`${label} : ${latest}, du ${from} au ${to}` : `${label} : ${latest}`;

  return (
    <figure className="min-w-0 space-y-2" data-series={series.key}>
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-medium text-slate-800">{label}</span>
        <span className="text-xl font-semibold text-slate-900">{latest}</span>
      </figcaption>
      <svg
        role="img"
        aria-labelledby={titleId}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="block h-40 w-full overflow-visible rounded-md bg-slate-50"
      >
        <title id={titleId}>{title}</title>
        <line
          x1="0"
          x2={WIDTH}
          y1={HEIGHT / 2}
          y2={HEIGHT / 2}
          className="stroke-slate-200"
          vectorEffect="non-scaling-stroke"
        />
        {area && <polygon points={area} className="fill-blue-100/70" />}
        {polyline && (
          <polyline
            data-testid="balance-line"
            points={polyline}
            fill="none"
            className="stroke-blue-800"
            strokeWidth="2.5"
            strokeLinejoin="round"
            vectorEffect="non-scaling-stroke"
          />
        )}
      </svg>
      <div aria-hidden="true" className="flex justify-between gap-2 text-xs text-slate-600">
        <span>{from}</span>
        <span className="text-center">{t`min ${minText} · max ${maxText}`}</span>
        <span>{to}</span>
      </div>
      <table className="sr-only">
        <caption>{t`${label}, solde de clôture par jour`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Date`}</th>
            <th scope="col">{t`Solde`}</th>
          </tr>
        </thead>
        <tbody>
          {series.points.map((point) => (
            <tr key={point.date}>
              <td>{formatDate(point.date, language)}</td>
              <td>{formatAmount(point.balance, language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
