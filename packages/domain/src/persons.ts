import { z } from 'zod';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { ageOn, isIsoDate, todayIso } from './dates.js';
import { plainText } from './text.js';
import { alongFieldErrors } from './refine.js';
import { languageOrDefaultSchema, languageSchema } from './language-schemas.js';

export const MIN_AGE_YEARS = 18;

/**
 * A choice among `values`: nothing chosen is « … requis », another value « … invalide » (SPEC §5 called an
 * empty choice invalid; a walk-through read « Sexe invalide » under a field left empty). Each message names
 * the field by its label.
 */
function choiceSchema<const Values extends readonly [string, ...string[]]>(
  values: Values,
  messages: { required: string; invalid: string },
) {
  return z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? messages.required
        : messages.invalid,
  });
}

export const genderSchema = choiceSchema(['male', 'female'], {
  required: 'Le sexe est requis',
  invalid: 'Sexe invalide',
});
export const idDocumentTypeSchema = z.enum(['id_card', 'passport', 'driving_license'], {
  error: 'Le type de document est requis',
});
export const maritalStatusSchema = choiceSchema(['single', 'married', 'divorced', 'widowed'], {
  required: 'Le statut matrimonial est requis',
  invalid: 'Statut matrimonial invalide',
});
export const contactMethodSchema = choiceSchema(['email', 'phone', 'sms'], {
  required: 'Le moyen de contact préféré est requis',
  invalid: 'Moyen de contact invalide',
});
export type Gender = z.infer<typeof genderSchema>;
export type IdDocumentType = z.infer<typeof idDocumentTypeSchema>;
export type MaritalStatus = z.infer<typeof maritalStatusSchema>;
export type ContactMethod = z.infer<typeof contactMethodSchema>;

export const genderLabels: Record<Gender, string> = { male: 'Homme', female: 'Femme' };

/** The form's document choice. */
export const idDocumentChoiceLabels: Record<IdDocumentType, string> = {
  id_card: "Carte d'identité",
  passport: 'Passeport',
  driving_license: 'Permis de conduire',
};

export const phonePrefixes = [
  { prefix: '+509', label: '+509 (Haïti)' },
  { prefix: '+1', label: '+1 (États-Unis)' },
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

/** The country of a phone number typed without its prefix. */
export const DEFAULT_PHONE_COUNTRY = 'HT';

/**
 * A phone's one stored form, E.164 with Haiti's +509 by default (decision 204). Only the length is checked,
 * and a number no country allows keeps `+` and its digits, so nothing the spec's form accepts is refused.
 */
export function normalizePhone(value: string): string {
  const parsed = parsePhoneNumberFromString(value.trim(), DEFAULT_PHONE_COUNTRY);
  if (parsed?.isPossible()) return parsed.number;
  return earlierPhoneForm(value);
}

/** The normal form before decision 204: `+` and digits, no country added ("3712-3456" → "37123456"). */
function earlierPhoneForm(value: string): string {
  const trimmed = value.trim();
  const digits = trimmed.replace(/\D/g, '');
  return trimmed.startsWith('+') ? `+${digits}` : digits;
}

/**
 * Every stored form a typed number may match: its E.164 form, and the forms an earlier build stored that
 * migration 0036 left for an administrator to review ("+50937123456" also finds a kept "37123456").
 */
export function phoneStoredForms(value: string): string[] {
  const normal = normalizePhone(value);
  const forms = [normal, earlierPhoneForm(value)];
  if (/^\+509\d{8}$/.test(normal)) forms.push(normal.slice(4));
  return [...new Set(forms)];
}

/**
 * A stored phone number as people read it: "+509 3712 3456" for a Haitian mobile, "3712 3456" without the
 * prefix, "+1 305 555 0100" for the United States and Canada, "+33 6 12 34 56 78" for France; any other
 * number as stored. Display only: the stored form stays `normalizePhone`'s.
 */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const haiti = /^(\+509)?(\d{4})(\d{4})$/.exec(value);
  if (haiti) return [haiti[1], haiti[2], haiti[3]].filter(Boolean).join(' ');
  const northAmerica = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(value);
  if (northAmerica) return `+1 ${northAmerica.slice(1).join(' ')}`;
  const france = /^\+33(\d)(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (france) return `+33 ${france.slice(1).join(' ')}`;
  return value;
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
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(10, 'Date invalide')
    .refine(isIsoDate, 'Date invalide')
    .meta({ format: 'date' });
}

export const phoneNumberSchema = z
  .string({ error: 'Le numéro de téléphone est requis' })
  .trim()
  .min(1, 'Le numéro de téléphone est requis')
  .max(30, 'Numéro de téléphone invalide')
  .regex(phonePattern, 'Numéro de téléphone invalide')
  .refine(
    (v) => v.replace(/\D/g, '').length >= 8,
    'Le numéro de téléphone doit contenir au moins 8 chiffres',
  );

/**
 * An address as the OpenAPI document's `format: email` reads it (ajv-formats' "full" rule), with RFC 5321's
 * lengths that Schemathesis's validator also holds: 64 characters before the `@`, 63 per domain label
 * (decisions 198, 234). Zod's own rule let `paul@exa-.ht` through, then answered it against its schema.
 */
export const EMAIL_PATTERN =
  /^(?=[^@]{1,64}@)[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

export const emailSchema = z
  .string({ error: "L'email est requis" })
  .trim()
  .min(1, "L'email est requis")
  .max(254, 'Email invalide')
  .email({ pattern: EMAIL_PATTERN, error: 'Email invalide' });

/** The person fields of SPEC §5, before the cross-field rules. */

/**
 * An identity document's number, wherever one is typed (a person's file, the person at the counter): SPEC §5's
 * "Document number minimum 4", so that a counter cannot record "X" as the card it saw.
 */
export const documentNumberMessages = {
  required: 'Le numéro de document est requis',
  tooShort: 'Le numéro de document doit contenir au moins 4 caractères',
  tooLong: 'Le numéro de document ne peut pas dépasser 40 caractères',
} as const;
export const documentNumberSchema = plainText(
  z
    .string({ error: documentNumberMessages.required })
    .trim()
    .min(1, documentNumberMessages.required)
    .min(4, documentNumberMessages.tooShort)
    .max(40, documentNumberMessages.tooLong),
);

/**
 * A document number looked up in a path (the searches and the uniqueness check): any length a card may have,
 * said in French when it is empty or too long rather than in zod's words.
 */
export const documentLookupNumberSchema = z
  .string()
  .trim()
  .min(1, documentNumberMessages.required)
  .max(40, documentNumberMessages.tooLong);
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
  // Named by their labels, « Département » and « Commune » (SPEC §5 said « L'état », « La ville »).
  state: requiredText('Le département est requis').max(
    80,
    'Le département ne peut pas dépasser 80 caractères',
  ),
  city: requiredText('La commune est requise').max(80, 'La commune ne peut pas dépasser 80 caractères'),
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
  idDocumentNumber: documentNumberSchema,
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
  /** The language of her receipts and e-mails, whatever the teller's screen speaks (decision 237). */
  preferredLanguage: languageOrDefaultSchema,
});

