import { useParams } from 'react-router';
import { personFailureMessages, personMessages, type FullPerson, type PersonData } from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { PageLoading } from '../../components/PageLoading';
import {
  PersonForm,
  type PersonFormValues,
  type PersonSubmitResult,
} from '../../components/persons/PersonForm';
import { personSubmitFailure } from '../../components/persons/person-submit';
import { useToasts } from '../../components/toasts/toast-context';
import { errorMessage } from '../../lib/http';
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

  async function save(person: PersonData): Promise<PersonSubmitResult | void> {
    try {
      await mutation.mutateAsync(person);
    } catch (error) {
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
          defaultValues={formValuesOf(person)}
          ownValues={person}
          onSubmit={save}
          submitLabel="Enregistrer les modifications"
        />
      </div>
    );
  }

  return (
    <section className="mx-auto w-full max-w-3xl">
      <PersonPageHeader title="Modifier la personne" onBack={goBack} />
      {content}
    </section>
  );
}
