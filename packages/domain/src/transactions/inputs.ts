import { z } from 'zod';
import { currencySchema } from '../accounts.js';
import {
  amountMessages,
  htgAmountSchema,
  htgToCentimes,
  MAX_AGENT_DEPOSIT_HTG,
  MAX_OPERATION_HTG,
} from '../money.js';
import { pickUpCodeSchema } from '../numbers.js';
import { paginationQuerySchema } from '../pagination.js';
import {
  documentNumberMessages,
  documentNumberSchema,
  idDocumentTypeSchema,
  personFieldsSchema,
  phoneNumberSchema,
} from '../persons.js';
import { alongFieldErrors, filledText } from '../refine.js';
import { plainText } from '../text.js';
import { feeVersionMessages } from './fees.js';
import { cancelTransferMessages, recipientMessages, transactionMessages } from './messages.js';
import type { QuoteType } from './names.js';
import { quoteTypeSchema, transactionTypeSchema } from './types.js';

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
  // 101: a pay-out's party is its recipient, a first and a last name of 50 each and the space between.
  name: requiredText(transactionMessages.partyNameRequired, 101, 'Le nom'),
  idDocumentType: idDocumentTypeSchema,
  idDocumentNumber: documentNumberSchema,
});
// A missing party is checked as an empty one, so that each of its fields gets its own message.
export const partySchema = partyObjectSchema.prefault({} as z.input<typeof partyObjectSchema>);
export type Party = z.infer<typeof partySchema>;

function accountNumberField() {
  return z
    .string({ error: transactionMessages.accountNumberRequired })
    .trim()
    .min(1, transactionMessages.accountNumberRequired)
    .max(30, transactionMessages.accountNumberInvalid)
    .regex(/^\d{1,30}$/, transactionMessages.accountNumberInvalid);
}

export const transactionNumberSchema = z
  .string({ error: transactionMessages.transactionNumberRequired })
  .trim()
  .min(1, transactionMessages.transactionNumberRequired)
  .max(30, transactionMessages.transactionNumberInvalid)
  .regex(/^\d{1,30}$/, transactionMessages.transactionNumberInvalid);

/**
 * A money call's amount is read once: the wire's `amount` in HTG, checked, comes out as
 * `amountCentimes`, and the output has no `amount`. The OpenAPI request bodies are the schemas' input,
 * so the API still speaks HTG; the web posts the input it checked.
 */
function amountInCentimes<T extends { amount: number }>({
  amount,
  ...rest
}: T): Omit<T, 'amount'> & { amountCentimes: number } {
  return { ...rest, amountCentimes: htgToCentimes(amount) };
}

/**
 * The fee version the confirmation quoted (decision 150), optional: when given and no longer in force at
 * posting, the operation is refused 409 `FEES_CHANGED` with the new quote, and nothing is written.
 */
const feeVersionField = z
  .number({ error: feeVersionMessages.feeVersionInvalid })
  .int(feeVersionMessages.feeVersionInvalid)
  .min(1, feeVersionMessages.feeVersionInvalid)
  .optional();

const depositObjectSchema = z.object({
  accountNumber: accountNumberField(),
  party: partySchema,
  amount: htgAmountSchema(),
  feeVersion: feeVersionField,
});

/** `POST /transactions/deposit` and the deposit wizard. */
export const depositInputSchema = depositObjectSchema.transform(amountInCentimes);
export type DepositInput = z.input<typeof depositInputSchema>;

/** `POST /transactions/withdraw` and the withdrawal wizard. */
export const withdrawInputSchema = depositObjectSchema.transform(amountInCentimes);
export type WithdrawInput = z.input<typeof withdrawInputSchema>;

/** `POST /transactions/transfer` and the internal-transfer wizard. */
export const transferInputSchema = z
  .object({
    senderAccountNumber: accountNumberField(),
    recipientAccountNumber: accountNumberField(),
    party: partySchema,
    amount: htgAmountSchema(),
    feeVersion: feeVersionField,
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
  }, alongFieldErrors)
  .transform(amountInCentimes);
export type TransferInput = z.input<typeof transferInputSchema>;

