import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import {
  contactMethodLabel,
  contactMethodSchema,
  genderLabels,
  genderSchema,
  maritalStatusLabel,
  maritalStatusSchema,
  type ExternalTransferInput,
} from '@lajan/domain';
import { PhoneField } from '../../../components/persons/PhoneField';
import { SelectField } from '../../../components/SelectField';
import { TextField } from '../../../components/TextField';
import { documentOptions } from './fields';

const genderOptions = genderSchema.options.map((value) => ({ value, label: genderLabels[value] }));
const maritalOptions = maritalStatusSchema.options.map((value) => ({
  value,
  label: maritalStatusLabel(value),
}));
const contactOptions = contactMethodSchema.options.map((value) => ({
  value,
  label: contactMethodLabel(value),
}));

/**
 * The recipient of an external transfer: the person form of SPEC §5, checked by `recipientInputSchema`
 * (its document number optional: the sender may not know it). No uniqueness checks: the recipient is
 * not registered as a customer.
 */
export function RecipientFields({
  register,
  control,
  errors,
}: {
  register: UseFormRegister<ExternalTransferInput>;
  /** For the phone, whose prefix choice is the person form's (SPEC §2: +509, +1, +33). */
  control: Control<ExternalTransferInput>;
  errors?: FieldErrors<ExternalTransferInput>['recipient'];
}) {
  return (
    <div className="space-y-6">
      <fieldset className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-slate-900">Identité</legend>
        <TextField
          label="Prénom"
          required
          autoComplete="off"
          error={errors?.firstName?.message}
          {...register('recipient.firstName')}
        />
        <TextField
          label="Nom"
          required
          autoComplete="off"
          error={errors?.lastName?.message}
          {...register('recipient.lastName')}
        />
        <TextField
          label="Date de naissance"
          type="date"
          required
          error={errors?.dob?.message}
          {...register('recipient.dob')}
        />
        <SelectField
          label="Sexe"
          required
          placeholder="Choisir..."
          options={genderOptions}
          error={errors?.gender?.message}
          {...register('recipient.gender')}
        />
        <SelectField
          label="Statut matrimonial"
          required
          placeholder="Choisir..."
          options={maritalOptions}
          error={errors?.maritalStatus?.message}
          {...register('recipient.maritalStatus')}
        />
        <TextField
          label="Profession"
          required
          error={errors?.occupation?.message}
          {...register('recipient.occupation')}
        />
      </fieldset>
      <fieldset className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-slate-900">Pièce d&apos;identité</legend>
        <SelectField
          label="Type de document"
          required
          placeholder="Choisir..."
          options={documentOptions}
          error={errors?.idDocumentType?.message}
          {...register('recipient.idDocumentType')}
        />
        <TextField
          label="Numéro de document (facultatif)"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={errors?.idDocumentNumber?.message}
          {...register('recipient.idDocumentNumber')}
        />
        <TextField
          label="Date d'émission"
          type="date"
          required
          error={errors?.dateIssued?.message}
          {...register('recipient.dateIssued')}
        />
        <TextField
          label="Date d'expiration"
          type="date"
          required
          error={errors?.expirationDate?.message}
          {...register('recipient.expirationDate')}
        />
      </fieldset>
      <fieldset className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-slate-900">Adresse et contact</legend>
        <TextField
          label="Pays"
          required
          error={errors?.country?.message}
          {...register('recipient.country')}
        />
        <TextField
          label="Département"
          required
          error={errors?.state?.message}
          {...register('recipient.state')}
        />
        <TextField label="Commune" required error={errors?.city?.message} {...register('recipient.city')} />
        <TextField
          label="Adresse"
          required
          error={errors?.address?.message}
          {...register('recipient.address')}
        />
        <PhoneField control={control} name="recipient.phoneNumber" error={errors?.phoneNumber?.message} />
        <TextField
          label="Email"
          type="email"
          required
          autoCapitalize="none"
          spellCheck={false}
          error={errors?.email?.message}
          {...register('recipient.email')}
        />
        <SelectField
          label="Moyen de contact préféré"
          required
          placeholder="Choisir..."
          options={contactOptions}
          error={errors?.preferredContactMethod?.message}
          {...register('recipient.preferredContactMethod')}
        />
      </fieldset>
    </div>
  );
}
