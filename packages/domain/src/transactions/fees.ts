import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { CURRENCY } from '../account-names.js';
import { texts } from '../i18n.js';
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

/**
 * Fee versions (decision 150): each fee type has a chain of versions numbered 1, 2, 3…, each taking effect at
 * `effectiveFrom` (ISO 8601) and never edited. In force: the non-cancelled version with the latest
 * `effectiveFrom` not after the database's now; coming: a non-cancelled one whose time has not come.
 */
export const feeVersionRefSchema = z.object({
  number: z.number().int(),
  effectiveFrom: z.string(),
});
export type FeeVersionRef = z.infer<typeof feeVersionRefSchema>;

/** A version that has not taken effect yet, with its bands (`GET /transactions/fees` groups' `coming`). */
export const comingFeeVersionSchema = feeVersionRefSchema.extend({ rows: z.array(feeRowSchema) });
export type ComingFeeVersion = z.infer<typeof comingFeeVersionSchema>;

/** A group of the fee table: the bands in force (`rows`), their `version`, and the coming versions in date order. */
export const feeGroupSchema = z.object({
  type: feeTypeSchema,
  label: z.string(),
  version: feeVersionRefSchema,
  coming: z.array(comingFeeVersionSchema),
  rows: z.array(feeRowSchema),
});
export type FeeGroup = z.infer<typeof feeGroupSchema>;
export const feeGroupsResponseSchema = z.object({ data: z.array(feeGroupSchema) });

/** Where a version stands: in force now, coming, superseded (past) or cancelled before it took effect. */
export const feeVersionStatuses = ['in_force', 'coming', 'past', 'cancelled'] as const;
export type FeeVersionStatus = (typeof feeVersionStatuses)[number];
export const feeVersionStatusSchema = z.enum(feeVersionStatuses);
export const feeVersionStatusLabels: Readonly<Record<FeeVersionStatus, string>> = texts({
  in_force: msg`En vigueur`,
  coming: msg`À venir`,
  past: msg`Remplacée`,
  cancelled: msg`Annulée`,
});

/** `GET /transactions/fees/{type}/versions`: one version of a type, who made it and when, and its bands. */
export const feeVersionSchema = z.object({
  number: z.number().int(),
  effectiveFrom: z.string(),
  createdAt: z.string(),
  createdBy: z.object({ username: z.string() }).nullable(),
  status: feeVersionStatusSchema,
  cancelledAt: z.string().nullable(),
  rows: z.array(feeRowSchema),
});
export type FeeVersion = z.infer<typeof feeVersionSchema>;
/** Every version of a type, newest first. */
export const feeVersionsResponseSchema = z.object({ data: z.array(feeVersionSchema) });

/** The texts of fee versions (decision 150), worded once for the server and the web. */
export const feeVersionMessages = texts({
  /** A confirmation whose quoted version is no longer in force: 409 `FEES_CHANGED` with the new quote. */
  feesChanged: msg`Les frais ont changé`,
  /** Cancelling a version that is not coming any more: 409 `FEE_VERSION_IN_FORCE`. */
  versionInForce: msg`Cette version est déjà entrée en vigueur : elle ne peut plus être annulée`,
  versionNotFound: msg`Version du barème introuvable`,
  feeVersionInvalid: msg`La version du barème est invalide`,
  effectiveFromInvalid: msg`La date d'entrée en vigueur est invalide`,
  effectiveFromPast: msg`La date d'entrée en vigueur doit être dans le futur`,
  effectiveFromTooLate: msg`La date d'entrée en vigueur doit être antérieure à 2100`,
  /** The quote's discreet mention of the version it was priced with. */
  quoteVersion: (number: number) => msg`Barème n° ${number}`,
  versionNumber: (number: number) => msg`Version n° ${number}`,
  versionCancelled: msg`Version du barème annulée`,
});

export const feeQuoteSchema = z.object({
  type: quoteTypeSchema,
  amount: z.number(),
  fee: z.number(),
  agentShare: z.number(),
  total: z.number(),
  currency: z.string(),
  /** The version that priced it; null for the agent deposit (no fee schedule). */
  feeVersion: feeVersionRefSchema.nullable(),
});
export type FeeQuote = z.infer<typeof feeQuoteSchema>;
export const feeQuoteResponseSchema = z.object({ data: feeQuoteSchema });

/** The default agent share of a fee: 40 %, rounded down to the centime. */
export function defaultAgentShareCentimes(feeCentimes: number): number {
  return Math.floor((feeCentimes * 40) / 100);
}

/** What a quote answers, from centimes. */
export function feeQuoteOf(
  type: QuoteType,
  amountCentimes: number,
  feeCentimes: number,
  agentShareCentimes: number,
  feeVersion: FeeVersionRef | null,
): FeeQuote {
  return {
    type,
    amount: centimesToHtg(amountCentimes),
    fee: centimesToHtg(feeCentimes),
    agentShare: centimesToHtg(agentShareCentimes),
    total: centimesToHtg(amountCentimes + feeCentimes),
    currency: CURRENCY,
    feeVersion,
  };
}
