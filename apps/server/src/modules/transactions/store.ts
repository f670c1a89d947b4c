import { centimesFromSql, PAYOUT_FAILED_IDENTIFICATIONS_LIMIT, type TransactionType } from '@lajan/domain';
import { aliasedTable, and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  accountHolders,
  accounts,
  agents,
  payoutIdentifications,
  persons,
  transactions,
  users,
} from '../../db/schema.js';
import type { SenderPerson, TransactionRecord } from './present.js';

/*
 * Reads for the transactions module. The history joins the users, agents, accounts and persons tables
 * in one query instead of calling each module row by row (decision 071).
 */

export interface AgentWithFloat {
  id: string;
  code: string;
  name: string;
  active: boolean;
  floatAccountId: string | null;
}

/** An agent and its float account, by code. */
export async function agentWithFloatByCode(
  executor: Executor,
  code: string,
): Promise<AgentWithFloat | undefined> {
  const [row] = await executor
    .select({
      id: agents.id,
      code: agents.code,
      name: agents.name,
      deletedAt: agents.deletedAt,
      suspendedAt: agents.suspendedAt,
      floatAccountId: accounts.id,
    })
    .from(agents)
    .leftJoin(accounts, and(eq(accounts.agentId, agents.id), eq(accounts.kind, 'float')))
    .where(eq(agents.code, code));
  if (!row) return undefined;
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    active: row.deletedAt === null && row.suspendedAt === null,
    floatAccountId: row.floatAccountId,
  };
}

/** An account's number, by id. */
export async function accountNumberOf(executor: Executor, accountId: string): Promise<string | null> {
  const [row] = await executor
    .select({ accountNumber: accounts.accountNumber })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.accountNumber ?? null;
}

export interface CustomerAccountRef {
  id: string;
  accountNumber: string;
  /** Whether the given identity document is a holder's (the holder rule of DESIGN §4). */
  partyIsHolder: boolean;
}

/**
 * Customer accounts by number (one round trip for a transfer's two), each with whether the person
 * showing `document` holds it. Float and system accounts are not customer accounts: their numbers are
 * unknown here (DESIGN §4).
 */
export async function customerAccountsByNumbers(
  executor: Executor,
  accountNumbers: string[],
  document: { idDocumentType: string; idDocumentNumber: string },
): Promise<Map<string, CustomerAccountRef>> {
  const rows = await executor
    .select({
      id: accounts.id,
      accountNumber: accounts.accountNumber,
      partyIsHolder: sql<boolean>`exists (${executor
        .select({ one: sql`1` })
        .from(accountHolders)
        .innerJoin(persons, eq(persons.id, accountHolders.personId))
        .where(
          and(
            eq(accountHolders.accountId, accounts.id),
            eq(persons.idDocumentType, document.idDocumentType),
            sql`upper(${persons.idDocumentNumber}) = upper(${document.idDocumentNumber})`,
          ),
        )})`,
    })
    .from(accounts)
    .where(and(inArray(accounts.accountNumber, accountNumbers), eq(accounts.kind, 'customer')));
  return new Map(
    rows.map((row) => [row.accountNumber, { ...row, partyIsHolder: Boolean(row.partyIsHolder) }]),
  );
}

/** One customer account by its number; see `customerAccountsByNumbers`. */
export async function customerAccountByNumber(
  executor: Executor,
  accountNumber: string,
  document: { idDocumentType: string; idDocumentNumber: string },
): Promise<CustomerAccountRef | undefined> {
  return (await customerAccountsByNumbers(executor, [accountNumber], document)).get(accountNumber);
}

export async function personById(executor: Executor, id: string): Promise<SenderPerson | undefined> {
  const [row] = await executor
    .select({
      id: persons.id,
      firstName: persons.firstName,
      lastName: persons.lastName,
      idDocumentType: persons.idDocumentType,
      idDocumentNumber: persons.idDocumentNumber,
      phoneNumber: persons.phoneNumber,
      address: persons.address,
    })
    .from(persons)
    .where(and(eq(persons.id, id), sql`${persons.deletedAt} is null`));
  return row;
}

/**
 * The failed identifications of a transfer since its last unlock (decision 112): ordered by id, which
 * the transfer's row lock makes the order of the tries.
 */
function failuresSinceUnlockSql(transactionId: SQL | typeof transactions.id): SQL<number> {
  return sql<number>`(select count(*)::int from payout_identifications f
    where f.transaction_id = ${transactionId} and f.outcome = 'failed'
      and f.id > coalesce((select max(u.id) from payout_identifications u
        where u.transaction_id = ${transactionId} and u.outcome = 'unlocked'), 0))`;
}

/** Failed identifications since the last unlock; read under the transfer's row lock to be exact. */
export async function failedIdentificationsSinceUnlock(
  executor: Executor,
  transactionId: string,
): Promise<number> {
  const [row] = await executor
    .select({ failures: failuresSinceUnlockSql(sql`${transactionId}::uuid`) })
    .from(sql`(select 1) as one`);
  return Number(row?.failures ?? 0);
}

