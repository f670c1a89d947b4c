import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ageOn, formatDateFr, todayIso } from './dates.js';
import { displayName } from './person-names.js';
import {
  contactMethodLabel,
  documentLabel,
  emailSchema,
  duplicateDocumentMessage,
  duplicateFieldMessage,
  isMaskedDocumentNumber,
  maritalStatusLabel,
  maskDocumentNumber,
  formatPhone,
  normalizePhone,
  phoneStoredForms,
  personInputSchema,
  personViewSchema,
  updatePersonInputSchema,
} from './persons.js';
import { registerInputSchema } from './register.js';

const valid = {
  firstName: 'jean',
  lastName: 'Pierre',
  dob: '1990-05-14',
  gender: 'male',
  country: 'Haïti',
  state: 'Ouest',
  city: 'Pétion-Ville',
  address: '12 rue Grégoire',
  phoneNumber: '+509 3712-3456',
  email: 'jean.pierre@example.ht',
  idDocumentType: 'id_card',
  idDocumentNumber: '003-456-789',
  dateIssued: '2020-01-10',
  expirationDate: '2030-01-10',
  occupation: 'Commerçant',
  maritalStatus: 'married',
  preferredContactMethod: 'sms',
};

function messages(input: unknown): Record<string, string> {
  const result = personInputSchema.safeParse(input);
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('person form (SPEC §5)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // Noon in Port-au-Prince on 22 November 2026.
    vi.setSystemTime(new Date('2026-11-22T17:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('accepts a complete person and fills the defaults', () => {
    const result = personInputSchema.parse(valid);
    expect(result.annualIncome).toBe(0);
    expect(result.consentForMarketing).toBe(false);
    expect(result.preferredLanguage).toBe('fr');
  });

  it('takes a preferred language, French when left out on creation, unchanged when left out on a change', () => {
    expect(personInputSchema.parse({ ...valid, preferredLanguage: 'ht' }).preferredLanguage).toBe('ht');
    expect(messages({ ...valid, preferredLanguage: 'en' })).toEqual({ preferredLanguage: 'Langue invalide' });
    expect(updatePersonInputSchema.parse(valid).preferredLanguage).toBeUndefined();
    expect(updatePersonInputSchema.parse({ ...valid, preferredLanguage: 'ht' }).preferredLanguage).toBe('ht');
    expect(updatePersonInputSchema.safeParse({ ...valid, preferredLanguage: 'HT' }).success).toBe(false);
  });

  it('gives every required field its French message', () => {
    expect(messages({})).toEqual({
      firstName: 'Le prénom est requis',
      lastName: 'Le nom est requis',
      dob: 'La date de naissance est requise',
      gender: 'Le sexe est requis',
      country: 'Le nom du pays doit contenir au moins 2 caractères',
      state: 'Le département est requis',
      city: 'La commune est requise',
      address: "L'adresse doit contenir au moins 5 caractères",
      phoneNumber: 'Le numéro de téléphone est requis',
      email: "L'email est requis",
      idDocumentType: 'Le type de document est requis',
      idDocumentNumber: 'Le numéro de document est requis',
      dateIssued: "La date d'émission est requise",
      expirationDate: "La date d'expiration est requise",
      occupation: 'La profession est requise',
      maritalStatus: 'Le statut matrimonial est requis',
      preferredContactMethod: 'Le moyen de contact préféré est requis',
    });
  });

  it('checks lengths and formats', () => {
    expect(
      messages({
        ...valid,
        firstName: 'J',
        lastName: 'x'.repeat(51),
        phoneNumber: '509-abc',
        email: 'pas-un-email',
        idDocumentNumber: '123',
        address: 'rue',
      }),
    ).toEqual({
      firstName: 'Le prénom doit contenir au moins 2 caractères',
      lastName: 'Le nom ne peut pas dépasser 50 caractères',
      phoneNumber: 'Numéro de téléphone invalide',
      email: 'Email invalide',
      idDocumentNumber: 'Le numéro de document doit contenir au moins 4 caractères',
      address: "L'adresse doit contenir au moins 5 caractères",
    });
    expect(messages({ ...valid, phoneNumber: '+509 123' })).toEqual({
      phoneNumber: 'Le numéro de téléphone doit contenir au moins 8 chiffres',
    });
  });

  it('accepts a customer on the day of the 18th birthday, not the day before', () => {
    expect(todayIso()).toBe('2026-11-22');
    expect(messages({ ...valid, dob: '2008-11-22' })).toEqual({});
    expect(messages({ ...valid, dob: '2008-11-23' })).toEqual({ dob: 'Vous devez avoir au moins 18 ans' });
    expect(messages({ ...valid, dob: '2027-01-01' })).toEqual({
      dob: 'La date de naissance ne peut pas être dans le futur',
    });
  });

  it('uses the day in Haiti, not in UTC', () => {
    // 02:00 UTC on the 23rd is still the 22nd in Port-au-Prince.
    vi.setSystemTime(new Date('2026-11-23T02:00:00Z'));
    expect(todayIso()).toBe('2026-11-22');
    expect(messages({ ...valid, dob: '2008-11-23' })).toEqual({ dob: 'Vous devez avoir au moins 18 ans' });
  });

  it('wants the document to expire after it was issued, and not issued in the future', () => {
    expect(messages({ ...valid, expirationDate: '2020-01-10' })).toEqual({
      expirationDate: "La date d'expiration doit être après la date d'émission",
    });
    expect(messages({ ...valid, dateIssued: '2026-12-01', expirationDate: '2036-12-01' })).toEqual({
      dateIssued: "La date d'émission ne peut pas être dans le futur",
    });
    expect(messages({ ...valid, dob: '1990-02-30' })).toEqual({ dob: 'Date invalide' });
  });

  it("gives the date errors together with every other field's error, on one submit", () => {
    // A form left half-filled: choices still empty, a minor's birth date, dates the wrong way round.
    const halfFilled = {
      ...valid,
      gender: '',
      maritalStatus: undefined,
      email: '',
      dob: '2010-03-01',
      dateIssued: '2027-01-05',
      expirationDate: '2026-01-05',
    };
    expect(messages(halfFilled)).toEqual({
      gender: 'Le sexe est requis',
      maritalStatus: 'Le statut matrimonial est requis',
      email: "L'email est requis",
      dob: 'Vous devez avoir au moins 18 ans',
      dateIssued: "La date d'émission ne peut pas être dans le futur",
      expirationDate: "La date d'expiration doit être après la date d'émission",
    });
    expect(messages({ firstName: 'J', dob: '2030-01-01' })).toMatchObject({
      firstName: 'Le prénom doit contenir au moins 2 caractères',
      dob: 'La date de naissance ne peut pas être dans le futur',
    });
  });

  it('checks the dates of a change too, beside the other errors', () => {
    const result = updatePersonInputSchema.safeParse({ ...valid, phoneNumber: 'abc', dob: '2015-01-01' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['phoneNumber', 'Numéro de téléphone invalide'],
      ['phoneNumber', 'Le numéro de téléphone doit contenir au moins 8 chiffres'],
      ['dob', 'Vous devez avoir au moins 18 ans'],
    ]);
  });

  it('checks each holder of a public registration the same way', () => {
    const result = registerInputSchema.safeParse({
      type: 'current',
      currency: 'HTG',
      persons: [{ ...valid, idDocumentType: undefined, dob: '2012-05-01' }],
    });
    const paths = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(paths).toEqual({
      'persons.0.idDocumentType': 'Le type de document est requis',
      'persons.0.dob': 'Vous devez avoir au moins 18 ans',
    });
  });

  it('does not run the date rules on a body that is not an object', () => {
    expect(personInputSchema.safeParse(null).error?.issues).toHaveLength(1);
  });
});

