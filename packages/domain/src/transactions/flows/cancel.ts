import { z } from 'zod';
import { plainText } from '../../text.js';
import { transactionNumberSchema } from '../inputs.js';
import { cancelTransferMessages } from '../messages.js';
import { declareMoneyFlow } from './declaration.js';
import { payoutRecipientObjectSchema } from './payout.js';

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
      .min(1, { error: () => cancelTransferMessages.reasonRequired })
      .max(500, { error: () => cancelTransferMessages.reasonTooLong }),
  ).optional(),
});
export const cancelTransferBodySchema = cancelTransferBodyObjectSchema.prefault(
  {} as z.input<typeof cancelTransferBodyObjectSchema>,
);
export type CancelTransferBody = z.input<typeof cancelTransferBodySchema>;

/** `POST /transactions/{transactionNumber}/cancel`: the transfer it cancels, from the path. */
export const cancelTransferParamsSchema = z.object({ transactionNumber: transactionNumberSchema });

/** A pending external transfer cancelled: recorded as `external_refund`; its input is the body. */
export const refundDeclaration = declareMoneyFlow('external_refund', {
  path: '/transactions/:transactionNumber/cancel',
  input: cancelTransferBodySchema,
  success: () => cancelTransferMessages.success,
  failure: () => cancelTransferMessages.failure,
});
