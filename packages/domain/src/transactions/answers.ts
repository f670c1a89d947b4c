import { z } from 'zod';
import { payoutLookupSchema } from '../payout.js';
import { transactionSchema } from './transaction.js';

export const transactionResponseSchema = z.object({ data: transactionSchema });
/**
 * `POST /transactions/search`: a pending external transfer answers its pay-out look-up, whoever asks;
 * any other transaction answers whole, to its own agent (the super administrator: all).
 */
export const transactionSearchResponseSchema = z.object({
  data: z.object({ transaction: z.union([payoutLookupSchema, transactionSchema]) }),
});

/**
 * `GET /transactions/by-idempotency-key/{key}` and its `/void`: what became of a key of the signed-in
 * user. `posted` carries the transaction as it was answered the first time; `abandoned`, a key voided.
 * A key never used (or another user's) answers 404 `NOT_FOUND`: the operation is not posted.
 */
export const operationFateSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('posted'), transaction: transactionSchema }),
  z.object({ state: z.literal('abandoned') }),
]);
export type OperationFate = z.infer<typeof operationFateSchema>;
export const operationFateResponseSchema = z.object({ data: operationFateSchema });
