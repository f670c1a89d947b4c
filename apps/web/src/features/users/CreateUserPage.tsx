import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  createUserInputSchema,
  displayName,
  documentLabel,
  roleLabels,
  roleSchema,
  userMessages,
  type Role,
} from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { ClientList } from '../../components/persons/ClientList';
import { PersonSearchModal } from '../../components/persons/PersonSearchModal';
import type { PersonSearchResult } from '../../components/persons/api';
import { TextField } from '../../components/TextField';
import { useToasts } from '../../components/toasts/toast-context';
import { usernameTakenMessage, useUsernameCheck } from '../../components/username-check/use-username-check';
import { Wizard } from '../../components/wizard/Wizard';
import { applyServerErrors } from '../../lib/form';
import { isHttpError } from '../../lib/http';
import { useSession } from '../../lib/session-context';
import { useCreateUserMutation } from './api/create-user';

interface CredentialValues {
  role: string;
  username: string;
}

const credentialFields = ['role', 'username'] as const;
const credentialsSchema = createUserInputSchema.omit({ personId: true });

/** SPEC §5's rules, from the domain schema that the server also applies. */
const credentialsResolver: Resolver<CredentialValues> = (values) => {
  const result = credentialsSchema.safeParse(values);
  if (result.success) return { values, errors: {} };
  const errors: FieldErrors<CredentialValues> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof CredentialValues;
    errors[field] ??= { type: 'validation', message: issue.message };
  }
  return { values: {}, errors };
};

/** The roles an agent's administrator gives (SPEC §6): Administrateur and Agent. */
const agentRoles: Role[] = ['agent_admin', 'user'];

const STEP_PERSON = 0;
const STEP_CREDENTIALS = 1;

function Summary({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900 sm:col-span-2 sm:mt-0">{children}</dd>
    </div>
  );
}

/**
 * /create-user (SPEC §2, §5, §6): the person, the credentials, confirmation. An agent's administrator
 * chooses Administrateur or Agent; the super administrator creates another super administrator, the
 * role fixed to `sudo` and its selector hidden (DESIGN §3).
 */
