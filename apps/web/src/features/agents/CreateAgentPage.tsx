import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import {
  agentMessages,
  agentTypeLabels,
  agentTypeSchema,
  createAgentInputSchema,
  displayName,
  documentLabel,
  normalizePhone,
  phonePrefixes,
  type CreateAgentInput,
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
import { useCreateAgentMutation } from './api/create-agent';

/** The information step's fields; `phone` is the number without its prefix. */
interface InfoValues {
  name: string;
  address: string;
  email: string;
  phonePrefix: string;
  phone: string;
  type: string;
  username: string;
}

const infoFields = ['name', 'address', 'email', 'phone', 'type', 'username'] as const;
const infoSchema = createAgentInputSchema.omit({ personIds: true });

const STEP_OWNERS = 0;
const STEP_INFO = 1;

/** "+509" and "3712 3456" → "+509 3712 3456"; a number typed with its own "+" keeps it. */
function composePhone(prefix: string, local: string): string {
  const number = local.trim();
  if (!number) return '';
  return number.startsWith('+') ? number : `${prefix}${number}`;
}

function toInput(values: InfoValues) {
  return { ...values, phone: composePhone(values.phonePrefix, values.phone) };
}

/** SPEC §5's rules, from the domain schema that the server also applies, with the phone put together. */
const infoResolver: Resolver<InfoValues> = (values) => {
  const result = infoSchema.safeParse(toInput(values));
  if (result.success) return { values, errors: {} };
  const errors: FieldErrors<InfoValues> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof InfoValues;
    errors[field] ??= { type: 'validation', message: issue.message };
  }
  return { values: {}, errors };
};

const selectClasses =
  'mt-1 block min-h-11 w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-0 sm:text-sm';

function Summary({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900 sm:col-span-2 sm:mt-0">{children}</dd>
    </div>
  );
}

/**
 * /create-agent (SPEC §2, §5): owners, information, confirmation. Creating the agent also opens its
 * float account and its first user, an administrator mailed at the first owner's address (DESIGN §3).
 */
