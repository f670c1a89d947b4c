import { msg } from '@lingui/core/macro';
import { texts } from '@lajan/domain';

/** The accounts module's refusals, read in the language of the moment (decision 236). */
export const accountErrors = texts({
  notFound: msg`Compte introuvable`,
  personsNotFound: msg`Un client sélectionné est introuvable`,
  hasBalance: msg`Le compte a encore un solde`,
  /** Its cancellation would give the money back to this account. */
  hasPendingTransfer: msg`Un transfert externe envoyé de ce compte attend d’être payé : annulez-le ou attendez son paiement avant de fermer le compte`,
  closed: msg`Le compte est fermé`,
  alreadyDecided: msg`Cette demande a déjà été traitée`,
  /** Decision 173: a request that reuses another agent's customer is not activated from the review. */
  holderOfAnotherAgent: msg`Un titulaire de cette demande est déjà client d’un autre agent : ouvrez-lui un compte depuis «\u00a0Créer un compte\u00a0» avec sa pièce d’identité, puis refusez cette demande.`,
  noAgent: msg`Votre utilisateur n'est rattaché à aucun agent`,
});
