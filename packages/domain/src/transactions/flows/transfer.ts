import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { htgAmountSchema } from '../../money.js';
import { alongFieldErrors, filledText } from '../../refine.js';
import { transactionMessages } from '../messages.js';
import { declareMoneyFlow } from './declaration.js';
import { accountNumberField, amountInCentimes, feeVersionField, partySchema } from './fields.js';

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

/** Between two customer accounts. */
export const transferDeclaration = declareMoneyFlow('transfer', {
  path: '/transactions/transfer',
  input: transferInputSchema,
  success: msg`Transfert réalisé avec succès`,
  failure: msg`Échec du transfert`,
});
