import { z } from 'zod';
import { amountMessages, htgAmountSchema, MAX_AGENT_DEPOSIT_HTG, MAX_OPERATION_HTG } from '../money.js';
import { pickUpCodeSchema } from '../numbers.js';
import { paginationQuerySchema } from '../pagination.js';
import { transactionMessages } from './messages.js';
import type { QuoteType } from './names.js';
import { quoteTypeSchema, transactionTypeSchema } from './types.js';

// The inputs of the calls that are not money flows; a flow's input is in its file of `flows/`.

export const transactionNumberSchema = z
  .string({ error: () => transactionMessages.transactionNumberRequired })
  .trim()
  .min(1, { error: () => transactionMessages.transactionNumberRequired })
  .max(30, { error: () => transactionMessages.transactionNumberInvalid })
  .regex(/^\d{1,30}$/, { error: () => transactionMessages.transactionNumberInvalid })
  .meta({ examples: ['534568382921'] });

/** `POST /transactions/search`: the pay-out screen's search, by pick-up code (decision 131). */
export const transactionSearchInputSchema = z.object({ transactionNumber: pickUpCodeSchema });

/**
 * `GET /transactions/history`: the lists' own `page` and `per_page` (DESIGN §6: above 100 lowered, never
 * refused; a page or a size that is not a whole number from 1 refused as every other list refuses it).
 */
export const historyQuerySchema = paginationQuerySchema.extend({
  type: transactionTypeSchema.optional().or(z.literal('').transform(() => undefined)),
  q: z.string().trim().max(100).optional(),
});

/** The most an operation of this type may move: the regulator's cap, or an agent deposit's own. */
export function maxAmountHtgOf(type: QuoteType): number {
  return type === 'agent_deposit' ? MAX_AGENT_DEPOSIT_HTG : MAX_OPERATION_HTG;
}

/**
 * `GET /transactions/fees/quote?type=&amount=`. An amount above the type's cap is refused as the operation
 * would refuse it (400, the amount's message), not priced: a quote never promises what cannot be posted.
 */
export const feeQuoteQuerySchema = z
  .object({
    type: quoteTypeSchema,
    // No cap here: the type's own, below, is the one message an amount too large gets.
    amount: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
      htgAmountSchema(Number.POSITIVE_INFINITY),
    ),
  })
  .superRefine(({ type, amount }, ctx) => {
    const max = maxAmountHtgOf(type);
    if (amount > max) ctx.addIssue({ code: 'custom', path: ['amount'], message: amountMessages.max(max) });
  });
