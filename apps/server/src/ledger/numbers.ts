import { randomInt } from 'node:crypto';
import { ACCOUNT_NUMBER_LENGTH, luhnCheckDigit, TRANSACTION_NUMBER_LENGTH } from '@lajan/domain';

// The check digit is the domain's, so that the web checks a typed number as the server does.
export { luhnCheckDigit };

/**
 * Account and transaction numbers (decision 131): CSPRNG digits and a Luhn check digit, random because a
 * transaction number is a pick-up code and must tell nothing of another. Uniqueness is the database's
 * (`accounts_account_number_key`, `transactions_number_key`); callers retry on a collision.
 */
/** The digits before the check digit; the lengths are the domain's. */
export const ACCOUNT_NUMBER_PAYLOAD_DIGITS = ACCOUNT_NUMBER_LENGTH - 1;
export const TRANSACTION_NUMBER_PAYLOAD_DIGITS = TRANSACTION_NUMBER_LENGTH - 1;

/**
 * True when `value` is all digits, of `length` if given (otherwise of an account's or a
 * transaction's length), and its last digit is the Luhn check digit of the others.
 */
export function isValidNumber(value: string, length?: number): boolean {
  if (!/^\d+$/.test(value)) return false;
  if (
    length !== undefined
      ? value.length !== length
      : value.length !== ACCOUNT_NUMBER_LENGTH && value.length !== TRANSACTION_NUMBER_LENGTH
  ) {
    return false;
  }
  return luhnCheckDigit(value.slice(0, -1)) === Number(value.at(-1));
}

function randomDigits(count: number): string {
  // The first digit is never 0, so that a number read as a number keeps its length.
  let digits = String(randomInt(1, 10));
  while (digits.length < count) digits += String(randomInt(0, 10));
  return digits;
}

function withCheckDigit(payload: string): string {
  return `${payload}${luhnCheckDigit(payload)}`;
}

/** 10 random digits and a check digit: `48213907561`. */
export function generateAccountNumber(): string {
  return withCheckDigit(randomDigits(ACCOUNT_NUMBER_PAYLOAD_DIGITS));
}

/** 11 random digits and a check digit: `730519284416`. */
export function generateTransactionNumber(): string {
  return withCheckDigit(randomDigits(TRANSACTION_NUMBER_PAYLOAD_DIGITS));
}
