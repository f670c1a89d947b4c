import { msg } from '@lingui/core/macro';
import { texts } from './i18n.js';

/**
 * What a wizard says beside its disabled Suivant, so that the person knows what is missing: one
 * place for the money screens', the account opening's and the registration's.
 */
export const wizardHints = texts({
  findAccount: msg`Recherchez le compte pour continuer.`,
  findSenderAccount: msg`Recherchez le compte expéditeur pour continuer.`,
  findRecipientAccount: msg`Recherchez le compte bénéficiaire pour continuer.`,
  /** Under the button when the account found is refused: its reason is said under the field already. */
  otherRecipientAccount: msg`Choisissez un autre compte bénéficiaire pour continuer.`,
  findAgent: msg`Recherchez l'agent par son code pour continuer.`,
  findTransfer: msg`Recherchez le transfert pour continuer.`,
  findSender: msg`Recherchez l'expéditeur pour continuer.`,
  chooseClient: msg`Sélectionnez au moins un client pour continuer.`,
  addHolder: msg`Ajoutez au moins un titulaire pour continuer.`,
});
