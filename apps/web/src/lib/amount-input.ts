import { AMBIGUOUS_AMOUNT_INPUT } from '@lajan/domain';

/**
 * Something typed that is no amount ("abc", "2.50.0"): not a finite number, so that the amount schemas call it
 * "Le montant est invalide" (NaN, an empty box, is "requis": a walk-through found "abc" called missing).
 */
export const UNREADABLE_AMOUNT = Number.POSITIVE_INFINITY;

/**
 * A typed amount as HTG ("1 500,50", "2.500,00"); empty is NaN, for the schema's « requis ». A lone mark
 * before exactly three digits reads two ways and is refused (`AMBIGUOUS_AMOUNT_INPUT`): "25.000" read as
 * decimals posted a thousandth of the sum (decision 194).
 */
export function parseAmountInput(raw: unknown): number {
  if (typeof raw === 'number') return raw;
  if (typeof raw !== 'string') return Number.NaN;
  const text = raw.replace(/[\s\u00a0\u202f]/g, '');
  if (text === '') return Number.NaN;
  if (readsTwoWays(text)) return AMBIGUOUS_AMOUNT_INPUT;
  const amount = readAmount(text);
  return Number.isNaN(amount) ? UNREADABLE_AMOUNT : amount;
}

/**
 * One dot or one comma, no other mark, between one to three digits (not a lone zero) and exactly three: a
 * thousands group or three decimals. "1234,567" reads one way (no thousands group has four digits).
 */
function readsTwoWays(text: string): boolean {
  const match = /^[+-]?(\d{1,3})[.,](\d{3})$/.exec(text);
  return match !== null && match[1] !== '0';
}

/** `text` (no spaces, not empty) as HTG, or NaN when it is no amount. */
function readAmount(text: string): number {
  const match = /^([+-]?)([\d.,]*)$/.exec(text);
  if (!match || !/\d/.test(text)) return Number.NaN;
  const [, sign, body] = match as unknown as [string, string, string];
  const lastDot = body.lastIndexOf('.');
  const lastComma = body.lastIndexOf(',');
  let decimalAt = -1;
  if (lastDot >= 0 && lastComma >= 0) decimalAt = Math.max(lastDot, lastComma);
  else {
    const at = Math.max(lastDot, lastComma);
    const mark = body[at];
    // One mark is the decimal mark (one before three digits reads two ways: refused before).
    if (at >= 0 && body.indexOf(mark!) === at) decimalAt = at;
  }
  const whole = decimalAt >= 0 ? body.slice(0, decimalAt) : body;
  const decimals = decimalAt >= 0 ? body.slice(decimalAt + 1) : '';
  if (/[.,]/.test(decimals)) return Number.NaN;
  // Thousands marks, if any, between groups of three digits after a first group of one to three.
  if (/[.,]/.test(whole) && !/^\d{1,3}([.,]\d{3})+$/.test(whole)) return Number.NaN;
  const digits = whole.replace(/[.,]/g, '');
  if (digits === '' && decimals === '') return Number.NaN;
  return Number(`${sign}${digits || '0'}.${decimals || '0'}`);
}
