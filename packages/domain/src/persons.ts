import { z } from 'zod';
import { ageOn, isIsoDate, todayIso } from './dates.js';
import { plainText } from './text.js';

export const MIN_AGE_YEARS = 18;

export const genderSchema = z.enum(['male', 'female'], { error: 'Sexe invalide' });
export const idDocumentTypeSchema = z.enum(['id_card', 'passport', 'driving_license'], {
  error: 'Le type de document est requis',
});
export const maritalStatusSchema = z.enum(['single', 'married', 'divorced', 'widowed'], {
  error: 'Statut matrimonial invalide',
});
export const contactMethodSchema = z.enum(['email', 'phone', 'sms'], {
  error: 'Méthode de contact invalide',
});
export type Gender = z.infer<typeof genderSchema>;
export type IdDocumentType = z.infer<typeof idDocumentTypeSchema>;
export type MaritalStatus = z.infer<typeof maritalStatusSchema>;
export type ContactMethod = z.infer<typeof contactMethodSchema>;

export const genderLabels: Record<Gender, string> = { male: 'Homme', female: 'Femme' };

/** The form's document choice (SPEC §2 "Register-client screen"). */
export const idDocumentChoiceLabels: Record<IdDocumentType, string> = {
  id_card: "Carte d'identite",
  passport: 'passport',
  driving_license: 'Permis de conduire',
};

export const phonePrefixes = [
  { prefix: '+509', label: '+509 (Haïti)' },
  { prefix: '+1', label: '+1 (US)' },
  { prefix: '+33', label: '+33 (France)' },
] as const;

/** SPEC §3 display labels. */
export function documentLabel(type: string | null | undefined): string {
  switch (type) {
    case 'id_card':
      return "Carte d'identité";
    case 'passport':
      return 'Passeport';
    case 'driving_license':
      return 'Permis de conduire';
    default:
      return 'Document non reconnu';
  }
}

export function maritalStatusLabel(status: string | null | undefined): string {
  switch (status) {
    case 'single':
      return 'Célibataire';
    case 'married':
      return 'Marié(e)';
    case 'divorced':
      return 'Divorcé(e)';
    case 'widowed':
      return 'Veuf/Veuve';
    default:
      return 'Non spécifié';
  }
}

export function contactMethodLabel(method: string | null | undefined): string {
  switch (method) {
    case 'email':
      return 'Email';
    case 'phone':
      return 'Téléphone';
    case 'sms':
      return 'SMS';
    default:
      return 'Contact non reconnu';
  }
}

/** "Jean DUPONT": first name capitalised, last name in upper case. */
export function displayName(person: { firstName?: string | null; lastName?: string | null }): string {
  const first = (person.firstName ?? '').trim();
  const last = (person.lastName ?? '').trim();
  const capitalised = first
    ? first.charAt(0).toLocaleUpperCase('fr-FR') + first.slice(1).toLocaleLowerCase('fr-FR')
    : '';
  return [capitalised, last.toLocaleUpperCase('fr-FR')].filter(Boolean).join(' ');
}

/** One normal form for phone numbers: `+` and digits ("+509 3712-3456" → "+50937123456"). */
export function normalizePhone(value: string): string {
  const trimmed = value.trim();
  const digits = trimmed.replace(/\D/g, '');
  return trimmed.startsWith('+') ? `+${digits}` : digits;
}

const phonePattern = /^\+?[\d\s-]+$/;

function requiredText(required: string) {
  return plainText(z.string({ error: required }).trim().min(1, required));
}

function name(label: 'Le prénom' | 'Le nom') {
  return plainText(
    z
      .string({ error: `${label} est requis` })
      .trim()
      .min(1, `${label} est requis`)
      .min(2, `${label} doit contenir au moins 2 caractères`)
      .max(50, `${label} ne peut pas dépasser 50 caractères`),
  );
}

function isoDate(required: string) {
  return z.string({ error: required }).trim().min(1, required).refine(isIsoDate, 'Date invalide');
}

export const phoneNumberSchema = z
  .string({ error: 'Le numéro de téléphone est requis' })
  .trim()
  .min(1, 'Le numéro de téléphone est requis')
  .regex(phonePattern, 'Numéro de téléphone invalide')
  .refine(
    (v) => v.replace(/\D/g, '').length >= 8,
    'Le numéro de téléphone doit contenir au moins 8 chiffres',
  );

export const emailSchema = z
  .string({ error: "L'email est requis" })
  .trim()
  .min(1, "L'email est requis")
  .max(254, 'Email invalide')
  .email('Email invalide');

