import { z } from 'zod';
import { msg } from '@lingui/core/macro';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { texts } from './i18n.js';
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
  // A map of texts(): read when the schema parses, in the language of the moment (decision 236).
  messages: { readonly required: string; readonly invalid: string },
) {
  return z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? messages.required
        : messages.invalid,
  });
}

export const genderSchema = choiceSchema(
  ['male', 'female'],
  texts({ required: msg`Le sexe est requis`, invalid: msg`Sexe invalide` }),
);
const documentTypeMessages = texts({ required: msg`Le type de document est requis` });
export const idDocumentTypeSchema = z.enum(['id_card', 'passport', 'driving_license'], {
  error: () => documentTypeMessages.required,
});
export const maritalStatusSchema = choiceSchema(
  ['single', 'married', 'divorced', 'widowed'],
  texts({ required: msg`Le statut matrimonial est requis`, invalid: msg`Statut matrimonial invalide` }),
);
export const contactMethodSchema = choiceSchema(
  ['email', 'phone', 'sms'],
  texts({ required: msg`Le moyen de contact préféré est requis`, invalid: msg`Moyen de contact invalide` }),
);
export type Gender = z.infer<typeof genderSchema>;
export type IdDocumentType = z.infer<typeof idDocumentTypeSchema>;
export type MaritalStatus = z.infer<typeof maritalStatusSchema>;
export type ContactMethod = z.infer<typeof contactMethodSchema>;

export const genderLabels: Record<Gender, string> = texts({ male: msg`Homme`, female: msg`Femme` });

/** The form's document choice. */
export const idDocumentChoiceLabels: Record<IdDocumentType, string> = texts({
  id_card: msg`Carte d'identité`,
  passport: msg`Passeport`,
  driving_license: msg`Permis de conduire`,
});

const phonePrefixLabels = texts({
  haiti: msg`+509 (Haïti)`,
  unitedStates: msg`+1 (États-Unis)`,
  france: msg`+33 (France)`,
});
// Each label a getter: read when a select lists them, in the language of the moment (decision 236).
export const phonePrefixes = [
  {
    prefix: '+509',
    get label() {
      return phonePrefixLabels.haiti;
    },
  },
  {
    prefix: '+1',
    get label() {
      return phonePrefixLabels.unitedStates;
    },
  },
  {
    prefix: '+33',
    get label() {
      return phonePrefixLabels.france;
    },
  },
] as const;

const personLabels = texts({
  unknownDocument: msg`Document non reconnu`,
  single: msg`Célibataire`,
  married: msg`Marié(e)`,
  divorced: msg`Divorcé(e)`,
  widowed: msg`Veuf/Veuve`,
  notSpecified: msg`Non spécifié`,
  email: msg`Email`,
  phone: msg`Téléphone`,
  sms: msg`SMS`,
  unknownContact: msg`Contact non reconnu`,
});

/** SPEC §3 display labels. */
export function documentLabel(type: string | null | undefined): string {
  switch (type) {
    case 'id_card':
    case 'passport':
    case 'driving_license':
      return idDocumentChoiceLabels[type];
    default:
      return personLabels.unknownDocument;
  }
}

export function maritalStatusLabel(status: string | null | undefined): string {
  switch (status) {
    case 'single':
    case 'married':
    case 'divorced':
    case 'widowed':
      return personLabels[status];
    default:
      return personLabels.notSpecified;
  }
}

