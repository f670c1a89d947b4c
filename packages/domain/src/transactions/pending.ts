// Nothing but texts here: the banner is on every screen's path, the sign-in page's included (decision 145);
// the key's fate, a schema, is with the answers, and the summary (money's formats) in pending-summary.ts.

/**
 * An operation the teller confirmed and that has no answer yet (issue 15, decision 147): kept in the
 * browser until the server answers, checked and abandoned by its idempotency key.
 */
export const pendingOperationMessages = {
  bannerTitle: 'Opération en attente de confirmation',
  offline: 'Hors ligne',
  offlineHint: 'Le serveur ne répond pas. Les opérations confirmées sont gardées et peuvent être renvoyées.',
  resend: 'Renvoyer',
  check: 'Vérifier',
  abandon: 'Abandonner',
  abandonTitle: 'Abandonner cette opération ?',
  abandonBody:
    "Le serveur sera prévenu : si l'opération n'a pas été enregistrée, elle ne le sera jamais avec cette clé. Si elle l'a déjà été, son reçu vous sera montré.",
  abandonConfirm: "Abandonner l'opération",
  keep: 'Garder',
  stillUnknown:
    "Le serveur ne connaît pas cette opération : elle n'est pas enregistrée à cette heure. Vous pouvez la renvoyer ou l'abandonner.",
  tooOldToResend:
    'Confirmée il y a trop longtemps pour être renvoyée sans risque de doublon : cherchez-la dans l’historique, puis abandonnez-la ou saisissez-la à nouveau.',
  keyForgotten:
    'Le serveur ne garde plus la trace de cette opération : cherchez-la dans l’historique avant de la saisir à nouveau.',
  stillUnreachable: "Le serveur ne répond toujours pas. L'opération reste en attente.",
  abandoned: "Opération abandonnée : elle n'a pas été enregistrée.",
  alreadyPosted: 'Cette opération avait déjà été enregistrée : voici son reçu.',
  posted: 'Opération enregistrée.',
  postedBeforeAbandon: 'Déjà enregistrée, elle ne peut plus être abandonnée :',
  refused: "Le serveur a refusé l'opération",
  unconfirmed: 'NON CONFIRMÉ',
  unconfirmedReceiptButton: 'Reçu non confirmé',
  print: 'Imprimer',
  close: 'Fermer',
  confirmedAt: 'Confirmée le',
  key: 'Référence',
  unconfirmedReceipt:
    "Reçu non confirmé : le serveur n'a pas encore répondu. Ne remettez pas ce reçu comme preuve de l'opération.",
  fetchedAt: (day: string, time: string) => `Données du ${day} à ${time}, hors ligne`,
  logoutTitle: 'Une opération attend encore sa confirmation',
  logoutBody:
    "Si vous la gardez, elle vous sera présentée à votre prochaine connexion sur ce navigateur. Si vous l'abandonnez, le serveur en est prévenu d'abord.",
  logoutKeep: 'Garder et se déconnecter',
  logoutAbandon: 'Abandonner et se déconnecter',
  cancel: 'Annuler',
  // Decision 151: several held operations sent in turn, and what is kept of one past the limit.
  sendAll: 'Tout renvoyer',
  sendAllProgress: (done: number, total: number) => `Envoi ${done} sur ${total}…`,
  sendAllTitle: 'Envoi terminé',
  sendAllSummary: (posted: number, total: number) =>
    posted === total
      ? `${total === 1 ? 'L’opération a été enregistrée' : `Les ${total} opérations ont été enregistrées`}.`
      : `${posted} enregistrée${posted > 1 ? 's' : ''} sur ${total}.`,
  sendAllPosted: (transactionNumber: string) => `Enregistrée, transaction n° ${transactionNumber}`,
  sendAllRefused: (message: string) => `Refusée : ${message}`,
  sendAllUnreachable: 'Sans réponse : elle reste en attente.',
  sendAllNotSent: 'Pas envoyée, le serveur ne répondant plus : elle reste en attente.',
  sendAllTooOld: 'Pas renvoyée, confirmée il y a trop longtemps : cherchez-la dans l’historique.',
  showReceipt: 'Voir le reçu',
  forgotten:
    'Les noms, documents et téléphones de cette opération ont été effacés de ce navigateur ; sa référence permet encore de la vérifier.',
  // Decision 202: what the browser keeps of a held operation is sealed under its user's key.
  sealed:
    'Ses données sont chiffrées sur ce navigateur : elles seront lisibles, et l’opération renvoyable, quand le serveur répondra.',
  sendAllSealed: 'Pas renvoyée : ses données attendent la clé du serveur.',
  notKept:
    "Le serveur ne répond pas : l'opération n'a été ni envoyée ni gardée. Enregistrez-la à nouveau quand la connexion revient.",
  heldWhileOffline:
    "Hors ligne : l'opération est gardée. Renvoyez-la depuis le bandeau en haut de l'écran quand le serveur répond.",
  /** On the form that confirmed it, once the banner sent it again and it posted (decision 196). */
  postedFromBanner: (transactionNumber: string) =>
    `Opération enregistrée depuis le bandeau : transaction n° ${transactionNumber}. Son reçu est affiché.`,
} as const;

/**
 * How long a held operation may be sent again with its key: well within the 24 hours the server keeps a
 * key (DESIGN §4). Past it the key may have been forgotten, and the same key would post the operation again.
 */
export const PENDING_RESEND_LIMIT_MS = 20 * 60 * 60 * 1000;

/** Whether a held operation confirmed at `confirmedAt` (ISO) may still be sent again at `now`. */
export function mayResendPending(confirmedAt: string, now: number): boolean {
  return now - Date.parse(confirmedAt) < PENDING_RESEND_LIMIT_MS;
}

/** The refusal of a money request whose key was abandoned (409 `OPERATION_ABANDONED`). */
export const operationAbandonedMessage =
  "Cette opération a été abandonnée : elle n'a pas été enregistrée. Saisissez-la à nouveau si le client le souhaite.";

/** An idempotency key no money request of this user has used (or another user's): 404 `NOT_FOUND`. */
export const operationUnknownMessage = 'Aucune opération connue sous cette clé';
