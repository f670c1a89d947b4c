import { describe, expect, it } from 'vitest';
import { groupDigits } from './digit-groups.js';
import {
  hasValidCheckDigit,
  luhnCheckDigit,
  normalizeTransactionNumber,
  pickUpCodeMessages,
  pickUpCodeProblem,
  pickUpCodeSchema,
} from './numbers.js';
import { receiveTransferInputSchema, transactionSearchInputSchema } from './transactions/index.js';

// 11 digits and their Luhn digit: 5 3 4 5 6 8 3 8 2 9 2 → 1.
const code = '534568382921';

describe('the check digit', () => {
  it('is the Luhn digit of the payload', () => {
    expect(luhnCheckDigit('7992739871')).toBe(3);
    expect(luhnCheckDigit('53456838292')).toBe(1);
    expect(hasValidCheckDigit(code)).toBe(true);
    expect(hasValidCheckDigit('79927398713')).toBe(true);
  });

  it('catches every single-digit typo and the swap of two neighbouring digits (but 0 and 9)', () => {
    for (let i = 0; i < code.length; i += 1) {
      for (let digit = 0; digit <= 9; digit += 1) {
        if (String(digit) === code[i]) continue;
        const typo = `${code.slice(0, i)}${digit}${code.slice(i + 1)}`;
        expect(hasValidCheckDigit(typo)).toBe(false);
      }
    }
    for (let i = 0; i < code.length - 1; i += 1) {
      const [a, b] = [code[i] ?? '', code[i + 1] ?? ''];
      if (a === b || `${a}${b}` === '09' || `${a}${b}` === '90') continue;
      const swapped = `${code.slice(0, i)}${b}${a}${code.slice(i + 2)}`;
      expect(hasValidCheckDigit(swapped)).toBe(false);
    }
  });

  it('refuses what is not digits', () => {
    expect(hasValidCheckDigit('')).toBe(false);
    expect(hasValidCheckDigit('5')).toBe(false);
    expect(hasValidCheckDigit('53456838292a')).toBe(false);
  });
});

describe('the pick-up code as typed', () => {
  it('is read with spaces, dashes or none', () => {
    for (const typed of [
      code,
      '534 568 382 921',
      '5345-6838-2921',
      ' 534\u00a0568\u202f382 921 ',
      '534–568—382-921',
    ]) {
      expect(normalizeTransactionNumber(typed)).toBe(code);
      expect(pickUpCodeSchema.parse(typed)).toBe(code);
      expect(pickUpCodeProblem(typed)).toBeNull();
    }
  });

  it('is grouped by three, as printed', () => {
    expect(groupDigits(code)).toBe('534 568 382 921');
    expect(pickUpCodeMessages.qrLabel(code)).toBe('QR code du code de retrait 534 568 382 921');
  });

  it('says "Code invalide : vérifiez les chiffres" as soon as twelve digits fail the check, not before', () => {
    expect(pickUpCodeProblem('534 568 382 92')).toBeNull();
    expect(pickUpCodeProblem('534 568 382 922')).toBe('Code invalide : vérifiez les chiffres');
    expect(pickUpCodeProblem('534 568 382 9211')).toBe('Code invalide : vérifiez les chiffres');
    expect(pickUpCodeProblem('534 568 38a')).toBe('Code invalide : vérifiez les chiffres');
    expect(pickUpCodeProblem('   ')).toBeNull();
  });

  it('is refused by the schema with the field’s own words', () => {
    const messageOf = (value: unknown) => pickUpCodeSchema.safeParse(value).error?.issues[0]?.message;
    expect(messageOf(undefined)).toBe('Le code de retrait est requis');
    expect(messageOf(' - ')).toBe('Le code de retrait est requis');
    expect(messageOf('534 568 382')).toBe('Le code de retrait contient 12 chiffres');
    expect(messageOf('534 568 382 922')).toBe('Code invalide : vérifiez les chiffres');
    expect(messageOf('534.568.382.921')).toBe('Code invalide : vérifiez les chiffres');
  });

  it('is what the pay-out search and the pay-out take, normalised', () => {
    expect(transactionSearchInputSchema.parse({ transactionNumber: '534-568-382-921' })).toEqual({
      transactionNumber: code,
    });
    const payout = receiveTransferInputSchema.parse({
      transactionNumber: '534 568 382 921',
      recipient: {
        firstName: 'Paul',
        lastName: 'Délice',
        idDocumentType: 'id_card',
        idDocumentNumber: 'NIF-1234',
      },
      party: { name: 'Paul Délice', idDocumentType: 'id_card', idDocumentNumber: 'NIF-1234' },
    });
    expect(payout.transactionNumber).toBe(code);
  });

  it('words the closed transfers', () => {
    expect(pickUpCodeMessages.alreadyPaid('2026-03-12T18:05:00.000Z')).toBe(
      'Ce transfert a déjà été payé le 12/03/2026 14:05',
    );
  });
});
