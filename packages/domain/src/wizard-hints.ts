/**
 * What a wizard says beside its disabled Suivant, so that the person knows what is missing: one
 * place for the money screens', the account opening's and the registration's.
 */
export const wizardHints = {
  findAccount: 'Recherchez le compte pour continuer.',
  findSenderAccount: 'Recherchez le compte expéditeur pour continuer.',
  findRecipientAccount: 'Recherchez le compte bénéficiaire pour continuer.',
  /** Under the button when the account found is refused: its reason is said under the field already. */
  otherRecipientAccount: 'Choisissez un autre compte bénéficiaire pour continuer.',
  findAgent: "Recherchez l'agent par son code pour continuer.",
  findTransfer: 'Recherchez le transfert pour continuer.',
  findSender: "Recherchez l'expéditeur pour continuer.",
  chooseClient: 'Sélectionnez au moins un client pour continuer.',
  addHolder: 'Ajoutez au moins un titulaire pour continuer.',
} as const;
