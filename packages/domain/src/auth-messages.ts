// Without zod: the sign-in page and the app's frame say these (decision 145).
import { msg } from '@lingui/core/macro';
import { texts } from './i18n.js';

/** The messages the server answers with, once. */
export const authMessages = texts({
  invalidCredentials: msg`Nom d'utilisateur ou mot de passe incorrect`,
  loginSuccess: msg`Connexion réussie`,
  logoutSuccess: msg`Déconnexion réussie`,
  throttled: msg`Trop de tentatives. Veuillez réessayer dans quelques minutes.`,
  unauthenticated: msg`Veuillez vous connecter.`,
  sessionExpired: msg`Votre session a expiré. Veuillez vous reconnecter.`,
  forbidden: msg`Vous n'avez pas la permission d'effectuer cette action.`,
  passwordChangeRequired: msg`Vous devez changer votre mot de passe avant de continuer.`,
  wrongCurrentPassword: msg`Le mot de passe actuel est incorrect`,
  samePassword: msg`Le nouveau mot de passe doit être différent de l'ancien`,
  /** A new password found in the server's list of common passwords (decision 110). */
  commonPassword: msg`Ce mot de passe est trop courant ; choisissez-en un autre.`,
  /** A new password that zxcvbn judges guessable (score below 3, decision 203). */
  weakPassword: msg`Ce mot de passe est trop facile à deviner : allongez-le, ou mêlez plusieurs mots peu courants.`,
  personalPassword: msg`Ce mot de passe contient votre nom ou votre nom d'utilisateur ; choisissez-en un autre.`,
  /** The 5th wrong current password of a password change within 15 minutes ends the session. */
  passwordChecksExceeded: msg`Trop de mots de passe actuels incorrects : votre session a été fermée. Veuillez vous reconnecter.`,
  /** A session is renewed while in use, but never beyond 12 hours after sign-in. */
  sessionTooOld: msg`Votre journée de travail a dépassé 12 heures. Veuillez vous reconnecter.`,
  passwordUpdated: msg`Mot de passe mis à jour avec succès`,
  /** SPEC §8's "Failed to update password", in French. */
  passwordUpdateFailed: msg`Échec de la modification du mot de passe`,
  resetLinkSent: msg`Un lien de réinitialisation a été envoyé à votre adresse email.`,
  /** The forgot-password screen's toast, and what it says under the form when the call failed. */
  resetLinkSentToast: msg`Lien de réinitialisation envoyé`,
  resetLinkFailed: msg`Une erreur est survenue. Veuillez réessayer.`,
  resetSuccess: msg`Mot de passe réinitialisé avec succès`,
  resetInvalid: msg`Ce lien de réinitialisation est invalide ou a expiré.`,
  accountDisabled: msg`Ce compte est désactivé.`,
  /** The public registration's success and its fallback failure. */
  registerSuccess: msg`Inscription réussie`,
  registerFailed: msg`Échec de l'inscription`,
});
