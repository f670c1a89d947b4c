import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { CURRENCY } from './account-names.js';
import { texts } from './i18n.js';

// Intl's fr-FR formatter, for the amounts the plain path below does not write (not finite, written with
// an exponent). Built at first need: creating it costs more than the dashboard's whole chart on a
// mid-range phone (decision 152), so the ordinary path does without it and gives the same text.
let htgNumberFormat: Intl.NumberFormat | undefined;

/** "1000000" → "1 000 000": Intl's fr-FR narrow no-break space (U+202F) between the thousands. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
}

/** Intl's fr-FR number with two decimals: `-1 234,50` (narrow no-break spaces between thousands). */
function frenchTwoDecimals(amount: number): string {
  const abs = Math.abs(amount);
  // The shortest decimal that reads back as the number ("1.005"): the one Intl rounds.
  const written = String(abs);
  if (!Number.isFinite(amount) || written.includes('e')) {
    htgNumberFormat ??= new Intl.NumberFormat('fr-FR', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    return htgNumberFormat.format(amount);
  }
  const [whole = '0', fraction = ''] = written.split('.');
  // Half away from zero on the third decimal, as Intl rounds (its default, halfExpand).
  const roundUp = (fraction[2] ?? '0') >= '5';
  const cents = BigInt(whole + fraction.slice(0, 2).padEnd(2, '0')) + (roundUp ? 1n : 0n);
  const units = groupThousands((cents / 100n).toString());
  const decimals = (cents % 100n).toString().padStart(2, '0');
  // Intl keeps the sign of what rounds to zero (-0,00), and of -0.
  const negative = amount < 0 || Object.is(amount, -0);
  return `${negative ? '-' : ''}${units},${decimals}`;
}

/**
 * An HTG amount the French way: "1 500,50 HTG". The thousands separator is the narrow no-break
 * space (U+202F) that Intl's fr-FR gives, and a no-break space (U+00A0) keeps "HTG" on the same
 * line as its number. `amount` is in HTG, as the API speaks it (at most two decimals).
 */
export function formatHtg(amount: number): string {
  return `${frenchTwoDecimals(amount)}\u00a0${CURRENCY}`;
}

/** A difference with its sign: "+1 000,00 HTG", "−600,00 HTG", "0,00 HTG". */
export function formatSignedHtg(amount: number): string {
  return `${amount > 0 ? '+' : amount < 0 ? '−' : ''}${formatHtg(Math.abs(amount))}`;
}

/**
 * True for an amount the API accepts as HTG: finite, with at most two decimals. `19.99 * 100` is
 * not an exact integer in floating point, so "two decimals" means within 1e-6 of a whole centime.
 */
export function hasAtMostTwoDecimals(amountHtg: number): boolean {
  if (!Number.isFinite(amountHtg)) return false;
  const scaled = amountHtg * 100;
  // 4e-9 is within the tolerance of zero centimes, but it is not zero: not an amount in centimes.
  if (amountHtg !== 0 && Math.round(scaled) === 0) return false;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** HTG (as the API speaks it) to integer centimes (as the database keeps them), exactly. */
export function htgToCentimes(amountHtg: number): number {
  if (!hasAtMostTwoDecimals(amountHtg)) {
    throw new RangeError(`not an HTG amount with at most two decimals: ${amountHtg}`);
  }
  const centimes = Math.round(amountHtg * 100);
  // -0 would print as 0 but compares oddly in tests.
  return centimes === 0 ? 0 : centimes;
}

/**
 * Centimes to HTG: the one conversion of every money value read from SQL. PGlite returns a
 * `bigint` column as a number, node-postgres as a string, and `sum()` is a string in both.
 */
export function centimesToHtg(centimes: number | bigint | string): number {
  // An integer below 2^53 divided by 100 is the double nearest the two-decimal value, which
  // JSON.stringify prints as written (1999 → 19.99).
  const amount = centimesFromSql(centimes) / 100;
  return amount === 0 ? 0 : amount;
}

/**
 * The regulator's cap on one mobile-money operation in Haiti; the fee bands end there too.
 */
export const MAX_OPERATION_HTG = 100_000;
/** The largest agent deposit: the super administrator funding an agent's float. */
export const MAX_AGENT_DEPOSIT_HTG = 1_000_000;

/**
 * A whole HTG amount, a limit in a message: 1000000 → "1 000 000 HTG", with formatHtg's spaces (U+202F between
 * the thousands, U+00A0 before HTG), so that a message never breaks a number across two lines.
 */
export function formatWholeHtg(whole: number): string {
  return `${groupThousands(String(whole))}\u00a0${CURRENCY}`;
}

/**
 * What an amount box reads from an entry that reads two ways ("25.000", "100,999": thousands or three
 * decimals): -Infinity, which the amount schemas call ambiguous (decision 194). Never sent: JSON has no
 * -Infinity, and the form refuses it first.
 */
export const AMBIGUOUS_AMOUNT_INPUT = Number.NEGATIVE_INFINITY;

// An amount, not a text: the same figures in every language (decision 238).
const smallestAmount = formatHtg(0.01);

export const amountMessages = texts({
  required: msg`Le montant est requis`,
  positive: msg`Le montant doit être positif`,
  minimum: msg`Le montant doit être d'au moins ${smallestAmount}`,
  invalid: msg`Le montant est invalide`,
  ambiguous: msg`Montant ambigu : pour des milliers, écrivez-les sans point ni virgule (25000 ou 25 000) ; pour des centimes, deux chiffres après la virgule (25,50)`,
  decimals: msg`Le montant ne peut pas avoir plus de deux décimales`,
  max: (maxHtg: number) => {
    const max = formatWholeHtg(maxHtg);
    return msg`Le montant ne peut pas dépasser ${max}`;
  },
});

/**
 * The amount of a money form and of the API: an HTG number, finite, above zero, at most two decimals,
 * at most `maxHtg`. The output stays in HTG, so that the web form sends what the user typed; the server
 * turns it into centimes with `htgToCentimes`.
 */
export function htgAmountSchema(maxHtg: number = MAX_OPERATION_HTG) {
  return z
    .number({
      // NaN (an empty number input) and a missing value are "required"; Infinity (JSON's 1e999) is invalid;
      // -Infinity is an entry that reads two ways (`AMBIGUOUS_AMOUNT_INPUT`).
      error: (issue) =>
        issue.input === AMBIGUOUS_AMOUNT_INPUT
          ? amountMessages.ambiguous
          : typeof issue.input === 'number' && !Number.isNaN(issue.input)
            ? amountMessages.invalid
            : amountMessages.required,
    })
    .superRefine((amount, ctx) => {
      if (amount <= 0) ctx.addIssue({ code: 'custom', message: amountMessages.positive });
      // Below one centime (4e-9 is within the 1e-6 tolerance of a whole centime: zero centimes).
      else if (amount < 0.01) ctx.addIssue({ code: 'custom', message: amountMessages.minimum });
      else if (amount > maxHtg) ctx.addIssue({ code: 'custom', message: amountMessages.max(maxHtg) });
      else if (!hasAtMostTwoDecimals(amount))
        ctx.addIssue({ code: 'custom', message: amountMessages.decimals });
    })
    .meta({
      // The bounds the refinement checks, said in the OpenAPI document (decision 234).
      minimum: 0.01,
      ...(Number.isFinite(maxHtg) ? { maximum: maxHtg } : {}),
      description: 'Montant en HTG, au plus deux décimales.',
    });
}

/**
 * The one reader of money from SQL, in centimes: PGlite returns a `bigint` column as a
 * number, node-postgres as a string, and `sum()` is a `numeric` string in both. Anything that is not a
 * whole number of centimes within JavaScript's safe range is a fault, never rounded.
 */
export function centimesFromSql(value: number | bigint | string | null | undefined): number {
  if (value === null || value === undefined) return 0;
  const centimes = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(centimes))
    throw new RangeError(`not a whole number of centimes: ${String(value)}`);
  return centimes === 0 ? 0 : centimes;
}
