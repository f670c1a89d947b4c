// The pay-out's texts, without zod (decision 160): the history's unlock button and the transactions'
// messages use them, and loading them builds no schema (the pay-out's schemas stay in payout.ts).
// Re-exported by the index, as before.

/** The texts of the pay-out screens and refusals, worded once. */
export const payoutMessages = {
  recipientMismatch: "L'identité présentée ne correspond pas au bénéficiaire du transfert",
  /**
   * The same refusal with what is left before the transfer locks (decision 176): the teller knows when to
   * stop and call the sender rather than try again. Which part failed is still never told (decision 112).
   */
  recipientMismatchTriesLeft: (triesLeft: number) =>
    triesLeft <= 0
      ? "L'identité présentée ne correspond pas au bénéficiaire du transfert : le transfert est maintenant bloqué ; l'administrateur de l'agent expéditeur doit le débloquer"
      : `L'identité présentée ne correspond pas au bénéficiaire du transfert : ${
          triesLeft === 1 ? 'encore un essai' : `encore ${triesLeft} essais`
        } avant le blocage du transfert`,
  transferLocked:
    "Transfert bloqué après cinq identifications échouées ; l'administrateur de l'agent expéditeur doit le débloquer",
  transferNotLocked: "Ce transfert n'est pas bloqué",
  notSendingAgentUnlock: "Seul l'agent expéditeur peut débloquer ce transfert",
  /** The search step. */
  foundRegion: 'Transfert trouvé',
  status: 'Statut',
  sentAt: 'Envoyé le',
  sendingAgent: 'Agent expéditeur',
  recipient: 'Bénéficiaire',
  recipientMaskedHint: "Nom masqué : saisissez à l'étape suivante l'identité lue sur la pièce présentée.",
  locked: 'Bloqué',
  lockedExplanation:
    "Ce transfert est bloqué après cinq identifications échouées. L'administrateur de l'agent expéditeur doit le débloquer avant tout paiement.",
  /** The identification step. */
  identifyLegend:
    "Saisissez le nom complet et la pièce d'identité tels qu'ils figurent sur la pièce présentée par le bénéficiaire.",
  /** The history's unlock button, its confirmation and outcome. */
  unlockButton: 'Débloquer',
  unlockButtonLabel: (transactionNumber: string) => `Débloquer le transfert ${transactionNumber}`,
  unlockTitle: 'Débloquer le transfert externe',
  unlockExplanation:
    "Ce transfert a été bloqué après cinq identifications échouées au paiement. Ne le débloquez qu'après avoir vérifié ce qui s'est passé avec le caissier et l'expéditeur : cinq nouveaux essais seront permis, au paiement comme à l'annulation.",
  /** An expired transfer's: the tries left are its cash refund's (decision 225). */
  unlockExpiredExplanation:
    "Ce transfert expiré est bloqué après cinq identifications échouées. Ne le débloquez qu'après avoir vérifié ce qui s'est passé avec le caissier et l'expéditeur : cinq nouveaux essais seront permis au remboursement.",
  unlockConfirm: 'Confirmer le déblocage',
  unlockPending: 'Déblocage...',
  unlockBack: 'Retour',
  unlocked: 'Transfert débloqué',
  unlockFailure: 'Échec du déblocage du transfert',
} as const;

/**
 * The identity read from the card presented at the counter: the pay-out's identification step and the
 * cancellation's (decision 200) ask for it with the same labels.
 */
export const presentedIdentityLabels = {
  firstName: 'Prénom',
  lastName: 'Nom',
  idDocumentType: 'Type de document',
  idDocumentTypePlaceholder: 'Choisir...',
  idDocumentNumber: 'Numéro de document',
} as const;
