import { z } from 'zod';
import { plainText } from './text.js';
import { accountStatuses, CURRENCY } from './account-names.js';
import { isMaskedDocumentNumber } from './persons.js';

export const accountTypeSchema = z.enum(['current', 'savings'], {
  error: 'Le type de compte est obligatoire',
});
export type AccountType = z.infer<typeof accountTypeSchema>;
export const accountTypeLabels: Record<AccountType, string> = { current: 'Courant', savings: 'Épargne' };

/** Only `active` lets money move. */
export const accountStatusSchema = z.enum(accountStatuses);

export const currencySchema = z
  .string({ error: 'La devise est obligatoire' })
  .trim()
  .min(1, 'La devise est obligatoire')
  .length(3, 'La devise doit avoir 3 caractères')
  .refine((value) => value.toUpperCase() === CURRENCY, 'Seule la devise HTG est acceptée')
  // What the refinement accepts, said in the OpenAPI document (decision 234).
  .meta({ pattern: '^[Hh][Tt][Gg]$' });

/** `POST /accounts` and the create-account wizard. */
export const createAccountInputSchema = z.object({
  type: accountTypeSchema,
  currency: currencySchema,
  personIds: z
    .array(z.string().max(64), { error: 'Au moins un client doit être sélectionné' })
    .min(1, 'Au moins un client doit être sélectionné')
    .max(10, 'Au plus 10 titulaires par compte')
    .refine((ids) => new Set(ids).size === ids.length, 'Un client ne peut être sélectionné qu’une fois'),
  /**
   * For a holder whose file the teller may not read whole (another agent's customer, found masked):
   * the document number read from the card, by person id (decision 115). Holding the account would
   * open that file, so the customer must be at the counter.
   */
  holderDocuments: z
    .record(z.string().max(64), z.string().trim().max(50, 'Numéro de pièce trop long'))
    .refine((documents) => Object.keys(documents).length <= 10, 'Au plus 10 titulaires par compte')
    // Declared in the OpenAPI document, so that the route's body limit is bounded (decision 198).
    .meta({ maxProperties: 10 })
    .optional(),
});
export type CreateAccountInput = z.infer<typeof createAccountInputSchema>;

/** The account opening's holder check (decision 115). */
export const holderDocumentMessages = {
  required: (name: string) => `Saisissez le numéro de la pièce d’identité de ${name}, lu sur sa carte`,
  mismatch: (name: string) => `Le numéro de pièce saisi pour ${name} ne correspond pas à son dossier`,
  throttled: 'Trop de numéros de pièce erronés. Réessayez plus tard.',
  /** Decision 171: an external transfer naming another agent's customer as its sender. */
  senderMismatch: (name: string) =>
    `La pièce présentée n’est pas celle de ${name}, l’expéditeur choisi : un client d’un autre agent envoie avec sa propre carte`,
} as const;

/** The account wizard's fields for those holders. */
export const holderDocumentTexts = {
  legend: 'Clients d’un autre agent',
  hint: 'Leur dossier vous est masqué : saisissez le numéro de la pièce d’identité de chacun, lu sur sa carte.',
  label: (name: string) => `N° de pièce de ${name}`,
  blocked: 'Saisissez le numéro de pièce de chaque client d’un autre agent.',
} as const;

export const inactiveAccountMessage = "Le compte n'est pas actif";

/** `PUT /accounts/{id}`: only the status changes. */
export const updateAccountInputSchema = z.object({
  status: z.enum(['active', 'inactive'], { error: 'Statut invalide' }),
});

/** An account number as typed in a search: digits only. */
const accountNumberSearchSchema = z
  .string({ error: 'Le numéro de compte est requis' })
  .trim()
  .min(1, 'Le numéro de compte est requis')
  .max(30, 'Numéro de compte invalide')
  .regex(/^\d+$/, 'Numéro de compte invalide');

export const accountSearchMessages = {
  termRequired: 'Saisissez un numéro de compte, un téléphone, un numéro de pièce ou un nom',
  termTooShort: 'Saisissez au moins 2 caractères',
  termTooLong: 'Recherche trop longue',
  /** The search field's label and placeholder: what a teller may type. */
  label: 'Compte, téléphone, pièce ou nom du titulaire',
  /** Under the account field of the money screens: what it accepts besides a number. */
  hint: 'Ou le téléphone, le numéro de pièce ou le nom d’un titulaire.',
  /** No account found for a term that is not an account number ("Compte introuvable" for a number). */
  noResult: (term: string) => `Aucun compte trouvé pour «\u00a0${term}\u00a0»`,
  choicesTitle: 'Comptes trouvés',
  choose: (count: number) => `${count} comptes trouvés : choisissez le compte.`,
} as const;

/**
 * `POST /accounts/search`: `account_number`, one account by its exact number, answered `{ account }`; or `q`,
 * the way people talk, answered `{ accounts }` (decision 132).
 */
export const accountSearchInputSchema = z
  .object({
    account_number: accountNumberSearchSchema.optional(),
    q: plainText(
      z
        .string({ error: accountSearchMessages.termRequired })
        .trim()
        .min(1, accountSearchMessages.termRequired)
        .min(2, accountSearchMessages.termTooShort)
        .max(100, accountSearchMessages.termTooLong),
    ).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.account_number === undefined && input.q === undefined) {
      ctx.addIssue({ code: 'custom', path: ['account_number'], message: 'Le numéro de compte est requis' });
    }
  });
