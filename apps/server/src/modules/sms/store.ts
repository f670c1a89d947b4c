import type { SmsKind } from '@lajan/domain';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  smsKindSettings,
  smsOutbox,
  smsUndeliveredStatusesSql,
  transactions,
  users,
} from '../../db/schema.js';

// The SQL of the operators' controls (decision 242): the switches and the failed deliveries, never a text.

export interface SmsKindSettingRow {
  kind: SmsKind;
  enabled: boolean;
  updatedAt: Date;
  updatedByUsername: string | null;
}

/** The switches touched so far; a kind without a row is on. */
export async function selectKindSettings(executor: Executor): Promise<SmsKindSettingRow[]> {
  return executor
    .select({
      kind: smsKindSettings.kind,
      enabled: smsKindSettings.enabled,
      updatedAt: smsKindSettings.updatedAt,
      updatedByUsername: users.username,
    })
    .from(smsKindSettings)
    .leftJoin(users, eq(users.id, smsKindSettings.updatedByUserId));
}

export async function upsertKindSetting(
  executor: Executor,
  setting: { kind: SmsKind; enabled: boolean; updatedAt: Date; updatedByUserId: string },
): Promise<void> {
  await executor
    .insert(smsKindSettings)
    .values(setting)
    .onConflictDoUpdate({
      target: smsKindSettings.kind,
      set: {
        enabled: setting.enabled,
        updatedAt: setting.updatedAt,
        updatedByUserId: setting.updatedByUserId,
      },
    });
}

// Given up by the sender, or accepted by the SMSC and reported lost (issue 46); as the index of 0047.
const undelivered = sql`${smsOutbox.sentAt} IS NOT NULL AND ${smsOutbox.deliveryStatus} IN (${smsUndeliveredStatusesSql})`;
const failed = sql`(${smsOutbox.failedAt} IS NOT NULL AND ${smsOutbox.sentAt} IS NULL) OR (${undelivered})`;
const failedAt = sql<Date>`coalesce(${smsOutbox.failedAt}, ${smsOutbox.sentAt})`;

export interface FailedSmsRow {
  id: string;
  kind: SmsKind;
  toNumber: string;
  language: 'fr' | 'ht';
  createdAt: Date;
  failedAt: Date;
  sentAt: Date | null;
  attempts: number;
  lastError: string | null;
  deliveryStatus: string | null;
  transactionNumber: string | null;
}

/** The deliveries given up, the latest failure first; `text_body` is never read. */
export async function selectFailedSms(
  executor: Executor,
  page: { limit: number; offset: number },
): Promise<{ rows: FailedSmsRow[]; total: number }> {
  const rows = await executor
    .select({
      id: smsOutbox.id,
      kind: smsOutbox.kind,
      toNumber: smsOutbox.toNumber,
      language: smsOutbox.language,
      createdAt: smsOutbox.createdAt,
      failedAt: smsOutbox.failedAt,
      sentAt: smsOutbox.sentAt,
      attempts: smsOutbox.attempts,
      lastError: smsOutbox.lastError,
      deliveryStatus: smsOutbox.deliveryStatus,
      transactionNumber: transactions.transactionNumber,
    })
    .from(smsOutbox)
    .leftJoin(transactions, eq(transactions.id, smsOutbox.transactionId))
    .where(failed)
    .orderBy(desc(failedAt), desc(smsOutbox.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await executor.select({ total: count() }).from(smsOutbox).where(failed);
  return {
    rows: rows.map((row) => ({ ...row, failedAt: (row.failedAt ?? row.sentAt)! })),
    total: counted?.total ?? 0,
  };
}

/** A queued SMS's facts the retry checks, locked until the caller's transaction ends. */
export async function lockSms(executor: Executor, id: string) {
  const [row] = await executor
    .select({
      id: smsOutbox.id,
      kind: smsOutbox.kind,
      toNumber: smsOutbox.toNumber,
      attempts: smsOutbox.attempts,
      lastError: smsOutbox.lastError,
      sentAt: smsOutbox.sentAt,
      failedAt: smsOutbox.failedAt,
      deliveryStatus: smsOutbox.deliveryStatus,
      transactionNumber: transactions.transactionNumber,
    })
    .from(smsOutbox)
    .leftJoin(transactions, eq(transactions.id, smsOutbox.transactionId))
    .where(eq(smsOutbox.id, id))
    .for('update', { of: smsOutbox });
  return row;
}

/** Queues a failed SMS again, due now, its tries counted afresh. */
export async function requeueSms(executor: Executor, id: string, now: Date): Promise<void> {
  await executor
    .update(smsOutbox)
    .set({ attempts: 0, failedAt: null, lastError: null, lockedUntil: null, nextAttemptAt: now })
    .where(eq(smsOutbox.id, id));
}
