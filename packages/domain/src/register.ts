import { z } from 'zod';
import { msg, plural } from '@lingui/core/macro';
import { texts } from './i18n.js';
import { accountTypeSchema, currencySchema } from './accounts.js';
import { personInputSchema } from './persons.js';

/** Read when the schema parses, in the language of the moment (decision 236). */
const registerInputMessages = texts({
  clientRequired: msg`Au moins un client doit être sélectionné`,
  tooManyHolders: msg`Au plus 5 titulaires par demande`,
});

/**
 * `POST /auth/register`: a visitor asks for an account. The persons come inline; the
 * first is the principal holder. It creates no user and no token.
 */
export const registerInputSchema = z.object({
  type: accountTypeSchema,
  currency: currencySchema,
  persons: z
    .array(personInputSchema, { error: () => registerInputMessages.clientRequired })
    .min(1, { error: () => registerInputMessages.clientRequired })
    .max(5, { error: () => registerInputMessages.tooManyHolders }),
});

export type RegisterInput = z.input<typeof registerInputSchema>;

/**
 * The public registration's own words. A visitor is a customer, who has no sign-in:
 * the success says what happens next, at a cash point, and the sign-in is the staff's
 * (decision 213). `sent` is SPEC's promise of an e-mail within 24 hours.
 */
export const registerTexts = texts({
  /** SPEC's « Connexion » link back to /login, named for whom it is. */
  staffSignIn: msg`Connexion du personnel`,
  sentTitle: msg`Demande envoyée`,
  sent: msg`Votre demande d'ouverture de compte a bien été reçue. Vous recevrez un e-mail dans les 24 heures.`,
  reference: msg`Référence de la demande`,
  referenceKeep: msg`Notez-la : elle vous sera demandée au guichet.`,
  nextTitle: msg`Pour ouvrir votre compte`,
  nextVisit: msg`Présentez-vous dans un point de service Lajan avec la référence de votre demande.`,
  nextDocuments: (holders: number) =>
    msg`${plural(holders, {
      1: "Apportez l'original de la pièce d'identité indiquée dans la demande :",
      other: "Chaque titulaire apporte l'original de la pièce d'identité indiquée dans la demande :",
    })}`,
  nextTeller: msg`Un caissier vérifie les pièces et ouvre votre compte ; son numéro vous est envoyé par e-mail.`,
  noCustomerSignIn: msg`Les clients n'ont pas d'accès en ligne : la connexion est réservée au personnel Lajan.`,
});
