import {
  centimesFromSql,
  PAYOUT_FAILED_IDENTIFICATIONS_LIMIT,
  type TransactionStatus,
  type TransactionType,
  type Language,
} from '@lajan/domain';
import { aliasedTable, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accountHolders, accounts, agents, persons, transactions, users } from '../../db/schema.js';
import { failuresSinceUnlockSql } from './payout-identifications.js';
import type { TransactionRecord } from './present.js';

/*
 * A transaction as the screens show it: one query joins the users, agents, accounts and persons tables
 * instead of calling each module row by row (decision 071).
 */

const account = aliasedTable(accounts, 'account');
const senderAccount = aliasedTable(accounts, 'sender_account');
const recipientAccount = aliasedTable(accounts, 'recipient_account');
const related = aliasedTable(transactions, 'related');
// The receipt's language (decision 237): a pay-out's recipient when registered (her card is the party), else
// the sender, else the account's principal holder, else the teller; joined, never read row by row.
const principalHolder = aliasedTable(accountHolders, 'principal_holder');
const holderPerson = aliasedTable(persons, 'holder_person');
const payee = aliasedTable(persons, 'payee');

function viewQuery(executor: Executor) {
  return executor
    .select({
      id: transactions.id,
      transactionNumber: transactions.transactionNumber,
      type: transactions.type,
      status: transactions.status,
      amountCentimes: transactions.amountCentimes,
      feeCentimes: transactions.feeCentimes,
      agentShareCentimes: transactions.agentShareCentimes,
      feeVersion: transactions.feeVersion,
      currency: transactions.currency,
      createdAt: transactions.createdAt,
      settledAt: transactions.settledAt,
      agentId: transactions.agentId,
      createdByUsername: users.username,
      agentCode: agents.code,
      agentName: agents.name,
      accountNumber: account.accountNumber,
      senderAccountNumber: senderAccount.accountNumber,
      recipientAccountNumber: recipientAccount.accountNumber,
      party: transactions.party,
      recipient: transactions.recipient,
      senderId: persons.id,
      senderFirstName: persons.firstName,
      senderLastName: persons.lastName,
      senderIdDocumentType: persons.idDocumentType,
      senderIdDocumentNumber: persons.idDocumentNumber,
      senderPhoneNumber: persons.phoneNumber,
      senderAddress: persons.address,
      // Linked both ways (decision 226): a reversed transaction's related one is its reversal.
      relatedTransactionNumber: sql<
        string | null
      >`coalesce(${related.transactionNumber}, case when ${transactions.status} = 'reversed'
        then (select r.transaction_number from transactions r where r.related_transaction_id = ${transactions.id} and r.type = 'reversal') end)`,
      // An expired one stays locked until unlocked: its cash refund checks the same lock (decision 225).
      locked: sql<boolean>`case when ${transactions.type} = 'external_transfer' and ${transactions.status} in ('pending', 'expired')
        then ${failuresSinceUnlockSql(transactions.id)} >= ${PAYOUT_FAILED_IDENTIFICATIONS_LIMIT} else false end`,
      receiptLanguage: sql<Language>`coalesce(${payee.preferredLanguage}, ${persons.preferredLanguage},
        ${holderPerson.preferredLanguage}, ${users.language})`,
    })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.createdByUserId))
    .leftJoin(agents, eq(agents.id, transactions.agentId))
    .leftJoin(account, eq(account.id, transactions.accountId))
    .leftJoin(senderAccount, eq(senderAccount.id, transactions.senderAccountId))
    .leftJoin(recipientAccount, eq(recipientAccount.id, transactions.recipientAccountId))
    .leftJoin(persons, eq(persons.id, transactions.senderPersonId))
    .leftJoin(related, eq(related.id, transactions.relatedTransactionId))
    .leftJoin(
      principalHolder,
      sql`${principalHolder.accountId} = coalesce(${transactions.accountId}, ${transactions.senderAccountId})
        and ${principalHolder.position} = 0`,
    )
    .leftJoin(holderPerson, eq(holderPerson.id, principalHolder.personId))
    .leftJoin(
      payee,
      sql`${transactions.type} = 'external_payout' and ${payee.deletedAt} is null
        and ${payee.idDocumentType} = ${transactions.party}->>'idDocumentType'
        and upper(${payee.idDocumentNumber}) = upper(${transactions.party}->>'idDocumentNumber')`,
    );
}

