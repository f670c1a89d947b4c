import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PersonForm, type PersonSubmitResult } from '../../components/persons/PersonForm';
import { personSubmitFailure } from '../../components/persons/person-submit';
import { returnToOf, type RegisteredPersonState } from '../../components/persons/registration-return';
import { useToasts } from '../../components/toasts/toast-context';
import { DEFAULT_ERROR_FALLBACK } from '../../lib/query-client';
import { useSession } from '../../lib/session-context';
import { useGoBack } from '../../lib/use-go-back';
import { personMessages, type PersonData } from '@lajan/domain';
import { useCreatePersonMutation } from './api/create-person';
import { PersonPageHeader } from './PersonPageHeader';
import { loadPersonDraft, personDraftKey, savePersonDraft } from './person-draft';

/**
 * /person, "Enregistrer Client" (SPEC §2): the customer's KYC form. The draft survives leaving the
 * screen; a successful save clears it, says so and goes back one page, or, when a search with no result
 * opened it ("Enregistrer un nouveau client"), back to that page with the new person selected (decision 132).
 */
export default function RegisterClientPage() {
  const { user } = useSession();
  const toasts = useToasts();
  const goBack = useGoBack();
  const navigate = useNavigate();
  const returnTo = returnToOf(useLocation().state);
  const mutation = useCreatePersonMutation();
  const draftKey = personDraftKey(user?.id ?? 'anonyme');
  const [draft] = useState(() => loadPersonDraft(window.localStorage, draftKey));

  async function save(person: PersonData): Promise<PersonSubmitResult | void> {
    let created;
    try {
      created = await mutation.mutateAsync(person);
    } catch (error) {
      return personSubmitFailure(error, DEFAULT_ERROR_FALLBACK);
    }
    window.localStorage.removeItem(draftKey);
    toasts.success(personMessages.created);
    if (returnTo) {
      const state: RegisteredPersonState = { registeredPerson: created };
      // Replaces /person: "Retour" from the page then does not reopen a registration already saved.
      void navigate(returnTo, { replace: true, state });
    } else goBack();
  }

  return (
    <section className="mx-auto w-full max-w-3xl">
      <PersonPageHeader title="Enregistrer Client" onBack={goBack} />
      <p className="mb-4 text-sm text-slate-600">
        Les champs marqués d&apos;un <span className="text-red-700">*</span> sont obligatoires. Le brouillon
        est gardé sur cet appareil jusqu&apos;à l&apos;enregistrement.
      </p>
      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <PersonForm
          defaultValues={draft}
          onSubmit={save}
          onValuesChange={(values) => savePersonDraft(window.localStorage, draftKey, values)}
        />
      </div>
    </section>
  );
}
