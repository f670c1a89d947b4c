import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { htgAmountSchema, htgToCentimes } from '../../money.js';
import { pickUpCodeSchema } from '../../numbers.js';
import { documentNumberSchema, idDocumentTypeSchema } from '../../persons.js';
import { translate } from '../../i18n.js';
import { transactionMessages } from '../messages.js';
import { declareMoneyFlow } from './declaration.js';
import { partySchema, requiredText } from './fields.js';

/** The identity the recipient presents at payout. */
export const payoutRecipientObjectSchema = z.object({
  firstName: requiredText(
    () => translate(msg`Le prénom est requis`),
    50,
    (max) => translate(msg`Le prénom ne peut pas dépasser ${max} caractères`),
  ),
  lastName: requiredText(
    () => transactionMessages.partyNameRequired,
    50,
    (max) => transactionMessages.nameTooLong(max),
  ),
  idDocumentType: idDocumentTypeSchema,
  // The card presented: the same rule as every document typed (decision 182); the pay-out's party is built from it.
  idDocumentNumber: documentNumberSchema,
});
export const payoutRecipientSchema = payoutRecipientObjectSchema.prefault(
  {} as z.input<typeof payoutRecipientObjectSchema>,
);

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

/** An external transfer paid out to its recipient. */
export const payoutDeclaration = declareMoneyFlow('external_payout', {
  path: '/transactions/receive-transfer',
  input: receiveTransferInputSchema,
  success: msg`Transfert payé avec succès`,
  failure: msg`Échec du paiement du transfert`,
});
