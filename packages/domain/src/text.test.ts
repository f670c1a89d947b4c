import { describe, expect, it } from 'vitest';
import { rejectAccountRequestInputSchema } from './accounts.js';
import { agentSearchInputSchema, createAgentInputSchema } from './agents.js';
import { personInputSchema } from './persons.js';
import { isPlainText, PLAIN_TEXT_PATTERN, textMessages } from './text.js';
import {
  agentDepositInputSchema,
  receiveTransferInputSchema,
  depositInputSchema,
  recipientInputSchema,
} from './transactions/index.js';
import { updateUserInputSchema } from './users.js';
import type { z } from 'zod';

/** What a name field must never let through, each in the middle of a word (trim only takes the ends). */
const forbidden: Record<string, string> = {
  'line feed': '\n',
  'carriage return': '\r',
  tab: '\t',
  'vertical tab': '\v',
  escape: '\u001b',
  delete: '\u007f',
  'C1 next line': '\u0085',
  'C1 control': '\u009b',
  'left-to-right mark': '\u200e',
  'right-to-left mark': '\u200f',
  'arabic letter mark': '\u061c',
  'left-to-right embedding': '\u202a',
  'right-to-left override': '\u202e',
  'first strong isolate': '\u2068',
  'pop directional isolate': '\u2069',
  'zero-width space': '\u200b',
  'zero-width joiner': '\u200d',
  'word joiner': '\u2060',
  'byte-order mark': '\ufeff',
  'line separator': '\u2028',
  'paragraph separator': '\u2029',
  'lone surrogate': '\ud800',
};

describe('isPlainText', () => {
  it.each(Object.entries(forbidden))('refuses a %s', (_label, character) => {
    expect(isPlainText(`Je${character}an`)).toBe(false);
  });

  it('accepts French and Haitian names, addresses and punctuation', () => {
    for (const text of [
      'Jean-Éric',
      "Marie-Ange D'Haïti",
      'Œuvre Çà ñ ü',
      '12, rue Grégoire (2e étage) #4 / B',
      'Pétion-Ville',
      'Commerçant·e',
      '1 500,50\u00a0HTG',
    ]) {
      expect(isPlainText(text)).toBe(true);
    }
  });

  it('is what PLAIN_TEXT_PATTERN says for every character of the Basic Multilingual Plane', () => {
    const pattern = new RegExp(PLAIN_TEXT_PATTERN, 'u');
    const disagreements: string[] = [];
    for (let code = 0; code <= 0xffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const text = `Je${String.fromCharCode(code)}an`;
      if (pattern.test(text) !== isPlainText(text)) disagreements.push(code.toString(16));
    }
    expect(disagreements).toEqual([]);
    // The ends `trim()` takes are accepted by both.
    expect(pattern.test(' \tJean\u2028')).toBe(true);
    expect(pattern.test('Je\tan')).toBe(false);
  });
});

function messagesOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

const person = {
  firstName: 'Jean',
  lastName: 'Pierre',
  dob: '1990-05-14',
  gender: 'male',
  country: 'Haïti',
  state: 'Ouest',
  city: 'Pétion-Ville',
  address: '12 rue Grégoire',
  postalCode: 'HT6110',
  phoneNumber: '+509 3712-3456',
  email: 'jean.pierre@example.ht',
  idDocumentType: 'id_card',
  idDocumentNumber: '003-456-789',
  dateIssued: '2020-01-10',
  expirationDate: '2030-01-10',
  occupation: 'Commerçant',
  maritalStatus: 'married',
  partner: 'Marie Pierre',
  mother: 'Rose Pierre',
  preferredContactMethod: 'sms',
};
const party = { name: 'Jean Pierre', idDocumentType: 'id_card', idDocumentNumber: '003-456-789' };

/** Each schema, a valid input, and the dot paths of its free-text fields. */
const cases: { schema: string; parse: z.ZodType; valid: Record<string, unknown>; fields: string[] }[] = [
  {
    schema: 'a person',
    parse: personInputSchema,
    valid: person,
    fields: [
      'firstName',
      'lastName',
      'country',
      'state',
      'city',
      'address',
      'postalCode',
      'idDocumentNumber',
      'occupation',
      'partner',
      'mother',
    ],
  },
  {
    schema: 'an agent',
    parse: createAgentInputSchema,
    valid: {
      name: 'Boutik Jean',
      address: '12 rue Grégoire',
      email: 'boutik@example.ht',
      phone: '+509 3712-3456',
      type: 'Business',
      username: 'boutik.jean',
      personIds: ['1'],
    },
    fields: ['name', 'address'],
  },
  { schema: 'an agent search', parse: agentSearchInputSchema, valid: { code: 'AG-1' }, fields: ['code'] },
  {
    schema: 'a user’s contact',
    parse: updateUserInputSchema,
    valid: { address: '12 rue Grégoire', city: 'Jacmel', state: 'Sud-Est' },
    fields: ['address', 'city', 'state'],
  },
  {
    schema: 'a rejection reason',
    parse: rejectAccountRequestInputSchema,
    valid: { reason: 'Pièce illisible' },
    fields: ['reason'],
  },
  {
    schema: 'an agent deposit',
    parse: agentDepositInputSchema,
    valid: { code: 'AG-1', party, amount: 100 },
    fields: ['code', 'party.name', 'party.idDocumentNumber'],
  },
  {
    schema: 'a deposit',
    parse: depositInputSchema,
    valid: { accountNumber: '1234', party, amount: 100 },
    fields: ['party.name', 'party.idDocumentNumber'],
  },
  {
    schema: 'the recipient of an external transfer',
    parse: recipientInputSchema,
    valid: person,
    fields: ['firstName', 'lastName', 'idDocumentNumber'],
  },
  {
    schema: 'a payout',
    parse: receiveTransferInputSchema,
    valid: {
      transactionNumber: '123456789015',
      recipient: {
        firstName: 'Rose',
        lastName: 'Pierre',
        idDocumentType: 'id_card',
        idDocumentNumber: '123-4',
      },
      party,
    },
    fields: ['recipient.firstName', 'recipient.lastName', 'recipient.idDocumentNumber', 'party.name'],
  },
];

function withField(input: Record<string, unknown>, path: string, value: string): Record<string, unknown> {
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  if (rest.length === 0) return { ...input, [head]: value };
  return { ...input, [head]: withField(input[head] as Record<string, unknown>, rest.join('.'), value) };
}

function fieldValue(input: Record<string, unknown>, path: string): string {
  return path
    .split('.')
    .reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], input) as string;
}

describe('every name, address and free-text field', () => {
  for (const { schema, parse, valid, fields } of cases) {
    describe(schema, () => {
      it('is valid as given (the cases below change one field only)', () => {
        expect(messagesOf(parse, valid)).toEqual({});
      });

      it.each(fields)('refuses a line break, a tab or a bidirectional override in %s, in French', (field) => {
        const original = fieldValue(valid, field);
        for (const character of ['\n', '\t', '\u202e', '\u2066', '\u200b', '\u0085']) {
          const value = `${original.slice(0, 2)}${character}${original.slice(2)}`;
          expect(messagesOf(parse, withField(valid, field, value))).toEqual({
            [field]: [textMessages.forbiddenCharacters],
          });
        }
      });

      it.each(fields)('only trims a line break at either end of %s', (field) => {
        const original = fieldValue(valid, field);
        expect(messagesOf(parse, withField(valid, field, `\n${original}\r\n`))).toEqual({});
      });
    });
  }
});
