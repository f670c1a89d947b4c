import { describe, expect, it } from 'vitest';
import {
  accountById,
  accountByNumber,
  accountFoundByFlow,
  refText,
  sameAccount,
} from '../../src/ledger/account-ref.js';
import { refusalFromDatabase } from '../../src/ledger/results.js';

/*
 * Decision 217: an account reference is a tagged union, written in the database's wire form in one place;
 * a refusal from SQL is checked where it comes back.
 */

describe('account references', () => {
  it('tell one account from another by what names it, and write the wire form the ledger functions read', () => {
    expect(sameAccount(accountByNumber('1234567890'), accountByNumber('1234567890'))).toBe(true);
    expect(sameAccount(accountByNumber('1234567890'), accountById('1234567890'))).toBe(false);
    expect(refText(accountById('0193a1b2-0000-7000-8000-000000000001'))).toBe(
      '0193a1b2-0000-7000-8000-000000000001',
    );
    expect(refText(accountByNumber('1234567890'))).toBe('#1234567890');
    expect(refText(accountFoundByFlow('float'))).toBe('@float');
  });
});

describe('refusals from the database', () => {
  it('reads a known refusal and its field, and takes anything else for a fault', () => {
    expect(refusalFromDatabase('AccountNotFound senderAccountNumber')).toEqual({
      refusal: 'AccountNotFound',
      field: 'senderAccountNumber',
    });
    expect(refusalFromDatabase('TransferNotPending')).toEqual({
      refusal: 'TransferNotPending',
      field: undefined,
    });
    expect(() => refusalFromDatabase('NoSuchRefusal amount')).toThrow(/unknown refusal/);
    expect(() => refusalFromDatabase('InsufficientFunds amount extra')).toThrow(/unknown refusal/);
    expect(() => refusalFromDatabase('')).toThrow(/unknown refusal/);
  });

  it('reads a limit reached, its period and figure checked (decision 227)', () => {
    expect(refusalFromDatabase('LimitExceeded day 1250000')).toEqual({
      refusal: 'LimitExceeded',
      field: 'amount',
      limit: { period: 'day', centimes: 1_250_000 },
    });
    expect(refusalFromDatabase('LimitExceeded operation 10000000').limit).toEqual({
      period: 'operation',
      centimes: 10_000_000,
    });
    for (const detail of [
      'LimitExceeded',
      'LimitExceeded week 100',
      'LimitExceeded day',
      'LimitExceeded day -5',
    ])
      expect(() => refusalFromDatabase(detail)).toThrow(/unknown limit/);
    expect(() => refusalFromDatabase('LimitExceeded thirtyDays 12.5')).toThrow(/unknown limit/);
    expect(() => refusalFromDatabase('LimitExceeded day 100 more')).toThrow(/unknown limit/);
  });
});
