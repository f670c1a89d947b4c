import { centimesFromSql, type LimitCategory } from '@lajan/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accountHolders, accounts, limitValues, limitVersions, persons, users } from '../../db/schema.js';
import { lockSchedule, versionStatusSql, type VersionStatus } from '../../db/versions.js';

// The SQL of a customer's limits (decision 227): the schedule's versions and what a person did.

export interface LimitVersionRow {
  id: string;
  number: number;
  /** Null for a version in force since always (`-infinity`: version 1). */
  effectiveFrom: Date | null;
  createdAt: Date;
  createdByUsername: string | null;
  cancelledAt: Date | null;
  status: VersionStatus;
}

export interface LimitValuesRow {
  category: LimitCategory;
  perOperationCentimes: number;
  perDayCentimes: number;
  perThirtyDaysCentimes: number;
}

/** The rule of `limit_values_in_force()`, which the posting reads (decision 227), at `clock_timestamp()`. */
const statusSql = versionStatusSql(
  limitVersions,
  sql`select w.id from limit_versions as w where w.cancelled_at is null and w.effective_from <= clock_timestamp()
    order by w.effective_from desc, w.number desc limit 1`,
);

/** Every version, by number, with where it stands. */
export async function selectVersions(executor: Executor): Promise<LimitVersionRow[]> {
  return executor
    .select({
      id: limitVersions.id,
      number: limitVersions.number,
      // `-infinity` has no JavaScript date: read as null.
      effectiveFrom:
        sql<Date | null>`case when isfinite(${limitVersions.effectiveFrom}) then ${limitVersions.effectiveFrom} end`.mapWith(
          limitVersions.effectiveFrom,
        ),
      createdAt: limitVersions.createdAt,
      createdByUsername: users.username,
      cancelledAt: limitVersions.cancelledAt,
      status: statusSql,
    })
    .from(limitVersions)
    .leftJoin(users, eq(users.id, limitVersions.createdByUserId))
    .orderBy(asc(limitVersions.number));
}

/** The values of the given versions, by version id. */
export async function selectValues(
  executor: Executor,
  ids: string[],
): Promise<Map<string, LimitValuesRow[]>> {
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

/** Two editors run one after the other. */
export async function lockLimitSchedule(executor: Executor): Promise<void> {
  await lockSchedule(executor, 'limit_versions');
}

export async function insertVersion(
  executor: Executor,
  version: { number: number; effectiveFrom: Date | null; createdAt: Date; createdByUserId: string },
  values: LimitValuesRow[],
): Promise<Date> {
  const [row] = await executor
    .insert(limitVersions)
    // "Now" is read after the schedule's lock, as the fee editor's (decision 154).
    .values({ ...version, effectiveFrom: version.effectiveFrom ?? sql`clock_timestamp()` })
    .returning({ id: limitVersions.id, effectiveFrom: limitVersions.effectiveFrom });
  await executor.insert(limitValues).values(values.map((value) => ({ versionId: row!.id, ...value })));
  return row!.effectiveFrom;
}

/** Cancels a version still coming by the database's clock; false when it is not any more. */
export async function markCancelled(
  executor: Executor,
  id: string,
  at: Date,
  userId: string,
): Promise<boolean> {
  const cancelled = await executor
    .update(limitVersions)
    .set({ cancelledAt: at, cancelledByUserId: userId })
    .where(and(eq(limitVersions.id, id), sql`${limitVersions.effectiveFrom} > clock_timestamp()`))
    .returning({ id: limitVersions.id });
  return cancelled.length > 0;
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
