import { describe, expect, it } from 'vitest';
import {
  generateAccountNumber,
  generateTransactionNumber,
  isValidNumber,
  luhnCheckDigit,
} from '../../src/ledger/numbers.js';

describe('account and transaction numbers', () => {
  it('computes the Luhn check digit of known numbers', () => {
    // 7992739871 → 3 is the textbook example; 4111 1111 1111 111 → 1 is a test card number.
    expect(luhnCheckDigit('7992739871')).toBe(3);
    expect(luhnCheckDigit('411111111111111')).toBe(1);
    expect(isValidNumber('79927398713', 11)).toBe(true);
  });

  it('makes 11-digit account numbers and 12-digit transaction numbers that pass their check', () => {
    for (let i = 0; i < 200; i += 1) {
      const account = generateAccountNumber();
      const transaction = generateTransactionNumber();
      expect(account).toMatch(/^[1-9]\d{10}$/);
      expect(transaction).toMatch(/^[1-9]\d{11}$/);
      expect(isValidNumber(account, 11)).toBe(true);
      expect(isValidNumber(transaction, 12)).toBe(true);
      expect(isValidNumber(account)).toBe(true);
    }
  });

  it('catches every single-digit typo and refuses what is not a number of the right length', () => {
    const number = generateAccountNumber();
    for (let position = 0; position < number.length; position += 1) {
      const digit = Number(number[position]);
      const typo = `${number.slice(0, position)}${(digit + 1) % 10}${number.slice(position + 1)}`;
      expect(isValidNumber(typo)).toBe(false);
    }
    expect(isValidNumber(`${number}0`, 11)).toBe(false);
    expect(isValidNumber('12345')).toBe(false);
    expect(isValidNumber('4821390756a')).toBe(false);
  });

  it('does not repeat itself: 2 000 numbers, 2 000 different ones', () => {
    const numbers = new Set(Array.from({ length: 2000 }, () => generateTransactionNumber()));
    expect(numbers.size).toBe(2000);
  });
});
