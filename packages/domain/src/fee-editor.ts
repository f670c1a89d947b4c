import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import {
  AMBIGUOUS_AMOUNT_INPUT,
  amountMessages,
  formatHtg,
  formatWholeHtg,
  hasAtMostTwoDecimals,
  htgToCentimes,
  MAX_OPERATION_HTG,
} from './money.js';
import { texts } from './i18n.js';
import { alongFieldErrors } from './refine.js';
import { feeGroupSchema, feeVersionMessages } from './transactions/index.js';

// An amount, not a text: the same figures in every language (decision 238).
const operationCap = formatWholeHtg(MAX_OPERATION_HTG);

/** The fee editor's refusals (docs/contract-daily.md), worded once for the form and the server. */
export const feeEditorMessages = texts({
  rowsRequired: msg`Au moins une tranche est requise`,
  tooManyRows: msg`50 tranches au plus`,
  valueRequired: msg`La valeur est requise`,
  valueInvalid: msg`La valeur est invalide`,
  negative: msg`La valeur ne peut pas être négative`,
  decimals: msg`La valeur ne peut pas avoir plus de deux décimales`,
  tooLarge: msg`La valeur ne peut pas dépasser ${operationCap}`,
  minPositive: msg`La borne inférieure doit être positive`,
  minAboveMax: msg`La borne supérieure doit être supérieure ou égale à la borne inférieure`,
  shareAboveFee: msg`La part de l'agent ne peut pas dépasser les frais`,
  overlap: (previousMinHtg: number, previousMaxHtg: number) => {
    const min = formatHtg(previousMinHtg);
    const max = formatHtg(previousMaxHtg);
    return msg`Cette tranche chevauche la tranche de ${min} à ${max}`;
  },
  gap: (expectedMinHtg: number) => {
    const min = formatHtg(expectedMinHtg);
    return msg`Cette tranche doit commencer à ${min}, un centime après la fin de la précédente`;
  },
});

export const MAX_FEE_BANDS = 50;

/** ISO 8601 date and time with its offset (`Z` or `±hh:mm`): a moment, whatever the reader's zone. */
const isoWithOffset = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
/** The first moment a version may not take effect at: a date beyond it is a typing mistake. */
export const FEE_VERSION_LATEST_EFFECTIVE_FROM = '2100-01-01T00:00:00Z';

/**
 * When a new version takes effect (decision 150): absent or null is now (the database's now); a given
 * moment must be in the future and before 2100. The server checks "future" again against the database's
 * clock, with the same message.
 */
export const effectiveFromSchema = z
  .string({ error: () => feeVersionMessages.effectiveFromInvalid })
  .max(40, { error: () => feeVersionMessages.effectiveFromInvalid })
  .superRefine((value, ctx) => {
    const at = isoWithOffset.test(value) ? Date.parse(value) : Number.NaN;
    if (Number.isNaN(at)) ctx.addIssue({ code: 'custom', message: feeVersionMessages.effectiveFromInvalid });
    else if (at >= Date.parse(FEE_VERSION_LATEST_EFFECTIVE_FROM))
      ctx.addIssue({ code: 'custom', message: feeVersionMessages.effectiveFromTooLate });
    else if (at <= Date.now())
      ctx.addIssue({ code: 'custom', message: feeVersionMessages.effectiveFromPast });
  })
  .nullable()
  .optional();

/** A value a band may hold: not negative, at most two decimals, at most 100 000 HTG. */
function isBandValue(value: unknown): value is number {
  return typeof value === 'number' && value >= 0 && hasAtMostTwoDecimals(value) && value <= MAX_OPERATION_HTG;
}

/** A value of a band in HTG: present, not negative, at most two decimals, at most 100 000 HTG. */
const bandValueSchema = z
  .number({
    error: (issue) =>
      issue.input === AMBIGUOUS_AMOUNT_INPUT
        ? amountMessages.ambiguous
        : typeof issue.input === 'number' && !Number.isNaN(issue.input)
          ? feeEditorMessages.valueInvalid
          : feeEditorMessages.valueRequired,
  })
  .superRefine((value, ctx) => {
    if (value < 0) ctx.addIssue({ code: 'custom', message: feeEditorMessages.negative });
    else if (!hasAtMostTwoDecimals(value))
      ctx.addIssue({ code: 'custom', message: feeEditorMessages.decimals });
    else if (value > MAX_OPERATION_HTG) ctx.addIssue({ code: 'custom', message: feeEditorMessages.tooLarge });
  });

