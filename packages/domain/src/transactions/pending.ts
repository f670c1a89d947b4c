// Nothing but texts here: the banner is on every screen's path, the sign-in page's included (decision 145);
// the key's fate, a schema, is with the answers, and the summary (money's formats) in pending-summary.ts.
import { msg, plural } from '@lingui/core/macro';
import { texts } from '../i18n.js';
import type { TransactionType } from './names.js';

/**
 * An operation the teller confirmed and that has no answer yet (issue 15, decision 147): kept in the
 * browser until the server answers, checked and abandoned by its idempotency key.
 */
export const pendingOperationMessages = texts({
  bannerTitle: msg`Opération en attente de confirmation`,
  resend: msg`Renvoyer`,
  check: msg`Vérifier`,
  abandon: msg`Abandonner`,
  abandonTitle: msg`Abandonner cette opération ?`,
  abandonBody: msg`Le serveur sera prévenu : si l'opération n'a pas été enregistrée, elle ne le sera plus jamais. Si elle l'a déjà été, son reçu vous sera montré.`,
  abandonConfirm: msg`Abandonner l'opération`,
  keep: msg`Garder`,
  stillUnknown: msg`Le serveur ne connaît pas cette opération : elle n'est pas enregistrée à cette heure. Vous pouvez la renvoyer ou l'abandonner.`,
  tooOldToResend: msg`Saisie il y a trop longtemps pour être renvoyée sans risque de doublon : cherchez-la dans l’historique, puis abandonnez-la ou saisissez-la à nouveau.`,
  keyForgotten: msg`Le serveur ne garde plus la trace de cette opération : cherchez-la dans l’historique avant de la saisir à nouveau.`,
  stillUnreachable: msg`Le serveur ne répond toujours pas. L'opération reste en attente.`,
  abandoned: msg`Opération abandonnée : elle n'a pas été enregistrée.`,
  alreadyPosted: msg`Cette opération avait déjà été enregistrée : voici son reçu.`,
  posted: msg`Opération enregistrée.`,
  postedBeforeAbandon: msg`Déjà enregistrée, elle ne peut plus être abandonnée :`,
  refused: msg`Le serveur a refusé l'opération`,
  unconfirmed: msg`NON CONFIRMÉ`,
  unconfirmedReceiptButton: msg`Reçu non confirmé`,
  print: msg`Imprimer`,
  close: msg`Fermer`,
  // The teller's Enregistrer, not the server's answer: « Confirmée » read as posted beside « NON CONFIRMÉ ».
  confirmedAt: msg`Saisie le`,
  key: msg`Référence`,
  unconfirmedReceipt: msg`Reçu non confirmé : le serveur n'a pas encore répondu. Ne remettez pas ce reçu comme preuve de l'opération.`,
  fetchedAt: (day: string, time: string) => msg`Données du ${day} à ${time}, hors ligne`,
  logoutTitle: msg`Une opération attend encore sa confirmation`,
  logoutBody: msg`Si vous la gardez, elle vous sera présentée à votre prochaine connexion sur ce navigateur. Si vous l'abandonnez, le serveur en est prévenu d'abord.`,
  logoutKeep: msg`Garder et se déconnecter`,
  logoutAbandon: msg`Abandonner et se déconnecter`,
  cancel: msg`Annuler`,
  // Decision 151: several held operations sent in turn, and what is kept of one past the limit.
  sendAll: msg`Tout renvoyer`,
  sendAllProgress: (done: number, total: number) => msg`Envoi ${done} sur ${total}…`,
  sendAllTitle: msg`Envoi terminé`,
  sendAllSummary: (posted: number, total: number) =>
    posted === total
      ? msg`${plural(total, { 1: 'L’opération a été enregistrée', other: 'Les # opérations ont été enregistrées' })}.`
      : msg`${plural(posted, { one: '# enregistrée', other: '# enregistrées' })} sur ${total}.`,
  sendAllPosted: (transactionNumber: string) => msg`Enregistrée, transaction n° ${transactionNumber}`,
  sendAllRefused: (message: string) => msg`Refusée : ${message}`,
  sendAllUnreachable: msg`Sans réponse : elle reste en attente.`,
  sendAllNotSent: msg`Pas envoyée, le serveur ne répondant plus : elle reste en attente.`,
  sendAllTooOld: msg`Pas renvoyée, confirmée il y a trop longtemps : cherchez-la dans l’historique.`,
  showReceipt: msg`Voir le reçu`,
  forgotten: msg`Les noms, documents et téléphones de cette opération ont été effacés de ce navigateur ; sa référence permet encore de la vérifier.`,
  // Decision 202: what the browser keeps of a held operation is sealed under its user's key.
  sealed: msg`Ses données sont chiffrées sur ce navigateur : elles seront lisibles, et l’opération renvoyable, quand le serveur répondra.`,
  sendAllSealed: msg`Pas renvoyée : ses données attendent la clé du serveur.`,
  heldWhileOffline: msg`Hors ligne : l'opération est gardée. Renvoyez-la depuis le bandeau en haut de l'écran quand le serveur répond.`,
  /** On the form that confirmed it, once the banner sent it again and it posted (decision 196). */
  postedFromBanner: (transactionNumber: string) =>
    msg`Opération enregistrée depuis le bandeau : transaction n° ${transactionNumber}. Son reçu est affiché.`,
});

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
export const linkWaitTexts = texts({
  offline: msg`Hors ligne : l’opération ne peut pas être enregistrée tant que le serveur ne répond pas.`,
  sending: msg`En attente du serveur : l’opération n’est pas encore confirmée.`,
  held: msg`Sans réponse du serveur : l’opération est gardée, pas encore confirmée.`,
  heldHint: msg`Quand le serveur répond, appuyez de nouveau sur Enregistrer ou renvoyez-la depuis le bandeau en haut de l’écran : la même opération sera renvoyée et ne sera jamais enregistrée deux fois.`,
  /** A withdrawal's, to the customer; a pay-out's, to the recipient. */
  handOver: (toRecipient: boolean) =>
    toRecipient
      ? msg`Ne remettez pas encore les espèces au bénéficiaire : attendez le reçu.`
      : msg`Ne remettez pas encore les espèces au client : attendez le reçu.`,
  keepAside: msg`Gardez de côté les espèces du client, sans lui donner de reçu : attendez la confirmation.`,
  /** The receipt panel, where the receipt will be. */
  noReceiptYet: msg`Pas encore de reçu`,
});

/** The line of what to do with the cash of a `type` operation while it waits; null when no cash moves. */
export function linkWaitCashText(type: TransactionType, paidInCash = true): string | null {
  const cash = counterCashOf(type, paidInCash);
  if (cash === 'handOver') return linkWaitTexts.handOver(type === 'external_payout');
  return cash === 'keepAside' ? linkWaitTexts.keepAside : null;
}

/** The answers about a money request's idempotency key. */
export const operationKeyMessages = texts({
  /** The refusal of a money request whose key was abandoned (409 `OPERATION_ABANDONED`). */
  abandoned: msg`Cette opération a été abandonnée : elle n'a pas été enregistrée. Saisissez-la à nouveau si le client le souhaite.`,
  /** An idempotency key no money request of this user has used (or another user's): 404 `NOT_FOUND`. */
  unknown: msg`Aucune opération connue sous cette clé`,
});