/**
 * The date rules of SPEC §5, checked against today's date in Haiti. They run beside the fields' own
 * errors (`alongFieldErrors`): a date is looked at only once it is a real date.
 */
export function checkPersonDates(person: unknown, ctx: z.RefinementCtx) {
  const { dob, dateIssued, expirationDate } = person as Partial<Record<DateField, unknown>>;
  const today = todayIso();
  const date = (value: unknown) => (typeof value === 'string' && isIsoDate(value) ? value : undefined);
  const birth = date(dob);
  const issued = date(dateIssued);
  const expiry = date(expirationDate);
  if (birth) {
    if (birth > today) {
      ctx.addIssue({
        code: 'custom',
        path: ['dob'],
        message: 'La date de naissance ne peut pas être dans le futur',
      });
    } else if (ageOn(birth, today) < MIN_AGE_YEARS) {
      ctx.addIssue({ code: 'custom', path: ['dob'], message: 'Vous devez avoir au moins 18 ans' });
    }
  }
  if (issued && issued > today) {
    ctx.addIssue({
      code: 'custom',
      path: ['dateIssued'],
      message: "La date d'émission ne peut pas être dans le futur",
    });
  }
  if (issued && expiry && expiry <= issued) {
    ctx.addIssue({
      code: 'custom',
      path: ['expirationDate'],
      message: "La date d'expiration doit être après la date d'émission",
    });
  }
}

type DateField = 'dob' | 'dateIssued' | 'expirationDate';

/** `POST /persons`, `PUT /persons/{id}`, the register-client form and the recipient form. */
export const personInputSchema = personFieldsSchema.superRefine(checkPersonDates, alongFieldErrors);
export type PersonInput = z.input<typeof personInputSchema>;
export type PersonData = z.output<typeof personInputSchema>;

/** A person as the API answers it. */
export const personSchema = personFieldsSchema.extend({
  id: z.string(),
  postalCode: z.string().nullable(),
  partner: z.string().nullable(),
  mother: z.string().nullable(),
  preferredLanguage: languageSchema,
  createdAt: z.string(),
});
export type Person = z.infer<typeof personSchema>;

