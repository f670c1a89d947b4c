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

/** The second factor's screens: the sign-in's second step, the enrolment and /security (decision 203). */
export const mfaTexts = {
  /** /security's title, and the profile's link to it. */
  title: 'Sécurité du compte',
  intro:
    'Le second facteur demande, après le mot de passe, un code à 6 chiffres de votre application d’authentification : un mot de passe volé ne suffit plus pour entrer.',
  loading: 'Chargement...',
  loadFailed: "La sécurité du compte n'a pas pu être chargée.",
  retry: 'Réessayer',
  /** The enrolment: the QR code, its secret to type by hand. */
  scanQr:
    'Scannez ce QR code avec votre application d’authentification (Google Authenticator, Aegis, FreeOTP…), puis saisissez le code à 6 chiffres qu’elle affiche.',
  qrAlt: 'QR code du second facteur',
  typeSecret: 'Sans appareil photo, saisissez cette clé dans l’application :',
  preparingQr: 'Préparation du QR code...',
  preparing: 'Préparation...',
  notEnrolledYet: 'Aucun second facteur n’est activé.',
  enable: 'Activer le second facteur',
  /** The recovery codes, shown once. */
  recoveryCodesIntro:
    'Vos codes de secours : notez-les et gardez-les en lieu sûr. Chacun ne sert qu’une fois, et ils ne seront plus jamais affichés.',
  recoveryCodesLabel: 'Codes de secours',
  recoveryCodesNoted: 'J’ai noté mes codes de secours',
  recoveryCodesLeft: 'Codes de secours restants :',
  /** The code's field and its buttons. */
  codeLabel: 'Code de vérification',
  codeHint: 'Le code à 6 chiffres de votre application, ou un code de secours.',
  verifying: 'Vérification...',
  submitCode: 'Valider',
  enableAndSignIn: 'Activer et se connecter',
  confirm: 'Confirmer',
  back: 'Retour',
  /** The factor on, and its disabling (confirmed with the password and a code). */
  enrolledStatus: 'Second facteur activé.',
  disableButton: 'Désactiver le second facteur',
  disableTitle: 'Désactiver le second facteur ?',
  disableConfirm: 'Désactiver',
  disablePending: 'Désactivation...',
  disableWarning: 'Votre compte ne sera plus protégé que par son mot de passe.',
  currentPassword: 'Mot de passe actuel',
} as const;

/** What `mfa:reset` prints (a server command, in French like the rest). */
export const mfaResetMessages = {
  usage: 'Usage : npm run mfa:reset -- NOM_UTILISATEUR',
  unknownUser: (username: string) => `Aucun utilisateur « ${username} »`,
  noFactor: (username: string) => `« ${username} » n’a pas de second facteur : rien à retirer`,
  done: (username: string) =>
    `Second facteur de « ${username} » retiré, ses sessions fermées : il en activera un nouveau à sa prochaine connexion.`,
} as const;