async function selectViews(executor: Executor, where: SQL | undefined): Promise<ViewRow[]> {
  return viewQuery(executor).where(where);
}

/**
 * The views of `ids`, in their order. One statement text whatever the number of ids (`= any($1)`), so that
 * the prepared statement settles on one generic plan instead of planning eight joins at every call.
 */
export async function viewsByIds(executor: Executor, ids: string[]): Promise<ViewRow[]> {
  if (ids.length === 0) return [];
  const rows = await selectViews(executor, sql`${transactions.id} = any(${`{${ids.join(',')}}`}::uuid[])`);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

interface ViewRow {
  id: string;
  transactionNumber: string;
  type: TransactionType;
  status: TransactionStatus;
  amountCentimes: number | string;
  feeCentimes: number | string;
  agentShareCentimes: number | string;
  feeVersion: number | null;
  currency: string;
  createdAt: Date;
  settledAt: Date | null;
  agentId: string | null;
  createdByUsername: string;
  agentCode: string | null;
  agentName: string | null;
  accountNumber: string | null;
  senderAccountNumber: string | null;
  recipientAccountNumber: string | null;
  party: { name: string; idDocumentType: string; idDocumentNumber: string } | null;
  recipient: Record<string, unknown> | null;
  senderId: string | null;
  senderFirstName: string | null;
  senderLastName: string | null;
  senderIdDocumentType: string | null;
  senderIdDocumentNumber: string | null;
  senderPhoneNumber: string | null;
  senderAddress: string | null;
  relatedTransactionNumber: string | null;
  locked: boolean;
  receiptLanguage: Language;
}

export function recordOf(row: ViewRow): TransactionRecord & { agentId: string | null } {
  return {
    transactionNumber: row.transactionNumber,
    type: row.type,
    status: row.status,
    amountCentimes: centimesFromSql(row.amountCentimes),
    feeCentimes: centimesFromSql(row.feeCentimes),
    agentShareCentimes: centimesFromSql(row.agentShareCentimes),
    feeVersion: row.feeVersion,
    currency: row.currency,
    createdAt: row.createdAt,
    settledAt: row.settledAt,
    agentId: row.agentId,
    createdByUsername: row.createdByUsername,
    agent:
      row.agentCode !== null && row.agentName !== null ? { code: row.agentCode, name: row.agentName } : null,
    accountNumber: row.accountNumber,
    senderAccountNumber: row.senderAccountNumber,
    recipientAccountNumber: row.recipientAccountNumber,
    party: row.party,
    recipient: row.recipient,
    sender:
      row.senderId !== null
        ? {
            id: row.senderId,
            firstName: row.senderFirstName ?? '',
            lastName: row.senderLastName ?? '',
            idDocumentType: row.senderIdDocumentType,
            idDocumentNumber: row.senderIdDocumentNumber,
            phoneNumber: row.senderPhoneNumber,
            address: row.senderAddress,
          }
        : null,
    relatedTransactionNumber: row.relatedTransactionNumber,
    locked: Boolean(row.locked),
    receiptLanguage: row.receiptLanguage,
  };
}

export async function transactionByNumber(
  executor: Executor,
  transactionNumber: string,
): Promise<(TransactionRecord & { agentId: string | null; id: string }) | undefined> {
  const [row] = await selectViews(executor, eq(transactions.transactionNumber, transactionNumber));
  return row ? { ...recordOf(row), id: row.id } : undefined;
}
