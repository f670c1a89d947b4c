import type { Language, SmsKind } from '@lajan/domain';
import type { Executor } from '../db/client.js';
import { smsOutbox } from '../db/schema.js';

/** One SMS to queue: its text is whole, in its reader's language; `to` is E.164. */
export interface SmsMessage {
  kind: SmsKind;
  to: string;
  language: Language;
  text: string;
  /** The operation that caused it, for the operators' view and the delivery count. */
  transactionId?: string | undefined;
}

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
      textBody: message.text,
      transactionId: message.transactionId ?? null,
      createdAt: now,
      nextAttemptAt: now,
    })),
  );
}
