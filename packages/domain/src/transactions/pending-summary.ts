import { formatHtg } from '../money.js';
import { transactionTypeLabels, type TransactionType } from './names.js';

/**
 * The one line that tells a held operation apart, from what the form posts: its type, its amount in HTG,
 * the account or agent it names, and the person at the counter ("Dépôt de 1 500,00 HTG · compte 100… · Marie
 * Joseph").
 */
export function pendingOperationSummary(type: TransactionType, body: unknown): string {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  const amount = typeof fields.amount === 'number' ? fields.amount : Number(fields.amount);
  const party =
    typeof fields.party === 'object' && fields.party !== null
      ? (fields.party as Record<string, unknown>)
      : {};
  const account = text(fields.accountNumber) ?? text(fields.senderAccountNumber);
  const parts = [
    Number.isFinite(amount) && amount > 0
      ? `${transactionTypeLabels[type]} de ${formatHtg(amount)}`
      : transactionTypeLabels[type],
    account ? `compte ${account}` : null,
    text(fields.recipientAccountNumber) ? `vers le compte ${text(fields.recipientAccountNumber)}` : null,
    text(fields.code) ? `agent ${text(fields.code)}` : null,
    text(fields.transactionNumber) ? `transfert ${text(fields.transactionNumber)}` : null,
    text(party.name),
  ];
  return parts.filter((part): part is string => part !== null).join(' · ');
}

/**
 * What is kept of a held operation once its personal data is dropped (past `PENDING_RESEND_LIMIT_MS`,
 * decision 151): only what finds it in the history, its type, its amount and the transfer's number when
 * it names one ("Paiement de transfert de 2 000,00 HTG · transfert 123…"). No name, document, phone or
 * account number.
 */
export function pendingOperationTrace(type: TransactionType, body: unknown): string {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const amount = typeof fields.amount === 'number' ? fields.amount : Number(fields.amount);
  const number = typeof fields.transactionNumber === 'string' ? fields.transactionNumber.trim() : '';
  return [
    Number.isFinite(amount) && amount > 0
      ? `${transactionTypeLabels[type]} de ${formatHtg(amount)}`
      : transactionTypeLabels[type],
    number ? `transfert ${number}` : null,
  ]
    .filter((part): part is string => part !== null)
    .join(' · ');
}