export function contactMethodLabel(method: string | null | undefined): string {
  switch (method) {
    case 'email':
      return personLabels.email;
    case 'phone':
      return personLabels.phone;
    case 'sms':
      return personLabels.sms;
    default:
      return personLabels.unknownContact;
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

/**
 * The person form's field messages. zod reads each when it parses (`{ error: () => … }`), never when the
 * schema is built, so that they come in the language of the moment (decision 236).
 */
const fieldMessages = texts({
  firstNameRequired: msg`Le prénom est requis`,
  firstNameTooShort: msg`Le prénom doit contenir au moins 2 caractères`,
  firstNameTooLong: msg`Le prénom ne peut pas dépasser 50 caractères`,
  lastNameRequired: msg`Le nom est requis`,
  lastNameTooShort: msg`Le nom doit contenir au moins 2 caractères`,
  lastNameTooLong: msg`Le nom ne peut pas dépasser 50 caractères`,
  invalidDate: msg`Date invalide`,
  dobRequired: msg`La date de naissance est requise`,
  phoneRequired: msg`Le numéro de téléphone est requis`,
  phoneInvalid: msg`Numéro de téléphone invalide`,
  phoneTooShort: msg`Le numéro de téléphone doit contenir au moins 8 chiffres`,
  emailRequired: msg`L'email est requis`,
  emailInvalid: msg`Email invalide`,
  countryTooShort: msg`Le nom du pays doit contenir au moins 2 caractères`,
  countryTooLong: msg`Le nom du pays ne peut pas dépasser 80 caractères`,
  stateRequired: msg`Le département est requis`,
  stateTooLong: msg`Le département ne peut pas dépasser 80 caractères`,
  cityRequired: msg`La commune est requise`,
  cityTooLong: msg`La commune ne peut pas dépasser 80 caractères`,
  addressTooShort: msg`L'adresse doit contenir au moins 5 caractères`,
  addressTooLong: msg`L'adresse ne peut pas dépasser 200 caractères`,
  postalCodeInvalid: msg`Code postal invalide`,
  dateIssuedRequired: msg`La date d'émission est requise`,
  expirationDateRequired: msg`La date d'expiration est requise`,
  occupationRequired: msg`La profession est requise`,
  occupationTooLong: msg`La profession ne peut pas dépasser 100 caractères`,
  incomeInvalid: msg`Revenu annuel invalide`,
  valueInvalid: msg`Valeur invalide`,
  dobInFuture: msg`La date de naissance ne peut pas être dans le futur`,
  tooYoung: msg`Vous devez avoir au moins 18 ans`,
  dateIssuedInFuture: msg`La date d'émission ne peut pas être dans le futur`,
  expiryBeforeIssue: msg`La date d'expiration doit être après la date d'émission`,
  fieldInvalid: msg`Champ invalide`,
  valueRequired: msg`Valeur requise`,
  valueTooLong: msg`Valeur trop longue`,
});
type FieldMessage = keyof typeof fieldMessages;

/** A zod message read when the schema parses: `{ error: () => text }`. */
const said = (key: FieldMessage) => ({ error: () => fieldMessages[key] });

function requiredText(required: FieldMessage) {
  return plainText(z.string(said(required)).trim().min(1, said(required)));
}

function name(field: 'firstName' | 'lastName') {
  return plainText(
    z
      .string(said(`${field}Required`))
      .trim()
      .min(1, said(`${field}Required`))
      .min(2, said(`${field}TooShort`))
      .max(50, said(`${field}TooLong`)),
  );
}

function isoDate(required: FieldMessage) {
  return z
    .string(said(required))
    .trim()
    .min(1, said(required))
    .max(10, said('invalidDate'))
    .refine(isIsoDate, said('invalidDate'))
    .meta({ format: 'date' });
}

export const phoneNumberSchema = z
  .string(said('phoneRequired'))
  .trim()
  .min(1, said('phoneRequired'))
  .max(30, said('phoneInvalid'))
  .regex(phonePattern, said('phoneInvalid'))
  .refine((v) => v.replace(/\D/g, '').length >= 8, said('phoneTooShort'));

/**
 * An address as the OpenAPI document's `format: email` reads it (ajv-formats' "full" rule), with RFC 5321's
 * lengths that Schemathesis's validator also holds: 64 characters before the `@`, 63 per domain label
 * (decisions 198, 234). Zod's own rule let `paul@exa-.ht` through, then answered it against its schema.
 */
export const EMAIL_PATTERN =
  /^(?=[^@]{1,64}@)[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

export const emailSchema = z
  .string(said('emailRequired'))
  .trim()
  .min(1, said('emailRequired'))
  .max(254, said('emailInvalid'))
  .email({ pattern: EMAIL_PATTERN, ...said('emailInvalid') });

/** The person fields of SPEC §5, before the cross-field rules. */

/**
 * An identity document's number, wherever one is typed (a person's file, the person at the counter): SPEC §5's
 * "Document number minimum 4", so that a counter cannot record "X" as the card it saw.
 */
export const documentNumberMessages = texts({
  required: msg`Le numéro de document est requis`,
  tooShort: msg`Le numéro de document doit contenir au moins 4 caractères`,
  tooLong: msg`Le numéro de document ne peut pas dépasser 40 caractères`,
});
export const documentNumberSchema = plainText(
  z
    .string({ error: () => documentNumberMessages.required })
    .trim()
    .min(1, { error: () => documentNumberMessages.required })
    .min(4, { error: () => documentNumberMessages.tooShort })
    .max(40, { error: () => documentNumberMessages.tooLong }),
);

/**
 * A document number looked up in a path (the searches and the uniqueness check): any length a card may have,
 * said in French when it is empty or too long rather than in zod's words.
 */
export const documentLookupNumberSchema = z
  .string()
  .trim()
  .min(1, { error: () => documentNumberMessages.required })
  .max(40, { error: () => documentNumberMessages.tooLong });
export const personFieldsSchema = z.object({
  firstName: name('firstName'),
  lastName: name('lastName'),
  dob: isoDate('dobRequired'),
  gender: genderSchema,
  country: plainText(
    z.string(said('countryTooShort')).trim().min(2, said('countryTooShort')).max(80, said('countryTooLong')),
  ),
  // Named by their labels, « Département » and « Commune » (SPEC §5 said « L'état », « La ville »).
  state: requiredText('stateRequired').max(80, said('stateTooLong')),
  city: requiredText('cityRequired').max(80, said('cityTooLong')),
  address: plainText(
    z.string(said('addressTooShort')).trim().min(5, said('addressTooShort')).max(200, said('addressTooLong')),
  ),
  postalCode: plainText(z.string().trim().max(20, said('postalCodeInvalid')))
    .optional()
    .nullable(),
  phoneNumber: phoneNumberSchema,
  email: emailSchema,
  idDocumentType: idDocumentTypeSchema,
  idDocumentNumber: documentNumberSchema,
  dateIssued: isoDate('dateIssuedRequired'),
  expirationDate: isoDate('expirationDateRequired'),
  occupation: requiredText('occupationRequired').max(100, said('occupationTooLong')),
  annualIncome: z.number(said('incomeInvalid')).min(0, said('incomeInvalid')).default(0),
  maritalStatus: maritalStatusSchema,
  partner: plainText(z.string().trim().max(100)).optional().nullable(),
  mother: plainText(z.string().trim().max(100)).optional().nullable(),
  preferredContactMethod: contactMethodSchema,
  consentForMarketing: z.boolean(said('valueInvalid')).default(false),
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
        message: fieldMessages.dobInFuture,
      });
    } else if (ageOn(birth, today) < MIN_AGE_YEARS) {
      ctx.addIssue({ code: 'custom', path: ['dob'], message: fieldMessages.tooYoung });
    }
  }
  if (issued && issued > today) {
    ctx.addIssue({
      code: 'custom',
      path: ['dateIssued'],
      message: fieldMessages.dateIssuedInFuture,
    });
  }
  if (issued && expiry && expiry <= issued) {
    ctx.addIssue({
      code: 'custom',
      path: ['expirationDate'],
      message: fieldMessages.expiryBeforeIssue,
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
  field: z.enum(uniquePersonFields, said('fieldInvalid')),
  value: z.string(said('valueRequired')).trim().min(1, said('valueRequired')).max(254, said('valueTooLong')),
});
/**
 * The answer of the persons' uniqueness checks: `exists`, and the holder's `id` only to who may change it, for
 * a link to its file beside « … existe déjà » (decision 214).
 */
export const uniqueCheckAnswerSchema = z.object({ exists: z.boolean(), id: z.string().optional() });
export type UniqueCheckAnswer = z.infer<typeof uniqueCheckAnswerSchema>;
/** The uniqueness messages, each whole: a field named by its label with its article ("Ce numéro de téléphone"). */
const duplicateMessages = texts({
  email: msg`Cette adresse e-mail existe déjà`,
  phoneNumber: msg`Ce numéro de téléphone existe déjà`,
  username: msg`Ce nom d'utilisateur existe déjà`,
  id_card: msg`Ce numéro de carte d'identité existe déjà`,
  passport: msg`Ce numéro de passeport existe déjà`,
  driving_license: msg`Ce numéro de permis de conduire existe déjà`,
  document: msg`Ce numéro de document existe déjà`,
});
/** "Ce numéro de téléphone existe déjà": SPEC §5's "<field> existe déjà", the field named by its label. */
export function duplicateFieldMessage(field: UniquePersonField | 'username'): string {
  return duplicateMessages[field];
}
/** "Ce numéro de carte d'identité existe déjà": SPEC §5's "Ce numero <type> existe deja existe déjà", in French. */
export function duplicateDocumentMessage(type: string): string {
  switch (type) {
    case 'id_card':
    case 'passport':
    case 'driving_license':
      return duplicateMessages[type];
    default:
      return duplicateMessages.document;
  }
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
export const personMessages = texts({
  created: msg`Personne enregistrée avec succès`,
  /** The registration's next step, offered in its toast (decision 211). */
  openAccountFor: (name: string) => msg`Ouvrir un compte pour ${name}`,
  updated: msg`Personne modifiée avec succès`,
  deleted: msg`Personne supprimée avec succès`,
  deleteConfirmTitle: msg`Supprimer cette personne ?`,
  deleteConfirm: (name: string) =>
    msg`${name} sera supprimé(e) définitivement. Aucun compte, agent, utilisateur ni transfert ne s'y rapporte.`,
  notFound: msg`Aucune personne trouvée`,
  /** /person without its user's storage key (the server does not answer, decision 202). */
  draftNotKept: msg`Le serveur ne répond pas : le brouillon n'est pas gardé sur cet appareil cette fois.`,
  referenced: msg`Cette personne est liée à un compte ou à un utilisateur`,
  /** Beside « … existe déjà », to who may change the person holding it (decision 214). */
  existingPersonLink: msg`Voir la personne déjà enregistrée`,
  /** A person behind a user or an agent, or registered at another agent: not the caller's to change. */
  changeForbidden: msg`Vous ne pouvez pas modifier cette personne : elle relève d'un autre agent ou d'un utilisateur que vous ne gérez pas.`,
  deleteForbidden: msg`Vous ne pouvez pas supprimer cette personne : elle relève d'un autre agent ou d'un utilisateur que vous ne gérez pas.`,
});

/**
 * What a person search takes, and what the search modal says. The label is
 * shown above the field, not as its placeholder: a 360 px field cut it.
 */
export const personSearchTexts = texts({
  label: msg`Nom, pièce, téléphone ou e-mail`,
  termRequired: msg`Saisissez un nom, un numéro de pièce, un téléphone ou un e-mail`,
  heading: msg`Résultat de la recherche`,
  nothingYet: msg`Aucune recherche effectuée`,
  noResult: (term: string) => msg`Pas de résultat pour ${term}`,
  registerNew: msg`Enregistrer un nouveau client`,
  /** As many results as a search answers: there may be more, which only a closer term finds. */
  firstOnly: (count: number) =>
    msg`Seuls les ${count} premiers résultats sont affichés : précisez la recherche (nom complet, numéro de pièce ou téléphone).`,
});

/** The persons list (/persons). */
export const personsListTexts = texts({
  title: msg`Personnes`,
  empty: msg`Aucune personne à afficher`,
  // True of another agent's customer and of one's own agent's staff alike (decision 111).
  masked: msg`Fiche complète réservée à qui la gère`,
  /** A file read whole that the user may not change: the person of a user or of an agent's owner. */
  readOnly: msg`Modification réservée à qui la gère`,
  edit: msg`Modifier`,
  delete: msg`Supprimer`,
  add: msg`Enregistrer un client`,
  /** The name of its paging, read by assistive technology. */
  pages: msg`Pages des personnes`,
});

/** SPEC §8's "Failed to update person", "Failed to delete person", "Failed to fetch persons list", in French. */
export const personFailureMessages = texts({
  update: msg`Échec de la modification de la personne`,
  delete: msg`Échec de la suppression de la personne`,
  list: msg`Échec du chargement de la liste des personnes`,
  read: msg`Échec du chargement de la personne`,
});

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

export const phoneReviewTexts = texts({
  title: msg`Numéros de téléphone à revoir`,
  intro: msg`Ces numéros, enregistrés avant la forme internationale, sont ceux d’une autre personne une fois écrits avec leur indicatif : corrigez la fiche de l’une des deux.`,
  heldBy: (phone: string, name: string) => msg`${phone} est déjà le numéro de ${name}`,
  heldByNobody: (phone: string) =>
    msg`${phone} n’est plus pris par personne : enregistrez la fiche pour l’écrire ainsi`,
  edit: msg`Modifier la fiche`,
  loadFailed: msg`Impossible de charger les numéros de téléphone à revoir.`,
});
