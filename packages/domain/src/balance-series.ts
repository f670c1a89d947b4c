import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { CURRENCY } from './account-names.js';
import { texts, translate } from './i18n.js';
import { balancePeriods } from './report-periods.js';

// The dashboard chart's query and answer, apart from the other reports (decision 160): the chart parses
// its answer with these, and loading them builds no other schema (the history's query, the inputs).

// Read when a query is parsed, in the request's language (decision 236).
const periodInvalid = msg`Période invalide`;

export const balancePeriodSchema = z.enum(balancePeriods, { error: () => translate(periodInvalid) });

/** `GET /reports/balance-series?period=` (docs/contract-daily.md). */
export const balanceSeriesQuerySchema = z.object({
  // `?period=` (an emptied select) reads as absent.
  period: z.preprocess((value) => (value === '' ? undefined : value), balancePeriodSchema.default('7d')),
});

/** Which balance a series follows. */
export const balanceSeriesKeys = ['agent_float', 'network_float', 'treasury'] as const;
export const balanceSeriesKeySchema = z.enum(balanceSeriesKeys);
export type BalanceSeriesKey = z.infer<typeof balanceSeriesKeySchema>;
export const balanceSeriesLabels = texts({
  agent_float: msg`Float de l'agent`,
  network_float: msg`Float total du réseau`,
  treasury: msg`Trésorerie`,
});

export const balancePointSchema = z.object({
  /** A day of Haiti's calendar, `YYYY-MM-DD`. */
  date: z.string(),
  /** The closing balance of that day, in HTG (today: the balance now). */
  balance: z.number(),
});
export type BalancePoint = z.infer<typeof balancePointSchema>;

export const balanceSeriesSchema = z.object({
  key: balanceSeriesKeySchema,
  label: z.string(),
  points: z.array(balancePointSchema),
});
export type BalanceSeries = z.infer<typeof balanceSeriesSchema>;

export const balanceSeriesResponseSchema = z.object({
  data: z.object({
    period: balancePeriodSchema,
    currency: z.literal(CURRENCY),
    series: z.array(balanceSeriesSchema),
  }),
});
export type BalanceSeriesResponse = z.infer<typeof balanceSeriesResponseSchema>;
