/** The accounts module's refusals, in French (DESIGN §6). */
export const accountErrors = {
  notFound: 'Compte introuvable',
  personsNotFound: 'Un client sélectionné est introuvable',
  hasBalance: 'Le compte a encore un solde',
  closed: 'Le compte est fermé',
  alreadyDecided: 'Cette demande a déjà été traitée',
  noAgent: "Votre utilisateur n'est rattaché à aucun agent",
} as const;
