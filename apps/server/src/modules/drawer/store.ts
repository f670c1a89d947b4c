import { centimesFromSql, type DrawerMovementKind } from '@lajan/domain';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { isCashOperation } from '../../ledger/cash.js';
import { accounts, agents, drawerSessions, entries, persons, transactions, users } from '../../db/schema.js';

export type DrawerRow = typeof drawerSessions.$inferSelect;

/** The transaction a reversal corrects, beside it in a session's cash movements. */
const corrected = alias(transactions, 'corrected');

/** A session with who and where, as the API shows it. */
export interface DrawerView extends DrawerRow {
  username: string;
  tellerName: string;
  agentCode: string;
  agentName: string;
  acknowledgedByUsername: string | null;
  openingAcknowledgedByUsername: string | null;
  closedByUsername: string | null;
}

const acknowledger = sql<
  string | null
>`(select u.username from users u where u.id = ${drawerSessions.acknowledgedByUserId})`;
const openingAcknowledger = sql<
  string | null
>`(select u.username from users u where u.id = ${drawerSessions.openingAcknowledgedByUserId})`;
const closer = sql<
  string | null
>`(select u.username from users u where u.id = ${drawerSessions.closedByUserId})`;

function viewQuery(executor: Executor) {
  return executor
    .select({
      session: drawerSessions,
      username: users.username,
      firstName: persons.firstName,
      lastName: persons.lastName,
      agentCode: agents.code,
      agentName: agents.name,
      acknowledgedByUsername: acknowledger,
      openingAcknowledgedByUsername: openingAcknowledger,
      closedByUsername: closer,
    })
    .from(drawerSessions)
    .innerJoin(users, eq(users.id, drawerSessions.userId))
    .innerJoin(persons, eq(persons.id, users.personId))
    .innerJoin(agents, eq(agents.id, drawerSessions.agentId));
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof viewQuery>['where']>>[number];

function toView(row: ViewRow): DrawerView {
  return {
    ...row.session,
    username: row.username,
    tellerName: [row.firstName, row.lastName].filter(Boolean).join(' ') || row.username,
    agentCode: row.agentCode,
    agentName: row.agentName,
    acknowledgedByUsername: row.acknowledgedByUsername,
    openingAcknowledgedByUsername: row.openingAcknowledgedByUsername,
    closedByUsername: row.closedByUsername,
  };
}

export async function sessionView(executor: Executor, id: string): Promise<DrawerView | undefined> {
  const [row] = await viewQuery(executor).where(eq(drawerSessions.id, id));
  return row ? toView(row) : undefined;
}

export async function openSessionView(executor: Executor, userId: string): Promise<DrawerView | undefined> {
  const [row] = await viewQuery(executor).where(
    and(eq(drawerSessions.userId, userId), isNull(drawerSessions.closedAt)),
  );
  return row ? toView(row) : undefined;
}

/** The sessions open at some moment of `[from, until)`: opened before its end, not closed before its start. */
export async function sessionViewsDuring(
  executor: Executor,
  window: { from: Date; until: Date; agentId: string | undefined },
): Promise<DrawerView[]> {
  const rows = await viewQuery(executor)
    .where(
      and(
        window.agentId ? eq(drawerSessions.agentId, window.agentId) : undefined,
        lt(drawerSessions.openedAt, window.until),
        or(isNull(drawerSessions.closedAt), gte(drawerSessions.closedAt, window.from)),
      ),
    )
    .orderBy(asc(agents.code), asc(users.username), asc(drawerSessions.openedAt));
  return rows.map(toView);
}

/** The teller's open session, locked `FOR UPDATE`: waits for the cash operations that hold it `FOR SHARE`. */
export async function lockOpenSession(executor: Executor, userId: string): Promise<DrawerRow | undefined> {
  const [row] = await executor
    .select()
    .from(drawerSessions)
    .where(and(eq(drawerSessions.userId, userId), isNull(drawerSessions.closedAt)))
    .for('update');
  return row;
}

/** The teller's last closed session before `openedAt` (its fingerprint is the next one's "previous"). */
export async function previousClosedSession(
  executor: Executor,
  session: { id: string; userId: string; openedAt: Date },
): Promise<DrawerRow | undefined> {
  const [row] = await executor
    .select()
    .from(drawerSessions)
    .where(
      and(
        eq(drawerSessions.userId, session.userId),
        ne(drawerSessions.id, session.id),
        isNotNull(drawerSessions.closedAt),
        lte(drawerSessions.closedAt, session.openedAt),
      ),
    )
    .orderBy(desc(drawerSessions.closedAt), desc(drawerSessions.openedAt))
    .limit(1);
  return row;
}

/**
 * The teller's last close, whenever: a new session opens after it, and its count is what the opening is
 * compared with (decision 201).
 */
export async function lastClosedSession(executor: Executor, userId: string): Promise<DrawerRow | undefined> {
  const [row] = await executor
    .select()
    .from(drawerSessions)
    .where(and(eq(drawerSessions.userId, userId), isNotNull(drawerSessions.closedAt)))
    .orderBy(desc(drawerSessions.closedAt), desc(drawerSessions.openedAt))
    .limit(1);
  return row;
}

/** An open session by its id, locked `FOR UPDATE`, as the teller's own close locks it (decision 201). */
export async function lockOpenSessionById(executor: Executor, id: string): Promise<DrawerRow | undefined> {
  const [row] = await executor
    .select()
    .from(drawerSessions)
    .where(and(eq(drawerSessions.id, id), isNull(drawerSessions.closedAt)))
    .for('update');
  return row;
}

/** One cash movement of a session, with its ledger entries (account number and signed amount). */
export interface DrawerMovement {
  id: string;
  transactionNumber: string;
  type: DrawerMovementKind;
  amountCentimes: number;
  feeCentimes: number;
  agentShareCentimes: number;
  createdAt: Date;
  entries: { accountNumber: string; amountCentimes: number }[];
}

/**
 * The session's cash movements, read from the ledger: the transactions its teller posted for its agent
 * from the opening on (until `until` when given), of the cash types: deposits, withdrawals, pay-outs,
 * and external transfers and refunds with no customer account (sent or paid back in cash).
 */
export async function cashMovements(
  executor: Executor,
  session: { userId: string; agentId: string; openedAt: Date },
  until: Date | undefined,
): Promise<DrawerMovement[]> {
  const rows = await executor
    .select({
      id: transactions.id,
      transactionNumber: transactions.transactionNumber,
      type: transactions.type,
      amountCentimes: transactions.amountCentimes,
      feeCentimes: transactions.feeCentimes,
      agentShareCentimes: transactions.agentShareCentimes,
      createdAt: transactions.createdAt,
      originalType: corrected.type,
      originalFeeCentimes: corrected.feeCentimes,
      originalAgentShareCentimes: corrected.agentShareCentimes,
    })
    .from(transactions)
    .leftJoin(
      corrected,
      and(eq(transactions.type, 'reversal'), eq(corrected.id, transactions.relatedTransactionId)),
    )
    .where(
      and(
        eq(transactions.agentId, session.agentId),
        eq(transactions.createdByUserId, session.userId),
        gte(transactions.createdAt, session.openedAt),
        until ? lte(transactions.createdAt, until) : undefined,
        // The one rule of what moves cash, shared with the UCREF declarations (decision 228).
        isCashOperation({
          type: transactions.type,
          senderAccountId: transactions.senderAccountId,
          correctedType: corrected.type,
        }),
      ),
    )
    .orderBy(asc(transactions.createdAt), asc(transactions.id));
  if (rows.length === 0) return [];
  const entryRows = await executor
    .select({
      transactionId: entries.transactionId,
      accountNumber: accounts.accountNumber,
      amountCentimes: entries.amountCentimes,
    })
    .from(entries)
    .innerJoin(accounts, eq(accounts.id, entries.accountId))
    .where(
      inArray(
        entries.transactionId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(entries.transactionId), asc(accounts.accountNumber), asc(entries.amountCentimes));
  const byTransaction = new Map<string, DrawerMovement['entries']>();
  for (const entry of entryRows) {
    const list = byTransaction.get(entry.transactionId) ?? [];
    list.push({ accountNumber: entry.accountNumber, amountCentimes: centimesFromSql(entry.amountCentimes) });
    byTransaction.set(entry.transactionId, list);
  }
  return rows.map((row) => ({
    id: row.id,
    transactionNumber: row.transactionNumber,
    type: (row.originalType === null ? row.type : `${row.originalType}_reversal`) as DrawerMovementKind,
    amountCentimes: centimesFromSql(row.amountCentimes),
    // A correction returns its original's fee and agent share: negative in the session's totals.
    feeCentimes:
      row.originalType === null
        ? centimesFromSql(row.feeCentimes)
        : -centimesFromSql(row.originalFeeCentimes ?? 0),
    agentShareCentimes:
      row.originalType === null
        ? centimesFromSql(row.agentShareCentimes)
        : -centimesFromSql(row.originalAgentShareCentimes ?? 0),
    createdAt: row.createdAt,
    entries: byTransaction.get(row.id) ?? [],
  }));
}
