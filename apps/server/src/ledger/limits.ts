import { addDays, centimesFromSql, LIMIT_WINDOW_DAYS, type LimitCategory } from '@lajan/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';

/** A category's limits in force, in centimes (decision 227). */
export interface LimitValues {
  versionNumber: number;
  perOperationCentimes: number;
  perDayCentimes: number;
  perThirtyDaysCentimes: number;
}

/** What is left, the least over the persons asked, never below zero; `allowedCentimes` the least of the three. */
export interface LimitsLeft {
  limits: LimitValues;
  dayLeftCentimes: number;
  thirtyDaysLeftCentimes: number;
  /** The most one more operation may be: min(per operation, day left, 30 days left). */
  allowedCentimes: number;
  /** The person with the least left (the one a refusal would name), or null when none was asked. */
  personId: string | null;
}

/**
 * What is left for persons `personIds` in `category` on Haiti day `day` (`YYYY-MM-DD`, decision 090's day):
 * the version in force (`limit_values_in_force()`, the SQL function the posting reads too) and the counters
 * of `person_limit_days`, read unlocked (a preview: the posting checks again under its locks, decision 227).
 * For the amount step's read route and the tests; undefined when no version is in force for the category.
 */
export async function limitsLeft(
  executor: Executor,
  personIds: readonly string[],
  category: LimitCategory,
  day: string,
): Promise<LimitsLeft | undefined> {
  const from = addDays(day, 1 - LIMIT_WINDOW_DAYS);
  const persons = sql`array[${sql.join(
    personIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]::uuid[]`;
  const result = await executor.execute(sql`
    select v.version_number, v.per_operation_centimes, v.per_day_centimes, v.per_thirty_days_centimes,
        p.person_id,
        coalesce((select sum(d.total_centimes) from person_limit_days d where d.person_id = p.person_id
          and d.category = ${category} and d.day = ${day}::date), 0) as day_total,
        coalesce((select sum(d.total_centimes) from person_limit_days d where d.person_id = p.person_id
          and d.category = ${category} and d.day between ${from}::date and ${day}::date), 0) as window_total
      from limit_values_in_force() v
        left join unnest(${persons}) as p(person_id) on true
      where v.category = ${category}`);
  const rows = (
    result as {
      rows: {
        version_number: number;
        per_operation_centimes: unknown;
        per_day_centimes: unknown;
        per_thirty_days_centimes: unknown;
        person_id: string | null;
        day_total: unknown;
        window_total: unknown;
      }[];
    }
  ).rows;
  const first = rows[0];
  if (!first) return undefined;
  const money = (value: unknown) => centimesFromSql(value as string | number);
  const limits: LimitValues = {
    versionNumber: Number(first.version_number),
    perOperationCentimes: money(first.per_operation_centimes),
    perDayCentimes: money(first.per_day_centimes),
    perThirtyDaysCentimes: money(first.per_thirty_days_centimes),
  };
  let least: LimitsLeft = {
    limits,
    dayLeftCentimes: limits.perDayCentimes,
    thirtyDaysLeftCentimes: limits.perThirtyDaysCentimes,
    allowedCentimes: limits.perOperationCentimes,
    personId: null,
  };
  for (const row of rows) {
    if (row.person_id === null) continue;
    const dayLeftCentimes = Math.max(0, limits.perDayCentimes - money(row.day_total));
    const thirtyDaysLeftCentimes = Math.max(0, limits.perThirtyDaysCentimes - money(row.window_total));
    const allowedCentimes = Math.min(limits.perOperationCentimes, dayLeftCentimes, thirtyDaysLeftCentimes);
    if (least.personId === null || allowedCentimes < least.allowedCentimes)
      least = { limits, dayLeftCentimes, thirtyDaysLeftCentimes, allowedCentimes, personId: row.person_id };
  }
  return least;
}
