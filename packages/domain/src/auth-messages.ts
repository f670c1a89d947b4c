// Without zod: the sign-in page and the app's frame say these (decision 145).

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
  /** A new password that zxcvbn judges guessable (score below 3, decision 203). */
  weakPassword:
    'Ce mot de passe est trop facile à deviner : allongez-le, ou mêlez plusieurs mots peu courants.',
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
  /** The forgot-password screen's toast, and what it says under the form when the call failed. */
  resetLinkSentToast: 'Lien de réinitialisation envoyé',
  resetLinkFailed: 'Une erreur est survenue. Veuillez réessayer.',
  resetSuccess: 'Mot de passe réinitialisé avec succès',
  resetInvalid: 'Ce lien de réinitialisation est invalide ou a expiré.',
  accountDisabled: 'Ce compte est désactivé.',
  /** The public registration's success and its fallback failure. */
  registerSuccess: 'Inscription réussie',
  registerFailed: "Échec de l'inscription",
} as const;