export default function CreateUserPage() {
  const { user: me } = useSession();
  const superAdmin = Boolean(me?.isSuperAdmin);
  const toasts = useToasts();
  const navigate = useNavigate();
  const mutation = useCreateUserMutation();
  const [step, setStep] = useState(STEP_PERSON);
  const [person, setPerson] = useState<PersonSearchResult | null>(null);
  const [personError, setPersonError] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const focusAfterReturn = useRef<(typeof credentialFields)[number] | null>(null);
  const roleId = useId();
  const personErrorId = useId();

  const {
    register,
    handleSubmit,
    getValues,
    control,
    setError,
    clearErrors,
    setFocus,
    formState: { errors },
  } = useForm<CredentialValues>({
    resolver: credentialsResolver,
    defaultValues: { role: superAdmin ? 'sudo' : '', username: '' },
  });

  const values = useWatch({ control });
  const usernameCheck = useUsernameCheck(values.username ?? '');
  const usernameErrorType = errors.username?.type;
  useEffect(() => {
    if (usernameCheck.taken) setError('username', { type: 'unique', message: usernameTakenMessage });
    else if (usernameCheck.taken === false && usernameErrorType === 'unique') clearErrors('username');
  }, [usernameCheck.taken, usernameErrorType, setError, clearErrors]);

  useEffect(() => {
    const field = focusAfterReturn.current;
    if (field && step === STEP_CREDENTIALS) {
      focusAfterReturn.current = null;
      setFocus(field);
    }
  }, [step, setFocus]);

  function validatePerson(): boolean {
    const result = createUserInputSchema.shape.personId.safeParse(person?.id ?? '');
    setPersonError(result.success ? null : (result.error.issues[0]?.message ?? null));
    return result.success;
  }

  async function validateCredentials(): Promise<boolean> {
    // Through handleSubmit: the first wrong field gets the focus, and from then on each field is
    // checked again as it changes, so a corrected field loses its message at once.
    const valid = await new Promise<boolean>((resolve) => {
      void handleSubmit(
        () => resolve(true),
        () => resolve(false),
      )();
    });
    if (!valid) return false;
    if (await usernameCheck.checkNow()) {
      setError('username', { type: 'unique', message: usernameTakenMessage }, { shouldFocus: true });
      return false;
    }
    return true;
  }

  async function submit() {
    setSubmitError(null);
    const parsed = createUserInputSchema.safeParse({ ...getValues(), personId: person?.id ?? '' });
    if (!parsed.success) {
      setStep(STEP_CREDENTIALS);
      return;
    }
    try {
      await mutation.mutateAsync(parsed.data);
      toasts.success(userMessages.created);
      // SPEC §4: user creation goes to the users list; the super administrator's is the administrators list.
      void navigate(superAdmin ? '/administrators' : '/users');
    } catch (error) {
      // The toast (the server's message) comes from the query client.
      if (!isHttpError(error)) return;
      const { personId: personMessages, ...fieldErrors } = error.errors;
      const unplaced = applyServerErrors(setError, fieldErrors, credentialFields);
      const firstWrong = credentialFields.find((field) => fieldErrors[field]?.length);
      if (personMessages?.[0]) {
        setPersonError(personMessages[0]);
        setStep(STEP_PERSON);
      } else if (firstWrong) {
        focusAfterReturn.current = firstWrong;
        setStep(STEP_CREDENTIALS);
      }
      if (unplaced[0]) setSubmitError(unplaced[0]);
    }
  }

  const personStep = (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        Recherchez la personne qui utilisera ce compte. Son mot de passe temporaire lui sera envoyé par e-mail.
      </p>
      <PersonSearchModal
        onSelect={(picked) => {
          // Exactly one person: a new choice replaces the previous one.
          setPerson(picked);
          setPersonError(null);
        }}
        excludeIds={person ? [person.id] : []}
      />
      <div aria-describedby={personError ? personErrorId : undefined}>
        <ClientList
          clients={person ? [person] : []}
          onRemove={() => setPerson(null)}
          title="Personne sélectionnée"
          emptyTitle="Aucune personne sélectionnée"
          emptyHint="Veuillez rechercher et sélectionner une personne."
        />
      </div>
      {personError && (
        <p id={personErrorId} role="alert" className="text-sm font-medium text-red-700">
          {personError}
        </p>
      )}
    </div>
  );

  const roleParsed = roleSchema.safeParse(values.role);
  const credentialsStep = (
    <form noValidate onSubmit={(event) => event.preventDefault()} className="grid gap-4 sm:grid-cols-2" aria-label="Identifiants">
      {superAdmin ? (
        <p className="text-sm text-slate-700 sm:col-span-2">
          Rôle : <strong>{roleLabels.sudo}</strong>
        </p>
      ) : (
        <div>
          <div className="flex items-baseline gap-0.5 text-sm font-medium text-slate-800">
            <label htmlFor={roleId}>Rôle</label>
            <span aria-hidden="true" className="text-red-700">
              *
            </span>
          </div>
          <select
            id={roleId}
            aria-required
            aria-invalid={errors.role ? true : undefined}
            aria-describedby={errors.role ? `${roleId}-error` : undefined}
            className={`mt-1 block min-h-11 w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-0 sm:text-sm ${
              errors.role ? 'border-red-500 focus:outline-red-600' : 'border-slate-300 focus:outline-blue-700'
            }`}
            {...register('role')}
          >
            <option value="">Choisir un rôle</option>
            {agentRoles.map((role) => (
              <option key={role} value={role}>
                {roleLabels[role]}
              </option>
            ))}
          </select>
          {errors.role?.message && (
            <p id={`${roleId}-error`} className="mt-1 text-sm text-red-700">
              {errors.role.message}
            </p>
          )}
        </div>
      )}
      <TextField
        label="Nom d'utilisateur"
        required
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        hint={
          usernameCheck.checking
            ? 'Vérification de la disponibilité...'
            : '8 caractères minimum : lettres, chiffres, « . », « - » et « _ ».'
        }
        error={errors.username?.message}
        {...register('username')}
      />
    </form>
  );

  const confirmationStep = (
    <div className="space-y-4">
      <dl className="divide-y divide-slate-100">
        <Summary label="Personne">
          {person ? `${displayName(person)} · ${documentLabel(person.idDocumentType)} ${person.idDocumentNumber}` : ''}
        </Summary>
        <Summary label="Rôle">{roleParsed.success ? roleLabels[roleParsed.data] : ''}</Summary>
        <Summary label="Nom d'utilisateur">{values.username}</Summary>
        {!superAdmin && me?.agent && <Summary label="Agent">{`${me.agent.name} (${me.agent.code})`}</Summary>}
      </dl>
      <Alert type="info">
        Un mot de passe temporaire sera envoyé par e-mail{person?.email ? ` à ${person.email}` : ' à cette personne'}. Il
        devra être changé à la première connexion.
      </Alert>
    </div>
  );

  return (
    <Wizard
      title={superAdmin ? 'Créer un administrateur' : 'Créer un utilisateur'}
      step={step}
      onStepChange={(index) => {
        setSubmitError(null);
        setStep(index);
      }}
      submitting={mutation.isPending}
      onSubmit={submit}
      error={submitError ? <Alert type="danger">{submitError}</Alert> : undefined}
      steps={[
        { id: 'person', title: 'Personne', content: personStep, validate: validatePerson },
        { id: 'credentials', title: 'Identifiants', content: credentialsStep, validate: validateCredentials },
        { id: 'confirmation', title: 'Confirmation', content: confirmationStep },
      ]}
    />
  );
}
