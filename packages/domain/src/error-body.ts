import { z } from 'zod';

/** The schema of `ErrorBody`, for the API's declared responses and its OpenAPI description. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/** The 409 of the pay-out search: a transfer already paid says when (`paidAt`), a cancelled one only that. */
export const transferClosedErrorBodySchema = errorBodySchema.extend({
  paidAt: z
    .string()
    .optional()
    .describe('`TRANSFER_ALREADY_PAID` : date et heure du paiement (ISO 8601). Rien d’autre du transfert.'),
});
