import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  authMessages,
  currencySchema,
  displayName,
  documentLabel,
  duplicateDocumentMessage,
  formatDate,
  genericMessages,
  type PersonData,
  formatPhone,
  registerTexts,
  wizardHints,
} from '@lajan/domain';
import { AccountTypeField, currencyOptions } from '../../components/accounts/AccountTypeField';
import { Alert } from '../../components/Alert';
import { ClientList } from '../../components/persons/ClientList';
import {
  PersonForm,
  personFieldLabels,
  type PersonFormValues,
  type PersonSubmitResult,
} from '../../components/persons/PersonForm';
import { SelectField } from '../../components/SelectField';
import { textLinkClasses } from '../../components/text-link';
import { useToasts } from '../../components/toasts/toast-context';
import { Wizard } from '../../components/wizard/Wizard';
import { errorMessage, isHttpError } from '../../lib/http';
import { AccountChoiceSummary } from '../../components/accounts/AccountChoiceSummary';
import { currentLanguage, formatLanguage } from '../../i18n/i18n';
import { useRegisterMutation } from './api/register';
import {
  REGISTER_DRAFT_KEY,
  loadRegisterDraft,
  saveRegisterDraft,
  type RegisterDraft,
} from './register-draft';
import { t } from '@lingui/core/macro';

const MAX_PERSONS = 5;

interface Failure {
  message: string;
  details: string[];
}

/**
 * /register: a visitor asks for an account. 1. type and currency; 2. the holders,
 * typed inline with the same person form as /person (a visitor cannot search persons); 3. summary.
 * The request waits, pending, for a teller; the success message promises an e-mail within 24 hours.
 */
