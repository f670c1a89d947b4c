import { z } from 'zod';
import { languages } from '../languages.js';
import { paginationSchema } from '../pagination.js';
import { transactionStatusSchema, transactionTypeSchema } from './types.js';

// A posted transaction and the history's page of them, apart from the other answers (decision 160): the
// dashboard's latest transactions parse their answer with these, and loading them builds no other schema
// (the pay-out look-up, the inputs). The other answers, built on `transactionSchema`, are in answers.ts.

const accountRefSchema = z
  .object({
    accountNumber: z.string(),
    holders: z
      .array(z.object({ firstName: z.string(), lastName: z.string() }))
      .optional()
      .describe(
        "Les titulaires du compte, le principal d'abord : dans l'historique seulement (une ligne trouvée par le nom d'un titulaire dit à qui est le compte).",
      ),
  })
  .nullable();

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
  approvalReason: z
    .string()
    .max(500)
    .optional()
    .describe(
      "Le motif de l'administrateur qui a approuvé l'annulation (décisions 200 et 205) : dans la réponse de l'annulation approuvée seulement.",
    ),
  locked: z
    .boolean()
    .describe(
      'Transfert externe en attente ou expiré bloqué après cinq identifications échouées (décisions 112 et 225) ; faux sinon.',
    ),
  receiptLanguage: z
    .enum(languages)
    .optional()
    .describe(
      'La langue du reçu, celle que préfère le client (décision 237) : le titulaire du compte, l’expéditeur, le bénéficiaire enregistré d’un paiement ; celle du caissier quand aucun client n’est connu.',
    ),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const historyResponseSchema = z.object({
  data: z.array(transactionSchema),
  pagination: paginationSchema,
});
