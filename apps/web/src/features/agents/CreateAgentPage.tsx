import { useId, useState } from 'react';
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
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { useToasts } from '../../components/toasts/toast-context';
import { DetailList, DetailRow } from '../../components/users/DetailList';
import { UsernameField } from '../../components/users/UsernameField';
import { schemaResolver, useUsernameStepForm } from '../../components/users/wizard-form';
import { Wizard } from '../../components/wizard/Wizard';
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
const infoResolver = schemaResolver<InfoValues>(infoSchema, toInput);

const selectClasses =
  'mt-1 block min-h-11 w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-0 sm:text-sm';

const typeOptions = agentTypeSchema.options.map((type) => ({
  value: type,
  label: `${agentTypeLabels[type]} (${type})`,
}));

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
  const prefixId = useId();
  const ownersErrorId = useId();

  // After a server refusal the wizard returns to step 2: the keyboard lands on the first wrong field.
  const form = useUsernameStepForm<InfoValues>(
    {
      resolver: infoResolver,
      defaultValues: {
        name: '',
        address: '',
        email: '',
        phonePrefix: '+509',
        phone: '',
        type: '',
        username: '',
      },
    },
    step === STEP_INFO,
  );
  const { register, getValues, values, applyRefusal } = form;
  const { errors } = form.formState;

  function addOwner(person: PersonSearchResult) {
    setOwners((current) =>
      current.some((owner) => owner.id === person.id) ? current : [...current, person],
    );
    setOwnersError(null);
  }

  function validateOwners(): boolean {
    const result = createAgentInputSchema.shape.personIds.safeParse(owners.map((owner) => owner.id));
    setOwnersError(result.success ? null : (result.error.issues[0]?.message ?? null));
    return result.success;
  }

  function goBackOnePage() {
    if (location.key === 'default') void navigate('/agents', { replace: true });
    else void navigate(-1);
  }

  async function submit() {
    setSubmitError(null);
    const parsed = createAgentInputSchema.safeParse({
      ...toInput(getValues()),
      personIds: owners.map((o) => o.id),
    });
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
      const refusal = applyRefusal(error, infoFields, 'personIds');
      if (refusal?.personMessage) {
        setOwnersError(refusal.personMessage);
        setStep(STEP_OWNERS);
      } else if (refusal?.firstWrong) {
        // SPEC §5: server field errors land on the fields and the wizard returns to step 2.
        setStep(STEP_INFO);
      }
      if (refusal?.unplaced) setSubmitError(refusal.unplaced);
    }
  }

  const firstOwner = owners[0];

  const ownersStep = (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        Recherchez et sélectionnez la ou les personnes propriétaires de l'agent. La première recevra par
        e-mail les identifiants de l'administrateur de l'agent.
      </p>
      <PersonSearchModal onSelect={addOwner} excludeIds={owners.map((owner) => owner.id)} />
      <div aria-describedby={ownersError ? ownersErrorId : undefined}>
        <ClientList
          clients={owners}
          onRemove={(owner) =>
            setOwners((current) => current.filter((candidate) => candidate.id !== owner.id))
          }
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
      <TextField
        label="Nom"
        required
        className="sm:col-span-2"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label="Adresse"
        required
        autoComplete="street-address"
        className="sm:col-span-2"
        error={errors.address?.message}
        {...register('address')}
      />
      <TextField
        label="Email"
        type="email"
        required
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <div className="flex items-start gap-2">
        <div className="w-36 shrink-0">
          <label htmlFor={prefixId} className="text-sm font-medium text-slate-800">
            Indicatif
          </label>
          <select
            id={prefixId}
            className={`${selectClasses} border-slate-300 focus:outline-blue-700`}
            {...register('phonePrefix')}
          >
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
      <SelectField
        label="Type"
        required
        placeholder="Choisir un type"
        options={typeOptions}
        error={errors.type?.message}
        {...register('type')}
      />
      <UsernameField
        checking={form.usernameChecking}
        hintLead="L'administrateur de l'agent."
        error={errors.username?.message}
        {...register('username')}
      />
    </form>
  );

  const typeLabel = agentTypeSchema.safeParse(values.type);
  const confirmationStep = (
    <div className="space-y-4">
      <ClientList clients={owners} showAddLink={false} title="Propriétaires" />
      <DetailList>
        <DetailRow label="Nom">{values.name}</DetailRow>
        <DetailRow label="Adresse">{values.address}</DetailRow>
        <DetailRow label="Email">{values.email}</DetailRow>
        <DetailRow label="Téléphone">{composePhone(values.phonePrefix ?? '', values.phone ?? '')}</DetailRow>
        <DetailRow label="Type">
          {typeLabel.success ? agentTypeLabels[typeLabel.data] : values.type}
        </DetailRow>
        <DetailRow label="Nom d'utilisateur">{values.username}</DetailRow>
      </DetailList>
      {firstOwner && (
        <Alert type="info">
          {/* The username is shown once, above: the e-mail goes to the first owner. */}
          Le compte de float de l'agent sera ouvert avec un solde de 0 HTG. Son administrateur recevra son mot
          de passe temporaire par e-mail
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
        { id: 'info', title: 'Informations', content: infoStep, validate: form.validateStep },
        { id: 'confirmation', title: 'Confirmation', content: confirmationStep },
      ]}
    />
  );
}