export default function CreateAgentPage() {
  const toasts = useToasts();
  const navigate = useNavigate();
  const location = useLocation();
  const mutation = useCreateAgentMutation();
  const [step, setStep] = useState(STEP_OWNERS);
  const [owners, setOwners] = useState<PersonSearchResult[]>([]);
  const [ownersError, setOwnersError] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const focusAfterReturn = useRef<(typeof infoFields)[number] | null>(null);
  const prefixId = useId();
  const typeId = useId();
  const ownersErrorId = useId();

  const {
    register,
    handleSubmit,
    getValues,
    control,
    setError,
    clearErrors,
    setFocus,
    formState: { errors },
  } = useForm<InfoValues>({
    resolver: infoResolver,
    defaultValues: { name: '', address: '', email: '', phonePrefix: '+509', phone: '', type: '', username: '' },
  });

  const values = useWatch({ control });
  const username = values.username ?? '';
  const usernameCheck = useUsernameCheck(username);
  const usernameErrorType = errors.username?.type;
  useEffect(() => {
    if (usernameCheck.taken) setError('username', { type: 'unique', message: usernameTakenMessage });
    else if (usernameCheck.taken === false && usernameErrorType === 'unique') clearErrors('username');
  }, [usernameCheck.taken, usernameErrorType, setError, clearErrors]);

  // After a server refusal the wizard returns to step 2: the keyboard lands on the first wrong field.
  useEffect(() => {
    const field = focusAfterReturn.current;
    if (field && step === STEP_INFO) {
      focusAfterReturn.current = null;
      setFocus(field);
    }
  }, [step, setFocus]);

  function addOwner(person: PersonSearchResult) {
    setOwners((current) => (current.some((owner) => owner.id === person.id) ? current : [...current, person]));
    setOwnersError(null);
  }

  function validateOwners(): boolean {
    const result = createAgentInputSchema.shape.personIds.safeParse(owners.map((owner) => owner.id));
    setOwnersError(result.success ? null : (result.error.issues[0]?.message ?? null));
    return result.success;
  }

  async function validateInfo(): Promise<boolean> {
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

  function goBackOnePage() {
    if (location.key === 'default') void navigate('/agents', { replace: true });
    else void navigate(-1);
  }

  async function submit() {
    setSubmitError(null);
    const parsed = createAgentInputSchema.safeParse({ ...toInput(getValues()), personIds: owners.map((o) => o.id) });
    if (!parsed.success) {
      setStep(STEP_INFO);
      return;
    }
    const input: CreateAgentInput = { ...parsed.data, phone: normalizePhone(parsed.data.phone) };
    try {
      await mutation.mutateAsync(input);
      toasts.success(agentMessages.created);
      goBackOnePage();
    } catch (error) {
      // The toast (the server's message) comes from the query client.
      if (!isHttpError(error)) return;
      const { personIds: ownerMessages, ...fieldErrors } = error.errors;
      const unplaced = applyServerErrors(setError, fieldErrors, infoFields);
      const firstWrong = infoFields.find((field) => fieldErrors[field]?.length);
      if (ownerMessages?.[0]) {
        setOwnersError(ownerMessages[0]);
        setStep(STEP_OWNERS);
      } else if (firstWrong) {
        // SPEC §5: server field errors land on the fields and the wizard returns to step 2.
        focusAfterReturn.current = firstWrong;
        setStep(STEP_INFO);
      }
      if (unplaced[0]) setSubmitError(unplaced[0]);
    }
  }

  const firstOwner = owners[0];

  const ownersStep = (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        Recherchez et sélectionnez la ou les personnes propriétaires de l'agent. La première recevra par e-mail les
        identifiants de l'administrateur de l'agent.
      </p>
      <PersonSearchModal onSelect={addOwner} excludeIds={owners.map((owner) => owner.id)} />
      <div aria-describedby={ownersError ? ownersErrorId : undefined}>
        <ClientList
          clients={owners}
          onRemove={(owner) => setOwners((current) => current.filter((candidate) => candidate.id !== owner.id))}
        />
      </div>
      {ownersError && (
        <p id={ownersErrorId} role="alert" className="text-sm font-medium text-red-700">
          {ownersError}
        </p>
      )}
    </div>
  );

  const infoStep = (
    <form
      noValidate
      onSubmit={(event) => event.preventDefault()}
      className="grid gap-4 sm:grid-cols-2"
      aria-label="Informations de l'agent"
    >
      <TextField label="Nom" required className="sm:col-span-2" error={errors.name?.message} {...register('name')} />
      <TextField
        label="Adresse"
        required
        autoComplete="street-address"
        className="sm:col-span-2"
        error={errors.address?.message}
        {...register('address')}
      />
      <TextField label="Email" type="email" required autoComplete="email" error={errors.email?.message} {...register('email')} />
      <div className="flex items-start gap-2">
        <div className="w-36 shrink-0">
          <label htmlFor={prefixId} className="text-sm font-medium text-slate-800">
            Indicatif
          </label>
          <select id={prefixId} className={`${selectClasses} border-slate-300 focus:outline-blue-700`} {...register('phonePrefix')}>
            {phonePrefixes.map((choice) => (
              <option key={choice.prefix} value={choice.prefix}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label="Téléphone"
          type="tel"
          required
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="612345678"
          className="min-w-0 flex-1"
          error={errors.phone?.message}
          {...register('phone')}
        />
      </div>
      <div>
        <div className="flex items-baseline gap-0.5 text-sm font-medium text-slate-800">
          <label htmlFor={typeId}>Type</label>
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        </div>
        <select
          id={typeId}
          aria-required
          aria-invalid={errors.type ? true : undefined}
          aria-describedby={errors.type ? `${typeId}-error` : undefined}
          className={`${selectClasses} ${errors.type ? 'border-red-500 focus:outline-red-600' : 'border-slate-300 focus:outline-blue-700'}`}
          {...register('type')}
        >
          <option value="">Choisir un type</option>
          {agentTypeSchema.options.map((type) => (
            <option key={type} value={type}>
              {agentTypeLabels[type]} ({type})
            </option>
          ))}
        </select>
        {errors.type?.message && (
          <p id={`${typeId}-error`} className="mt-1 text-sm text-red-700">
            {errors.type.message}
          </p>
        )}
      </div>
      <TextField
        label="Nom d'utilisateur"
        required
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        hint={
          usernameCheck.checking
            ? 'Vérification de la disponibilité...'
            : "L'administrateur de l'agent. 8 caractères minimum : lettres, chiffres, « . », « - » et « _ »."
        }
        error={errors.username?.message}
        {...register('username')}
      />
    </form>
  );

  const typeLabel = agentTypeSchema.safeParse(values.type);
  const confirmationStep = (
    <div className="space-y-4">
      <ClientList clients={owners} showAddLink={false} title="Propriétaires" />
      <dl className="divide-y divide-slate-100">
        <Summary label="Nom">{values.name}</Summary>
        <Summary label="Adresse">{values.address}</Summary>
        <Summary label="Email">{values.email}</Summary>
        <Summary label="Téléphone">{composePhone(values.phonePrefix ?? '', values.phone ?? '')}</Summary>
        <Summary label="Type">{typeLabel.success ? agentTypeLabels[typeLabel.data] : values.type}</Summary>
        <Summary label="Nom d'utilisateur">{values.username}</Summary>
      </dl>
      {firstOwner && (
        <Alert type="info">
          {/* The username is shown once, above: the e-mail goes to the first owner. */}
          Le compte de float de l'agent sera ouvert avec un solde de 0 HTG. Son administrateur recevra son mot de passe
          temporaire par e-mail
          {firstOwner.email ? ` à l'adresse ${firstOwner.email}` : ''} ({displayName(firstOwner)},{' '}
          {documentLabel(firstOwner.idDocumentType)} {firstOwner.idDocumentNumber}).
        </Alert>
      )}
    </div>
  );

  return (
    <Wizard
      title="Créer un agent"
      description="Un point de service : ses propriétaires, ses coordonnées et son administrateur."
      step={step}
      onStepChange={(index) => {
        setSubmitError(null);
        setStep(index);
      }}
      submitting={mutation.isPending}
      onSubmit={submit}
      error={submitError ? <Alert type="danger">{submitError}</Alert> : undefined}
      steps={[
        { id: 'owners', title: 'Propriétaires', content: ownersStep, validate: validateOwners },
        { id: 'info', title: 'Informations', content: infoStep, validate: validateInfo },
        { id: 'confirmation', title: 'Confirmation', content: confirmationStep },
      ]}
    />
  );
}
