// Without zod: the sign-in page's second step says these (decision 145's budget, decision 203).

/** A second factor's French texts (decision 203). */
export const mfaMessages = {
  /** `POST /auth/login` → 401 `MFA_REQUIRED`. */
  required: 'Saisissez le code à 6 chiffres de votre application d’authentification.',
  /** `POST /auth/login` → 401 `MFA_ENROLMENT_REQUIRED` (MFA_REQUIRED=1, a super administrator without a factor). */
  enrolmentRequired:
    'Les super administrateurs doivent activer un second facteur : scannez le QR code avec votre application d’authentification.',
  codeRequired: 'Code requis',
  codeInvalid: 'Code incorrect. Saisissez le code à 6 chiffres de votre application, ou un code de secours.',
  challengeExpired: 'Cette étape de connexion a expiré. Veuillez vous reconnecter.',
  alreadyEnrolled: 'Un second facteur est déjà activé pour ce compte.',
  notEnrolled: 'Aucun second facteur n’est activé pour ce compte.',
  noPendingEnrolment: 'Affichez d’abord le QR code, puis saisissez le premier code.',
  cannotDisableRequired:
    'Le second facteur est exigé pour les super administrateurs : il ne peut pas être désactivé.',
  enrolled: 'Second facteur activé',
  disabled: 'Second facteur désactivé',
  /** The name an authenticator app shows beside the account. */
  issuer: 'Lajan',
} as const;

/** What `mfa:reset` prints (a server command, in French like the rest). */
export const mfaResetMessages = {
  usage: 'Usage : npm run mfa:reset -- NOM_UTILISATEUR',
  unknownUser: (username: string) => `Aucun utilisateur « ${username} »`,
  noFactor: (username: string) => `« ${username} » n’a pas de second facteur : rien à retirer`,
  done: (username: string) =>
    `Second facteur de « ${username} » retiré, ses sessions fermées : il en activera un nouveau à sa prochaine connexion.`,
} as const;
