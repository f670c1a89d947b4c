import { centimesToHtg, type Correction, type CorrectionStatus, type TransactionType } from '@lajan/domain';
import { and, count, desc, eq, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { accounts, agents, correctionRequests, transactions, users } from '../../db/schema.js';

/** A correction request with what its rules need: the original, its agent and float, who asked. */
export interface CorrectionRow {
  view: Correction;
  agentId: string;
  floatAccountId: string;
  requestedByUserId: string;
  requestedByPersonId: string;
  decidedByUserId: string | null;
  original: {
    id: string;
    transactionNumber: string;
    type: TransactionType;
    amountCentimes: number;
    /** Its Haiti day is the one a reversal gives back on (decision 227). */
    createdAt: Date;
    accountId: string | null;
    senderAccountId: string | null;
    recipientAccountId: string | null;
  };
}

const asker = alias(users, 'asker');
const decider = alias(users, 'decider');
const executor = alias(users, 'executor');
const reversal = alias(transactions, 'reversal');
const float = alias(accounts, 'float');

async function selectCorrections(db: Executor, where: SQL | undefined): Promise<CorrectionRow[]> {
  const rows = await db
    .select({
      id: correctionRequests.id,
      status: correctionRequests.status,
      reason: correctionRequests.reason,
      requestedAt: correctionRequests.requestedAt,
      superAdminRequired: correctionRequests.superAdminRequired,
      cashMoves: correctionRequests.cashMoves,
      decidedAt: correctionRequests.decidedAt,
      rejectionReason: correctionRequests.rejectionReason,
      executedAt: correctionRequests.executedAt,
      agentId: correctionRequests.agentId,
      requestedByUserId: correctionRequests.requestedByUserId,
      requestedByPersonId: asker.personId,
      decidedByUserId: correctionRequests.decidedByUserId,
      agentCode: agents.code,
      agentName: agents.name,
      floatAccountId: float.id,
      askerName: asker.username,
      deciderName: decider.username,
      executorName: executor.username,
      reversalNumber: reversal.transactionNumber,
      originalId: transactions.id,
      transactionNumber: transactions.transactionNumber,
      type: transactions.type,
      amountCentimes: transactions.amountCentimes,
      createdAt: transactions.createdAt,
      accountId: transactions.accountId,
      senderAccountId: transactions.senderAccountId,
      recipientAccountId: transactions.recipientAccountId,
    })
    .from(correctionRequests)
    .innerJoin(transactions, eq(transactions.id, correctionRequests.transactionId))
    .innerJoin(agents, eq(agents.id, correctionRequests.agentId))
    .innerJoin(float, and(eq(float.agentId, agents.id), eq(float.kind, 'float')))
    .innerJoin(asker, eq(asker.id, correctionRequests.requestedByUserId))
    .leftJoin(decider, eq(decider.id, correctionRequests.decidedByUserId))
    .leftJoin(executor, eq(executor.id, correctionRequests.executedByUserId))
    .leftJoin(reversal, eq(reversal.id, correctionRequests.reversalTransactionId))
    .where(where)
    .orderBy(desc(correctionRequests.requestedAt), desc(correctionRequests.id))
    .limit(200);
  return rows.map((row) => ({
    agentId: row.agentId,
    floatAccountId: row.floatAccountId,
    requestedByUserId: row.requestedByUserId,
    requestedByPersonId: row.requestedByPersonId,
    decidedByUserId: row.decidedByUserId,
    original: {
      id: row.originalId,
      transactionNumber: row.transactionNumber,
      type: row.type,
      amountCentimes: Number(row.amountCentimes),
      createdAt: row.createdAt,
      accountId: row.accountId,
      senderAccountId: row.senderAccountId,
      recipientAccountId: row.recipientAccountId,
    },
    view: {
      id: row.id,
      status: row.status,
      transactionNumber: row.transactionNumber,
      transactionType: row.type,
      amount: centimesToHtg(Number(row.amountCentimes)),
      agent: { code: row.agentCode, name: row.agentName },
      reason: row.reason,
      requestedBy: { username: row.askerName },
      requestedAt: row.requestedAt.toISOString(),
      superAdminRequired: row.superAdminRequired,
      cashMoves: row.cashMoves,
      decidedBy: row.deciderName === null ? null : { username: row.deciderName },
      decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
      rejectionReason: row.rejectionReason,
      executedBy: row.executorName === null ? null : { username: row.executorName },
      executedAt: row.executedAt ? row.executedAt.toISOString() : null,
      reversalNumber: row.reversalNumber,
    },
  }));
}

export async function correctionById(db: Executor, id: string): Promise<CorrectionRow | undefined> {
  const [row] = await selectCorrections(db, eq(correctionRequests.id, id));
  return row;
}

/** The newest 200 requests of an agent (all agents: undefined), of a status if given. */
export function correctionsOf(
  db: Executor,
  filter: { agentId: string | undefined; status: CorrectionStatus | undefined },
): Promise<CorrectionRow[]> {
  return selectCorrections(
    db,
    and(
      filter.agentId === undefined ? undefined : eq(correctionRequests.agentId, filter.agentId),
      filter.status === undefined ? undefined : eq(correctionRequests.status, filter.status),
    ),
  );
}

/** A transaction by number, as a request of its correction needs it. */
export async function originalByNumber(db: Executor, transactionNumber: string) {
  const [row] = await db
    .select({
      id: transactions.id,
      type: transactions.type,
      status: transactions.status,
      agentId: transactions.agentId,
    })
    .from(transactions)
    .where(eq(transactions.transactionNumber, transactionNumber));
  return row;
}

/** The person behind a user account. */
export async function personIdOf(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ personId: users.personId }).from(users).where(eq(users.id, userId));
  return row?.personId;
}

/** How many administrators of an agent, not deleted, there are besides `userId`. */
export async function otherAdministrators(db: Executor, agentId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(
      and(
        eq(users.agentId, agentId),
        eq(users.role, 'agent_admin'),
        isNull(users.deletedAt),
        ne(users.id, userId),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The balance and number of the accounts a reversal would debit, for what is missing. */
export async function accountsById(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: accounts.id,
      accountNumber: accounts.accountNumber,
      kind: accounts.kind,
      balanceCentimes: accounts.balanceCentimes,
    })
    .from(accounts)
    .where(inArray(accounts.id, ids));
  return rows.map((row) => ({ ...row, balanceCentimes: Number(row.balanceCentimes) }));
}
