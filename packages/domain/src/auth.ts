import { z } from 'zod';
import { alongFieldErrors, filledText } from './refine.js';

/** Minimum password length (SPEC §9). */
export const PASSWORD_MIN_LENGTH = 8;

export const loginInputSchema = z.object({
  username: z.string({ error: "Nom d'utilisateur requis" }).trim().min(1, "Nom d'utilisateur requis"),
  password: z.string({ error: 'Mot de passe requis' }).min(1, 'Mot de passe requis'),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

const newPassword = z
  .string({ error: 'Mot de passe requis' })
  .min(1, 'Mot de passe requis')
  .min(PASSWORD_MIN_LENGTH, 'Au moins 8 caractères')
  .max(256, 'Au plus 256 caractères');

const confirmation = z.string({ error: 'La confirmation est requise' }).min(1, 'La confirmation est requise');

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

/** `POST /users/update-password` (SPEC §5 "Password form"). */
export const updatePasswordInputSchema = z
  .object({
    current_password: z
      .string({ error: 'Mot de passe requis' })
      .min(1, 'Mot de passe requis')
      .min(PASSWORD_MIN_LENGTH, 'Au moins 8 caractères'),
    password: newPassword,
    password_confirmation: confirmation,
  })
  .superRefine(mustMatch, alongFieldErrors);
export type UpdatePasswordInput = z.infer<typeof updatePasswordInputSchema>;

/** `POST /forgot-password` with `{ username }`. */
export const forgotPasswordInputSchema = z.object({
  username: z.string({ error: "Nom d'utilisateur requis" }).trim().min(1, "Nom d'utilisateur requis"),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInputSchema>;

/** `POST /auth/forgot-password` with `{ email }`. */
export const forgotPasswordByEmailInputSchema = z.object({
  email: z
    .string({ error: "L'email est requis" })
    .trim()
    .min(1, "L'email est requis")
    .email('Email invalide'),
});
export type ForgotPasswordByEmailInput = z.infer<typeof forgotPasswordByEmailInputSchema>;

/** `POST /reset-password` and `POST /auth/reset-password`. */
export const resetPasswordInputSchema = z
  .object({
    username: z.string({ error: "Nom d'utilisateur requis" }).trim().min(1, "Nom d'utilisateur requis"),
    token: z
      .string({ error: 'Lien de réinitialisation invalide' })
      .min(1, 'Lien de réinitialisation invalide'),
    password: newPassword,
    password_confirmation: confirmation,
  })
  .superRefine(mustMatch, alongFieldErrors);
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

/** The French messages the server answers with, once. */
export const authMessages = {
  invalidCredentials: "Nom d'utilisateur ou mot de passe incorrect",
  loginSuccess: 'Connexion réussie',
  logoutSuccess: 'Déconnexion réussie',
  throttled: 'Trop de tentatives. Veuillez réessayer dans quelques minutes.',
  unauthenticated: 'Veuillez vous connecter.',
  sessionExpired: 'Votre session a expiré. Veuillez vous reconnecter.',
  forbidden: "Vous n'avez pas la permission d'effectuer cette action.",
  passwordChangeRequired: 'Vous devez changer votre mot de passe avant de continuer.',
  wrongCurrentPassword: 'Le mot de passe actuel est incorrect',
  samePassword: "Le nouveau mot de passe doit être différent de l'ancien",
  /** A new password found in the server's list of common passwords (decision 110). */
  commonPassword: 'Ce mot de passe est trop courant ; choisissez-en un autre.',
  personalPassword: "Ce mot de passe contient votre nom ou votre nom d'utilisateur ; choisissez-en un autre.",
  /** The 5th wrong current password of a password change within 15 minutes ends the session. */
  passwordChecksExceeded:
    'Trop de mots de passe actuels incorrects : votre session a été fermée. Veuillez vous reconnecter.',
  /** A session is renewed while in use, but never beyond 12 hours after sign-in. */
  sessionTooOld: 'Votre journée de travail a dépassé 12 heures. Veuillez vous reconnecter.',
  passwordUpdated: 'Mot de passe mis à jour avec succès',
  /** SPEC §8's "Failed to update password", in French. */
  passwordUpdateFailed: 'Échec de la modification du mot de passe',
  resetLinkSent: 'Un lien de réinitialisation a été envoyé à votre adresse email.',
  /** SPEC §8: the forgot-password screen's toast, and what it says under the form when the call failed. */
  resetLinkSentToast: 'Lien de réinitialisation envoyé',
  resetLinkFailed: 'Une erreur est survenue. Veuillez réessayer.',
  resetSuccess: 'Mot de passe réinitialisé avec succès',
  resetInvalid: 'Ce lien de réinitialisation est invalide ou a expiré.',
  accountDisabled: 'Ce compte est désactivé.',
  /** SPEC §8: the public registration's success and its fallback failure. */
  registerSuccess: 'Inscription réussie',
  registerFailed: "Échec de l'inscription",
} as const;
