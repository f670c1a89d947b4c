import { z } from 'zod';
import { feeQuoteSchema } from './transactions/fees.js';

/** The schema of `ErrorBody`, for the API's declared responses and its OpenAPI description. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  requestId: z
    .string()
    .optional()
    .describe('Référence de la requête, la même que l’en-tête `X-Request-Id` : à citer au support.'),
});

/** The 409 of the pay-out search: a transfer already paid says when (`paidAt`), a cancelled one only that. */
export const transferClosedErrorBodySchema = errorBodySchema.extend({
  paidAt: z
    .string()
    .optional()
    .describe('`TRANSFER_ALREADY_PAID` : date et heure du paiement (ISO 8601). Rien d’autre du transfert.'),
});

/**
 * The 409 of a money call: `FEES_CHANGED` (decision 150) carries the new `quote` for the same type and amount,
 * priced by the version now in force; the other conflicts carry only `{ message, code }`.
 */
export const feesChangedErrorBodySchema = errorBodySchema.extend({
  quote: feeQuoteSchema
    .optional()
    .describe(
      '`FEES_CHANGED` : le nouveau devis (frais, part de l’agent, total, version) pour le même type et montant.',
    ),
});
