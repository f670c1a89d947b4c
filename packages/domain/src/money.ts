import { CURRENCY } from './accounts.js';

// Built once: an Intl formatter is costly to create and this one is used on every row of a list.
const htgNumberFormat = new Intl.NumberFormat('fr-FR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * An HTG amount the French way: "1 500,50 HTG". The thousands separator is the narrow no-break
 * space (U+202F) that Intl's fr-FR gives, and a no-break space (U+00A0) keeps "HTG" on the same
 * line as its number. `amount` is in HTG, as the API speaks it (at most two decimals).
 */
export function formatHtg(amount: number): string {
  return `${htgNumberFormat.format(amount)}\u00a0${CURRENCY}`;
}
