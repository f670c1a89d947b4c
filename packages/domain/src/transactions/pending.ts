// Nothing but texts here: the banner is on every screen's path, the sign-in page's included (decision 145);
// the key's fate, a schema, is with the answers, and the summary (money's formats) in pending-summary.ts.
import type { TransactionType } from './names.js';

/**
 * An operation the teller confirmed and that has no answer yet (issue 15, decision 147): kept in the
 * browser until the server answers, checked and abandoned by its idempotency key.
 */
export const pendingOperationMessages = {
  bannerTitle: 'Opération en attente de confirmation',
  resend: 'Renvoyer',
  check: 'Vérifier',
  abandon: 'Abandonner',
  abandonTitle: 'Abandonner cette opération ?',
  abandonBody:
    "Le serveur sera prévenu : si l'opération n'a pas été enregistrée, elle ne le sera plus jamais. Si elle l'a déjà été, son reçu vous sera montré.",
  abandonConfirm: "Abandonner l'opération",
  keep: 'Garder',
  stillUnknown:
    "Le serveur ne connaît pas cette opération : elle n'est pas enregistrée à cette heure. Vous pouvez la renvoyer ou l'abandonner.",
  tooOldToResend:
    'Saisie il y a trop longtemps pour être renvoyée sans risque de doublon : cherchez-la dans l’historique, puis abandonnez-la ou saisissez-la à nouveau.',
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
  // The teller's Enregistrer, not the server's answer: « Confirmée » read as posted beside « NON CONFIRMÉ ».
  confirmedAt: 'Saisie le',
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
  heldWhileOffline:
    "Hors ligne : l'opération est gardée. Renvoyez-la depuis le bandeau en haut de l'écran quand le serveur répond.",
  /** On the form that confirmed it, once the banner sent it again and it posted (decision 196). */
  postedFromBanner: (transactionNumber: string) =>
    `Opération enregistrée depuis le bandeau : transaction n° ${transactionNumber}. Son reçu est affiché.`,
} as const;

/**
 * Where the link is (decision 210): offline before sending, a confirmation sent and not answered yet, or
 * one held without an answer (decision 147).
 */
export type LinkWait = 'offline' | 'sending' | 'held';

/** What the teller does with the cash until the operation is confirmed. */
export type CounterCash = 'handOver' | 'keepAside' | 'none';

/**
 * The cash of an operation at the counter: a withdrawal and a pay-out hand it over, a deposit and an
 * external transfer paid in cash take it in; the others move money between accounts only.
 */
export function counterCashOf(type: TransactionType, paidInCash = true): CounterCash {
  if (type === 'withdrawal' || type === 'external_payout') return 'handOver';
  if (type === 'deposit' || (type === 'external_transfer' && paidInCash)) return 'keepAside';
  return 'none';
}

/**
 * Beside Enregistrer and in the receipt panel while a confirmation waits on the link (decision 210): its
 * state, then what to do with the cash of that operation until its receipt.
 */
export const linkWaitTexts = {
  offline: 'Hors ligne : l’opération ne peut pas être enregistrée tant que le serveur ne répond pas.',
  sending: 'En attente du serveur : l’opération n’est pas encore confirmée.',
  held: 'Sans réponse du serveur : l’opération est gardée, pas encore confirmée.',
  heldHint:
    'Quand le serveur répond, appuyez de nouveau sur Enregistrer ou renvoyez-la depuis le bandeau en haut de l’écran : la même opération sera renvoyée et ne sera jamais enregistrée deux fois.',
  /** A withdrawal's, to the customer; a pay-out's, to the recipient. */
  handOver: (toRecipient: boolean) =>
    `Ne remettez pas encore les espèces ${toRecipient ? 'au bénéficiaire' : 'au client'} : attendez le reçu.`,
  keepAside: 'Gardez de côté les espèces du client, sans lui donner de reçu : attendez la confirmation.',
  /** The receipt panel, where the receipt will be. */
  noReceiptYet: 'Pas encore de reçu',
} as const;

/** The line of what to do with the cash of a `type` operation while it waits; null when no cash moves. */
export function linkWaitCashText(type: TransactionType, paidInCash = true): string | null {
  const cash = counterCashOf(type, paidInCash);
  if (cash === 'handOver') return linkWaitTexts.handOver(type === 'external_payout');
  return cash === 'keepAside' ? linkWaitTexts.keepAside : null;
}

/** The refusal of a money request whose key was abandoned (409 `OPERATION_ABANDONED`). */
export const operationAbandonedMessage =
  "Cette opération a été abandonnée : elle n'a pas été enregistrée. Saisissez-la à nouveau si le client le souhaite.";

/** An idempotency key no money request of this user has used (or another user's): 404 `NOT_FOUND`. */
export const operationUnknownMessage = 'Aucune opération connue sous cette clé';