/** One line of `payout_identifications`: a failed identification, or the sending agent's unlock. */
export async function recordPayoutIdentification(
  executor: Executor,
  entry: {
    transactionId: string;
    outcome: 'failed' | 'unlocked';
    userId: string;
    agentId: string | null;
    presented: Record<string, unknown> | null;
    at: Date;
  },
): Promise<void> {
  await executor.insert(payoutIdentifications).values(entry);
}

const account = aliasedTable(accounts, 'account');
const senderAccount = aliasedTable(accounts, 'sender_account');
const recipientAccount = aliasedTable(accounts, 'recipient_account');
const related = aliasedTable(transactions, 'related');

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
      relatedTransactionNumber: related.transactionNumber,
      locked: sql<boolean>`case when ${transactions.type} = 'external_transfer' and ${transactions.status} = 'pending'
        then ${failuresSinceUnlockSql(transactions.id)} >= ${PAYOUT_FAILED_IDENTIFICATIONS_LIMIT} else false end`,
    })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.createdByUserId))
    .leftJoin(agents, eq(agents.id, transactions.agentId))
    .leftJoin(account, eq(account.id, transactions.accountId))
    .leftJoin(senderAccount, eq(senderAccount.id, transactions.senderAccountId))
    .leftJoin(recipientAccount, eq(recipientAccount.id, transactions.recipientAccountId))
    .leftJoin(persons, eq(persons.id, transactions.senderPersonId))
    .leftJoin(related, eq(related.id, transactions.relatedTransactionId));
}

async function selectViews(
  executor: Executor,
  where: SQL | undefined,
  page?: { limit: number; offset: number },
): Promise<ViewRow[]> {
  const query = viewQuery(executor).where(where).$dynamic();
  if (page)
    return query
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(page.limit)
      .offset(page.offset);
  return query;
}

interface ViewRow {
  id: string;
  transactionNumber: string;
  type: TransactionType;
  status: 'completed' | 'pending' | 'cancelled';
  amountCentimes: number | string;
  feeCentimes: number | string;
  agentShareCentimes: number | string;
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
}

function recordOf(row: ViewRow): TransactionRecord & { agentId: string | null } {
  return {
    transactionNumber: row.transactionNumber,
    type: row.type,
    status: row.status,
    amountCentimes: centimesFromSql(row.amountCentimes),
    feeCentimes: centimesFromSql(row.feeCentimes),
    agentShareCentimes: centimesFromSql(row.agentShareCentimes),
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
  };
}

export async function transactionByNumber(
  executor: Executor,
  transactionNumber: string,
): Promise<(TransactionRecord & { agentId: string | null; id: string }) | undefined> {
  const [row] = await selectViews(executor, eq(transactions.transactionNumber, transactionNumber));
  return row ? { ...recordOf(row), id: row.id } : undefined;
}

export interface HistoryFilter {
  /** Only this agent's transactions; undefined: all (the super administrator). */
  agentId: string | undefined;
  type: TransactionType | undefined;
  q: string | undefined;
  page: number;
  perPage: number;
}

/** A page of the history, newest first, and the number of matching transactions. */
export async function historyPage(
  executor: Executor,
  filter: HistoryFilter,
): Promise<{ records: TransactionRecord[]; total: number }> {
  const conditions: (SQL | undefined)[] = [
    filter.agentId !== undefined ? eq(transactions.agentId, filter.agentId) : undefined,
    filter.type !== undefined ? eq(transactions.type, filter.type) : undefined,
  ];
  if (filter.q) {
    const pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(transactions.transactionNumber, pattern),
        ilike(account.accountNumber, pattern),
        ilike(senderAccount.accountNumber, pattern),
        ilike(recipientAccount.accountNumber, pattern),
        sql`${transactions.party}->>'name' ilike ${pattern}`,
        sql`concat_ws(' ', ${persons.firstName}, ${persons.lastName}) ilike ${pattern}`,
        sql`concat_ws(' ', ${transactions.recipient}->>'firstName', ${transactions.recipient}->>'lastName') ilike ${pattern}`,
      ),
    );
  }
  const where = and(...conditions);
  const rows = await selectViews(executor, where, {
    limit: filter.perPage,
    offset: (filter.page - 1) * filter.perPage,
  });
  const [counted] = await executor
    .select({ total: count() })
    .from(transactions)
    .leftJoin(account, eq(account.id, transactions.accountId))
    .leftJoin(senderAccount, eq(senderAccount.id, transactions.senderAccountId))
    .leftJoin(recipientAccount, eq(recipientAccount.id, transactions.recipientAccountId))
    .leftJoin(persons, eq(persons.id, transactions.senderPersonId))
    .where(where);
  return { records: rows.map(recordOf), total: Number(counted?.total ?? 0) };
}
