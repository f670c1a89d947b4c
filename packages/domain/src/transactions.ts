import { z } from 'zod';
import { plainText } from './text.js';
import { genericMessages } from './errors.js';
import { CURRENCY, currencySchema } from './accounts.js';
import { centimesToHtg, htgAmountSchema, MAX_AGENT_DEPOSIT_HTG } from './money.js';
import { pickUpCodeMessages, pickUpCodeSchema } from './numbers.js';
import { payoutLookupSchema, payoutMessages } from './payout.js';
import { checkPersonDates, idDocumentTypeSchema, personFieldsSchema } from './persons.js';
import { alongFieldErrors, filledText } from './refine.js';

/** Transaction `type` (DESIGN §4); the history's `type` filter takes these values. */
export const transactionTypes = [
  'deposit',
  'withdrawal',
  'transfer',
  'external_transfer',
  'external_payout',
  'external_refund',
  'agent_deposit',
] as const;
export const transactionTypeSchema = z.enum(transactionTypes, { error: 'Type de transaction invalide' });
export type TransactionType = z.infer<typeof transactionTypeSchema>;
export const transactionTypeLabels: Record<TransactionType, string> = {
  deposit: 'Dépôt',
  withdrawal: 'Retrait',
  transfer: 'Transfert',
  external_transfer: 'Transfert externe',
  external_payout: 'Paiement de transfert',
  external_refund: 'Remboursement de transfert',
  agent_deposit: 'Dépôt sur agent',
};

/** `completed`, except an external transfer: `pending`, then once `completed` or `cancelled`. */
export const transactionStatuses = ['completed', 'pending', 'cancelled'] as const;
export const transactionStatusSchema = z.enum(transactionStatuses);
export type TransactionStatus = z.infer<typeof transactionStatusSchema>;
export const transactionStatusLabels: Record<TransactionStatus, string> = {
  completed: 'Complété',
  pending: 'En attente',
  cancelled: 'Annulé',
};

/** The four types that the fee schedule prices, in the order of the fee tables (DESIGN §4b). */
export const feeTypes = ['deposit', 'transfer', 'withdrawal', 'external_transfer'] as const;
export const feeTypeSchema = z.enum(feeTypes, { error: 'Type de frais invalide' });
export type FeeType = z.infer<typeof feeTypeSchema>;
/** What `GET /transactions/fees/quote` prices: the banded types and the agent deposit (no fee). */
export const quoteTypeSchema = z.enum([...feeTypes, 'agent_deposit'], { error: 'Type de frais invalide' });
export type QuoteType = z.infer<typeof quoteTypeSchema>;

/** SPEC §5 "Transactions" and the refusals of DESIGN §4, worded once. */
export const transactionMessages = {
  partyNameRequired: 'Le nom est requis',
  documentTypeRequired: 'Le type de document est requis',
  documentNumberRequired: 'Le numéro de document est requis',
  accountNumberRequired: 'Le numéro de compte est requis',
  accountNumberInvalid: 'Numéro de compte invalide',
  transactionNumberRequired: 'Le numéro de transaction est requis',
  transactionNumberInvalid: 'Numéro de transaction invalide',
  agentCodeRequired: "Le code de l'agent est requis",
  senderRequired: "L'expéditeur est requis",
  currencyRequired: 'La devise est requise',
  sameAccount: 'Le compte bénéficiaire ne peut pas être le même que le compte expéditeur',
  currencyMismatch: 'Les devises des comptes doivent être identiques',
  inactiveAccount: "Le compte n'est pas actif",
  insufficientFunds: 'Solde insuffisant',
  agentDepositLimit: "Le montant d'un dépôt sur agent ne peut pas dépasser 1 000 000 HTG",
  amountMismatch: 'Le montant ne correspond pas au montant du transfert',
  agentNotActive: "L'agent n'est pas actif",
  notAccountHolder: "La personne au guichet n'est pas titulaire de ce compte",
  recipientMismatch: payoutMessages.recipientMismatch,
  notSendingAgent: "Seul l'agent expéditeur peut annuler ce transfert",
  transferNotPending: "Ce transfert n'est plus en attente",
  idempotencyConflict: "Cette clé d'idempotence a déjà servi pour une autre opération",
  accountNotFound: 'Compte introuvable',
  transactionNotFound: 'Transaction introuvable',
  agentNotFound: 'Agent introuvable',
  personNotFound: 'Personne introuvable',
} as const;

