import { useId } from 'react';
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { presentedIdentityLabels, recipientMessages, type ExternalTransferInput } from '@lajan/domain';
import { PhoneField } from '../../../components/persons/PhoneField';
import { SelectField } from '../../../components/SelectField';
import { TextField } from '../../../components/TextField';
import { documentOptions } from './fields';

/** The recipient as the form starts: nothing typed, no document chosen. */
export const emptyRecipient = {
  firstName: '',
  lastName: '',
  phoneNumber: '',
  idDocumentType: '',
  idDocumentNumber: '',
} satisfies ExternalTransferInput['recipient'];

/**
 * The recipient of an external transfer: what a sender knows (decision 209), checked by
 * `recipientInputSchema`. The name and the phone are required; the document is optional, its type and
 * number given together or not at all. No uniqueness checks: the recipient is not registered as a customer.
 */
export function RecipientFields({
  register,
  control,
  errors,
}: {
  register: UseFormRegister<ExternalTransferInput>;
  /** For the phone, whose prefix choice is the person form's. */
  control: Control<ExternalTransferInput>;
  errors?: FieldErrors<ExternalTransferInput>['recipient'];
}) {
  const hintId = useId();
  return (
    <div className="space-y-6">
      <div className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label={presentedIdentityLabels.firstName}
          required
          autoComplete="off"
          error={errors?.firstName?.message}
          {...register('recipient.firstName')}
        />
        <TextField
          label={presentedIdentityLabels.lastName}
          required
          autoComplete="off"
          error={errors?.lastName?.message}
          {...register('recipient.lastName')}
        />
        <div className="sm:col-span-2">
          <PhoneField control={control} name="recipient.phoneNumber" error={errors?.phoneNumber?.message} />
        </div>
      </div>
      <fieldset className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2" aria-describedby={hintId}>
        <legend className="mb-1 text-base font-semibold text-slate-900">
          {recipientMessages.documentGroup}
        </legend>
        <p id={hintId} className="text-sm text-slate-600 sm:col-span-2">
          {recipientMessages.documentHint}
        </p>
        <SelectField
          label={presentedIdentityLabels.idDocumentType}
          placeholder={recipientMessages.noDocument}
          options={documentOptions}
          error={errors?.idDocumentType?.message}
          {...register('recipient.idDocumentType')}
        />
        <TextField
          label={presentedIdentityLabels.idDocumentNumber}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={errors?.idDocumentNumber?.message}
          {...register('recipient.idDocumentNumber')}
        />
      </fieldset>
    </div>
  );
}
