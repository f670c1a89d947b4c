import type { LimitCategory } from '@lajan/domain';
import { centimesFromSql } from '@lajan/domain';
import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  accountHolders,
  accounts,
  limitValues,
  limitVersions,
  personLimitDays,
  persons,
  users,
} from '../../db/schema.js';

// The SQL of a customer's limits (decision 227): the schedule's versions and what a person did.

export interface LimitVersionRow {
  id: string;
  number: number;
  /** Null for a version in force since always (`-infinity`: version 1). */
  effectiveFrom: Date | null;
  createdAt: Date;
  createdByUsername: string | null;
  cancelledAt: Date | null;
}

export interface LimitValuesRow {
  category: LimitCategory;
  perOperationCentimes: number;
  perDayCentimes: number;
  perThirtyDaysCentimes: number;
}

/** Every version, by number. */
export async function selectVersions(executor: Executor): Promise<LimitVersionRow[]> {
  return executor
    .select({
      id: limitVersions.id,
      number: limitVersions.number,
      // `-infinity` has no JavaScript date: read as null.
      effectiveFrom: sql<Date | null>`case when isfinite(${limitVersions.effectiveFrom}) then ${limitVersions.effectiveFrom} end`.mapWith(
        limitVersions.effectiveFrom,
      ),
      createdAt: limitVersions.createdAt,
      createdByUsername: users.username,
      cancelledAt: limitVersions.cancelledAt,
    })
    .from(limitVersions)
    .leftJoin(users, eq(users.id, limitVersions.createdByUserId))
    .orderBy(asc(limitVersions.number));
}

/** The values of the given versions, by version id. */
export async function selectValues(executor: Executor, ids: string[]): Promise<Map<string, LimitValuesRow[]>> {
  const byVersion = new Map<string, LimitValuesRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byVersion;
  const rows = await executor.select().from(limitValues).where(inArray(limitValues.versionId, ids));
  for (const row of rows)
    byVersion.get(row.versionId)?.push({
      category: row.category,
      perOperationCentimes: centimesFromSql(row.perOperationCentimes),
      perDayCentimes: centimesFromSql(row.perDayCentimes),
      perThirtyDaysCentimes: centimesFromSql(row.perThirtyDaysCentimes),
    });
  return byVersion;
}

/** Two editors run one after the other (a transaction-scoped lock, released at its end). */
export async function lockSchedule(executor: Executor): Promise<void> {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtext('limit_versions'))`);
}

export async function insertVersion(
  executor: Executor,
  version: { number: number; effectiveFrom: Date; createdAt: Date; createdByUserId: string },
  values: LimitValuesRow[],
): Promise<string> {
  const [row] = await executor.insert(limitVersions).values(version).returning({ id: limitVersions.id });
  await executor.insert(limitValues).values(values.map((value) => ({ versionId: row!.id, ...value })));
  return row!.id;
}

export async function markCancelled(
  executor: Executor,
  id: string,
  at: Date,
  userId: string,
): Promise<void> {
  await executor
    .update(limitVersions)
    .set({ cancelledAt: at, cancelledByUserId: userId })
    .where(eq(limitVersions.id, id));
}

/**
 * The holders of a customer account found by its number, among the accounts of `agentId` (null: any
 * agent's, for the super administrator); empty when there is no such account.
 */
export async function holdersOfAccount(
  executor: Executor,
  accountNumber: string,
  agentId: string | null,
): Promise<string[]> {
  const rows = await executor
    .select({ personId: accountHolders.personId })
    .from(accounts)
    .innerJoin(accountHolders, eq(accountHolders.accountId, accounts.id))
    .where(
      and(
        eq(accounts.accountNumber, accountNumber),
        eq(accounts.kind, 'customer'),
        agentId === null ? undefined : eq(accounts.agentId, agentId),
      ),
    );
  return rows.map((row) => row.personId);
}

export async function personExists(executor: Executor, personId: string): Promise<boolean> {
  const [row] = await executor.select({ id: persons.id }).from(persons).where(eq(persons.id, personId));
  return row !== undefined;
}

/** Each person's total of `day` and of the window `from`..`day` (Haiti days, inclusive), in centimes. */
export async function totalsOf(
  executor: Executor,
  personIds: string[],
  category: LimitCategory,
  from: string,
  day: string,
): Promise<Map<string, { day: number; window: number }>> {
  const totals = new Map(personIds.map((id) => [id, { day: 0, window: 0 }]));
  if (personIds.length === 0) return totals;
  const rows = await executor
    .select({
      personId: personLimitDays.personId,
      day: sql<string>`coalesce(sum(case when ${personLimitDays.day} = ${day}::date then ${personLimitDays.totalCentimes} end), 0)`,
      window: sql<string>`coalesce(sum(${personLimitDays.totalCentimes}), 0)`,
    })
    .from(personLimitDays)
    .where(
      and(
        inArray(personLimitDays.personId, personIds),
        eq(personLimitDays.category, category),
        between(personLimitDays.day, from, day),
      ),
    )
    .groupBy(personLimitDays.personId);
  for (const row of rows)
    totals.set(row.personId, { day: centimesFromSql(row.day), window: centimesFromSql(row.window) });
  return totals;
}
