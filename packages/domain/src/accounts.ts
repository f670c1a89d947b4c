import { z } from 'zod';
import { msg } from '@lingui/core/macro';
import { texts } from './i18n.js';
import { plainText } from './text.js';
import { accountStatuses, CURRENCY } from './account-names.js';
import { isMaskedDocumentNumber } from './persons.js';

/**
 * The account schemas' messages. zod reads each when it parses (`{ error: () => … }`), never when the schema
 * is built, so that they come in the language of the moment (decision 236).
 */
const accountInputMessages = texts({
  typeRequired: msg`Le type de compte est obligatoire`,
  currencyRequired: msg`La devise est obligatoire`,
  currencyLength: msg`La devise doit avoir 3 caractères`,
  currencyHtgOnly: msg`Seule la devise HTG est acceptée`,
  clientRequired: msg`Au moins un client doit être sélectionné`,
  tooManyHolders: msg`Au plus 10 titulaires par compte`,
  clientTwice: msg`Un client ne peut être sélectionné qu’une fois`,
  documentTooLong: msg`Numéro de pièce trop long`,
  statusInvalid: msg`Statut invalide`,
  accountNumberRequired: msg`Le numéro de compte est requis`,
  accountNumberInvalid: msg`Numéro de compte invalide`,
  reasonRequired: msg`Le motif est requis`,
});
/** A zod message read when the schema parses: `{ error: () => text }`. */
const said = (key: keyof typeof accountInputMessages) => ({ error: () => accountInputMessages[key] });

export const accountTypeSchema = z.enum(['current', 'savings'], said('typeRequired'));
export type AccountType = z.infer<typeof accountTypeSchema>;
export const accountTypeLabels: Record<AccountType, string> = texts({
  current: msg`Courant`,
  savings: msg`Épargne`,
});

/** Only `active` lets money move. */
export const accountStatusSchema = z.enum(accountStatuses);

export const currencySchema = z
  .string(said('currencyRequired'))
  .trim()
  .min(1, said('currencyRequired'))
  .length(3, said('currencyLength'))
  .refine((value) => value.toUpperCase() === CURRENCY, said('currencyHtgOnly'))
  // What the refinement accepts, said in the OpenAPI document (decision 234).
  .meta({ pattern: '^[Hh][Tt][Gg]$' });

/** `POST /accounts` and the create-account wizard. */
export const createAccountInputSchema = z.object({
  type: accountTypeSchema,
  currency: currencySchema,
  personIds: z
    .array(z.string().max(64), said('clientRequired'))
    .min(1, said('clientRequired'))
    .max(10, said('tooManyHolders'))
    .refine((ids) => new Set(ids).size === ids.length, said('clientTwice')),
  /**
   * For a holder whose file the teller may not read whole (another agent's customer, found masked):
   * the document number read from the card, by person id (decision 115). Holding the account would
   * open that file, so the customer must be at the counter.
   */
  holderDocuments: z
    .record(z.string().max(64), z.string().trim().max(50, said('documentTooLong')))
    .refine((documents) => Object.keys(documents).length <= 10, said('tooManyHolders'))
    // Declared in the OpenAPI document, so that the route's body limit is bounded (decision 198).
    .meta({ maxProperties: 10 })
    .optional(),
});
export type CreateAccountInput = z.infer<typeof createAccountInputSchema>;

/** The account opening's holder check (decision 115). */
export const holderDocumentMessages = texts({
  required: (name: string) => msg`Saisissez le numéro de la pièce d’identité de ${name}, lu sur sa carte`,
  mismatch: (name: string) => msg`Le numéro de pièce saisi pour ${name} ne correspond pas à son dossier`,
  throttled: msg`Trop de numéros de pièce erronés. Réessayez plus tard.`,
  /** Decision 171: an external transfer naming another agent's customer as its sender. */
  senderMismatch: (name: string) =>
    msg`La pièce présentée n’est pas celle de ${name}, l’expéditeur choisi : un client d’un autre agent envoie avec sa propre carte`,
});

/** The account wizard's fields for those holders. */
export const holderDocumentTexts = texts({
  legend: msg`Clients d’un autre agent`,
  hint: msg`Leur dossier vous est masqué : saisissez le numéro de la pièce d’identité de chacun, lu sur sa carte.`,
  label: (name: string) => msg`N° de pièce de ${name}`,
  blocked: msg`Saisissez le numéro de pièce de chaque client d’un autre agent.`,
});

