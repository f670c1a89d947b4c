import { describe, expect, it } from 'vitest';
import {
  amountMessages,
  centimesToHtg,
  formatHtg,
  formatWholeHtg,
  hasAtMostTwoDecimals,
  htgAmountSchema,
  htgToCentimes,
} from './money.js';

describe('formatWholeHtg', () => {
  it('writes a limit with formatHtg’s no-break spaces, so that no message breaks a number across two lines', () => {
    expect(formatWholeHtg(1_000_000)).toBe('1\u202f000\u202f000\u00a0HTG');
    expect(formatWholeHtg(999)).toBe('999\u00a0HTG');
    expect(amountMessages.max(100_000)).toBe('Le montant ne peut pas dépasser 100\u202f000\u00a0HTG');
  });
});

describe('formatHtg', () => {
  it('writes an HTG amount the French way, with Intl’s narrow no-break space between thousands', () => {
    expect(formatHtg(1500.5)).toBe('1\u202f500,50\u00a0HTG');
    expect(formatHtg(1234567.89)).toBe('1\u202f234\u202f567,89\u00a0HTG');
  });

  it('always shows two decimals', () => {
    expect(formatHtg(0)).toBe('0,00\u00a0HTG');
    expect(formatHtg(12)).toBe('12,00\u00a0HTG');
    expect(formatHtg(19.99)).toBe('19,99\u00a0HTG');
  });

  it('keeps the sign of a negative amount (the treasury may go below zero)', () => {
    expect(formatHtg(-250.25)).toBe('-250,25\u00a0HTG');
  });

  it('gives exactly what Intl’s fr-FR formatter gives, rounding and signs included', () => {
    const intl = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const amounts = [
      0,
      -0,
      1,
      0.1 + 0.2,
      1.005,
      2.675,
      999.995,
      -0.004,
      -0.005,
      0.125,
      1e-7,
      -1e-7,
      1e21,
      -1e21,
    ];
    amounts.push(
      Number.MAX_SAFE_INTEGER,
      12_345_678_901.25,
      Number.NaN,
      Infinity,
      -Infinity,
      100_000,
      1_000_000,
    );
    for (let cents = -250_000; cents <= 250_000; cents += 997) amounts.push(cents / 100);
    let seed = 7;
    for (let i = 0; i < 2000; i += 1) {
      seed = (seed * 48271) % 2147483647;
      amounts.push(((seed % 2_000_000_000) - 1_000_000_000) / 1000);
    }
    for (const amount of amounts)
      expect(formatHtg(amount), String(amount)).toBe(`${intl.format(amount)}\u00a0HTG`);
  });

  it('reads as "1 500,50 HTG" once the special spaces are shown as plain ones', () => {
    expect(formatHtg(1500.5).replace(/[\u202f\u00a0]/g, ' ')).toBe('1 500,50 HTG');
  });
});

describe('htgToCentimes and centimesToHtg', () => {
  it('keeps amounts with two decimals exactly, 19.99 included', () => {
    expect(htgToCentimes(19.99)).toBe(1999);
    expect(htgToCentimes(0.1 + 0.2)).toBe(30);
    expect(htgToCentimes(100_000)).toBe(10_000_000);
    expect(centimesToHtg(1999)).toBe(19.99);
  });

  it('refuses more than two decimals and what is not a finite number', () => {
    expect(hasAtMostTwoDecimals(1.005)).toBe(false);
    expect(hasAtMostTwoDecimals(Number.NaN)).toBe(false);
    expect(hasAtMostTwoDecimals(Number.POSITIVE_INFINITY)).toBe(false);
    expect(() => htgToCentimes(1.001)).toThrow(RangeError);
  });

  it('reads centimes as PGlite (number) and node-postgres (string) give them', () => {
    expect(centimesToHtg('150050')).toBe(1500.5);
    expect(centimesToHtg(150050n)).toBe(1500.5);
    expect(centimesToHtg('0')).toBe(0);
    expect(centimesToHtg(-2525)).toBe(-25.25);
    expect(() => centimesToHtg('12.5')).toThrow(RangeError);
  });
});

describe('htgAmountSchema', () => {
  function firstMessage(input: unknown, max?: number): string | undefined {
    return htgAmountSchema(max).safeParse(input).error?.issues[0]?.message;
  }

  it('refuses an amount below one centime, which would round to zero centimes, in French', () => {
    for (const amount of [4e-9, 1e-7, 0.004, 0.005, 0.009, Number.MIN_VALUE]) {
      expect(firstMessage(amount)).toBe(amountMessages.minimum);
    }
    expect(amountMessages.minimum).toBe("Le montant doit être d'au moins 0,01\u00a0HTG");
  });

  it('accepts one centime and refuses zero, -0, negatives, NaN, infinities and too many decimals', () => {
    expect(firstMessage(0.01)).toBeUndefined();
    expect(firstMessage(19.99)).toBeUndefined();
    expect(firstMessage(0)).toBe(amountMessages.positive);
    expect(firstMessage(-0)).toBe(amountMessages.positive);
    expect(firstMessage(-5)).toBe(amountMessages.positive);
    expect(firstMessage(Number.NaN)).toBe(amountMessages.required);
    expect(firstMessage(Number.POSITIVE_INFINITY)).toBe(amountMessages.invalid);
    expect(firstMessage(1.001)).toBe(amountMessages.decimals);
    expect(firstMessage(1e308)).toBe(amountMessages.max(100_000));
    expect(firstMessage('100')).toBe(amountMessages.required);
  });
});

describe('hasAtMostTwoDecimals', () => {
  it('refuses a value that is not zero but rounds to zero centimes, so that no schema turns it into 0', () => {
    expect(hasAtMostTwoDecimals(4e-9)).toBe(false);
    expect(hasAtMostTwoDecimals(-4e-9)).toBe(false);
    expect(() => htgToCentimes(4e-9)).toThrow(RangeError);
    expect(hasAtMostTwoDecimals(0)).toBe(true);
    expect(hasAtMostTwoDecimals(-0)).toBe(true);
    expect(hasAtMostTwoDecimals(0.01)).toBe(true);
  });
});
