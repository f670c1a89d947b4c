import {
  cancelTransferMessages,
  idDocumentChoiceLabels,
  idDocumentTypeSchema,
  presentedIdentityLabels,
} from '@lajan/domain';
import { SelectField } from '../SelectField';
import { TextField } from '../TextField';

export type SenderFields = {
  firstName: string;
  lastName: string;
  idDocumentType: string;
  idDocumentNumber: string;
};
export const emptySender: SenderFields = {
  firstName: '',
  lastName: '',
  idDocumentType: '',
  idDocumentNumber: '',
};

const documentOptions = idDocumentTypeSchema.options.map((value) => ({
  value,
  // Read when listed, in the screen's language (decision 236).
  get label() {
    return idDocumentChoiceLabels[value];
  },
}));

/** The sender's name and document as typed from her card: a cancellation's and an expired refund's. */
export function SenderIdentityFieldset({
  sender,
  onChange,
  errors,
}: {
  sender: SenderFields;
  onChange: (sender: SenderFields) => void;
  errors: Record<string, string>;
}) {
  const field = (name: keyof SenderFields) => ({
    value: sender[name],
    onChange: (event: { target: { value: string } }) => onChange({ ...sender, [name]: event.target.value }),
    error: errors[`sender.${name}`],
  });
  return (
    <fieldset className="mt-3 grid gap-3 sm:grid-cols-2">
      <legend className="mb-2 text-sm text-slate-700">{cancelTransferMessages.identifyLegend}</legend>
      <TextField
        label={presentedIdentityLabels.firstName}
        required
        autoComplete="off"
        {...field('firstName')}
      />
      <TextField
        label={presentedIdentityLabels.lastName}
        required
        autoComplete="off"
        {...field('lastName')}
      />
      <SelectField
        label={presentedIdentityLabels.idDocumentType}
        required
        placeholder={presentedIdentityLabels.idDocumentTypePlaceholder}
        options={documentOptions}
        {...field('idDocumentType')}
      />
      <TextField
        label={presentedIdentityLabels.idDocumentNumber}
        required
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        {...field('idDocumentNumber')}
      />
    </fieldset>
  );
}
