import { z } from 'zod';
import { alongFieldErrors, filledText } from './refine.js';
import { SIGN_IN_PASSWORD_MAX_LENGTH, SIGN_IN_USERNAME_MAX_LENGTH, signInMessages } from './sign-in.js';
import { emailSchema } from './persons.js';

/** Minimum password length. */
export const PASSWORD_MIN_LENGTH = 8;

const newPassword = z
  .string({ error: 'Mot de passe requis' })
  .min(1, 'Mot de passe requis')
  .min(PASSWORD_MIN_LENGTH, 'Au moins 8 caractères')
  .max(256, 'Au plus 256 caractères');

const confirmation = z
  .string({ error: 'La confirmation est requise' })
  .min(1, 'La confirmation est requise')
  .max(256, 'Au plus 256 caractères');

/** A username typed to ask for or use a reset link: as long as a sign-in's at most (decision 198). */
const typedUsername = z
  .string({ error: "Nom d'utilisateur requis" })
  .trim()
  .min(1, "Nom d'utilisateur requis")
  .max(SIGN_IN_USERNAME_MAX_LENGTH, { error: () => signInMessages.usernameTooLong });

/** The confirmation, once typed, must equal the password; it is checked beside the fields' own errors. */
function mustMatch(value: { password?: unknown; password_confirmation?: unknown }, ctx: z.RefinementCtx) {
  const typed = filledText(value.password_confirmation);
  if (typed !== undefined && value.password !== typed) {
    ctx.addIssue({
      code: 'custom',
      path: ['password_confirmation'],
      message: 'Les mots de passe doivent correspondre',
    });
  }
}

/** `POST /users/update-password`. */
export const updatePasswordInputSchema = z
  .object({
    current_password: z
      .string({ error: 'Mot de passe requis' })
      .min(1, 'Mot de passe requis')
      .min(PASSWORD_MIN_LENGTH, 'Au moins 8 caractères')
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
      .string({ error: 'Lien de réinitialisation invalide' })
      .min(1, 'Lien de réinitialisation invalide')
      .max(200, 'Lien de réinitialisation invalide'),
    password: newPassword,
    password_confirmation: confirmation,
  })
  .superRefine(mustMatch, alongFieldErrors);
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;
