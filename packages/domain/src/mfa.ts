import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { texts } from './i18n.js';
import { errorBodySchema } from './error-body.js';
import { mfaMessages } from './mfa-messages.js';
import { loginResponseSchema } from './sign-in-schemas.js';
import { signInMessages } from './sign-in.js';

// A second factor: time-based one-time codes (RFC 6238) and single-use recovery codes (decision 203).

/** A 6-digit code, or a recovery code (`XXXXX-XXXXX-XXXXX-XXXXX-XXXXX`); spaces and case do not matter. */
// zod messages are read when a schema parses, in the language of the moment (decision 236).
const codeRequired = { error: () => mfaMessages.codeRequired };
const challengeExpired = { error: () => mfaMessages.challengeExpired };
const fieldMessages = texts({ passwordTooLong: msg`Au plus 256 caractères` });

const code = z
  .string(codeRequired)
  .trim()
  .min(1, codeRequired)
  .max(64, { error: () => mfaMessages.codeInvalid });

const challenge = z.string(challengeExpired).min(1, challengeExpired).max(2048, challengeExpired);

/** `POST /auth/login/mfa`: the challenge of `MFA_REQUIRED` and a code. */
export const loginMfaInputSchema = z.object({ challenge, code });
export type LoginMfaInput = z.infer<typeof loginMfaInputSchema>;

/** `POST /auth/login/mfa/enrol`: the challenge of `MFA_ENROLMENT_REQUIRED`. */
export const loginMfaEnrolInputSchema = z.object({ challenge });

/** `POST /auth/login/mfa/enrol/confirm`. */
export const loginMfaEnrolConfirmInputSchema = z.object({ challenge, code });

/** `POST /auth/mfa/enrol/confirm`: the first code of the application. */
export const mfaConfirmInputSchema = z.object({ code });
export type MfaConfirmInput = z.infer<typeof mfaConfirmInputSchema>;

/** `POST /auth/mfa/disable`: the password and a code (or a recovery code). */
export const mfaDisableInputSchema = z.object({
  password: z
    .string({ error: () => signInMessages.passwordRequired })
    .min(1, { error: () => signInMessages.passwordRequired })
    .max(256, { error: () => fieldMessages.passwordTooLong }),
  code,
});
export type MfaDisableInput = z.infer<typeof mfaDisableInputSchema>;

/** The enrolment's start: the secret (to type by hand), its `otpauth://` URI and its QR code (SVG). */
export const mfaEnrolmentResponseSchema = z.object({
  data: z.object({
    secret: z.string(),
    otpauth_url: z.string(),
    qr_svg: z.string().describe('Le QR code de `otpauth_url`, en SVG.'),
  }),
});
export type MfaEnrolment = z.infer<typeof mfaEnrolmentResponseSchema>['data'];

/** The enrolment confirmed: the ten recovery codes, shown this once. */
export const mfaRecoveryCodesResponseSchema = z.object({
  data: z.object({ message: z.string(), recovery_codes: z.array(z.string()) }),
});

/** The forced enrolment confirmed at sign-in: the session, and the recovery codes shown this once. */
export const loginMfaEnrolConfirmResponseSchema = z.object({
  data: loginResponseSchema.shape.data.extend({ recovery_codes: z.array(z.string()) }),
});

/** `GET /auth/mfa`. */
export const mfaStatusResponseSchema = z.object({
  data: z.object({
    enrolled: z.boolean(),
    /** MFA_REQUIRED=1 and a super administrator: the factor cannot be disabled. */
    required: z.boolean(),
    recovery_codes_left: z.number().int(),
  }),
});
export type MfaStatus = z.infer<typeof mfaStatusResponseSchema>['data'];

/** `POST /auth/login` → 401: `MFA_REQUIRED` and `MFA_ENROLMENT_REQUIRED` carry the second step's challenge. */
export const loginRefusedErrorBodySchema = errorBodySchema.extend({
  challenge: z
    .string()
    .optional()
    .describe('`MFA_REQUIRED` / `MFA_ENROLMENT_REQUIRED` : le défi de la seconde étape, valable 5 minutes.'),
});