/** The person fields of SPEC §5, before the cross-field rules. */
export const personFieldsSchema = z.object({
  firstName: name('Le prénom'),
  lastName: name('Le nom'),
  dob: isoDate('La date de naissance est requise'),
  gender: genderSchema,
  country: plainText(
    z
      .string({ error: 'Le nom du pays doit contenir au moins 2 caractères' })
      .trim()
      .min(2, 'Le nom du pays doit contenir au moins 2 caractères')
      .max(80, 'Le nom du pays ne peut pas dépasser 80 caractères'),
  ),
  state: requiredText("L'état est requis").max(80, "L'état ne peut pas dépasser 80 caractères"),
  city: requiredText('La ville est requise').max(80, 'La ville ne peut pas dépasser 80 caractères'),
  address: plainText(
    z
      .string({ error: "L'adresse doit contenir au moins 5 caractères" })
      .trim()
      .min(5, "L'adresse doit contenir au moins 5 caractères")
      .max(200, "L'adresse ne peut pas dépasser 200 caractères"),
  ),
  postalCode: plainText(z.string().trim().max(20, 'Code postal invalide')).optional().nullable(),
  phoneNumber: phoneNumberSchema,
  email: emailSchema,
  idDocumentType: idDocumentTypeSchema,
  idDocumentNumber: plainText(
    z
      .string({ error: 'Le numéro de document est requis' })
      .trim()
      .min(1, 'Le numéro de document est requis')
      .min(4, 'Le numéro de document doit contenir au moins 4 caractères')
      .max(40, 'Le numéro de document ne peut pas dépasser 40 caractères'),
  ),
  dateIssued: isoDate("La date d'émission est requise"),
  expirationDate: isoDate("La date d'expiration est requise"),
  occupation: requiredText('La profession est requise').max(
    100,
    'La profession ne peut pas dépasser 100 caractères',
  ),
  annualIncome: z.number({ error: 'Revenu annuel invalide' }).min(0, 'Revenu annuel invalide').default(0),
  maritalStatus: maritalStatusSchema,
  partner: plainText(z.string().trim().max(100)).optional().nullable(),
  mother: plainText(z.string().trim().max(100)).optional().nullable(),
  preferredContactMethod: contactMethodSchema,
  consentForMarketing: z.boolean({ error: 'Valeur invalide' }).default(false),
});

type PersonFields = z.infer<typeof personFieldsSchema>;

/** The date rules of SPEC §5, checked against today's date in Haiti. */
function checkPersonDates(
  person: Pick<PersonFields, 'dob' | 'dateIssued' | 'expirationDate'>,
  ctx: z.RefinementCtx,
) {
  const today = todayIso();
  if (isIsoDate(person.dob)) {
    if (person.dob > today) {
      ctx.addIssue({
        code: 'custom',
        path: ['dob'],
        message: 'La date de naissance ne peut pas être dans le futur',
      });
    } else if (ageOn(person.dob, today) < MIN_AGE_YEARS) {
      ctx.addIssue({ code: 'custom', path: ['dob'], message: 'Vous devez avoir au moins 18 ans' });
    }
  }
  if (isIsoDate(person.dateIssued) && person.dateIssued > today) {
    ctx.addIssue({
      code: 'custom',
      path: ['dateIssued'],
      message: "La date d'émission ne peut pas être dans le futur",
    });
  }
  if (
    isIsoDate(person.dateIssued) &&
    isIsoDate(person.expirationDate) &&
    person.expirationDate <= person.dateIssued
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['expirationDate'],
      message: "La date d'expiration doit être après la date d'émission",
    });
  }
}

/** `POST /persons`, `PUT /persons/{id}`, the register-client form and the recipient form. */
export const personInputSchema = personFieldsSchema.superRefine(checkPersonDates);
export type PersonInput = z.input<typeof personInputSchema>;
export type PersonData = z.output<typeof personInputSchema>;

/** A person as the API answers it. */
export const personSchema = personFieldsSchema.extend({
  id: z.string(),
  postalCode: z.string().nullable(),
  partner: z.string().nullable(),
  mother: z.string().nullable(),
  createdAt: z.string(),
});
export type Person = z.infer<typeof personSchema>;

/** The uniqueness checks of SPEC §5: "<field> existe déjà" and the document message. */
export const uniquePersonFields = ['email', 'phoneNumber'] as const;
export type UniquePersonField = (typeof uniquePersonFields)[number];
export const checkUniqueInputSchema = z.object({
  field: z.enum(uniquePersonFields, { error: 'Champ invalide' }),
  value: z.string({ error: 'Valeur requise' }).trim().min(1, 'Valeur requise'),
});
export function duplicateFieldMessage(field: string): string {
  return `${field} existe déjà`;
}
export function duplicateDocumentMessage(type: string): string {
  return `Ce numero ${type} existe deja existe déjà`;
}

/** What a list of holders or owners needs of a person (client list, account holders). */
export const personSummarySchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  idDocumentType: z.string(),
  idDocumentNumber: z.string(),
});
export type PersonSummary = z.infer<typeof personSummarySchema>;

/** SPEC §8 success message of `POST /persons`. */
export const personMessages = { created: 'Personne enregistrée avec succès' } as const;
