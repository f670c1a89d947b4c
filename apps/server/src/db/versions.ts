import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from './client.js';

// What the versioned schedules share (the fees, decision 150; a customer's limits, decision 227): where a
// version stands, and "in the future", both by the database's clock, which the posting reads too.

export type VersionStatus = 'in_force' | 'coming' | 'past' | 'cancelled';

/**
 * A version's status at `clock_timestamp()`: `inForceId` selects the id of the version in force (the
 * non-cancelled one with the greatest moment not after it), so that the writer's own answer shows its version.
 */
export function versionStatusSql(
  version: { id: AnyPgColumn; effectiveFrom: AnyPgColumn; cancelledAt: AnyPgColumn },
  inForceId: SQL,
): SQL<VersionStatus> {
  return sql<VersionStatus>`case
  when ${version.cancelledAt} is not null then 'cancelled'
  when ${version.effectiveFrom} > clock_timestamp() then 'coming'
  when ${version.id} = (${inForceId}) then 'in_force'
  else 'past' end`;
}

/** Whether `at` is after the database's clock, read after the schedule's lock. */
export async function isFutureByDbClock(executor: Executor, at: Date): Promise<boolean> {
  const result = await executor.execute(
    sql`select ${at.toISOString()}::timestamptz > clock_timestamp() as "future"`,
  );
  const [clock] = (result as { rows: { future: boolean }[] }).rows;
  return clock?.future === true;
}

/** Two writers of one schedule run one after the other (a transaction-scoped lock, released at its end). */
export async function lockSchedule(executor: Executor, key: string): Promise<void> {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}
