import type { Language, SmsFacts, SmsKind } from '@lajan/domain';
import type { Executor } from '../db/client.js';
import { smsOutbox } from '../db/schema.js';

/**
 * One SMS to queue, `to` in E.164: its whole text in its reader's language, or the facts `smsText` writes
 * it from at send time (decision 241; the postings' own SMS are written by `sql/ledger_batch_sms.sql`).
 */
export type SmsMessage = {
  kind: SmsKind;
  to: string;
  language: Language;
  /** The operation that caused it, for the operators' view and the delivery count. */
  transactionId?: string | undefined;
} & ({ text: string; facts?: undefined } | { facts: SmsFacts; text?: undefined });

/**
 * Queues SMS in the caller's transaction: they are sent only if it commits (issue 46). Call the SMS
 * sender's `kick()` after the commit to send them at once.
 */
export async function enqueueSms(executor: Executor, messages: SmsMessage[], now: Date): Promise<void> {
  if (messages.length === 0) return;
  await executor.insert(smsOutbox).values(
    messages.map((message) => ({
      kind: message.kind,
      toNumber: message.to,
      language: message.language,
      textBody: message.text ?? null,
      facts: message.facts ? { ...message.facts } : null,
      transactionId: message.transactionId ?? null,
      createdAt: now,
      nextAttemptAt: now,
    })),
  );
}
