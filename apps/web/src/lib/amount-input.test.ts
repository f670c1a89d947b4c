import { describe, expect, it } from 'vitest';
import { htgAmountSchema } from '@lajan/domain';
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
    ['25.000', 25000],
    ['25,000', 25000],
    ['1.500', 1500],
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

  it.each(['abc', '2.50.0', '1,2,3', '12,50,00', '1.5,5,0', '+', '.', '25.000,5,0', '1000.555'])(
    'reads %j as something typed that is no amount ("invalide")',
    (typed) => {
      expect(parseAmountInput(typed)).toBe(UNREADABLE_AMOUNT);
      expect(htgAmountSchema().safeParse(parseAmountInput(typed)).error?.issues[0]?.message).toBe(
        'Le montant est invalide',
      );
    },
  );

  it('keeps a number as it is', () => {
    expect(parseAmountInput(42.5)).toBe(42.5);
  });
});