describe('display helpers (SPEC §3)', () => {
  it('writes names, dates and labels the French way', () => {
    expect(displayName({ firstName: 'jEAN', lastName: 'Pierre-louis' })).toBe('Jean PIERRE-LOUIS');
    expect(formatDateFr('1990-05-14')).toBe('14/05/1990');
    expect(formatDateFr(null)).toBe('Non spécifié');
    // A moment is dated in Haiti: 01:08 UTC on the 5th is 20:08 on the 4th in Port-au-Prince.
    expect(formatDateFr('2026-12-05T01:08:00.000Z')).toBe('04/12/2026');
    expect(formatDateFr('2026-12-05T01:08:00-05:00')).toBe('05/12/2026');
    expect(documentLabel('passport')).toBe('Passeport');
    expect(documentLabel('visa')).toBe('Document non reconnu');
    expect(maritalStatusLabel('widowed')).toBe('Veuf/Veuve');
    expect(maritalStatusLabel(undefined)).toBe('Non spécifié');
    expect(contactMethodLabel('phone')).toBe('Téléphone');
    expect(contactMethodLabel('fax')).toBe('Contact non reconnu');
    expect(duplicateFieldMessage('email')).toBe('Cette adresse e-mail existe déjà');
    expect(duplicateDocumentMessage('passport')).toBe('Ce numéro de passeport existe déjà');
  });

  it('stores one form of a phone number', () => {
    expect(normalizePhone('+509 3712-3456')).toBe('+50937123456');
    expect(normalizePhone('+50937123456')).toBe('+50937123456');
  });

  it('stores a phone number in E.164, Haiti when no prefix is typed (DESIGN §7)', () => {
    expect(normalizePhone('37123456')).toBe('+50937123456');
    expect(normalizePhone('3712-3456')).toBe('+50937123456');
    expect(normalizePhone('0050937123456')).toBe('+50937123456');
    expect(normalizePhone('+33 06 12 34 56 78')).toBe('+33612345678');
    expect(normalizePhone('+1 305 555 0100')).toBe('+13055550100');
    // Any 8 digits are a Haitian number's length (SPEC §5), valid or not.
    expect(normalizePhone('00000000')).toBe('+50900000000');
    // A length no country allows keeps `+` and digits: SPEC §5 accepts it, nothing is refused.
    expect(normalizePhone('612345678')).toBe('612345678');
    expect(normalizePhone('+509 3712 345')).toBe('+5093712345');
  });

  it('finds the forms an earlier build stored for a typed number', () => {
    expect(phoneStoredForms('+509 3712 3456')).toEqual(['+50937123456', '37123456']);
    expect(phoneStoredForms('37123456')).toEqual(['+50937123456', '37123456']);
    expect(phoneStoredForms('+33 6 12 34 56 78')).toEqual(['+33612345678']);
  });

  it('shows a stored phone number in groups, as people read it', () => {
    expect(formatPhone('+50937123456')).toBe('+509 3712 3456');
    expect(formatPhone('37123456')).toBe('3712 3456');
    expect(formatPhone('+13055550100')).toBe('+1 305 555 0100');
    expect(formatPhone('+33612345678')).toBe('+33 6 12 34 56 78');
    // Anything else as stored; nothing for no number.
    expect(formatPhone('+44207946000')).toBe('+44207946000');
    expect(formatPhone('+5093712345')).toBe('+5093712345');
    expect(formatPhone(null)).toBe('');
  });

  it('counts birthdays exactly', () => {
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });
});

