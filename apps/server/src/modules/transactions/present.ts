import { centimesToHtg, type Transaction, type TransactionStatus, type TransactionType } from '@lajan/domain';

/** The sender of an external transfer, as the ledger records and the receipt shows it. */
export interface SenderPerson {
  id: string;
  firstName: string;
  lastName: string;
  idDocumentType: string | null;
  idDocumentNumber: string | null;
  phoneNumber: string | null;
  address: string | null;
}

/** What an answer needs of a transaction, whether just posted or read back for the history. */
export interface TransactionRecord {
  transactionNumber: string;
  type: TransactionType;
  status: TransactionStatus;
  amountCentimes: number;
  feeCentimes: number;
  agentShareCentimes: number;
  currency: string;
  createdAt: Date;
  settledAt: Date | null;
  createdByUsername: string;
  agent: { code: string; name: string } | null;
  accountNumber: string | null;
  senderAccountNumber: string | null;
  recipientAccountNumber: string | null;
  party: { name: string; idDocumentType: string; idDocumentNumber: string } | null;
  recipient: Record<string, unknown> | null;
  sender: SenderPerson | null;
  relatedTransactionNumber: string | null;
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

const ref = (accountNumber: string | null) => (accountNumber === null ? null : { accountNumber });

/**
 * The posted transaction as every answer carries it (docs/contract-ledger.md). `forOtherAgent` hides the
 * document numbers of the sender and recipient from an agent that is only looking a transfer up to pay it
 * out: the payout checks them, the screen need not show them.
 */
export function presentTransaction(
  record: TransactionRecord,
  options: { forOtherAgent?: boolean } = {},
): Transaction {
  const recipient = record.recipient
    ? {
        ...record.recipient,
        firstName: textOf(record.recipient.firstName),
        lastName: textOf(record.recipient.lastName),
        idDocumentType: (record.recipient.idDocumentType as string | null | undefined) ?? null,
        idDocumentNumber: options.forOtherAgent
          ? null
          : ((record.recipient.idDocumentNumber as string | null | undefined) ?? null),
      }
    : null;
  const sender = record.sender
    ? { ...record.sender, idDocumentNumber: options.forOtherAgent ? null : record.sender.idDocumentNumber }
    : null;
  return {
    transactionNumber: record.transactionNumber,
    type: record.type,
    amount: centimesToHtg(record.amountCentimes),
    fee: centimesToHtg(record.feeCentimes),
    agentShare: centimesToHtg(record.agentShareCentimes),
    total: centimesToHtg(record.amountCentimes + record.feeCentimes),
    currency: record.currency,
    status: record.status,
    createdAt: record.createdAt.toISOString(),
    settledAt: record.settledAt ? record.settledAt.toISOString() : null,
    createBy: { username: record.createdByUsername },
    agent: record.agent,
    code: record.type === 'agent_deposit' ? (record.agent?.code ?? null) : null,
    accountNumber: record.accountNumber,
    account: ref(record.accountNumber),
    senderAccountNumber: record.senderAccountNumber,
    senderAccount: ref(record.senderAccountNumber),
    recipientAccountNumber: record.recipientAccountNumber,
    recipientAccount: ref(record.recipientAccountNumber),
    party: options.forOtherAgent ? null : record.party,
    senderId: record.sender?.id ?? null,
    sender,
    recipient,
    relatedTransactionNumber: record.relatedTransactionNumber,
  };
}
