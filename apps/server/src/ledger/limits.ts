import {
  addDays,
  centimesFromSql,
  haitiDateOf,
  LIMIT_WINDOW_DAYS,
  limitCategoryOfType,
  type LimitCategory,
  type TransactionType,
} from '@lajan/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import type { BusinessRecord } from './ledger.js';

/**
 * What a posted item counts of its persons' limits (decision 227), sent with the batch item: the database
 * finds the holders of the record's account and the registered person of the party's document, under its locks.
 */
export interface LimitCount {
  category: LimitCategory;
  /** The Haiti day it counts on (decision 090's day; PGlite has no time-zone data, so computed here). */
  day: string;
  /** A reversal's: the original's amount, negative (decision 226); none: the item's amount, checked. */
  givenBackCentimes?: number;
  /** Whose holders count: those of the record's `account` (deposit, withdrawal) or `senderAccount`. */
  holders: 'account' | 'sender' | null;
  /** Persons counted by id: a cash send's sender. */
  personIds: string[];
  /** The registered person whose document the party showed counts (a pay-out's recipient). */
  party: boolean;
}

/** What a movement of `type` posted at `at` with `record` counts (DESIGN §4c: whom decision 148 counts). */
export function limitCountOf(type: TransactionType, at: Date, record: BusinessRecord): LimitCount | null {
  const category = limitCategoryOfType[type];
  if (!category) return null;
  const count = { category, day: haitiDateOf(at), holders: null, personIds: [], party: false };
  switch (type) {
    case 'deposit':
    case 'withdrawal':
      return { ...count, holders: 'account' };
    case 'transfer':
      return { ...count, holders: 'sender' };
    case 'external_transfer':
      // From an account, its holders; in cash, the sender at the counter.
      return record.senderAccount
        ? { ...count, holders: 'sender' }
        : { ...count, personIds: record.senderPersonId ? [record.senderPersonId] : [] };
    case 'external_payout':
      return { ...count, party: true };
    default:
      return null;
  }
}

/** What a reversal gives back (decision 226): the original's count, negative, on the original's day. */
export function givenBack(
  original: { type: TransactionType; amountCentimes: number; createdAt: Date },
  record: BusinessRecord,
): LimitCount | null {
  const count = limitCountOf(original.type, original.createdAt, record);
  return count && { ...count, givenBackCentimes: -original.amountCentimes };
}

/** The batch item's fields of a count (`ledger_batch_item`'s `limit_*`). */
export function limitFields(count: LimitCount | null | undefined): Record<string, unknown> {
  if (!count) return {};
  return {
    limit_category: count.category,
    limit_amount: count.givenBackCentimes ?? null,
    limit_day: count.day,
    limit_holders: count.holders,
    limit_person_ids: count.personIds,
    limit_party: count.party,
  };
}

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
 * What is left for `personIds` in `category` on Haiti day `day` (YYYY-MM-DD), for the amount step and tests:
 * `limit_values_in_force()` (the posting's read too) and `person_limit_days`, unlocked: a preview, the posting
 * checks again under its locks (decision 227). Undefined when no version is in force for the category.
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
