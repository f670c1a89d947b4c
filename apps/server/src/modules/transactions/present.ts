import {
  centimesToHtg,
  CURRENCY,
  maskedName,
  type PayoutLookup,
  type Transaction,
  type TransactionStatus,
  type TransactionType,
  type Language,
} from '@lajan/domain';
import type { Movement } from '../../ledger/service.js';

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
  /** The number of the fee version it was charged with (decision 150); null for unbanded types and older rows. */
  feeVersion: number | null;
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
  /** A pending or expired external transfer locked by five failed identifications (decisions 112, 225). */
  locked: boolean;
  /** The customer's language, its receipt's (decision 237); the teller's when no customer is known. */
  receiptLanguage?: Language;
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

const ref = (accountNumber: string | null) => (accountNumber === null ? null : { accountNumber });

/** The posted transaction as every answer carries it (docs/contract-ledger.md). */
export function presentTransaction(record: TransactionRecord): Transaction {
  const recipient = record.recipient
    ? {
        ...record.recipient,
        firstName: textOf(record.recipient.firstName),
        lastName: textOf(record.recipient.lastName),
        idDocumentType: (record.recipient.idDocumentType as string | null | undefined) ?? null,
        idDocumentNumber: (record.recipient.idDocumentNumber as string | null | undefined) ?? null,
      }
    : null;
  return {
    transactionNumber: record.transactionNumber,
    type: record.type,
    amount: centimesToHtg(record.amountCentimes),
    fee: centimesToHtg(record.feeCentimes),
    agentShare: centimesToHtg(record.agentShareCentimes),
    total: centimesToHtg(record.amountCentimes + record.feeCentimes),
    currency: record.currency,
    feeVersion: record.feeVersion,
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
    party: record.party,
    senderId: record.sender?.id ?? null,
    sender: record.sender,
    recipient,
    relatedTransactionNumber: record.relatedTransactionNumber,
    locked: record.locked,
    ...(record.receiptLanguage ? { receiptLanguage: record.receiptLanguage } : {}),
  };
}

/**
 * A pending external transfer as the search shows it before identification (decision 112): amount,
 * fee, status, sending agent and the recipient's initials, nothing of the identity file or the sender.
 */
export function presentPayoutLookup(record: TransactionRecord): PayoutLookup {
  return {
    transactionNumber: record.transactionNumber,
    type: 'external_transfer',
    amount: centimesToHtg(record.amountCentimes),
    fee: centimesToHtg(record.feeCentimes),
    currency: record.currency,
    status: 'pending',
    createdAt: record.createdAt.toISOString(),
    agent: record.agent,
    recipientMaskedName: maskedName(textOf(record.recipient?.firstName), textOf(record.recipient?.lastName)),
    locked: record.locked,
  };
}

/** What a just-posted transaction's answer adds to the movement: its numbers and people. */
export type PostedDetails = Partial<
  Pick<
    TransactionRecord,
    | 'accountNumber'
    | 'senderAccountNumber'
    | 'recipientAccountNumber'
    | 'party'
    | 'sender'
    | 'recipient'
    | 'relatedTransactionNumber'
    | 'receiptLanguage'
  >
>;

/** A movement just posted, as its answer carries it: posted by `username`, for `agent`. */
export function presentPosted(
  movement: Movement,
  username: string,
  agent: { code: string; name: string },
  details: PostedDetails,
): Transaction {
  return presentTransaction({
    transactionNumber: movement.posted.transactionNumber,
    type: movement.type,
    status: movement.status,
    amountCentimes: movement.amountCentimes,
    feeCentimes: movement.feeCentimes,
    agentShareCentimes: movement.agentShareCentimes,
    feeVersion: movement.feeVersion,
    currency: CURRENCY,
    createdAt: movement.posted.createdAt,
    settledAt: null,
    createdByUsername: username,
    agent: { code: agent.code, name: agent.name },
    accountNumber: details.accountNumber ?? null,
    senderAccountNumber: details.senderAccountNumber ?? null,
    recipientAccountNumber: details.recipientAccountNumber ?? null,
    party: details.party ?? null,
    sender: details.sender ?? null,
    recipient: details.recipient ?? null,
    relatedTransactionNumber: details.relatedTransactionNumber ?? null,
    locked: false,
    receiptLanguage: details.receiptLanguage,
  });
}
