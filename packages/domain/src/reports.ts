import { z } from 'zod';
import { CURRENCY } from './accounts.js';
import { historyQuerySchema } from './transactions/index.js';

import { balancePeriods } from './report-periods.js';

export const balancePeriodSchema = z.enum(balancePeriods, { error: 'Période invalide' });

/** `GET /reports/balance-series?period=` (docs/contract-daily.md). */
export const balanceSeriesQuerySchema = z.object({
  // `?period=` (an emptied select) reads as absent.
  period: z.preprocess((value) => (value === '' ? undefined : value), balancePeriodSchema.default('7d')),
});

/** Which balance a series follows. */
export const balanceSeriesKeys = ['agent_float', 'network_float', 'treasury'] as const;
export const balanceSeriesKeySchema = z.enum(balanceSeriesKeys);
export type BalanceSeriesKey = z.infer<typeof balanceSeriesKeySchema>;
export const balanceSeriesLabels: Record<BalanceSeriesKey, string> = {
  agent_float: "Float de l'agent",
  network_float: 'Float total du réseau',
  treasury: 'Trésorerie',
};

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

/** `GET /transactions/history/export?type=&q=`: the history's filter, without paging. */
export const historyExportQuerySchema = historyQuerySchema.pick({ type: true, q: true });
export type HistoryExportQuery = z.input<typeof historyExportQuerySchema>;

/** The CSV's first line (docs/contract-daily.md), in column order. */
export const historyCsvHeaders = [
  'Numéro',
  'Type',
  'Montant',
  'Frais',
  'Statut',
  'Créé par',
  'Agent',
  'Date',
  /** The number of the fee version the operation was charged with (decision 150); empty when none. */
  'Version du barème',
] as const;