const accountStateTexts = texts({ inactive: msg`Le compte n'est pas actif` });
/** "Le compte n'est pas actif", in the language of the moment. */
export function inactiveAccountMessage(): string {
  return accountStateTexts.inactive;
}

/** `PUT /accounts/{id}`: only the status changes. */
export const updateAccountInputSchema = z.object({
  status: z.enum(['active', 'inactive'], said('statusInvalid')),
});

/** An account number as typed in a search: digits only. */
const accountNumberSearchSchema = z
  .string(said('accountNumberRequired'))
  .trim()
  .min(1, said('accountNumberRequired'))
  .max(30, said('accountNumberInvalid'))
  .regex(/^\d+$/, said('accountNumberInvalid'));

export const accountSearchMessages = texts({
  termRequired: msg`Saisissez un numéro de compte, un téléphone, un numéro de pièce ou un nom`,
  termTooShort: msg`Saisissez au moins 2 caractères`,
  termTooLong: msg`Recherche trop longue`,
  /** The search field's label and placeholder: what a teller may type. */
  label: msg`Compte, téléphone, pièce ou nom du titulaire`,
  /** Under the account field of the money screens: what it accepts besides a number. */
  hint: msg`Ou le téléphone, le numéro de pièce ou le nom d’un titulaire.`,
  /** No account found for a term that is not an account number ("Compte introuvable" for a number). */
  noResult: (term: string) => msg`Aucun compte trouvé pour «\u00a0${term}\u00a0»`,
  choicesTitle: msg`Comptes trouvés`,
  choose: (count: number) => msg`${count} comptes trouvés : choisissez le compte.`,
});

/**
 * `POST /accounts/search`: `account_number`, one account by its exact number, answered `{ account }`; or `q`,
 * the way people talk, answered `{ accounts }` (decision 132).
 */
export const accountSearchInputSchema = z
  .object({
    account_number: accountNumberSearchSchema.optional(),
    q: plainText(
      z
        .string({ error: () => accountSearchMessages.termRequired })
        .trim()
        .min(1, { error: () => accountSearchMessages.termRequired })
        .min(2, { error: () => accountSearchMessages.termTooShort })
        .max(100, { error: () => accountSearchMessages.termTooLong }),
    ).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.account_number === undefined && input.q === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['account_number'],
        message: accountInputMessages.accountNumberRequired,
      });
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
  reason: plainText(z.string(said('reasonRequired')).trim().min(3, said('reasonRequired')).max(300)),
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
export const accountSlipTexts = texts({
  title: msg`Fiche d'ouverture de compte`,
  /** The new account's next step at the counter: its first deposit. */
  depositNext: msg`Faire un dépôt sur ce compte`,
  accountNumber: msg`Numéro de compte`,
  type: msg`Type de compte`,
  currency: msg`Devise`,
  openedAt: msg`Date d'ouverture`,
  agent: msg`Agent`,
  openedBy: msg`Ouvert par`,
  holders: msg`Titulaires`,
  principal: msg`Titulaire principal`,
  secondary: msg`Titulaire secondaire`,
  holderSignature: msg`Signature du titulaire principal`,
  agentSignature: msg`Signature et cachet de l'agent`,
  print: msg`Imprimer la fiche`,
});

/** The answers of `POST /accounts/search`: `{ account }` for `account_number`, `{ accounts }` for `q`. */
export const accountSearchResponseSchema = z.object({
  data: z.union([z.object({ account: accountSchema }), z.object({ accounts: z.array(accountSchema) })]),
});

/** SPEC §8 success message of `POST /accounts`. */
export const accountMessages = texts({ created: msg`Compte créé avec succès` });

/** SPEC §8's "Failed to fetch accounts list", "Failed to update account"… in French (decision 134). */
export const accountFailureMessages = texts({
  /** "Mon Compte" (`GET /accounts/self`). */
  self: msg`Échec du chargement du compte`,
  list: msg`Échec du chargement de la liste des comptes`,
  update: msg`Échec de la modification du compte`,
  delete: msg`Échec de la suppression du compte`,
});

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