/** A band whose bounds are usable: the rules between bands look only at these. */
function boundsOf(band: {
  min_amount: unknown;
  max_amount: unknown;
}): { min: number; max: number } | undefined {
  if (!isBandValue(band.min_amount) || !isBandValue(band.max_amount)) return undefined;
  const min = htgToCentimes(band.min_amount);
  const max = htgToCentimes(band.max_amount);
  return min > 0 && min <= max ? { min, max } : undefined;
}

/**
 * One band, bounds inclusive, in HTG (SPEC §3 fee row without its type). Zod runs these checks even when a
 * value is wrong; each looks only at values that are right, so that a cell gets one message, its own.
 */
export const feeBandInputSchema = z
  .object({
    min_amount: bandValueSchema,
    max_amount: bandValueSchema,
    fee: bandValueSchema,
    agent_share: bandValueSchema,
  })
  .superRefine((band, ctx) => {
    if (isBandValue(band.min_amount) && htgToCentimes(band.min_amount) === 0)
      ctx.addIssue({ code: 'custom', path: ['min_amount'], message: feeEditorMessages.minPositive });
    else if (
      isBandValue(band.min_amount) &&
      isBandValue(band.max_amount) &&
      htgToCentimes(band.min_amount) > htgToCentimes(band.max_amount)
    )
      ctx.addIssue({ code: 'custom', path: ['max_amount'], message: feeEditorMessages.minAboveMax });
    if (
      isBandValue(band.fee) &&
      isBandValue(band.agent_share) &&
      htgToCentimes(band.agent_share) > htgToCentimes(band.fee)
    )
      ctx.addIssue({ code: 'custom', path: ['agent_share'], message: feeEditorMessages.shareAboveFee });
  }, alongFieldErrors);
export type FeeBandInput = z.input<typeof feeBandInputSchema>;

/**
 * `PUT /transactions/fees/{type}`: a type's bands as a new version (decision 150). Each band starts one
 * centime after the previous ends, no overlap, no gap; the message goes on the later band's `min_amount`
 * (decision 091).
 */
export const feeScheduleInputSchema = z
  .object({
    rows: z
      .array(feeBandInputSchema, { error: () => feeEditorMessages.rowsRequired })
      .min(1, { error: () => feeEditorMessages.rowsRequired })
      .max(MAX_FEE_BANDS, { error: () => feeEditorMessages.tooManyRows }),
    effective_from: effectiveFromSchema,
  })
  .superRefine(({ rows }, ctx) => {
    if (!Array.isArray(rows)) return;
    const order = rows
      .flatMap((band: unknown, index) => {
        const bounds = typeof band === 'object' && band !== null ? boundsOf(band as FeeBandInput) : undefined;
        return bounds ? [{ index, ...bounds }] : [];
      })
      .sort((a, b) => a.min - b.min || a.index - b.index);
    for (let i = 1; i < order.length; i += 1) {
      const previous = order[i - 1]!;
      const band = order[i]!;
      if (band.min <= previous.max) {
        ctx.addIssue({
          code: 'custom',
          path: ['rows', band.index, 'min_amount'],
          message: feeEditorMessages.overlap(previous.min / 100, previous.max / 100),
        });
      } else if (band.min !== previous.max + 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['rows', band.index, 'min_amount'],
          message: feeEditorMessages.gap((previous.max + 1) / 100),
        });
      }
    }
  }, alongFieldErrors);
export type FeeScheduleInput = z.input<typeof feeScheduleInputSchema>;

/** The answer of the editor: the type's new group, as `GET /transactions/fees` carries it. */
export const feeGroupResponseSchema = z.object({ data: feeGroupSchema });
