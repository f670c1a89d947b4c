import { t } from '@lingui/core/macro';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { idDocumentChoiceLabels, idDocumentTypeSchema } from '@lajan/domain';
import { SelectField } from '../../../components/SelectField';
import { TextField } from '../../../components/TextField';

export const documentOptions = idDocumentTypeSchema.options.map((value) => ({
  value,
  // Read when listed, in the screen's language (decision 236).
  get label() {
    return idDocumentChoiceLabels[value];
  },
}));

export interface PartyErrors {
  name?: { message?: string };
  idDocumentType?: { message?: string };
  idDocumentNumber?: { message?: string };
}

/** The person at the counter (SPEC §3 `party`): name, document type and number. */
export function PartyFields({
  name,
  documentType,
  documentNumber,
  errors,
  legend = t`Client au guichet`,
}: {
  name: UseFormRegisterReturn;
  documentType: UseFormRegisterReturn;
  documentNumber: UseFormRegisterReturn;
  errors?: PartyErrors;
  legend?: string;
}) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-base font-semibold text-slate-900">{legend}</legend>
      <TextField
        label={t`Nom complet`}
        required
        autoComplete="off"
        className="sm:col-span-2"
        error={errors?.name?.message}
        {...name}
      />
      <SelectField
        label={t`Type de document`}
        required
        placeholder={t`Choisir...`}
        options={documentOptions}
        error={errors?.idDocumentType?.message}
        {...documentType}
      />
      <TextField
        label={t`Numéro de document`}
        required
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        error={errors?.idDocumentNumber?.message}
        {...documentNumber}
      />
    </fieldset>
  );
}

/** The amount in HTG, typed the French way. */
export function AmountField({
  registration,
  error,
  label = t`Montant (HTG)`,
}: {
  registration: UseFormRegisterReturn;
  error?: string;
  label?: string;
}) {
  return (
    <TextField
      label={label}
      required
      inputMode="decimal"
      autoComplete="off"
      placeholder="0,00"
      error={error}
      {...registration}
    />
  );
}