/** SPEC §8 success messages, in correct French (decision 134: SPEC's English and misspelled ones are replaced). */
export const transactionSuccessMessages = {
  deposit: 'Dépôt réalisé avec succès',
  withdrawal: 'Retrait réalisé avec succès',
  transfer: 'Transfert réalisé avec succès',
  externalTransfer: 'Transfert externe réalisé avec succès',
  receive: 'Transfert payé avec succès',
  /** SPEC §8 gives none for the agent deposit: a French one, like the other screens of the super administrator. */
  agentDeposit: 'Dépôt sur agent effectué avec succès',
} as const;

/** SPEC §8 fallbacks of the money calls, in French, shown when a failure carries no message of the server. */
export const transactionFailureMessages = {
  deposit: 'Échec du dépôt',
  withdrawal: 'Échec du retrait',
  transfer: 'Échec du transfert',
  externalTransfer: 'Échec du transfert externe',
  receive: 'Échec du paiement du transfert',
  search: 'Échec de la recherche',
  fees: 'Échec du chargement des frais',
  /** SPEC §8 names no agent-deposit fallback: its generic one. */
  agentDeposit: genericMessages.failure,
} as const;

/** How the sender of an external transfer pays: the radio choices and the confirmation's "Mode de paiement". */
export const externalTransferPaymentModeLabels = {
  cash: 'Espèces',
  account: 'Depuis un compte',
} as const satisfies Record<'cash' | 'account', string>;

/** The history's CSV export (SPEC §2 "History table"): the fallback of a failure without a message. */
export const historyExportFailureMessage = "Échec de l'export des transactions";

/** The super administrator's fee editor: its success toast and the fallback of a refusal without a message. */
export const feeScheduleMessages = {
  saved: 'Barème des frais enregistré',
  failed: 'Échec de la modification du barème des frais',
} as const;

/** Cancelling a pending external transfer (issue 5): the history's button, its confirmation and outcome. */
export const cancelTransferMessages = {
  button: 'Annuler',
  /** The button's accessible name: which transfer it cancels. */
  buttonLabel: (transactionNumber: string) => `Annuler le transfert ${transactionNumber}`,
  title: 'Annuler le transfert externe',
  confirm: "Confirmer l'annulation",
  pending: 'Annulation...',
  back: 'Retour',
  /** The dialog's sentence around the transfer's number and amount: "Le transfert <n> de <montant> n'a pas été payé. …". */
  explanation: {
    transfer: 'Le transfert',
    of: 'de',
    notPaid: "n'a pas été payé. Son montant sera rendu à l'expéditeur ; les frais restent acquis.",
  },
  success: 'Transfert annulé : le montant a été rendu',
  failure: "Échec de l'annulation du transfert",
} as const;

/** "outside every band": the allowed range of a type, written out so that the agent knows what to change. */
export function outsideFeeBandsMessage(type: FeeType, minHtg: number, maxHtg: number): string {
  const what: Record<FeeType, string> = {
    deposit: 'un dépôt',
    transfer: 'un transfert',
    withdrawal: 'un retrait',
    external_transfer: 'un transfert externe',
  };
  return `Montant hors barème : ${what[type]} doit être compris entre ${plainHtg(minHtg)} et ${plainHtg(maxHtg)}`;
}

