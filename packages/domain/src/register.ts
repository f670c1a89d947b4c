import { z } from 'zod';
import { accountTypeSchema, currencySchema } from './accounts.js';
import { personInputSchema } from './persons.js';

/**
 * `POST /auth/register`: a visitor asks for an account (DESIGN §3). The persons come inline; the
 * first is the principal holder. It creates no user and no token.
 */
export const registerInputSchema = z.object({
  type: accountTypeSchema,
  currency: currencySchema,
  persons: z
    .array(personInputSchema, { error: 'Au moins un client doit être sélectionné' })
    .min(1, 'Au moins un client doit être sélectionné')
    .max(5, 'Au plus 5 titulaires par demande'),
});
export type RegisterInput = z.input<typeof registerInputSchema>;