export default function RegisterPage() {
  const toasts = useToasts();
  const mutation = useRegisterMutation();
  const [initial] = useState(() => loadRegisterDraft(window.localStorage));
  const [step, setStep] = useState(initial.step);
  const [type, setType] = useState(initial.type);
  const [currency, setCurrency] = useState(initial.currency);
  const [persons, setPersons] = useState<PersonData[]>(initial.persons);
  const personDraftRef = useRef<PersonFormValues>(initial.personDraft);
  const [form, setForm] = useState({ key: 0, values: initial.personDraft });
  const [failure, setFailure] = useState<Failure | null>(null);
  const [reference, setReference] = useState<string | null | undefined>(undefined);
  const done = reference !== undefined;

  function save(next: Partial<RegisterDraft> = {}) {
    if (done) return;
    saveRegisterDraft(window.localStorage, {
      step,
      type,
      currency,
      persons,
      personDraft: personDraftRef.current,
      ...next,
    });
  }

  // Every change of step, type, currency or holders is written at once.
  useEffect(() => {
    if (!done) save();
    // `save` reads the same state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step, type, currency, persons, done]);

  function addPerson(person: PersonData): Promise<PersonSubmitResult | void> {
    const twin = persons.find(
      (other) =>
        other.idDocumentType === person.idDocumentType && other.idDocumentNumber === person.idDocumentNumber,
    );
    if (twin)
      return Promise.resolve({
        errors: { idDocumentNumber: [duplicateDocumentMessage(person.idDocumentType)] },
      });
    setPersons((all) => [...all, person]);
    return Promise.resolve();
  }

  function editPerson(index: number) {
    const person = persons[index];
    if (!person) return;
    setPersons((all) => all.filter((_, i) => i !== index));
    personDraftRef.current = person;
    setForm((current) => ({ key: current.key + 1, values: person }));
  }

  async function submit() {
    setFailure(null);
    if (!type || persons.length === 0) return;
    try {
      const answer = await mutation.mutateAsync({ type, currency, persons });
      window.localStorage.removeItem(REGISTER_DRAFT_KEY);
      toasts.success(authMessages.registerSuccess);
      setReference(answer.reference ?? null);
    } catch (error) {
      if (isHttpError(error) && Object.keys(error.errors).length > 0) {
        setFailure({ message: genericMessages.validation, details: describeErrors(error.errors, persons) });
        return;
      }
      setFailure({ message: errorMessage(error, authMessages.registerFailed), details: [] });
    }
  }

  if (done)
    return (
      <RegisterFrame>
        <RequestSent reference={reference} holders={persons} />
      </RegisterFrame>
    );

  const typeStep = (
    <div className="grid gap-4 sm:grid-cols-2">
      <AccountTypeField value={type} onChange={setType} />
      <SelectField
        label={t`Devise`}
        required
        placeholder={t`Choisir...`}
        options={currencyOptions}
        value={currency}
        onChange={(event) => setCurrency(event.target.value)}
      />
    </div>
  );

  const full = persons.length >= MAX_PERSONS;
  const personsStep = (
    <div className="space-y-6">
      <ClientList
        clients={persons}
        showAddLink={false}
        showHolderRole
        title={t`Titulaires du compte`}
        emptyTitle={t`Aucun titulaire ajouté`}
        emptyHint={t`Remplissez le formulaire ci-dessous puis appuyez sur «\u00a0Ajouter ce titulaire\u00a0».`}
        onRemove={(_, index) => setPersons((all) => all.filter((__, i) => i !== index))}
        onEdit={(_, index) => editPerson(index)}
      />
      {full ? (
        <Alert type="info">{t`Une demande compte au plus ${MAX_PERSONS} titulaires.`}</Alert>
      ) : (
        <div className="rounded-lg border border-slate-200 p-4">
          <h3 className="mb-1 text-base font-semibold text-slate-900">
            {persons.length === 0 ? t`Titulaire principal` : t`Ajouter un autre titulaire (facultatif)`}
          </h3>
          <p className="mb-4 text-sm text-slate-600">
            {t`Les informations doivent correspondre à votre pièce d'identité : elle sera vérifiée au point de service.`}
          </p>
          <PersonForm
            key={form.key}
            defaultValues={form.values}
            checkUniqueness={false}
            submitLabel={t`Ajouter ce titulaire`}
            submittingLabel={t`Ajout...`}
            resetAfterSubmit
            onSubmit={addPerson}
            onValuesChange={(values) => {
              personDraftRef.current = values;
              save();
            }}
          />
        </div>
      )}
    </div>
  );

  const language = formatLanguage(currentLanguage());
  const summaryStep = (
    <div className="space-y-4">
      <AccountChoiceSummary type={type} currency={currency} />
      <ul className="space-y-3">
        {persons.map((person, index) => {
          const born = formatDate(person.dob, language);
          return (
            <li
              key={`${person.idDocumentType}-${person.idDocumentNumber}`}
              className="rounded-lg border border-slate-200 p-4"
            >
              <p className="font-semibold text-slate-900">
                {displayName(person)}{' '}
                <span className="text-xs font-medium text-blue-900">
                  {index === 0 ? t`(titulaire principal)` : t`(titulaire secondaire)`}
                </span>
              </p>
              <p className="text-sm break-words text-slate-700">
                {t`Né(e) le ${born}`} · {person.email} · {formatPhone(person.phoneNumber)}
              </p>
            </li>
          );
        })}
      </ul>
    </div>
  );

  return (
    <RegisterFrame>
      <Wizard
        title={t`Ouvrir un compte`}
        description={t`Demandez l'ouverture d'un compte Lajan en quelques étapes.`}
        step={step}
        onStepChange={(next) => {
          setFailure(null);
          setStep(next);
        }}
        submitting={mutation.isPending}
        onSubmit={submit}
        error={
          failure && (
            <Alert type="danger" title={failure.message}>
              {failure.details.length > 0 && (
                <ul className="list-disc space-y-1 pl-5">
                  {failure.details.map((detail) => (
                    <li key={detail}>{detail}</li>
                  ))}
                </ul>
              )}
            </Alert>
          )
        }
        steps={[
          {
            id: 'type',
            title: t`Type de compte et devise`,
            content: typeStep,
            canGoNext: Boolean(type) && currencySchema.safeParse(currency).success,
            blockedHint: t`Choisissez le type de compte et la devise.`,
          },
          {
            id: 'persons',
            title: t`Titulaires`,
            content: personsStep,
            canGoNext: persons.length > 0,
            blockedHint: wizardHints.addHolder,
          },
          { id: 'summary', title: t`Résumé de la demande`, content: summaryStep },
        ]}
      />
    </RegisterFrame>
  );
}

/** "Client 1 (Jean PIERRE) · Email : Cette adresse e-mail existe déjà" for `persons.0.email`; the other fields as they are. */
function describeErrors(errors: Record<string, string[]>, persons: PersonData[]): string[] {
  return Object.entries(errors).flatMap(([path, messages]) => {
    const message = messages[0];
    if (!message) return [];
    const match = /^persons\.(\d+)\.(.+)$/.exec(path);
    if (match) {
      const index = Number(match[1]);
      const person = persons[index];
      const number = index + 1;
      const name = person ? displayName(person) : '';
      const who = person ? t`Titulaire ${number} (${name})` : t`Titulaire ${number}`;
      const field = personFieldLabels[match[2] ?? ''] ?? match[2] ?? '';
      // Words of their own only: the layout is the same in both languages (decision 238).
      return [`${who} · ${field} : ${message}`];
    }
    if (path === 'type') return [t`Type de compte : ${message}`];
    if (path === 'currency') return [t`Devise : ${message}`];
    return [message];
  });
}

function RegisterFrame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-100 px-3 py-6 sm:px-4 sm:py-8">
      <div className="mx-auto mb-6 flex w-full max-w-3xl items-center justify-between gap-3">
        <Link
          to="/login"
          className="flex items-center gap-2 rounded-md text-blue-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-blue-700"
        >
          <span
            aria-hidden="true"
            className="flex size-10 items-center justify-center rounded-lg bg-blue-900 text-xl font-bold text-white"
          >
            L
          </span>
          <span className="text-2xl font-bold tracking-tight">Lajan</span>
        </Link>
        {/* SPEC's « Connexion » link, the staff's: a customer has no sign-in (decision 213). */}
        <Link to="/login" className={`${textLinkClasses} text-sm`}>
          {registerTexts.staffSignIn}
        </Link>
      </div>
      <main>{children}</main>
    </div>
  );
}

