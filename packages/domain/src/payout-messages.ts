// The pay-out's texts, without zod (decision 160): the history's unlock button and the transactions'
// messages use them, and loading them builds no schema (the pay-out's schemas stay in payout.ts).
// Re-exported by the index, as before.
import { msg, plural } from '@lingui/core/macro';
import { texts } from './i18n.js';

/** The texts of the pay-out screens and refusals, worded once. */
export const payoutMessages = texts({
  recipientMismatch: msg`L'identité présentée ne correspond pas au bénéficiaire du transfert`,
  /**
   * The same refusal with what is left before the transfer locks (decision 176): the teller knows when to
   * stop and call the sender rather than try again. Which part failed is still never told (decision 112).
   */
  recipientMismatchTriesLeft: (triesLeft: number) =>
    triesLeft <= 0
      ? msg`L'identité présentée ne correspond pas au bénéficiaire du transfert : le transfert est maintenant bloqué ; l'administrateur de l'agent expéditeur doit le débloquer`
      : msg`L'identité présentée ne correspond pas au bénéficiaire du transfert : ${plural(triesLeft, {
          one: 'encore un essai',
          other: 'encore # essais',
        })} avant le blocage du transfert`,
  transferLocked: msg`Transfert bloqué après cinq identifications échouées ; l'administrateur de l'agent expéditeur doit le débloquer`,
  transferNotLocked: msg`Ce transfert n'est pas bloqué`,
  notSendingAgentUnlock: msg`Seul l'agent expéditeur peut débloquer ce transfert`,
  /** The search step. */
  foundRegion: msg`Transfert trouvé`,
  status: msg`Statut`,
  sentAt: msg`Envoyé le`,
  sendingAgent: msg`Agent expéditeur`,
  recipient: msg`Bénéficiaire`,
  recipientMaskedHint: msg`Nom masqué : saisissez à l'étape suivante l'identité lue sur la pièce présentée.`,
  locked: msg`Bloqué`,
  lockedExplanation: msg`Ce transfert est bloqué après cinq identifications échouées. L'administrateur de l'agent expéditeur doit le débloquer avant tout paiement.`,
  /** The identification step. */
  identifyLegend: msg`Saisissez le nom complet et la pièce d'identité tels qu'ils figurent sur la pièce présentée par le bénéficiaire.`,
  /** The history's unlock button, its confirmation and outcome. */
  unlockButton: msg`Débloquer`,
  unlockButtonLabel: (transactionNumber: string) => msg`Débloquer le transfert ${transactionNumber}`,
  unlockTitle: msg`Débloquer le transfert externe`,
  unlockExplanation: msg`Ce transfert a été bloqué après cinq identifications échouées au paiement. Ne le débloquez qu'après avoir vérifié ce qui s'est passé avec le caissier et l'expéditeur : cinq nouveaux essais seront permis, au paiement comme à l'annulation.`,
  /** An expired transfer's: the tries left are its cash refund's (decision 225). */
  unlockExpiredExplanation: msg`Ce transfert expiré est bloqué après cinq identifications échouées. Ne le débloquez qu'après avoir vérifié ce qui s'est passé avec le caissier et l'expéditeur : cinq nouveaux essais seront permis au remboursement.`,
  unlockConfirm: msg`Confirmer le déblocage`,
  unlockPending: msg`Déblocage...`,
  unlockBack: msg`Retour`,
  unlocked: msg`Transfert débloqué`,
  unlockFailure: msg`Échec du déblocage du transfert`,
});

/**
 * The identity read from the card presented at the counter: the pay-out's identification step and the
 * cancellation's (decision 200) ask for it with the same labels.
 */
export const presentedIdentityLabels = texts({
  firstName: msg`Prénom`,
  lastName: msg`Nom`,
  idDocumentType: msg`Type de document`,
  idDocumentTypePlaceholder: msg`Choisir...`,
  idDocumentNumber: msg`Numéro de document`,
});