/** The uniqueness checks of SPEC §5 ("<field> existe déjà" and the document message), naming the field by its label. */
export const uniquePersonFields = ['email', 'phoneNumber'] as const;
export type UniquePersonField = (typeof uniquePersonFields)[number];
export const checkUniqueInputSchema = z.object({
  field: z.enum(uniquePersonFields, { error: 'Champ invalide' }),
  value: z.string({ error: 'Valeur requise' }).trim().min(1, 'Valeur requise').max(254, 'Valeur trop longue'),
});
/**
 * The answer of the persons' uniqueness checks: `exists`, and the holder's `id` only to who may change it, for
 * a link to its file beside « … existe déjà » (decision 214).
 */
export const uniqueCheckAnswerSchema = z.object({ exists: z.boolean(), id: z.string().optional() });
export type UniqueCheckAnswer = z.infer<typeof uniqueCheckAnswerSchema>;
/** The field of a uniqueness message, by its label with its article ("Ce numéro de téléphone"). */
const uniqueFieldSubjects: Record<UniquePersonField | 'username', string> = {
  email: 'Cette adresse e-mail',
  phoneNumber: 'Ce numéro de téléphone',
  username: "Ce nom d'utilisateur",
};
/** "Ce numéro de téléphone existe déjà": SPEC §5's "<field> existe déjà", the field named by its label. */
export function duplicateFieldMessage(field: UniquePersonField | 'username'): string {
  return `${uniqueFieldSubjects[field]} existe déjà`;
}
/** "Ce numéro de carte d'identité existe déjà": SPEC §5's "Ce numero <type> existe deja existe déjà", in French. */
export function duplicateDocumentMessage(type: string): string {
  const label = type in idDocumentChoiceLabels ? documentLabel(type).toLocaleLowerCase('fr-FR') : 'document';
  return `Ce numéro de ${label} existe déjà`;
}

/**
 * What a list of holders or owners needs of a person (client list, account holders). Its document
 * number is masked (`maskDocumentNumber`) for whoever may not read the person's file.
 */
export const personSummarySchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  idDocumentType: z.string(),
  idDocumentNumber: z.string(),
});
export type PersonSummary = z.infer<typeof personSummarySchema>;

/** What a masked document number shows: its last characters only. */
export const DOCUMENT_VISIBLE_CHARACTERS = 3;
const DOCUMENT_MASK = '••••••';

/**
 * "CIN-004123" → "••••••123". The mask has a fixed length, so that it does not tell the number's
 * length either.
 */
export function maskDocumentNumber(number: string): string {
  const trimmed = number.trim();
  return `${DOCUMENT_MASK}${trimmed.slice(-DOCUMENT_VISIBLE_CHARACTERS)}`;
}

/** Whether a document number is a masked one (as the API answers it to an agent without access). */
export function isMaskedDocumentNumber(number: string): boolean {
  return number.startsWith(DOCUMENT_MASK);
}

/**
 * A person as an agent without access to its file sees it: name, document type and
 * masked number; no birth date, income, address, phone, e-mail nor any other KYC field.
 */
export const maskedPersonSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  idDocumentType: idDocumentTypeSchema,
  idDocumentNumber: z.string(),
  createdAt: z.string(),
  masked: z.literal(true),
  /** Whether the caller may change this person. */
  canEdit: z.boolean(),
  /**
   * Whether the caller may delete it now: it may change it, and nothing refers to it yet (no account held, no
   * agent owned, no user, no transfer sent). Otherwise the delete would be refused (409).
   */
  canDelete: z.boolean(),
});
export type MaskedPerson = z.infer<typeof maskedPersonSchema>;

/** The whole file, for the agent that registered the person or holds one of its accounts, and the super administrator. */
export const fullPersonSchema = personSchema.extend({
  masked: z.literal(false),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  /**
   * Whether a user (a login) stands behind the person, told only to who may change it (decision 214): who may
   * create a user on it learns at the pick, not after the last step, that it already has one.
   */
  hasUser: z.boolean().optional(),
});
export type FullPerson = z.infer<typeof fullPersonSchema>;

/** A person as the persons routes answer it: the whole file, or its masked summary. */
export const personViewSchema = z.discriminatedUnion('masked', [fullPersonSchema, maskedPersonSchema]);
export type PersonView = z.infer<typeof personViewSchema>;

/**
 * `PUT /persons/{id}`: the form, and the current password when one changes the e-mail of one's own person. A
 * preferred language left out keeps the stored one: a client that does not know it yet resets nothing (decision 237).
 */
export const updatePersonInputSchema = personFieldsSchema
  .extend({ current_password: z.string().max(200).optional(), preferredLanguage: languageSchema.optional() })
  .superRefine(checkPersonDates, alongFieldErrors);
