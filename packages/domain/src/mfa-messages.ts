// Without zod: the sign-in page's second step says these (decision 145's budget, decision 203).
import { msg } from '@lingui/core/macro';
import { texts } from './i18n.js';

const mfaMessageTexts = texts({
  /** `POST /auth/login` → 401 `MFA_REQUIRED`. */
  required: msg`Saisissez le code à 6 chiffres de votre application d’authentification.`,
  /** `POST /auth/login` → 401 `MFA_ENROLMENT_REQUIRED` (MFA_REQUIRED=1, a super administrator without a factor). */
  enrolmentRequired: msg`Les super administrateurs doivent activer un second facteur : scannez le QR code avec votre application d’authentification.`,
  codeRequired: msg`Code requis`,
  codeInvalid: msg`Code incorrect. Saisissez le code à 6 chiffres de votre application, ou un code de secours.`,
  challengeExpired: msg`Cette étape de connexion a expiré. Veuillez vous reconnecter.`,
  alreadyEnrolled: msg`Un second facteur est déjà activé pour ce compte.`,
  notEnrolled: msg`Aucun second facteur n’est activé pour ce compte.`,
  noPendingEnrolment: msg`Affichez d’abord le QR code, puis saisissez le premier code.`,
  cannotDisableRequired: msg`Le second facteur est exigé pour les super administrateurs : il ne peut pas être désactivé.`,
  enrolled: msg`Second facteur activé`,
  disabled: msg`Second facteur désactivé`,
});
/** A second factor's texts (decision 203), read in the language of the moment (decision 236). */
export const mfaMessages = Object.freeze(
  Object.defineProperties(
    {},
    {
      ...Object.getOwnPropertyDescriptors(mfaMessageTexts),
      /** The name an authenticator app shows beside the account: a name, the same in every language. */
      issuer: { value: 'Lajan', enumerable: true },
    },
  ),
) as typeof mfaMessageTexts & { readonly issuer: 'Lajan' };

/** The second factor's screens: the sign-in's second step, the enrolment and /security (decision 203). */
export const mfaTexts = texts({
  /** /security's title, and the profile's link to it. */
  title: msg`Sécurité du compte`,
  intro: msg`Le second facteur demande, après le mot de passe, un code à 6 chiffres de votre application d’authentification : un mot de passe volé ne suffit plus pour entrer.`,
  loading: msg`Chargement...`,
  loadFailed: msg`La sécurité du compte n'a pas pu être chargée.`,
  retry: msg`Réessayer`,
  /** The enrolment: the QR code, its secret to type by hand. */
  scanQr: msg`Scannez ce QR code avec votre application d’authentification (Google Authenticator, Aegis, FreeOTP…), puis saisissez le code à 6 chiffres qu’elle affiche.`,
  qrAlt: msg`QR code du second facteur`,
  typeSecret: msg`Sans appareil photo, saisissez cette clé dans l’application :`,
  preparingQr: msg`Préparation du QR code...`,
  preparing: msg`Préparation...`,
  notEnrolledYet: msg`Aucun second facteur n’est activé.`,
  enable: msg`Activer le second facteur`,
  /** The recovery codes, shown once. */
  recoveryCodesIntro: msg`Vos codes de secours : notez-les et gardez-les en lieu sûr. Chacun ne sert qu’une fois, et ils ne seront plus jamais affichés.`,
  recoveryCodesLabel: msg`Codes de secours`,
  recoveryCodesNoted: msg`J’ai noté mes codes de secours`,
  recoveryCodesLeft: msg`Codes de secours restants :`,
  /** The code's field and its buttons. */
  codeLabel: msg`Code de vérification`,
  codeHint: msg`Le code à 6 chiffres de votre application, ou un code de secours.`,
  verifying: msg`Vérification...`,
  submitCode: msg`Valider`,
  enableAndSignIn: msg`Activer et se connecter`,
  confirm: msg`Confirmer`,
  back: msg`Retour`,
  /** The factor on, and its disabling (confirmed with the password and a code). */
  enrolledStatus: msg`Second facteur activé.`,
  disableButton: msg`Désactiver le second facteur`,
  disableTitle: msg`Désactiver le second facteur ?`,
  disableConfirm: msg`Désactiver`,
  disablePending: msg`Désactivation...`,
  disableWarning: msg`Votre compte ne sera plus protégé que par son mot de passe.`,
  currentPassword: msg`Mot de passe actuel`,
});

/** What `mfa:reset` prints (a server command, in French like the rest). */
export const mfaResetMessages = {
  usage: 'Usage : npm run mfa:reset -- NOM_UTILISATEUR',
  unknownUser: (username: string) => `Aucun utilisateur « ${username} »`,
  noFactor: (username: string) => `« ${username} » n’a pas de second facteur : rien à retirer`,
  done: (username: string) =>
    `Second facteur de « ${username} » retiré, ses sessions fermées : il en activera un nouveau à sa prochaine connexion.`,
} as const;
