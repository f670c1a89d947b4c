import type { Executor } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';
import type { MailMessage } from './templates.js';

/**
 * Queues a message in the caller's transaction: it is sent only if that
 * transaction commits. Call `mail.kick()` after the commit to send it at once.
 */
export async function enqueueMail(executor: Executor, message: MailMessage, now: Date): Promise<void> {
  await executor.insert(mailOutbox).values({
    kind: message.kind,
    toAddress: message.to,
    subject: message.subject,
    textBody: message.text,
    createdAt: now,
    nextAttemptAt: now,
  });
}