/**
 * What happens next (decision 213): SPEC's e-mail within 24 hours, then a visit to a cash point with the
 * reference and each holder's identity document as given; a teller opens the account there.
 */
function RequestSent({
  reference,
  holders,
}: {
  reference: string | null | undefined;
  holders: PersonData[];
}) {
  return (
    <section className="mx-auto w-full max-w-xl rounded-xl border border-emerald-200 bg-white p-6 shadow-sm sm:p-8">
      <div
        aria-hidden="true"
        className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-100 text-3xl text-emerald-800"
      >
        ✓
      </div>
      <h1 className="mt-4 text-center text-2xl font-semibold text-slate-900">{registerTexts.sentTitle}</h1>
      <p className="mt-3 text-center text-slate-700">{registerTexts.sent}</p>
      {reference && (
        <div className="mt-4 rounded-lg bg-slate-50 p-4 text-center">
          <p className="text-sm text-slate-700">
            {registerTexts.reference} :{' '}
            <span className="font-mono text-lg font-semibold text-slate-900">{reference}</span>
          </p>
          <p className="mt-1 text-sm text-slate-600">{registerTexts.referenceKeep}</p>
        </div>
      )}
      <section aria-labelledby="register-next" className="mt-6">
        <h2 id="register-next" className="text-base font-semibold text-slate-900">
          {registerTexts.nextTitle}
        </h2>
        <ol className="mt-2 list-decimal space-y-2 pl-5 text-sm text-slate-700">
          <li>{registerTexts.nextVisit}</li>
          <li>
            {registerTexts.nextDocuments(holders.length)}
            <ul className="mt-1 space-y-1">
              {holders.map((holder) => (
                <li key={`${holder.idDocumentType}-${holder.idDocumentNumber}`} className="break-words">
                  <span className="font-medium text-slate-900">{displayName(holder)}</span> ·{' '}
                  {documentLabel(holder.idDocumentType)} {holder.idDocumentNumber}
                </li>
              ))}
            </ul>
          </li>
          <li>{registerTexts.nextTeller}</li>
        </ol>
      </section>
      <p className="mt-6 border-t border-slate-200 pt-4 text-sm text-slate-600">
        {registerTexts.noCustomerSignIn}
      </p>
    </section>
  );
}
