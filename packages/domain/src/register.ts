import { z } from 'zod';
import { accountTypeSchema, currencySchema } from './accounts.js';
import { personInputSchema } from './persons.js';

/**
 * `POST /auth/register`: a visitor asks for an account. The persons come inline; the
 * first is the principal holder. It creates no user and no token.
 */
export const registerInputSchema = z.object({
  type: accountTypeSchema,
  currency: currencySchema,
  persons: z
    .array(personInputSchema, { error: 'Au moins un client doit être sélectionné' })
    .min(1, 'Au moins un client doit être sélectionné')
    .max(5, 'Au plus 5 titulaires par demande'),
});
export type RegisterInput = z.input<typeof registerInputSchema>;

/**
 * The public registration's own words. A visitor is a customer, who has no sign-in:
 * the success says what happens next, at a cash point, and the sign-in is the staff's
 * (decision 213). `sent` is SPEC's promise of an e-mail within 24 hours.
 */
export const registerTexts = {
  /** SPEC's « Connexion » link back to /login, named for whom it is. */
  staffSignIn: 'Connexion du personnel',
  sentTitle: 'Demande envoyée',
  sent: "Votre demande d'ouverture de compte a bien été reçue. Vous recevrez un e-mail dans les 24 heures.",
  reference: 'Référence de la demande',
  referenceKeep: 'Notez-la : elle vous sera demandée au guichet.',
  nextTitle: 'Pour ouvrir votre compte',
  nextVisit: 'Présentez-vous dans un point de service Lajan avec la référence de votre demande.',
  nextDocuments: (holders: number) =>
    holders === 1
      ? "Apportez l'original de la pièce d'identité indiquée dans la demande :"
      : "Chaque titulaire apporte l'original de la pièce d'identité indiquée dans la demande :",
  nextTeller: 'Un caissier vérifie les pièces et ouvre votre compte ; son numéro vous est envoyé par e-mail.',
  noCustomerSignIn: "Les clients n'ont pas d'accès en ligne : la connexion est réservée au personnel Lajan.",
} as const;
