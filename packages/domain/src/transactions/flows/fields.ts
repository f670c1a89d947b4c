import { z } from 'zod';
import { htgToCentimes } from '../../money.js';
import { documentNumberSchema, idDocumentTypeSchema } from '../../persons.js';
import { plainText } from '../../text.js';
import { feeVersionMessages } from '../fees.js';
import { transactionMessages } from '../messages.js';

// The fields the money flows' inputs share.

/** A text required and at most `max` long; its messages read when it parses (decision 236). */
export function requiredText(message: () => string, max: number, tooLong: (max: number) => string) {
  return plainText(
    z
      .string({ error: message })
      .trim()
      .min(1, { error: message })
      .max(max, { error: () => tooLong(max) }),
  );
}

/** `''` (an emptied optional input) reads as absent. */
export function optionalText<T extends z.ZodType>(schema: T) {
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
  name: requiredText(
    () => transactionMessages.partyNameRequired,
    101,
    (max) => transactionMessages.nameTooLong(max),
  ),
  idDocumentType: idDocumentTypeSchema,
  idDocumentNumber: documentNumberSchema,
});
// A missing party is checked as an empty one, so that each of its fields gets its own message.
export const partySchema = partyObjectSchema.prefault({} as z.input<typeof partyObjectSchema>);
export type Party = z.infer<typeof partySchema>;

export function accountNumberField() {
  return z
    .string({ error: () => transactionMessages.accountNumberRequired })
    .trim()
    .min(1, { error: () => transactionMessages.accountNumberRequired })
    .max(30, { error: () => transactionMessages.accountNumberInvalid })
    .regex(/^\d{1,30}$/, { error: () => transactionMessages.accountNumberInvalid });
}

/**
 * A money call's amount is read once: the wire's `amount` in HTG, checked, comes out as
 * `amountCentimes`, and the output has no `amount`. The OpenAPI request bodies are the schemas' input,
 * so the API still speaks HTG; the web posts the input it checked.
 */
export function amountInCentimes<T extends { amount: number }>({
  amount,
  ...rest
}: T): Omit<T, 'amount'> & { amountCentimes: number } {
  return { ...rest, amountCentimes: htgToCentimes(amount) };
}

/**
 * The fee version the confirmation quoted (decision 150), optional: when given and no longer in force at
 * posting, the operation is refused 409 `FEES_CHANGED` with the new quote, and nothing is written.
 */
export const feeVersionField = z
  .number({ error: () => feeVersionMessages.feeVersionInvalid })
  .int({ error: () => feeVersionMessages.feeVersionInvalid })
  .min(1, { error: () => feeVersionMessages.feeVersionInvalid })
  .optional();
