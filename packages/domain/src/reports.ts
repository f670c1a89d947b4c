import type { z } from 'zod';
import { historyQuerySchema } from './transactions/index.js';

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
