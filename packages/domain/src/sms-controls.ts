import { msg } from '@lingui/core/macro';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { texts } from './i18n.js';
import { languages } from './languages.js';
import { paginationQuerySchema } from './pagination.js';
import { smsKinds, type SmsKind } from './sms.js';

// The super administrator's controls of the SMS (issue 46 item 3, decision 242): a switch per kind, and
// the deliveries that failed, never with their text (a pick-up code).

/** `last_error` of a queued SMS whose kind was switched off when its turn came: marked failed, not sent. */
export const SMS_KIND_DISABLED = 'kind_disabled';

/** Delivery reports' final failures: the SMSC took the SMS but it never reached the phone (issue 46). */
export const SMS_UNDELIVERED_STATUSES = ['UNDELIV', 'REJECTD', 'EXPIRED', 'DELETED', 'UNKNOWN'] as const;

export function isSmsUndelivered(deliveryStatus: string | null): boolean {
  return (SMS_UNDELIVERED_STATUSES as readonly (string | null)[]).includes(deliveryStatus);
}

/** What each kind is called on the operators' screen. */
export const smsKindLabels = texts({
  receipt: msg`Reçu d’opération au client`,
  pickup_code: msg`Code de retrait au bénéficiaire`,
  transfer_paid: msg`Avis de paiement à l’expéditeur`,
  transfer_cancelled: msg`Avis d’annulation à l’expéditeur`,
  transfer_expired: msg`Avis d’expiration à l’expéditeur`,
} satisfies Record<SmsKind, unknown>);

/** The refusals of the SMS routes, worded once for the server and the screen. */
export const smsControlMessages = texts({
  kindNotFound: msg`Type de message inconnu`,
  enabledRequired: msg`Indiquez si ce type de message est activé (vrai ou faux)`,
  smsNotFound: msg`SMS introuvable`,
  notFailed: msg`Ce SMS n’est pas en échec : il n’y a rien à renvoyer`,
  kindDisabled: msg`Ce type de message est désactivé : réactivez-le avant de renvoyer le SMS`,
  undelivered: msg`Ce SMS a été accepté par l’opérateur mais n’a pas atteint le téléphone : son texte a été effacé à l’envoi, il ne peut pas être renvoyé`,
});

const smsFailureTexts = texts({ kindDisabled: msg`Type de message désactivé au moment de l’envoi` });

/** A failure's cause as the screen says it: the switch's in words, an operator's code as it came. */
export function smsLastErrorLabel(lastError: string | null): string | null {
  return lastError === SMS_KIND_DISABLED ? smsFailureTexts.kindDisabled : lastError;
}

/** Digits of a number shown at the end of its mask. */
const VISIBLE_DIGITS = 4;

/**
 * « +50937001234 » → « +509****1234 »: the country's code and the last four digits, a mask of fixed
 * length, so that neither the number nor its length can be read back.
 */
export function maskSmsNumber(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  const country = parsed ? `+${parsed.countryCallingCode}` : e164.slice(0, 4);
  return `${country}****${e164.slice(-VISIBLE_DIGITS)}`;
}

export const smsKindSchema = z.enum(smsKinds);

/** One kind's switch: on unless a super administrator switched it off. */
export const smsKindSettingSchema = z.object({
  kind: smsKindSchema,
  label: z.string(),
  enabled: z.boolean(),
  /** Null while nobody has touched the switch (on since the start). */
  updatedAt: z.string().nullable(),
  updatedBy: z.object({ username: z.string() }).nullable(),
});
export type SmsKindSetting = z.infer<typeof smsKindSettingSchema>;

export const smsSettingsResponseSchema = z.object({ data: z.array(smsKindSettingSchema) });
export const smsKindSettingResponseSchema = z.object({ data: smsKindSettingSchema });

export const smsKindSettingInputSchema = z.object({
  enabled: z.boolean({ error: () => smsControlMessages.enabledRequired }),
});
export type SmsKindSettingInput = z.infer<typeof smsKindSettingInputSchema>;

/**
 * A delivery that failed, as the operators see it: never its text, the number masked. `sending`: the
 * sender gave up, it can be sent again; `delivery`: the operator's report says it never arrived.
 */
export const failedSmsSchema = z.object({
  id: z.string(),
  kind: smsKindSchema,
  label: z.string(),
  /** « +509****1234 ». */
  to: z.string(),
  language: z.enum(languages),
  /** ISO 8601 with zone. */
  createdAt: z.string(),
  /** When the sender gave up; for an SMS not delivered, when the SMSC accepted it. */
  failedAt: z.string(),
  stage: z.enum(['sending', 'delivery']),
  attempts: z.number().int(),
  /** The SMSC's answer or `kind_disabled`; for an SMS not delivered, its report's status (`UNDELIV`…). */
  lastError: z.string().nullable(),
  /** The delivery report's status of an SMS not delivered; null when the sender gave up. */
  deliveryStatus: z.string().nullable(),
  transactionNumber: z.string().nullable(),
});
export type FailedSms = z.infer<typeof failedSmsSchema>;

export const failedSmsQuerySchema = paginationQuerySchema;

/** `POST /sms/{id}/retry`: the SMS queued again, due now. */
export const smsRetryResponseSchema = z.object({
  data: z.object({ id: z.string(), kind: smsKindSchema, to: z.string() }),
});