/** "59 999,99 HTG" with plain spaces, for messages matched as typed text. */
function plainHtg(amount: number): string {
  const [whole = '0', decimals = '00'] = amount.toFixed(2).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${decimals} HTG`;
}

/**
 * The refusals of the ledger (STYLE: one closed set of named results), each with its status and code.
 * The server maps them once; the web may read `code` to tell them apart.
 */
export const ledgerFailures = {
  InsufficientFunds: {
    status: 422,
    code: 'INSUFFICIENT_FUNDS',
    message: transactionMessages.insufficientFunds,
  },
  AccountNotActive: { status: 422, code: 'ACCOUNT_NOT_ACTIVE', message: transactionMessages.inactiveAccount },
  SameAccount: { status: 422, code: 'SAME_ACCOUNT', message: transactionMessages.sameAccount },
  CurrencyMismatch: { status: 422, code: 'CURRENCY_MISMATCH', message: transactionMessages.currencyMismatch },
  OutsideFeeBands: { status: 422, code: 'OUTSIDE_FEE_BANDS', message: 'Montant hors barème' },
  AgentDepositLimit: {
    status: 422,
    code: 'AGENT_DEPOSIT_LIMIT',
    message: transactionMessages.agentDepositLimit,
  },
  AmountMismatch: { status: 422, code: 'AMOUNT_MISMATCH', message: transactionMessages.amountMismatch },
  AgentNotActive: { status: 422, code: 'AGENT_NOT_ACTIVE', message: transactionMessages.agentNotActive },
  NotAccountHolder: {
    status: 403,
    code: 'NOT_ACCOUNT_HOLDER',
    message: transactionMessages.notAccountHolder,
  },
  /** A failed identification at pay-out: 422, the same message whatever part was wrong (decision 112). */
  RecipientMismatch: {
    status: 422,
    code: 'RECIPIENT_MISMATCH',
    message: transactionMessages.recipientMismatch,
  },
  TransferLocked: { status: 409, code: 'TRANSFER_LOCKED', message: payoutMessages.transferLocked },
  TransferNotLocked: { status: 409, code: 'TRANSFER_NOT_LOCKED', message: payoutMessages.transferNotLocked },
  NotSendingAgent: { status: 403, code: 'NOT_SENDING_AGENT', message: transactionMessages.notSendingAgent },
  AccountNotFound: { status: 404, code: 'NOT_FOUND', message: transactionMessages.accountNotFound },
  TransactionNotFound: { status: 404, code: 'NOT_FOUND', message: transactionMessages.transactionNotFound },
  AgentNotFound: { status: 404, code: 'NOT_FOUND', message: transactionMessages.agentNotFound },
  PersonNotFound: { status: 404, code: 'NOT_FOUND', message: transactionMessages.personNotFound },
  TransferNotPending: {
    status: 409,
    code: 'TRANSFER_NOT_PENDING',
    message: transactionMessages.transferNotPending,
  },
  /** The pay-out search on a transfer already paid (decision 131): the answer carries `paidAt`. */
  TransferAlreadyPaid: {
    status: 409,
    code: 'TRANSFER_ALREADY_PAID',
    message: pickUpCodeMessages.alreadyPaidNoDate,
  },
  /** The pay-out search on a cancelled transfer (decision 131). */
  TransferCancelled: { status: 409, code: 'TRANSFER_CANCELLED', message: pickUpCodeMessages.cancelled },
  IdempotencyConflict: {
    status: 409,
    code: 'IDEMPOTENCY_CONFLICT',
    message: transactionMessages.idempotencyConflict,
  },
} as const satisfies Record<string, { status: number; code: string; message: string }>;
export type LedgerFailureName = keyof typeof ledgerFailures;

function requiredText(message: string, max: number, label: string) {
  return plainText(
    z
      .string({ error: message })
      .trim()
      .min(1, message)
      .max(max, `${label} ne peut pas dépasser ${max} caractères`),
  );
}

/** `''` (an emptied optional input) reads as absent. */
function optionalText<T extends z.ZodType>(schema: T) {
  return z
    .literal('')
    .transform(() => null)
    .or(schema)
    .optional()
    .nullable();
}

/** The person at the counter (SPEC §3 `party`). */
const partyObjectSchema = z.object({
  name: requiredText(transactionMessages.partyNameRequired, 100, 'Le nom'),
  idDocumentType: idDocumentTypeSchema,
  idDocumentNumber: requiredText(transactionMessages.documentNumberRequired, 40, 'Le numéro de document'),
});
// A missing party is checked as an empty one, so that each of its fields gets its own message.
export const partySchema = partyObjectSchema.prefault({} as z.input<typeof partyObjectSchema>);
export type Party = z.infer<typeof partySchema>;

function accountNumberField() {
  return z
    .string({ error: transactionMessages.accountNumberRequired })
    .trim()
    .min(1, transactionMessages.accountNumberRequired)
    .regex(/^\d{1,30}$/, transactionMessages.accountNumberInvalid);
}

export const transactionNumberSchema = z
  .string({ error: transactionMessages.transactionNumberRequired })
  .trim()
  .min(1, transactionMessages.transactionNumberRequired)
  .regex(/^\d{1,30}$/, transactionMessages.transactionNumberInvalid);

/** `POST /transactions/deposit` and the deposit wizard. */
export const depositInputSchema = z.object({
  accountNumber: accountNumberField(),
  party: partySchema,
  amount: htgAmountSchema(),
});
export type DepositInput = z.input<typeof depositInputSchema>;

/** `POST /transactions/withdraw` and the withdrawal wizard. */
export const withdrawInputSchema = depositInputSchema;
export type WithdrawInput = z.input<typeof withdrawInputSchema>;

/** The account's holders offered as the person at the counter (decision 132). */
export const counterPartyTexts = {
  title: 'Titulaires du compte',
  hint: 'Le client au guichet est un titulaire ? Choisissez-le, puis saisissez le numéro de sa pièce.',
} as const;

/** `POST /transactions/transfer` (DESIGN §6) and the internal-transfer wizard. */
export const transferInputSchema = z
  .object({
    senderAccountNumber: accountNumberField(),
    recipientAccountNumber: accountNumberField(),
    party: partySchema,
    amount: htgAmountSchema(),
  })
  .superRefine((input, ctx) => {
    const sender = filledText(input.senderAccountNumber);
    if (sender !== undefined && sender === filledText(input.recipientAccountNumber)) {
      ctx.addIssue({
        code: 'custom',
        path: ['recipientAccountNumber'],
        message: transactionMessages.sameAccount,
      });
    }
  }, alongFieldErrors);
export type TransferInput = z.input<typeof transferInputSchema>;

/** The recipient of an external transfer: the person form of SPEC §5, its document number optional. */
export const recipientInputSchema = personFieldsSchema
  .extend({
    idDocumentNumber: plainText(
      z.string().trim().max(40, 'Le numéro de document ne peut pas dépasser 40 caractères'),
    )
      .refine(
        (value) => value === '' || value.length >= 4,
        'Le numéro de document doit contenir au moins 4 caractères',
      )
      .optional()
      .nullable()
      .transform((value) => (value ? value : null)),
  })
  .superRefine(checkPersonDates, alongFieldErrors);
export type RecipientInput = z.input<typeof recipientInputSchema>;

/**
 * `POST /transactions/transfer-extern` (DESIGN §6): `senderId` is the sending person; cash mode leaves out
 * `accountNumber` and then needs a currency.
 */
export const externalTransferInputSchema = z
  .object({
    senderId: z.uuid({ error: transactionMessages.senderRequired }),
    accountNumber: optionalText(accountNumberField()),
    recipient: recipientInputSchema.prefault({} as z.input<typeof recipientInputSchema>),
    currency: optionalText(currencySchema),
    party: partySchema,
    amount: htgAmountSchema(),
  })
  .superRefine((input, ctx) => {
    if (!input.accountNumber && !input.currency) {
      ctx.addIssue({ code: 'custom', path: ['currency'], message: transactionMessages.currencyRequired });
    }
  }, alongFieldErrors);
export type ExternalTransferInput = z.input<typeof externalTransferInputSchema>;

/** The identity the recipient presents at payout. */
const payoutRecipientObjectSchema = z.object({
  firstName: requiredText('Le prénom est requis', 50, 'Le prénom'),
  lastName: requiredText('Le nom est requis', 50, 'Le nom'),
  idDocumentType: idDocumentTypeSchema,
  idDocumentNumber: requiredText(transactionMessages.documentNumberRequired, 40, 'Le numéro de document'),
});
export const payoutRecipientSchema = payoutRecipientObjectSchema.prefault(
  {} as z.input<typeof payoutRecipientObjectSchema>,
);

/** `POST /transactions/receive-transfer`. SPEC §5: the form does not check the amount; the server does when given. */
export const receiveTransferInputSchema = z.object({
  transactionNumber: pickUpCodeSchema,
  amount: htgAmountSchema().optional().nullable(),
  recipient: payoutRecipientSchema,
  party: partySchema,
});
export type ReceiveTransferInput = z.input<typeof receiveTransferInputSchema>;

/** `POST /agents/deposit`: the super administrator funds an agent's float. */
export const agentDepositInputSchema = z.object({
  code: requiredText(transactionMessages.agentCodeRequired, 40, "Le code de l'agent"),
  party: partySchema,
  amount: htgAmountSchema(MAX_AGENT_DEPOSIT_HTG),
});
export type AgentDepositInput = z.input<typeof agentDepositInputSchema>;

/** `POST /transactions/search`: the pay-out screen's search, by pick-up code (decision 131). */
export const transactionSearchInputSchema = z.object({ transactionNumber: pickUpCodeSchema });

/** `GET /transactions/history` (DESIGN §6: `per_page` above 100 is lowered, never refused). */
export const historyQuerySchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  per_page: z.coerce
    .number()
    .int()
    .min(1)
    .catch(10)
    .default(10)
    .transform((value) => Math.min(value, 100)),
  type: transactionTypeSchema.optional().or(z.literal('').transform(() => undefined)),
  q: z.string().trim().max(100).optional(),
});

/** `GET /transactions/fees/quote?type=&amount=`. */
export const feeQuoteQuerySchema = z.object({
  type: quoteTypeSchema,
  amount: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    htgAmountSchema(MAX_AGENT_DEPOSIT_HTG),
  ),
});

const accountRefSchema = z.object({ accountNumber: z.string() }).nullable();

/** A posted transaction as every answer carries it (docs/contract-ledger.md). */
export const transactionSchema = z.object({
  transactionNumber: z.string(),
  type: transactionTypeSchema,
  amount: z.number(),
  fee: z.number(),
  agentShare: z.number(),
  total: z.number(),
  currency: z.string(),
  status: transactionStatusSchema,
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  createBy: z.object({ username: z.string() }),
  agent: z.object({ code: z.string(), name: z.string() }).nullable(),
  code: z.string().nullable(),
  accountNumber: z.string().nullable(),
  account: accountRefSchema,
  senderAccountNumber: z.string().nullable(),
  senderAccount: accountRefSchema,
  recipientAccountNumber: z.string().nullable(),
  recipientAccount: accountRefSchema,
  party: z.object({ name: z.string(), idDocumentType: z.string(), idDocumentNumber: z.string() }).nullable(),
  senderId: z.string().nullable(),
  sender: z
    .object({
      id: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      idDocumentType: z.string().nullable(),
      idDocumentNumber: z.string().nullable(),
      phoneNumber: z.string().nullable(),
      address: z.string().nullable(),
    })
    .nullable(),
  recipient: z
    .object({
      firstName: z.string(),
      lastName: z.string(),
      idDocumentType: z.string().nullable(),
      idDocumentNumber: z.string().nullable(),
    })
    .catchall(z.unknown())
    .nullable(),
  relatedTransactionNumber: z.string().nullable(),
  locked: z
    .boolean()
    .describe(
      'Transfert externe en attente bloqué après cinq identifications échouées (décision 112) ; faux sinon.',
    ),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionResponseSchema = z.object({ data: transactionSchema });
/**
 * `POST /transactions/search`: a pending external transfer answers its pay-out look-up, whoever asks;
 * any other transaction answers whole, to its own agent (the super administrator: all).
 */
export const transactionSearchResponseSchema = z.object({
  data: z.object({ transaction: z.union([payoutLookupSchema, transactionSchema]) }),
});

export const paginationSchema = z.object({
  total: z.number(),
  total_pages: z.number(),
  firstItem: z.number(),
  lastItem: z.number(),
});
export type Pagination = z.infer<typeof paginationSchema>;
export const historyResponseSchema = z.object({
  data: z.array(transactionSchema),
  pagination: paginationSchema,
});

/** A fee row of SPEC §3, in HTG. */
export const feeRowSchema = z.object({
  type: feeTypeSchema,
  min_amount: z.number(),
  max_amount: z.number(),
  fee: z.number(),
  agent_share: z.number(),
});
export type FeeRow = z.infer<typeof feeRowSchema>;
export const feeGroupSchema = z.object({
  type: feeTypeSchema,
  label: z.string(),
  rows: z.array(feeRowSchema),
});
export const feeGroupsResponseSchema = z.object({ data: z.array(feeGroupSchema) });

export const feeQuoteSchema = z.object({
  type: quoteTypeSchema,
  amount: z.number(),
  fee: z.number(),
  agentShare: z.number(),
  total: z.number(),
  currency: z.string(),
});
export type FeeQuote = z.infer<typeof feeQuoteSchema>;
export const feeQuoteResponseSchema = z.object({ data: feeQuoteSchema });

/** The default agent share of a fee (DESIGN §4b): 40 %, rounded down to the centime. */
export function defaultAgentShareCentimes(feeCentimes: number): number {
  return Math.floor((feeCentimes * 40) / 100);
}

/** What a quote answers, from centimes. */
export function feeQuoteOf(
  type: QuoteType,
  amountCentimes: number,
  feeCentimes: number,
  agentShareCentimes: number,
): FeeQuote {
  return {
    type,
    amount: centimesToHtg(amountCentimes),
    fee: centimesToHtg(feeCentimes),
    agentShare: centimesToHtg(agentShareCentimes),
    total: centimesToHtg(amountCentimes + feeCentimes),
    currency: CURRENCY,
  };
}
