import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { texts } from './i18n.js';
import { alongFieldErrors, filledText } from './refine.js';
import { SIGN_IN_PASSWORD_MAX_LENGTH, SIGN_IN_USERNAME_MAX_LENGTH, signInMessages } from './sign-in.js';
import { emailSchema } from './persons.js';

/** Minimum password length. */
export const PASSWORD_MIN_LENGTH = 8;

// The password forms' field messages, read when a schema parses (decision 236).
const fieldMessages = texts({
  passwordRequired: msg`Mot de passe requis`,
  tooShort: msg`Au moins 8 caractères`,
  tooLong: msg`Au plus 256 caractères`,
  confirmationRequired: msg`La confirmation est requise`,
  usernameRequired: msg`Nom d'utilisateur requis`,
  passwordsDiffer: msg`Les mots de passe doivent correspondre`,
  invalidResetLink: msg`Lien de réinitialisation invalide`,
});
/** A zod message read when the schema parses, in the language of the moment. */
const say = (key: keyof typeof fieldMessages) => ({ error: () => fieldMessages[key] });

const newPassword = z
  .string(say('passwordRequired'))
  .min(1, say('passwordRequired'))
  .min(PASSWORD_MIN_LENGTH, say('tooShort'))
  .max(256, say('tooLong'));

const confirmation = z
  .string(say('confirmationRequired'))
  .min(1, say('confirmationRequired'))
  .max(256, say('tooLong'));

/** A username typed to ask for or use a reset link: as long as a sign-in's at most (decision 198). */
const typedUsername = z
  .string(say('usernameRequired'))
  .trim()
  .min(1, say('usernameRequired'))
  .max(SIGN_IN_USERNAME_MAX_LENGTH, { error: () => signInMessages.usernameTooLong });

/** The confirmation, once typed, must equal the password; it is checked beside the fields' own errors. */
function mustMatch(value: { password?: unknown; password_confirmation?: unknown }, ctx: z.RefinementCtx) {
  const typed = filledText(value.password_confirmation);
  if (typed !== undefined && value.password !== typed) {
    ctx.addIssue({
      code: 'custom',
      path: ['password_confirmation'],
      message: fieldMessages.passwordsDiffer,
    });
  }
}

/** `POST /users/update-password`. */
export const updatePasswordInputSchema = z
  .object({
    current_password: z
      .string(say('passwordRequired'))
      .min(1, say('passwordRequired'))
      .min(PASSWORD_MIN_LENGTH, say('tooShort'))
      .max(SIGN_IN_PASSWORD_MAX_LENGTH, { error: () => signInMessages.passwordTooLong }),
    password: newPassword,
    password_confirmation: confirmation,
  })
  .superRefine(mustMatch, alongFieldErrors);
export type UpdatePasswordInput = z.infer<typeof updatePasswordInputSchema>;

/** `POST /forgot-password` with `{ username }`. */
export const forgotPasswordInputSchema = z.object({ username: typedUsername });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInputSchema>;

/** `POST /auth/forgot-password` with `{ email }`. */
export const forgotPasswordByEmailInputSchema = z.object({ email: emailSchema });
export type ForgotPasswordByEmailInput = z.infer<typeof forgotPasswordByEmailInputSchema>;

/** `POST /reset-password` and `POST /auth/reset-password`. */
export const resetPasswordInputSchema = z
  .object({
    username: typedUsername,
    token: z
      .string(say('invalidResetLink'))
      .min(1, say('invalidResetLink'))
      .max(200, say('invalidResetLink')),
    password: newPassword,
    password_confirmation: confirmation,
  })
  .superRefine(mustMatch, alongFieldErrors);
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;
