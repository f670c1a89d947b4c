import { msg } from '@lingui/core/macro';
import { texts } from './i18n.js';
import { centimesToHtg, formatHtg } from './money.js';
import type { TransactionType } from './transactions/names.js';

/** What a customer's limits count (decision 227): money in at the counter, out at the counter, sent. */
export const limitCategories = ['cash_in', 'cash_out', 'send'] as const;
export type LimitCategory = (typeof limitCategories)[number];
export const limitCategoryLabels = texts({
  cash_in: msg`Dépôts en espèces`,
  cash_out: msg`Retraits en espèces`,
  send: msg`Envois`,
});

export const limitPeriods = ['operation', 'day', 'thirtyDays'] as const;
export type LimitPeriod = (typeof limitPeriods)[number];
export const limitPeriodLabels = texts({
  operation: msg`Par opération`,
  day: msg`Par jour`,
  thirtyDays: msg`Sur 30 jours`,
});

/** The one map from a transaction type to what it counts; a type absent here counts nothing. */
export const limitCategoryOfType: Partial<Record<TransactionType, LimitCategory>> = {
  deposit: 'cash_in',
  withdrawal: 'cash_out',
  external_payout: 'cash_out',
  transfer: 'send',
  external_transfer: 'send',
};

/** The days a « 30 days » total covers: the day of the operation and the 29 before it. */
export const LIMIT_WINDOW_DAYS = 30;

/** A refusal's text (decision 227): the limit reached and what is left, for the person with the least left. */
export const limitMessages = texts({
  exceeded: msg`Limite du client atteinte`,
  operation: (maximumHtg: number) => {
    const maximum = formatHtg(maximumHtg);
    return msg`Montant au-dessus de la limite par opération pour ce client : ${maximum} au plus`;
  },
  day: (leftHtg: number) => {
    const left = formatHtg(leftHtg);
    return msg`Limite journalière atteinte pour ce client : reste ${left} aujourd'hui`;
  },
  thirtyDays: (leftHtg: number) => {
    const left = formatHtg(leftHtg);
    return msg`Limite sur 30 jours atteinte pour ce client : reste ${left}`;
  },
});

/** The refusal's text for the period reached and its figure in centimes (per operation: the limit itself). */
export function limitExceededMessage(period: LimitPeriod, centimes: number): string {
  return limitMessages[period](centimesToHtg(centimes));
}
