import type { smsOutbox } from '../db/schema.js';

/** What the sender reads of a queued SMS to write its text. */
export type QueuedSms = Pick<typeof smsOutbox.$inferSelect, 'kind' | 'language' | 'textBody'>;

/** The text an SMS carries, as sent: the one it was queued with (issue 46). */
export function smsText(sms: QueuedSms): string {
  return sms.textBody;
}
