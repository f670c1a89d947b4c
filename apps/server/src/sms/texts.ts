import { smsBody, type SmsFacts } from '@lajan/domain';
import type { smsOutbox } from '../db/schema.js';
import { inLanguage } from '../i18n/language.js';

/** What the sender reads of a queued SMS to write its text. */
export type QueuedSms = Pick<typeof smsOutbox.$inferSelect, 'kind' | 'language' | 'textBody' | 'facts'>;

/**
 * The text an SMS carries, as sent: the one it was queued with, else written from its posting's facts in
 * the row's language (decision 241). It carries codes and numbers: never log it.
 */
export function smsText(sms: QueuedSms): string {
  if (sms.textBody !== null) return sms.textBody;
  return inLanguage(sms.language, () => smsBody(sms.kind, (sms.facts ?? {}) as SmsFacts, sms.language));
}
