import type { SmsKind } from '@lajan/domain';
import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { smsKindSettings, smsOutbox, transactions, users } from '../../db/schema.js';

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

const failed = and(isNotNull(smsOutbox.failedAt), isNull(smsOutbox.sentAt));

export interface FailedSmsRow {
  id: string;
  kind: SmsKind;
  toNumber: string;
  language: 'fr' | 'ht';
  createdAt: Date;
  failedAt: Date;
  attempts: number;
  lastError: string | null;
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
      attempts: smsOutbox.attempts,
      lastError: smsOutbox.lastError,
      transactionNumber: transactions.transactionNumber,
    })
    .from(smsOutbox)
    .leftJoin(transactions, eq(transactions.id, smsOutbox.transactionId))
    .where(failed)
    .orderBy(desc(smsOutbox.failedAt), desc(smsOutbox.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await executor.select({ total: count() }).from(smsOutbox).where(failed);
  return {
    rows: rows.map((row) => ({ ...row, failedAt: row.failedAt! })),
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