describe('masked identities (DESIGN §3)', () => {
  it('keeps the last three characters of a document behind a mask of fixed length', () => {
    expect(maskDocumentNumber('CIN-004123')).toBe('••••••123');
    expect(maskDocumentNumber(' PA12 ')).toBe('••••••A12');
    expect(maskDocumentNumber('AB')).toBe('••••••AB');
    expect(maskDocumentNumber('CIN-004123')).toHaveLength(maskDocumentNumber('X-1234567890123').length);
    expect(isMaskedDocumentNumber('••••••123')).toBe(true);
    expect(isMaskedDocumentNumber('CIN-004123')).toBe(false);
  });

  it('tells a masked person from a whole file, and keeps no KYC field in the masked one', () => {
    const masked = personViewSchema.parse({
      id: 'p1',
      firstName: 'Jean',
      lastName: 'Pierre',
      idDocumentType: 'id_card',
      idDocumentNumber: '••••••123',
      createdAt: '2026-11-01T10:00:00.000Z',
      masked: true,
      canEdit: false,
      canDelete: false,
      dob: '1990-05-14',
      annualIncome: 5000,
    });
    expect(masked).not.toHaveProperty('dob');
    expect(masked).not.toHaveProperty('annualIncome');
    expect(
      personViewSchema.safeParse({ ...valid, id: 'p1', masked: false, canEdit: true, canDelete: true })
        .success,
    ).toBe(false);
  });
});

describe('emailSchema', () => {
  it('holds RFC 5321 lengths: 64 characters before the @, 63 per domain label (decision 234)', () => {
    const accepts = (email: string) => emailSchema.safeParse(email).success;
    expect(accepts(`${'a'.repeat(64)}@exemple.ht`)).toBe(true);
    expect(accepts(`${'a'.repeat(65)}@exemple.ht`)).toBe(false);
    expect(accepts(`paul@${'b'.repeat(63)}.ht`)).toBe(true);
    expect(accepts(`paul@${'b'.repeat(64)}.ht`)).toBe(false);
    expect(accepts('paul@exa-.ht')).toBe(false);
  });
});
