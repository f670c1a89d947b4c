import { addDays, htgToCentimes, type LimitCategory } from '@lajan/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { limitValues, limitVersions, personLimitDays } from '../../src/db/schema.js';

/** A category's limits in HTG: per operation, per day, per 30 days. */
export type LimitsHtg = [number, number, number];

/** Far above any test's amounts: a category the test does not look at. */
const WIDE: LimitsHtg = [1_000_000, 10_000_000, 100_000_000];

/**
 * A new version of the customer's limits, in force now (decision 227), as the super administrator's editor
 * would write it; the categories not given get limits no test reaches. The tests' database starts with none.
 */
export async function setLimits(db: Db, values: Partial<Record<LimitCategory, LimitsHtg>>): Promise<void> {
  const [last] = await db
    .select({ number: sql<number>`coalesce(max(${limitVersions.number}), 0)` })
    .from(limitVersions);
  const [version] = await db
    .insert(limitVersions)
    .values({ number: Number(last?.number ?? 0) + 1, effectiveFrom: sql`now()` })
    .returning({ id: limitVersions.id });
  await db.insert(limitValues).values(
    (['cash_in', 'cash_out', 'send'] as const).map((category) => {
      const [operation, day, thirtyDays] = values[category] ?? WIDE;
      // The schedule holds per operation ≤ per day ≤ per 30 days: a wider one is the narrower one.
      const perDay = Math.min(day, thirtyDays);
      return {
        versionId: version!.id,
        category,
        perOperationCentimes: htgToCentimes(Math.min(operation, perDay)),
        perDayCentimes: htgToCentimes(perDay),
        perThirtyDaysCentimes: htgToCentimes(thirtyDays),
      };
    }),
  );
}

/** What a person's counter holds for a category and day, in centimes (0 when no row). */
export async function countedOn(
  db: Db,
  personId: string,
  category: LimitCategory,
  day: string,
): Promise<number> {
  const [row] = await db
    .select({ total: personLimitDays.totalCentimes })
    .from(personLimitDays)
    .where(
      and(
        eq(personLimitDays.personId, personId),
        eq(personLimitDays.category, category),
        eq(personLimitDays.day, day),
      ),
    );
  return Number(row?.total ?? 0);
}

/** Every counter of a person, summed per category (centimes). */
export async function countedIn(db: Db, personId: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ category: personLimitDays.category, total: sql<string>`sum(${personLimitDays.totalCentimes})` })
    .from(personLimitDays)
    .where(eq(personLimitDays.personId, personId))
    .groupBy(personLimitDays.category);
  return Object.fromEntries(
    rows.filter((r) => Number(r.total) !== 0).map((r) => [r.category, Number(r.total)]),
  );
}

/** Seeds what a person did `daysBefore` days before `day` (a past day's counter, as the posting writes it). */
export async function seedCounted(
  db: Db,
  personId: string,
  category: LimitCategory,
  day: string,
  daysBefore: number,
  htg: number,
): Promise<void> {
  await db
    .insert(personLimitDays)
    .values({ personId, category, day: addDays(day, -daysBefore), totalCentimes: htgToCentimes(htg) });
}
