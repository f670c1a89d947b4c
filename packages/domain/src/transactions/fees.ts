import { z } from 'zod';
import { CURRENCY } from '../accounts.js';
import { centimesToHtg } from '../money.js';
import type { QuoteType } from './names.js';
import { feeTypeSchema, quoteTypeSchema } from './types.js';

/** A fee row of SPEC §3, in HTG. */
export const feeRowSchema = z.object({
  type: feeTypeSchema,
  min_amount: z.number(),
  max_amount: z.number(),
  fee: z.number(),
  agent_share: z.number(),
});
export type FeeRow = z.infer<typeof feeRowSchema>;
export const feeGroupSchema = z.object({
  type: feeTypeSchema,
  label: z.string(),
  rows: z.array(feeRowSchema),
});
export const feeGroupsResponseSchema = z.object({ data: z.array(feeGroupSchema) });

export const feeQuoteSchema = z.object({
  type: quoteTypeSchema,
  amount: z.number(),
  fee: z.number(),
  agentShare: z.number(),
  total: z.number(),
  currency: z.string(),
});
export type FeeQuote = z.infer<typeof feeQuoteSchema>;
export const feeQuoteResponseSchema = z.object({ data: feeQuoteSchema });

/** The default agent share of a fee (DESIGN §4b): 40 %, rounded down to the centime. */
export function defaultAgentShareCentimes(feeCentimes: number): number {
  return Math.floor((feeCentimes * 40) / 100);
}

/** What a quote answers, from centimes. */
export function feeQuoteOf(
  type: QuoteType,
  amountCentimes: number,
  feeCentimes: number,
  agentShareCentimes: number,
): FeeQuote {
  return {
    type,
    amount: centimesToHtg(amountCentimes),
    fee: centimesToHtg(feeCentimes),
    agentShare: centimesToHtg(agentShareCentimes),
    total: centimesToHtg(amountCentimes + feeCentimes),
    currency: CURRENCY,
  };
}
