import { z } from 'zod';
import { correctionMessages, correctionStatuses } from './corrections-texts.js';
import { plainText } from './text.js';
import { transactionNumberSchema } from './transactions/inputs.js';
import { transactionTypeSchema } from './transactions/types.js';

// The corrections' schemas (decision 226), apart from their words: the receipt reads those without zod.

export const correctionStatusSchema = z.enum(correctionStatuses);

const reasonSchema = plainText(
  z
    .string({ error: () => correctionMessages.reasonRequired })
    .trim()
    .min(1, { error: () => correctionMessages.reasonRequired })
    .max(500, { error: () => correctionMessages.reasonTooLong }),
);

/** `POST /transactions/{transactionNumber}/corrections`. */
export const correctionRequestInputSchema = z.object({ reason: reasonSchema });
export type CorrectionRequestInput = z.input<typeof correctionRequestInputSchema>;
export const correctionTransactionParamsSchema = z.object({ transactionNumber: transactionNumberSchema });

/** `POST /corrections/{id}/reject`. */
export const correctionRejectInputSchema = z.object({ reason: reasonSchema });

/** `/corrections/{id}/…`: the request. */
export const correctionParamsSchema = z.object({
  id: z.uuid({ error: () => correctionMessages.notFound }).max(36),
});

/** `GET /corrections?status=`. */
export const correctionListQuerySchema = z.object({ status: correctionStatusSchema.optional() });

const userRefSchema = z.object({ username: z.string() });

/** A correction request as the API answers it. */
export const correctionSchema = z.object({
  id: z.uuid(),
  status: correctionStatusSchema,
  transactionNumber: z.string(),
  transactionType: transactionTypeSchema,
  amount: z.number(),
  agent: z.object({ code: z.string(), name: z.string() }),
  reason: z.string(),
  requestedBy: userRefSchema,
  requestedAt: z.string(),
  superAdminRequired: z
    .boolean()
    .describe(
      "Vrai quand un super administrateur doit valider : un dépôt sur agent, ou une demande du seul administrateur de l'agent.",
    ),
  cashMoves: z
    .boolean()
    .describe(
      'Vrai pour un dépôt ou un retrait : la correction est exécutée au guichet, dans une caisse ouverte.',
    ),
  decidedBy: userRefSchema.nullable(),
  decidedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  executedBy: userRefSchema.nullable(),
  executedAt: z.string().nullable(),
  reversalNumber: z
    .string()
    .nullable()
    .describe('Le numéro de la transaction `reversal`, une fois enregistrée.'),
});
export type Correction = z.infer<typeof correctionSchema>;
export const correctionResponseSchema = z.object({ data: correctionSchema });
export const correctionListResponseSchema = z.object({ data: z.array(correctionSchema) });
