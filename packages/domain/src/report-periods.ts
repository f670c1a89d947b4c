import { msg } from '@lingui/core/macro';
import { texts } from './i18n.js';
import { audienceOf } from './roles.js';
import type { SessionUser } from './sign-in.js';

// The dashboard chart's periods, without zod (decision 152): the dashboard's frame shows its select
// before any schema is loaded. `balancePeriodSchema` (balance-series.ts) is built from `balancePeriods`.

/** The dashboard chart's periods. */
export const balancePeriods = ['7d', '30d', '3m'] as const;
export type BalancePeriod = (typeof balancePeriods)[number];
export const balancePeriodLabels = texts({
  '7d': msg`7 jours`,
  '30d': msg`30 jours`,
  '3m': msg`3 mois`,
} satisfies Record<BalancePeriod, unknown>);
/** Points of each period, today included (decision 090: "3 months" is 90 days, one point a day). */
export const balancePeriodDays: Record<BalancePeriod, number> = { '7d': 7, '30d': 30, '3m': 90 };

/**
 * How many balances the chart shows a person (docs/contract-daily.md, the server's `balanceSeries`): the
 * super administrator the network's float and the treasury, anyone else their agent's float. The chart's
 * place is kept that tall while it loads, so that nothing under it moves (decision 160).
 */
export function balanceSeriesCountOf(user: Pick<SessionUser, 'isSuperAdmin' | 'role' | 'agent'>): number {
  return audienceOf(user) === 'superAdmin' ? 2 : 1;
}
