import { useState } from 'react';
import { Button } from '../../components/Button';
import { PersonForm, type PersonSubmitResult } from '../../components/persons/PersonForm';
import { useToasts } from '../../components/toasts/toast-context';
import { errorMessage, isHttpError } from '../../lib/http';
import { DEFAULT_ERROR_FALLBACK } from '../../lib/query-client';
import { useSession } from '../../lib/session-context';
import { useGoBack } from '../../lib/use-go-back';
import { genericMessages, personMessages, type PersonData } from '@lajan/domain';
import { useCreatePersonMutation } from './api/create-person';
import { loadPersonDraft, personDraftKey, savePersonDraft } from './person-draft';

/**
 * /person, "Enregistrer Client" (SPEC §2): the customer's KYC form. The draft survives leaving the
 * screen; a successful save clears it, says so and goes back one page.
 */
export default function RegisterClientPage() {
  const { user } = useSession();
  const toasts = useToasts();
  const goBack = useGoBack();
  const mutation = useCreatePersonMutation();
  const draftKey = personDraftKey(user?.id ?? 'anonyme');
  const [draft] = useState(() => loadPersonDraft(window.localStorage, draftKey));

  async function save(person: PersonData): Promise<PersonSubmitResult | void> {
    try {
      await mutation.mutateAsync(person);
    } catch (error) {
      if (isHttpError(error) && Object.keys(error.errors).length > 0) {
        return { errors: error.errors, message: genericMessages.validation };
      }
      return { message: errorMessage(error, DEFAULT_ERROR_FALLBACK) };
    }
    window.localStorage.removeItem(draftKey);
    toasts.success(personMessages.created);
    goBack();
  }

  return (
    <section className="mx-auto w-full max-w-3xl">
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={goBack}>
          <span aria-hidden="true">←</span> Retour
        </Button>
        <h1 className="text-2xl font-semibold text-slate-900">Enregistrer Client</h1>
      </div>
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
