// The names of the transaction types and statuses and their French labels, without zod: the sign-in
// page's route table reads the labels, and must not download the schemas (decision 145).

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
export const transactionTypeLabels: Record<TransactionType, string> = {
  deposit: 'Dépôt',
  withdrawal: 'Retrait',
  transfer: 'Transfert',
  external_transfer: 'Transfert externe',
  external_payout: 'Paiement de transfert',
  external_refund: 'Remboursement de transfert',
  agent_deposit: 'Dépôt sur agent',
  reversal: 'Correction',
};

/**
 * `completed`, except an external transfer: `pending`, then once `completed`, `cancelled` or `expired`
 * (not paid out in time, decision 225); a corrected transaction becomes `reversed` once (DESIGN §4c,
 * decision 226).
 */
export const transactionStatuses = ['completed', 'pending', 'cancelled', 'expired', 'reversed'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];
export const transactionStatusLabels: Record<TransactionStatus, string> = {
  completed: 'Complété',
  pending: 'En attente',
  cancelled: 'Annulé',
  expired: 'Expiré',
  reversed: 'Corrigé',
};

/** The four types that the fee schedule prices, in the order of the fee tables. */
export const feeTypes = ['deposit', 'transfer', 'withdrawal', 'external_transfer'] as const;
export type FeeType = (typeof feeTypes)[number];
/** What `GET /transactions/fees/quote` prices: the banded types and the agent deposit (no fee). */
export const quoteTypes = [...feeTypes, 'agent_deposit'] as const;
export type QuoteType = (typeof quoteTypes)[number];
