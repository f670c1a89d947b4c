import { describe, expect, it } from 'vitest';
import {
  isPayoutLookup,
  type PayoutLookup,
  maskedName,
  payoutLookupSchema,
  sameDocument,
  sameName,
} from './payout.js';
import { transactionSearchResponseSchema } from './transactions/index.js';

describe('sameName: the pay-out name check (decision 112)', () => {
  it.each([
    ['Jean-Baptiste DUPONT', 'jean baptiste dupont'],
    ['Jean-Baptiste DUPONT', 'DUPONT Jean Baptiste'],
    ['Paul Délice', 'PAUL DELICE'],
    ['Paul Délice', '  paul   délice '],
    ['Élise Saint-Fleur', 'elise saint fleur'],
    ["Marie D'Haïti", 'marie d haiti'],
    ['Wideline Jean-Louis', 'JEAN LOUIS Wideline'],
  ])('%s is %s', (a, b) => {
    expect(sameName(a, b)).toBe(true);
    expect(sameName(b, a)).toBe(true);
  });

  it.each([
    ['Paul Délice', 'Pierre Délice'],
    ['Paul Délice', 'Paul Délices'],
    ['Paul Délice', 'Paul'],
    ['Paul Délice', 'Paul Délice Jean'],
    ['Jean Jean Paul', 'Jean Paul Paul'],
    ['Paul Délice', 'PaulDélice'],
    ['', ''],
    ['---', '   '],
  ])('%s is not %s', (a, b) => {
    expect(sameName(a, b)).toBe(false);
  });
});

describe('sameDocument', () => {
  it('ignores case, spaces, hyphens and dots', () => {
    expect(sameDocument('NIF-778899', 'nif 778 899')).toBe(true);
    expect(sameDocument('PP.4471203', 'pp4471203')).toBe(true);
  });

  it('refuses another number, and an empty one', () => {
    expect(sameDocument('NIF-778899', 'NIF-778898')).toBe(false);
    expect(sameDocument('', '')).toBe(false);
    expect(sameDocument(null, '-')).toBe(false);
  });
});

describe('maskedName', () => {
  it('shows the initials of the first and last names, never their length', () => {
    expect(maskedName('Paul', 'Délice')).toBe('P. D.');
    expect(maskedName('élise', 'saint-fleur')).toBe('É. S.');
    expect(maskedName('Jean-Baptiste', 'Dupont')).toBe(maskedName('J', 'D'));
  });
});

describe('the search answer', () => {
  const lookup: PayoutLookup = {
    transactionNumber: '123456789012',
    type: 'external_transfer',
    amount: 1000,
    fee: 65,
    currency: 'HTG',
    status: 'pending',
    createdAt: '2026-05-04T10:00:00.000Z',
    agent: { code: 'PAP01', name: 'Kay Lajan' },
    recipientMaskedName: 'P. D.',
    locked: false,
  };

  it('keeps nothing of an identity file a look-up would be given', () => {
    const encoded = transactionSearchResponseSchema.encode({
      data: {
        transaction: {
          ...lookup,
          recipient: { firstName: 'Paul', lastName: 'Délice', dob: '1985-06-01' },
          sender: { firstName: 'Marie' },
        } as PayoutLookup,
      },
    });
    expect(encoded.data.transaction).toEqual(lookup);
    expect(isPayoutLookup(encoded.data.transaction)).toBe(true);
    expect(payoutLookupSchema.safeParse({ ...lookup, status: 'completed' }).success).toBe(false);
  });
});
