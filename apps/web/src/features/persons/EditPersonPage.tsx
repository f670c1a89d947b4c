import { useState, type FormEvent } from 'react';
import { t } from '@lingui/core/macro';
import { useParams } from 'react-router';
import {
  personFailureMessages,
  personMessages,
  userMessages,
  type FullPerson,
  type PersonData,
} from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/dialog/Dialog';
import { CurrentPasswordField } from '../../components/CurrentPasswordField';
import { PageLoading } from '../../components/PageLoading';
import {
  PersonForm,
  type PersonFormValues,
  type PersonSubmitResult,
} from '../../components/persons/PersonForm';
import { personSubmitFailure } from '../../components/persons/person-submit';
import { useToasts } from '../../components/toasts/toast-context';
import { errorMessage, isHttpError } from '../../lib/http';
import { useGoBack } from '../../lib/use-go-back';
import { PersonPageHeader } from './PersonPageHeader';
import { usePersonQuery, useUpdatePersonMutation } from './api/persons';

/** The form's values of a registered person (the API's answer without its own fields). */
function formValuesOf(person: FullPerson): PersonFormValues {
  return {
    firstName: person.firstName,
    lastName: person.lastName,
    dob: person.dob,
    gender: person.gender,
    country: person.country,
    state: person.state,
    city: person.city,
    address: person.address,
    postalCode: person.postalCode,
    phoneNumber: person.phoneNumber,
    email: person.email,
    idDocumentType: person.idDocumentType,
    idDocumentNumber: person.idDocumentNumber,
    dateIssued: person.dateIssued,
    expirationDate: person.expirationDate,
    occupation: person.occupation,
    annualIncome: person.annualIncome,
    maritalStatus: person.maritalStatus,
    partner: person.partner,
    mother: person.mother,
    preferredContactMethod: person.preferredContactMethod,
    preferredLanguage: person.preferredLanguage,
    consentForMarketing: person.consentForMarketing,
  };
}

/**
 * /persons/{id}/edit: the register-client form filled with the person, for who may change it (the
 * server's `canEdit`; it refuses anyone else with 403 too). A success says so and goes back.
 */
export default function EditPersonPage() {
  const { id = '' } = useParams();
  const query = usePersonQuery(id);
  const mutation = useUpdatePersonMutation(id);
  const toasts = useToasts();
  const goBack = useGoBack();

  // Changing the e-mail of one's own person (where one's reset links go) is confirmed with one's
  // password: the server asks for it (a 422 on current_password), and the form waits.
  const [confirming, setConfirming] = useState<PersonData | null>(null);

  async function save(person: PersonData): Promise<PersonSubmitResult | void> {
    try {
      await mutation.mutateAsync(person);
    } catch (error) {
      if (isHttpError(error) && error.errors.current_password) {
        setConfirming(person);
        return { message: userMessages.currentPasswordHint };
      }
      return personSubmitFailure(error, personFailureMessages.update);
    }
    toasts.success(personMessages.updated);
    goBack();
  }

  let content;
  if (query.isPending) content = <PageLoading />;
  else if (query.isError)
    content = <Alert type="danger">{errorMessage(query.error, personFailureMessages.read)}</Alert>;
  else if (query.data.masked || !query.data.canEdit)
    content = <Alert type="warning">{personMessages.changeForbidden}</Alert>;
  else {
    const person = query.data;
    content = (
      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <PersonForm
          key={person.id}
          defaultValues={formValuesOf(person)}
          ownValues={person}
          onSubmit={save}
          submitLabel={t`Enregistrer les modifications`}
        />
      </div>
    );
  }

  return (
    <section className="mx-auto w-full max-w-3xl">
      <PersonPageHeader title={t`Modifier la personne`} onBack={goBack} />
      {content}
      {confirming && (
        <ConfirmOwnEmail
          person={confirming}
          id={id}
          onClose={() => setConfirming(null)}
          onSaved={() => {
            setConfirming(null);
            toasts.success(personMessages.updated);
            goBack();
          }}
        />
      )}
    </section>
  );
}

/** The current password that confirms a change of one's own e-mail, then the save again. */
function ConfirmOwnEmail({
  person,
  id,
  onClose,
  onSaved,
}: {
  person: PersonData;
  id: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const mutation = useUpdatePersonMutation(id);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError(userMessages.currentPasswordRequired);
      return;
    }
    setError(null);
    try {
      await mutation.mutateAsync({ ...person, current_password: password });
      onSaved();
    } catch (failure) {
      setError(
        isHttpError(failure) && failure.errors.current_password?.[0]
          ? failure.errors.current_password[0]
          : errorMessage(failure, personFailureMessages.update),
      );
    }
  }

  return (
    <Dialog title={userMessages.confirmPasswordTitle} onClose={onClose}>
      <form noValidate onSubmit={(event) => void confirm(event)} className="space-y-4">
        <CurrentPasswordField
          error={error ?? undefined}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={mutation.isPending} onClick={onClose}>
            {t`Annuler`}
          </Button>
          <Button type="submit" loading={mutation.isPending} loadingText={t`Enregistrement...`}>
            {t`Confirmer`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
