import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { PersonForm, type PersonSubmitResult } from '../../components/persons/PersonForm';
import { personSubmitFailure } from '../../components/persons/person-submit';
import { returnToOf, type RegisteredPersonState } from '../../components/persons/registration-return';
import { PageLoading } from '../../components/PageLoading';
import { useToasts } from '../../components/toasts/toast-context';
import { useStorageKeys } from '../../lib/pending-context';
import { DEFAULT_ERROR_FALLBACK } from '../../lib/query-client';
import { useReturnAfterSave } from '../../lib/navigation-trail';
import { useSession } from '../../lib/session-context';
import { useGoBack } from '../../lib/use-go-back';
import { can, displayName, personMessages, type PersonData } from '@lajan/domain';
import { useCreatePersonMutation } from './api/create-person';
import { PersonPageHeader } from './PersonPageHeader';
import { draftWriter, loadPersonDraft } from './person-draft';
import { personDraftKey } from './person-draft-storage';
import type { PersonFormValues } from '../../components/persons/PersonForm';

/** The account opening, where `{ registeredPerson }` chooses the holder (decision 132). */
const createAccountPath = '/create-account';
/** A toast that offers the next step stays longer than SPEC's 5 s (and while it is hovered or focused). */
const OFFER_TIMEOUT_MS = 10_000;

interface Draft {
  values: PersonFormValues | undefined;
  /** Null when the user's storage key could not be had: the draft is then not kept (decision 202). */
  writer: ReturnType<typeof draftWriter> | null;
}

/**
 * /person, the customer's form, its draft kept on leaving (decision 031). Once saved it goes back one page,
 * never to « Ma caisse » (decision 211), or to the search that opened it with the person selected
 * (decision 132).
 */
export default function RegisterClientPage() {
  const { user } = useSession();
  const toasts = useToasts();
  const goBack = useGoBack();
  const returnAfterSave = useReturnAfterSave();
  const navigate = useNavigate();
  const returnTo = returnToOf(useLocation().state);
  const mutation = useCreatePersonMutation();
  const draftKey = personDraftKey(user?.id ?? 'anonyme');
  const storageKeys = useStorageKeys();
  // Sealed under the user's storage key (decision 202): opened once her key is here.
  const [draft, setDraft] = useState<Draft | null>(null);
  useEffect(() => {
    let live = true;
    void storageKeys.ensure().then(async (sealer) => {
      const mine = sealer && sealer.userId === user?.id ? sealer : null;
      const values = mine ? await loadPersonDraft(window.localStorage, draftKey, mine) : undefined;
      if (live) setDraft({ values, writer: mine ? draftWriter(window.localStorage, draftKey, mine) : null });
    });
    return () => {
      live = false;
    };
  }, [storageKeys, draftKey, user?.id]);

  async function save(person: PersonData): Promise<PersonSubmitResult | void> {
    let created;
    try {
      created = await mutation.mutateAsync(person);
    } catch (error) {
      return personSubmitFailure(error, DEFAULT_ERROR_FALLBACK);
    }
    await draft?.writer?.clear();
    const state: RegisteredPersonState = { registeredPerson: created };
    if (returnTo) {
      toasts.success(personMessages.created);
      // Replaces /person: "Retour" from the page then does not reopen a registration already saved.
      void navigate(returnTo, { replace: true, state });
      return;
    }
    // The usual next step at the counter: her account, the person already chosen (decision 211).
    const openAccount = can(user, 'accounts.manage')
      ? {
          label: personMessages.openAccountFor(displayName(created)),
          run: () => void navigate(createAccountPath, { state }),
        }
      : undefined;
    toasts.success(personMessages.created, openAccount ? OFFER_TIMEOUT_MS : undefined, openAccount);
    returnAfterSave();
  }

  return (
    <section className="mx-auto w-full max-w-3xl">
      <PersonPageHeader title={t`Enregistrer Client`} onBack={goBack} />
      <p className="mb-4 text-sm text-slate-600">
        <Trans>
          Les champs marqués d&apos;un <span className="text-red-700">*</span> sont obligatoires. Le brouillon
          est gardé sur cet appareil jusqu&apos;à l&apos;enregistrement.
        </Trans>
      </p>
      {draft && !draft.writer && (
        <p role="status" className="mb-4 text-sm text-amber-800">
          {personMessages.draftNotKept}
        </p>
      )}
      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        {draft ? (
          <PersonForm
            defaultValues={draft.values}
            onSubmit={save}
            onValuesChange={(values) => draft.writer?.write(values)}
          />
        ) : (
          <PageLoading />
        )}
      </div>
    </section>
  );
}
