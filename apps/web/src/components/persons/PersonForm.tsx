import { useEffect, useId, useState, type ReactNode } from 'react';
import { useController, useForm, useWatch, type Control, type DefaultValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { msg, t } from '@lingui/core/macro';
import {
  contactMethodLabel,
  contactMethodSchema,
  genderLabels,
  genderSchema,
  genericMessages,
  idDocumentChoiceLabels,
  idDocumentTypeSchema,
  languageNames,
  languages,
  maritalStatusLabel,
  maritalStatusSchema,
  normalizePhone,
  personInputSchema,
  personMessages,
  texts,
  type PersonData,
  type PersonInput,
} from '@lajan/domain';
import { Alert } from '../Alert';
import { Button } from '../Button';
import { SelectField } from '../SelectField';
import { TextField } from '../TextField';
import { textLinkClasses } from '../text-link';
import { applyServerErrors } from '../../lib/form';
import { Checking, inputClasses, PhoneField, RequiredMark } from './PhoneField';
import { usePersonUniqueness } from './use-person-uniqueness';

/** The form's values: the person of `personInputSchema`, enums still empty until chosen. */
export type PersonFormValues = DefaultValues<PersonInput>;

/** The fields this form shows, for mapping the server's errors onto them. */
export const personFormFields = [
  'firstName',
  'lastName',
  'dob',
  'gender',
  'country',
  'state',
  'city',
  'address',
  'phoneNumber',
  'email',
  'idDocumentType',
  'idDocumentNumber',
  'dateIssued',
  'expirationDate',
  'occupation',
  'maritalStatus',
  'preferredContactMethod',
  'preferredLanguage',
  'consentForMarketing',
] as const;

/** The names of the fields, for messages that cannot sit under their field (a summary). */
export const personFieldLabels: Record<string, string> = texts({
  firstName: msg`Prénom`,
  lastName: msg`Nom`,
  dob: msg`Date de naissance`,
  gender: msg`Sexe`,
  country: msg`Pays`,
  state: msg`Département`,
  city: msg`Commune`,
  address: msg`Adresse`,
  phoneNumber: msg`Téléphone`,
  email: msg`Email`,
  idDocumentType: msg`Type de document`,
  idDocumentNumber: msg`Numéro du document`,
  dateIssued: msg`Date d'émission`,
  expirationDate: msg`Date d'expiration`,
  occupation: msg`Profession`,
  maritalStatus: msg`Statut matrimonial`,
  preferredContactMethod: msg`Moyen de contact préféré`,
  preferredLanguage: msg`Langue préférée`,
  consentForMarketing: msg`Offres commerciales`,
});

// The country's default is data the person may keep or change, stored as typed: it stays « Haïti ».
export const emptyPerson: PersonFormValues = {
  firstName: '',
  lastName: '',
  dob: '',
  country: 'Haïti',
  state: '',
  city: '',
  address: '',
  phoneNumber: '',
  email: '',
  idDocumentNumber: '',
  dateIssued: '',
  expirationDate: '',
  occupation: '',
  consentForMarketing: false,
  preferredLanguage: 'fr',
};

/** What the page answers after trying to save: the server's field errors and message, if it failed. */
export interface PersonSubmitResult {
  errors?: Record<string, string[]>;
  message?: string;
}

export interface PersonFormProps {
  defaultValues?: PersonFormValues;
  /** Called with the valid person (phone in its normal form). Answer the server's errors to show them. */
  onSubmit: (person: PersonData) => Promise<PersonSubmitResult | void>;
  /** Every change, for a draft kept by the page. */
  onValuesChange?: (values: PersonFormValues) => void;
  /** The e-mail, phone and document checks while typing; they need a signed-in user. Default true. */
  checkUniqueness?: boolean;
  submitLabel?: string;
  submittingLabel?: string;
  /** Empties the form after a successful submit (adding several persons in a row). */
  resetAfterSubmit?: boolean;
  /** Beside the submit button (Annuler). */
  secondaryAction?: ReactNode;
  /** Editing a registered person: its own e-mail, phone and document are not duplicates. */
  ownValues?: {
    id?: string;
    email?: string;
    phoneNumber?: string;
    idDocumentType?: string;
    idDocumentNumber?: string;
  };
}

// Built when rendered, so that their labels come in the screen's language (decision 236).
const maritalOptions = () =>
  maritalStatusSchema.options.map((value) => ({ value, label: maritalStatusLabel(value) }));
const contactOptions = () =>
  contactMethodSchema.options.map((value) => ({ value, label: contactMethodLabel(value) }));
// Each language by its own name (decision 237).
const languageOptions = languages.map((value) => ({ value, label: languageNames[value] }));
const documentOptions = () =>
  idDocumentTypeSchema.options.map((value) => ({ value, label: idDocumentChoiceLabels[value] }));

/**
 * The person of SPEC §2 "Register-client screen", shared by /person and the public /register wizard.
 * Validated on submit with `personInputSchema`; duplicates of e-mail, phone and document are reported
 * while typing (after an 800 ms pause) and block saving.
 */
export function PersonForm({
  defaultValues,
  onSubmit,
  onValuesChange,
  checkUniqueness = true,
  submitLabel = t`Enregistrer`,
  submittingLabel = t`Enregistrement...`,
  resetAfterSubmit = false,
  secondaryAction,
  ownValues,
}: PersonFormProps) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<PersonInput, unknown, PersonData>({
    resolver: zodResolver(personInputSchema),
    defaultValues: { ...emptyPerson, ...defaultValues },
  });

  // Set the given values again once the fields exist: a select registered before its options were
  // in the DOM would otherwise show its placeholder (a person opened for editing).
  useEffect(() => {
    if (ownValues && defaultValues) reset({ ...emptyPerson, ...defaultValues });
    // Once, at mount: later changes of the props are the page's, not the form's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const watched = useWatch({ control });
  const duplicates = usePersonUniqueness(checkUniqueness, watched, ownValues);
  const [saved, setSaved] = useState(0);

  useEffect(() => {
    onValuesChange?.(watched);
    // Only the values matter; the page's callback may be a new function on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [watched]);

  async function onValid(person: PersonData) {
    const duplicated = (['email', 'phoneNumber', 'idDocumentNumber'] as const).find(
      (field) => duplicates[field],
    );
    if (duplicated) {
      setError('root', { message: genericMessages.validation });
      setFocus(duplicated);
      return;
    }
    const result = await onSubmit({ ...person, phoneNumber: normalizePhone(person.phoneNumber) });
    if (result && (result.errors || result.message)) {
      const unplaced = applyServerErrors(setError, result.errors ?? {}, personFormFields);
      setError('root', { message: unplaced[0] ?? result.message ?? genericMessages.validation });
      const first = personFormFields.find((field) => result.errors?.[field]);
      if (first) setFocus(first);
      return;
    }
    if (resetAfterSubmit) {
      reset({ ...emptyPerson });
      setSaved((count) => count + 1);
    }
  }

  const dupOr = (field: 'email' | 'phoneNumber' | 'idDocumentNumber', message: string | undefined) =>
    message ?? duplicates[field];
  const checkingHint = (field: 'email' | 'phoneNumber' | 'idDocumentNumber') =>
    duplicates.checking[field] && !duplicates[field] ? t`Vérification...` : undefined;
  // Beside « … existe déjà », the person holding the value, when the server names it (decision 214).
  const holderLink = (field: 'email' | 'phoneNumber' | 'idDocumentNumber') => {
    const holder = duplicates.holders[field];
    if (!holder || errors[field]?.message || !duplicates[field]) return null;
    return (
      <p className="mt-1 text-sm">
        <Link to={`/persons/${encodeURIComponent(holder)}/edit`} className={textLinkClasses}>
          {personMessages.existingPersonLink}
        </Link>
      </p>
    );
  };

  return (
    <form
      noValidate
      onSubmit={(e) => void handleSubmit(onValid)(e)}
      className="space-y-6"
      aria-label={t`Informations du client`}
    >
      <fieldset className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-slate-900">{t`Identité`}</legend>
        <TextField
          label={t`Prénom`}
          required
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          label={t`Nom`}
          required
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...register('lastName')}
        />
        <TextField
          label={t`Date de naissance`}
          type="date"
          required
          autoComplete="bday"
          error={errors.dob?.message}
          {...register('dob')}
        />
        <GenderField control={control} error={errors.gender?.message} />
        <SelectField
          label={t`Statut matrimonial`}
          required
          placeholder={t`Choisir...`}
          options={maritalOptions()}
          error={errors.maritalStatus?.message}
          {...register('maritalStatus')}
        />
        <TextField
          label={t`Profession`}
          required
          error={errors.occupation?.message}
          {...register('occupation')}
        />
      </fieldset>

      <fieldset className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-slate-900">{t`Pièce d'identité`}</legend>
        <div className="sm:col-span-2">
          <DocumentField
            control={control}
            typeError={errors.idDocumentType?.message}
            numberError={dupOr('idDocumentNumber', errors.idDocumentNumber?.message)}
            hint={checkingHint('idDocumentNumber')}
          />
          {holderLink('idDocumentNumber')}
        </div>
        <TextField
          label={t`Date d'émission`}
          type="date"
          required
          error={errors.dateIssued?.message}
          {...register('dateIssued')}
        />
        <TextField
          label={t`Date d'expiration`}
          type="date"
          required
          error={errors.expirationDate?.message}
          {...register('expirationDate')}
        />
      </fieldset>

      <fieldset className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-slate-900">{t`Adresse`}</legend>
        <TextField
          label={t`Pays`}
          required
          autoComplete="country-name"
          error={errors.country?.message}
          {...register('country')}
        />
        <TextField
          label={t`Département`}
          required
          autoComplete="address-level1"
          error={errors.state?.message}
          {...register('state')}
        />
        <TextField
          label={t`Commune`}
          required
          autoComplete="address-level2"
          error={errors.city?.message}
          {...register('city')}
        />
        <TextField
          label={t`Adresse`}
          required
          autoComplete="street-address"
          error={errors.address?.message}
          {...register('address')}
        />
      </fieldset>

      <fieldset className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-slate-900">{t`Contact`}</legend>
        <div>
          <PhoneField
            control={control}
            name="phoneNumber"
            error={dupOr('phoneNumber', errors.phoneNumber?.message)}
            hint={checkingHint('phoneNumber')}
          />
          {holderLink('phoneNumber')}
        </div>
        <div>
          <TextField
            label={t`Email`}
            type="email"
            required
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            error={dupOr('email', errors.email?.message)}
            hint={checkingHint('email')}
            {...register('email')}
          />
          {holderLink('email')}
        </div>
        <SelectField
          label={t`Moyen de contact préféré`}
          required
          placeholder={t`Choisir...`}
          options={contactOptions()}
          error={errors.preferredContactMethod?.message}
          {...register('preferredContactMethod')}
        />
        <SelectField
          label={t`Langue préférée`}
          options={languageOptions}
          error={errors.preferredLanguage?.message}
          {...register('preferredLanguage')}
        />
        <label className="flex min-h-11 items-center gap-3 self-end text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-5 rounded border-slate-400 accent-blue-800"
            {...register('consentForMarketing')}
          />
          {t`Accepte de recevoir des offres commerciales`}
        </label>
      </fieldset>

      {/* Beside the button the person just pressed, not at the top of a long form. */}
      {errors.root?.message && <Alert type="danger">{errors.root.message}</Alert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {secondaryAction}
        <Button
          type="submit"
          loading={isSubmitting}
          loadingText={submittingLabel}
          className="w-full sm:w-auto"
        >
          {submitLabel}
        </Button>
      </div>
      {resetAfterSubmit && saved > 0 && (
        <p className="sr-only" role="status">
          {t`Client ajouté. Le formulaire est prêt pour un autre client.`}
        </p>
      )}
    </form>
  );
}

function GenderField({ control, error }: { control: Control<PersonInput>; error?: string }) {
  const { field } = useController({ control, name: 'gender' });
  const errorId = useId();
  return (
    <fieldset
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      className="min-w-0"
    >
      <legend className="flex items-baseline gap-0.5 text-sm font-medium text-slate-800">
        {t`Sexe`} <RequiredMark />
      </legend>
      <div className="mt-1 flex gap-3">
        {genderSchema.options.map((value) => (
          <label
            key={value}
            className="flex min-h-11 flex-1 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 has-[:checked]:border-blue-800 has-[:checked]:bg-blue-50"
          >
            <input
              type="radio"
              name={field.name}
              value={value}
              checked={field.value === value}
              onChange={() => field.onChange(value)}
              onBlur={field.onBlur}
              ref={value === 'male' ? field.ref : undefined}
              className="size-4 accent-blue-800"
            />
            {genderLabels[value]}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

const documentWords: Record<string, PersonInput['idDocumentType']> = {
  id_card: 'id_card',
  passport: 'passport',
  passeport: 'passport',
  driving_license: 'driving_license',
};

/**
 * The combined value of the document input ("passport PA123456"), split on its first space into the
 * type and the number.
 */
export function splitIdDocument(value: string): { type: string; number: string } {
  const trimmed = value.trimStart();
  const space = trimmed.indexOf(' ');
  if (space < 0) return { type: trimmed, number: '' };
  return { type: trimmed.slice(0, space), number: trimmed.slice(space + 1).trim() };
}

/**
 * SPEC §2's combined identity-document input: the type choice and the number, entered together. A
 * number typed or pasted with its type in front ("passport PA123456") is split on the space.
 */
function DocumentField({
  control,
  typeError,
  numberError,
  hint,
}: {
  control: Control<PersonInput>;
  typeError?: string;
  numberError?: string;
  hint?: string;
}) {
  const {
    field: { ref: attachType, value: typeValue, onChange: onTypeChange, onBlur: onTypeBlur },
  } = useController({ control, name: 'idDocumentType' });
  const {
    field: { ref: attachNumber, value: numberValue, onChange: setNumber, onBlur: onNumberBlur },
  } = useController({ control, name: 'idDocumentNumber' });
  const numberId = useId();
  const typeErrorId = `${numberId}-type-error`;
  const numberErrorId = `${numberId}-error`;

  function onNumberChange(raw: string) {
    const { type, number } = splitIdDocument(raw);
    const known = documentWords[type.toLowerCase()];
    if (known && raw.includes(' ')) {
      onTypeChange(known);
      setNumber(number);
    } else {
      setNumber(raw);
    }
  }

  return (
    <div className="sm:col-span-2">
      <div className="flex items-baseline gap-0.5 text-sm font-medium text-slate-800">
        <label htmlFor={numberId}>{t`Numéro du document`}</label>
        <RequiredMark />
      </div>
      {/* The type above the number on a phone: beside it, the type's name would be cut ("Carte d'ider"). */}
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <select
          aria-label={t`Type de document`}
          value={typeValue ?? ''}
          onChange={(event) => onTypeChange(event.target.value)}
          onBlur={onTypeBlur}
          ref={attachType}
          aria-invalid={typeError ? true : undefined}
          aria-describedby={typeError ? typeErrorId : undefined}
          className={`${inputClasses(typeError)} shrink-0 px-2 sm:w-52`}
        >
          <option value="">{t`Type...`}</option>
          {documentOptions().map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <input
          id={numberId}
          ref={attachNumber}
          value={numberValue ?? ''}
          onChange={(event) => onNumberChange(event.target.value)}
          onBlur={onNumberBlur}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-required
          aria-invalid={numberError ? true : undefined}
          aria-describedby={numberError ? numberErrorId : undefined}
          className={`${inputClasses(numberError)} min-w-0 flex-1`}
        />
      </div>
      {hint && !numberError && <Checking text={hint} />}
      {typeError && (
        <p id={typeErrorId} className="mt-1 text-sm text-red-700">
          {typeError}
        </p>
      )}
      {numberError && (
        <p id={numberErrorId} className="mt-1 text-sm text-red-700">
          {numberError}
        </p>
      )}
    </div>
  );
}
