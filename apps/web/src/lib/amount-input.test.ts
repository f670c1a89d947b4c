import { describe, expect, it } from 'vitest';
import { AMBIGUOUS_AMOUNT_INPUT, amountMessages, htgAmountSchema } from '@lajan/domain';
import { parseAmountInput, UNREADABLE_AMOUNT } from './amount-input';

describe('parseAmountInput', () => {
  it.each([
    ['1500', 1500],
    ['1 500', 1500],
    ['1 500,50', 1500.5],
    ['1500.50', 1500.5],
    ['1500,5', 1500.5],
    ['0,75', 0.75],
    // A zero before one mark and three digits is a thousandth: no amount groups thousands after a lone zero.
    ['0,001', 0.001],
    ['0.125', 0.125],
    [',75', 0.75],
    ['2.500,00', 2500],
    ['2,500.00', 2500],
    ['1.250.000', 1250000],
    ['1,250,000.50', 1250000.5],
    ['-5', -5],
    ['12.', 12],
  ])('reads %j as %d HTG', (typed, htg) => {
    expect(parseAmountInput(typed)).toBe(htg);
  });

  it.each(['', '   '])('reads %j as no amount (NaN: "requis")', (typed) => {
    expect(parseAmountInput(typed)).toBeNaN();
  });

  it.each(['abc', '2.50.0', '1,2,3', '12,50,00', '1.5,5,0', '+', '.', '25.000,5,0'])(
    'reads %j as something typed that is no amount ("invalide")',
    (typed) => {
      expect(parseAmountInput(typed)).toBe(UNREADABLE_AMOUNT);
      expect(htgAmountSchema().safeParse(parseAmountInput(typed)).error?.issues[0]?.message).toBe(
        'Le montant est invalide',
      );
    },
  );

  // One mark before exactly three digits: thousands or three decimals. Read as thousands, « 100,999 » (a slip
  // in the centimes) posted 100 999 HTG; read as decimals, « 25.000 » posted 25 (decision 194).
  it.each(['25.000', '25,000', '1.500', '100,999', '12,345', '-1,500'])(
    'refuses %j, which reads two ways, and says how to write it',
    (typed) => {
      expect(parseAmountInput(typed)).toBe(AMBIGUOUS_AMOUNT_INPUT);
      expect(htgAmountSchema().safeParse(parseAmountInput(typed)).error?.issues[0]?.message).toBe(
        amountMessages.ambiguous,
      );
    },
  );

  it.each([
    ['1000.555', 1000.555],
    ['1234,567', 1234.567],
  ])(
    'reads %j one way (no thousands group of four digits): three decimals, refused as such',
    (typed, htg) => {
      expect(parseAmountInput(typed)).toBe(htg);
      expect(htgAmountSchema().safeParse(parseAmountInput(typed)).error?.issues[0]?.message).toBe(
        amountMessages.decimals,
      );
    },
  );

  it('keeps a number as it is', () => {
    expect(parseAmountInput(42.5)).toBe(42.5);
  });
});
