// The names of the transaction types and statuses and their French labels, without zod: the sign-in
// page's route table reads the labels, and must not download the schemas (decision 145).
import { msg } from '@lingui/core/macro';
import { texts } from '../i18n.js';

/** Transaction `type`; the history's `type` filter takes these values. */
export const transactionTypes = [
  'deposit',
  'withdrawal',
  'transfer',
  'external_transfer',
  'external_payout',
  'external_refund',
  'agent_deposit',
  'reversal',
] as const;
export type TransactionType = (typeof transactionTypes)[number];
export const transactionTypeLabels: Readonly<Record<TransactionType, string>> = texts({
  deposit: msg`Dépôt`,
  withdrawal: msg`Retrait`,
  transfer: msg`Transfert`,
  external_transfer: msg`Transfert externe`,
  external_payout: msg`Paiement de transfert`,
  external_refund: msg`Remboursement de transfert`,
  agent_deposit: msg`Dépôt sur agent`,
  reversal: msg`Correction`,
});

/**
 * `completed`, except an external transfer: `pending`, then once `completed`, `cancelled` or `expired`
 * (not paid out in time, decision 225); a corrected transaction becomes `reversed` once (DESIGN §4c,
 * decision 226).
 */
export const transactionStatuses = ['completed', 'pending', 'cancelled', 'expired', 'reversed'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];
export const transactionStatusLabels: Readonly<Record<TransactionStatus, string>> = texts({
  completed: msg`Complété`,
  pending: msg`En attente`,
  cancelled: msg`Annulé`,
  expired: msg`Expiré`,
  reversed: msg`Corrigé`,
});

/** The four types that the fee schedule prices, in the order of the fee tables. */
export const feeTypes = ['deposit', 'transfer', 'withdrawal', 'external_transfer'] as const;
export type FeeType = (typeof feeTypes)[number];
/** What `GET /transactions/fees/quote` prices: the banded types and the agent deposit (no fee). */
export const quoteTypes = [...feeTypes, 'agent_deposit'] as const;
export type QuoteType = (typeof quoteTypes)[number];