/** Nothing given: undefined, null or blank (`filledText` takes a number for blank too). */
function absentValue(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * The recipient of an external transfer: what a sender knows (decision 209), the name and the
 * phone, with SPEC §5's rules for those three, and a document only if the sender has one to give: its type
 * and number together, or neither. Any other field (an older client's whole person form) is dropped.
 */
export const recipientInputSchema = z
  .object({
    firstName: personFieldsSchema.shape.firstName,
    lastName: personFieldsSchema.shape.lastName,
    phoneNumber: phoneNumberSchema,
    idDocumentType: z
      .enum([...idDocumentTypeSchema.options, ''], { error: recipientMessages.documentTypeInvalid })
      .nullable()
      .optional()
      .transform((value) => value || null),
    idDocumentNumber: plainText(
      z
        .string({ error: recipientMessages.documentNumberInvalid })
        .trim()
        .max(40, documentNumberMessages.tooLong),
    )
      .refine((value) => value === '' || value.length >= 4, documentNumberMessages.tooShort)
      .nullable()
      .optional()
      .transform((value) => value || null),
  })
  .superRefine((recipient, ctx) => {
    // A value of the wrong type is its own field's error, not a missing half of the pair.
    const type = absentValue(recipient.idDocumentType) ? undefined : recipient.idDocumentType;
    const number = absentValue(recipient.idDocumentNumber) ? undefined : recipient.idDocumentNumber;
    if (type && !number) {
      ctx.addIssue({
        code: 'custom',
        path: ['idDocumentNumber'],
        message: recipientMessages.documentNumberWithType,
      });
    } else if (number && !type) {
      ctx.addIssue({
        code: 'custom',
        path: ['idDocumentType'],
        message: recipientMessages.documentTypeWithNumber,
      });
    }
  }, alongFieldErrors);
export type RecipientInput = z.input<typeof recipientInputSchema>;

/**
 * `POST /transactions/transfer-extern`: `senderId` is the sending person; cash mode leaves out
 * `accountNumber` and then needs a currency.
 */
export const externalTransferInputSchema = z
  .object({
    senderId: z
      .uuid({ error: transactionMessages.senderRequired })
      .max(36, transactionMessages.senderRequired),
    accountNumber: optionalText(accountNumberField()),
    recipient: recipientInputSchema.prefault({} as z.input<typeof recipientInputSchema>),
    currency: optionalText(currencySchema),
    party: partySchema,
    amount: htgAmountSchema(),
    feeVersion: feeVersionField,
  })
  .superRefine((input, ctx) => {
    if (!input.accountNumber && !input.currency) {
      ctx.addIssue({ code: 'custom', path: ['currency'], message: transactionMessages.currencyRequired });
    }
  }, alongFieldErrors)
  .transform(amountInCentimes);
export type ExternalTransferInput = z.input<typeof externalTransferInputSchema>;

/** The identity the recipient presents at payout. */
const payoutRecipientObjectSchema = z.object({
  firstName: requiredText('Le prénom est requis', 50, 'Le prénom'),
  lastName: requiredText('Le nom est requis', 50, 'Le nom'),
  idDocumentType: idDocumentTypeSchema,
  // The card presented: the same rule as every document typed (decision 182); the pay-out's party is built from it.
  idDocumentNumber: documentNumberSchema,
});
export const payoutRecipientSchema = payoutRecipientObjectSchema.prefault(
  {} as z.input<typeof payoutRecipientObjectSchema>,
);

/**
 * The cancellation's body: a teller names the sender from her card, or the sending agent's administrator
 * gives a `reason` for a send from an account; the server says which (decisions 200, 205). A missing body
 * reads as empty.
 */
const cancelTransferBodyObjectSchema = z.object({
  sender: payoutRecipientObjectSchema.optional(),
  reason: plainText(
    z
      .string()
      .trim()
      .min(1, cancelTransferMessages.reasonRequired)
      .max(500, cancelTransferMessages.reasonTooLong),
  ).optional(),
});
export const cancelTransferBodySchema = cancelTransferBodyObjectSchema.prefault(
  {} as z.input<typeof cancelTransferBodyObjectSchema>,
);
export type CancelTransferBody = z.input<typeof cancelTransferBodySchema>;

/** `POST /transactions/receive-transfer`. SPEC §5: the form does not check the amount; the server does when given. */
export const receiveTransferInputSchema = z
  .object({
    transactionNumber: pickUpCodeSchema,
    amount: htgAmountSchema().optional().nullable(),
    recipient: payoutRecipientSchema,
    party: partySchema,
  })
  .transform(({ amount, ...rest }) => ({
    ...rest,
    amountCentimes: amount == null ? amount : htgToCentimes(amount),
  }));
export type ReceiveTransferInput = z.input<typeof receiveTransferInputSchema>;

/** `POST /agents/deposit`: the super administrator funds an agent's float. */
export const agentDepositInputSchema = z
  .object({
    code: requiredText(transactionMessages.agentCodeRequired, 40, "Le code de l'agent"),
    party: partySchema,
    amount: htgAmountSchema(MAX_AGENT_DEPOSIT_HTG),
  })
  .transform(amountInCentimes);
export type AgentDepositInput = z.input<typeof agentDepositInputSchema>;

/** `POST /transactions/search`: the pay-out screen's search, by pick-up code (decision 131). */
export const transactionSearchInputSchema = z.object({ transactionNumber: pickUpCodeSchema });

/**
 * `GET /transactions/history`: the lists' own `page` and `per_page` (DESIGN §6: above 100 lowered, never
 * refused; a page or a size that is not a whole number from 1 refused as every other list refuses it).
 */
export const historyQuerySchema = paginationQuerySchema.extend({
  type: transactionTypeSchema.optional().or(z.literal('').transform(() => undefined)),
  q: z.string().trim().max(100).optional(),
});

/** The most an operation of this type may move: the regulator's cap, or an agent deposit's own. */
export function maxAmountHtgOf(type: QuoteType): number {
  return type === 'agent_deposit' ? MAX_AGENT_DEPOSIT_HTG : MAX_OPERATION_HTG;
}

/**
 * `GET /transactions/fees/quote?type=&amount=`. An amount above the type's cap is refused as the operation
 * would refuse it (400, the amount's message), not priced: a quote never promises what cannot be posted.
 */
export const feeQuoteQuerySchema = z
  .object({
    type: quoteTypeSchema,
    // No cap here: the type's own, below, is the one message an amount too large gets.
    amount: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
      htgAmountSchema(Number.POSITIVE_INFINITY),
    ),
  })
  .superRefine(({ type, amount }, ctx) => {
    const max = maxAmountHtgOf(type);
    if (amount > max) ctx.addIssue({ code: 'custom', path: ['amount'], message: amountMessages.max(max) });
  });
