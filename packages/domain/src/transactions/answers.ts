import { z } from 'zod';
import { paginationSchema } from '../pagination.js';
import { payoutLookupSchema } from '../payout.js';
import { transactionStatusSchema, transactionTypeSchema } from './types.js';

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
  /** The number of the fee version it was charged with (decision 150); null for unbanded types and older rows. */
  feeVersion: z.number().int().nullable(),
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

export const historyResponseSchema = z.object({
  data: z.array(transactionSchema),
  pagination: paginationSchema,
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
