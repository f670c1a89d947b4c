import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { currencySchema } from '../../accounts.js';
import { htgAmountSchema } from '../../money.js';
import {
  documentNumberMessages,
  idDocumentTypeSchema,
  personFieldsSchema,
  phoneNumberSchema,
} from '../../persons.js';
import { alongFieldErrors } from '../../refine.js';
import { plainText } from '../../text.js';
import { recipientMessages, transactionMessages } from '../messages.js';
import { declareMoneyFlow } from './declaration.js';
import {
  accountNumberField,
  amountInCentimes,
  feeVersionField,
  optionalText,
  partySchema,
} from './fields.js';

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
      .enum([...idDocumentTypeSchema.options, ''], { error: () => recipientMessages.documentTypeInvalid })
      .nullable()
      .optional()
      .transform((value) => value || null),
    idDocumentNumber: plainText(
      z
        .string({ error: () => recipientMessages.documentNumberInvalid })
        .trim()
        .max(40, { error: () => documentNumberMessages.tooLong }),
    )
      .refine((value) => value === '' || value.length >= 4, { error: () => documentNumberMessages.tooShort })
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
      .uuid({ error: () => transactionMessages.senderRequired })
      .max(36, { error: () => transactionMessages.senderRequired }),
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

/** Sent to be paid out in cash by another agent, paid in cash or from an account. */
export const externalTransferDeclaration = declareMoneyFlow('external_transfer', {
  path: '/transactions/transfer-extern',
  input: externalTransferInputSchema,
  success: msg`Transfert externe réalisé avec succès`,
  failure: msg`Échec du transfert externe`,
});