export type AccountSearchInput = z.input<typeof accountSearchInputSchema>;

/** Digits of an account number: ten random ones and a check digit. */
export const ACCOUNT_NUMBER_DIGITS = 11;

/**
 * The account number a search term spells ("409 1234-5678" → "40912345678"), or null when the term is
 * something else (a phone, a document, a name): the web then searches with `q`.
 */
export function accountNumberOf(term: string): string | null {
  const compact = term.trim().replace(/[\s-]/g, '');
  return new RegExp(`^\\d{${ACCOUNT_NUMBER_DIGITS}}$`).test(compact) ? compact : null;
}

/** What is wrong with a term typed in an account search, or null when it may be searched. */
export function accountSearchTermError(term: string): string | null {
  const parsed = accountSearchInputSchema.safeParse({ q: term });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? accountSearchMessages.termRequired);
}

/** The number of accounts a `q` search answers at most, most recent first. */
export const ACCOUNT_SEARCH_LIMIT = 20;

/** `POST /accounts/{id}/reject`: why a public request was refused. */
export const rejectAccountRequestInputSchema = z.object({
  reason: plainText(z.string({ error: 'Le motif est requis' }).trim().min(3, 'Le motif est requis').max(300)),
});

/** A holder of an account as the API answers it; the first (`principal`) is the principal holder. */
export const accountCustomerSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  idDocumentType: z.string(),
  /** Masked (`••••••123`) for an agent that may not read the holder's file. */
  idDocumentNumber: z.string(),
  principal: z.boolean(),
});
export type AccountCustomer = z.infer<typeof accountCustomerSchema>;

/** An account as the API answers it (docs/contract-customers-agents.md, "Account"). */
export const accountSchema = z.object({
  id: z.string(),
  accountNumber: z.string(),
  type: accountTypeSchema,
  currency: z.string(),
  status: accountStatusSchema,
  /** HTG; null when the account is another agent's: its balance is not the viewer's business. */
  balance: z.number().nullable(),
  unavailableBalance: z.number().default(0),
  createdAt: z.string(),
  customerIds: z.array(z.string()).default([]),
  customers: z.array(accountCustomerSchema).default([]),
  agent: z.object({ name: z.string(), code: z.string() }).nullable().default(null),
  requestReference: z.string().nullish(),
  decidedAt: z.string().nullish(),
  decidedBy: z.object({ username: z.string() }).nullish(),
  rejectionReason: z.string().nullish(),
});
export type Account = z.infer<typeof accountSchema>;

/**
 * `GET /accounts/self` ("Mon Compte"): the float account of the signed-in user's agent,
 * the shape of a customer account with no customer type (`type: null`), no holders and its agent.
 */
export const floatAccountSchema = accountSchema.extend({
  type: accountTypeSchema.nullable(),
  /** One's own agent's float: its balance is always told. */
  balance: z.number(),
});
export type FloatAccount = z.infer<typeof floatAccountSchema>;

/** The account-opening slip printed after `POST /accounts` (decision 133). */
export const accountSlipTexts = {
  title: "Fiche d'ouverture de compte",
  /** The new account's next step at the counter: its first deposit. */
  depositNext: 'Faire un dépôt sur ce compte',
  accountNumber: 'Numéro de compte',
  type: 'Type de compte',
  currency: 'Devise',
  openedAt: "Date d'ouverture",
  agent: 'Agent',
  openedBy: 'Ouvert par',
  holders: 'Titulaires',
  principal: 'Titulaire principal',
  secondary: 'Titulaire secondaire',
  holderSignature: 'Signature du titulaire principal',
  agentSignature: "Signature et cachet de l'agent",
  print: 'Imprimer la fiche',
} as const;

/** The answers of `POST /accounts/search`: `{ account }` for `account_number`, `{ accounts }` for `q`. */
export const accountSearchResponseSchema = z.object({
  data: z.union([z.object({ account: accountSchema }), z.object({ accounts: z.array(accountSchema) })]),
});

/** SPEC §8 success message of `POST /accounts`. */
export const accountMessages = { created: 'Compte créé avec succès' } as const;

/** SPEC §8's "Failed to fetch accounts list", "Failed to update account"… in French (decision 134). */
export const accountFailureMessages = {
  /** "Mon Compte" (`GET /accounts/self`). */
  self: 'Échec du chargement du compte',
  list: 'Échec du chargement de la liste des comptes',
  update: 'Échec de la modification du compte',
  delete: 'Échec de la suppression du compte',
} as const;

/**
 * Whether the person at the counter is surely none of the holders, by the document shown: known only when
 * every holder's number is readable, so it is said at the step; the ledger still decides at Enregistrer
 * (decision 182).
 */
export function surelyNotAHolder(
  holders: readonly Pick<AccountCustomer, 'idDocumentType' | 'idDocumentNumber'>[],
  party: { idDocumentType?: string | null; idDocumentNumber?: string | null },
): boolean {
  const number = (party.idDocumentNumber ?? '').trim().toUpperCase();
  if (!party.idDocumentType || !number || holders.length === 0) return false;
  if (holders.some((holder) => isMaskedDocumentNumber(holder.idDocumentNumber))) return false;
  return !holders.some(
    (holder) =>
      holder.idDocumentType === party.idDocumentType &&
      holder.idDocumentNumber.trim().toUpperCase() === number,
  );
}
