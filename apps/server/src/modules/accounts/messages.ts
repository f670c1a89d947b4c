/** The accounts module's refusals, in French. */
export const accountErrors = {
  notFound: 'Compte introuvable',
  personsNotFound: 'Un client sélectionné est introuvable',
  hasBalance: 'Le compte a encore un solde',
  /** Its cancellation would give the money back to this account. */
  hasPendingTransfer:
    'Un transfert externe envoyé de ce compte attend d’être payé : annulez-le ou attendez son paiement avant de fermer le compte',
  closed: 'Le compte est fermé',
  alreadyDecided: 'Cette demande a déjà été traitée',
  /** Decision 173: a request that reuses another agent's customer is not activated from the review. */
  holderOfAnotherAgent:
    'Un titulaire de cette demande est déjà client d’un autre agent : ouvrez-lui un compte depuis «\u00a0Créer un compte\u00a0» avec sa pièce d’identité, puis refusez cette demande.',
  noAgent: "Votre utilisateur n'est rattaché à aucun agent",
} as const;