export type UpdatePersonInput = z.output<typeof updatePersonInputSchema>;

/** SPEC §8 success message of `POST /persons`, and French versions of its person messages. */
export const personMessages = {
  created: 'Personne enregistrée avec succès',
  /** The registration's next step, offered in its toast (decision 211). */
  openAccountFor: (name: string) => `Ouvrir un compte pour ${name}`,
  updated: 'Personne modifiée avec succès',
  deleted: 'Personne supprimée avec succès',
  deleteConfirmTitle: 'Supprimer cette personne ?',
  deleteConfirm: (name: string) =>
    `${name} sera supprimé(e) définitivement. Aucun compte, agent, utilisateur ni transfert ne s'y rapporte.`,
  notFound: 'Aucune personne trouvée',
  /** /person without its user's storage key (the server does not answer, decision 202). */
  draftNotKept: "Le serveur ne répond pas : le brouillon n'est pas gardé sur cet appareil cette fois.",
  referenced: 'Cette personne est liée à un compte ou à un utilisateur',
  /** Beside « … existe déjà », to who may change the person holding it (decision 214). */
  existingPersonLink: 'Voir la personne déjà enregistrée',
  /** A person behind a user or an agent, or registered at another agent: not the caller's to change. */
  changeForbidden:
    "Vous ne pouvez pas modifier cette personne : elle relève d'un autre agent ou d'un utilisateur que vous ne gérez pas.",
  deleteForbidden:
    "Vous ne pouvez pas supprimer cette personne : elle relève d'un autre agent ou d'un utilisateur que vous ne gérez pas.",
} as const;

/**
 * What a person search takes, and what the search modal says. The label is
 * shown above the field, not as its placeholder: a 360 px field cut it.
 */
export const personSearchTexts = {
  label: 'Nom, pièce, téléphone ou e-mail',
  termRequired: 'Saisissez un nom, un numéro de pièce, un téléphone ou un e-mail',
  heading: 'Résultat de la recherche',
  nothingYet: 'Aucune recherche effectuée',
  noResult: (term: string) => `Pas de résultat pour ${term}`,
  registerNew: 'Enregistrer un nouveau client',
  /** As many results as a search answers: there may be more, which only a closer term finds. */
  firstOnly: (count: number) =>
    `Seuls les ${count} premiers résultats sont affichés : précisez la recherche (nom complet, numéro de pièce ou téléphone).`,
} as const;

/** The persons list (/persons). */
export const personsListTexts = {
  title: 'Personnes',
  empty: 'Aucune personne à afficher',
  // True of another agent's customer and of one's own agent's staff alike (decision 111).
  masked: 'Fiche complète réservée à qui la gère',
  /** A file read whole that the user may not change: the person of a user or of an agent's owner. */
  readOnly: 'Modification réservée à qui la gère',
  edit: 'Modifier',
  delete: 'Supprimer',
  add: 'Enregistrer un client',
  /** The name of its paging, read by assistive technology. */
  pages: 'Pages des personnes',
} as const;

/** SPEC §8's "Failed to update person", "Failed to delete person", "Failed to fetch persons list", in French. */
export const personFailureMessages = {
  update: 'Échec de la modification de la personne',
  delete: 'Échec de la suppression de la personne',
  list: 'Échec du chargement de la liste des personnes',
  read: 'Échec du chargement de la personne',
} as const;

/** The most numbers `GET /persons/phone-reviews` lists at once (decision 204). */
export const PHONE_REVIEWS_MAX = 10_000;

/**
 * `GET /persons/phone-reviews` (decision 204): a person's number that migration 0036 kept in its earlier
 * form because another person holds its E.164 form; listed while the person's number is still that one.
 */
export const phoneReviewSchema = z.object({
  personId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** As stored, the earlier form ("37123456"). */
  phoneNumber: z.string(),
  /** The E.164 form another person holds ("+50937123456"). */
  normalForm: z.string(),
  /** Who holds it, if anyone still does. */
  heldBy: z.object({ personId: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
});
export type PhoneReview = z.infer<typeof phoneReviewSchema>;

export const phoneReviewTexts = {
  title: 'Numéros de téléphone à revoir',
  intro:
    'Ces numéros, enregistrés avant la forme internationale, sont ceux d’une autre personne une fois écrits avec leur indicatif : corrigez la fiche de l’une des deux.',
  heldBy: (phone: string, name: string) => `${phone} est déjà le numéro de ${name}`,
  heldByNobody: (phone: string) =>
    `${phone} n’est plus pris par personne : enregistrez la fiche pour l’écrire ainsi`,
  edit: 'Modifier la fiche',
  loadFailed: 'Impossible de charger les numéros de téléphone à revoir.',
} as const;
