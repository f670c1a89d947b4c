import { z } from 'zod';

/** Transaction `type` (DESIGN §4); the history's `type` filter takes these values. */
export const transactionTypes = [
  'deposit',
  'withdrawal',
  'transfer',
  'external_transfer',
  'external_payout',
  'external_refund',
  'agent_deposit',
] as const;
export const transactionTypeSchema = z.enum(transactionTypes, { error: 'Type de transaction invalide' });
export type TransactionType = z.infer<typeof transactionTypeSchema>;
export const transactionTypeLabels: Record<TransactionType, string> = {
  deposit: 'Dépôt',
  withdrawal: 'Retrait',
  transfer: 'Transfert',
  external_transfer: 'Transfert externe',
  external_payout: 'Paiement de transfert',
  external_refund: 'Remboursement de transfert',
  agent_deposit: 'Dépôt sur agent',
};

/** `completed`, except an external transfer: `pending`, then once `completed` or `cancelled`. */
export const transactionStatuses = ['completed', 'pending', 'cancelled'] as const;
export const transactionStatusSchema = z.enum(transactionStatuses);
export type TransactionStatus = z.infer<typeof transactionStatusSchema>;
export const transactionStatusLabels: Record<TransactionStatus, string> = {
  completed: 'Complété',
  pending: 'En attente',
  cancelled: 'Annulé',
};

/** The four types that the fee schedule prices, in the order of the fee tables (DESIGN §4b). */
export const feeTypes = ['deposit', 'transfer', 'withdrawal', 'external_transfer'] as const;
export const feeTypeSchema = z.enum(feeTypes, { error: 'Type de frais invalide' });
export type FeeType = z.infer<typeof feeTypeSchema>;
/** What `GET /transactions/fees/quote` prices: the banded types and the agent deposit (no fee). */
export const quoteTypeSchema = z.enum([...feeTypes, 'agent_deposit'], { error: 'Type de frais invalide' });
export type QuoteType = z.infer<typeof quoteTypeSchema>;
