import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  agentMessages,
  agentTexts,
  agentTypeLabels,
  agentTypeSchema,
  createAgentInputSchema,
  displayName,
  firstOwnerRefusal,
  documentLabel,
  normalizePhone,
  phonePrefixes,
  type Agent,
  type CreateAgentInput,
} from '@lajan/domain';
import { buttonClasses } from '../../components/Button';
import { textLinkClasses } from '../../components/text-link';
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

/** The agent types, named when shown (decision 236). */
function typeOptions() {
  return agentTypeSchema.options.map((type) => ({
    value: type,
    label: `${agentTypeLabels[type]} (${type})`,
  }));
}

/**
 * /create-agent: owners, information, confirmation. Creating the agent also opens its
 * float account and its first user, an administrator mailed at the first owner's address.
 */
export default function CreateAgentPage() {
  const toasts = useToasts();
  const mutation = useCreateAgentMutation();
  const [step, setStep] = useState(STEP_OWNERS);
  const [owners, setOwners] = useState<PersonSearchResult[]>([]);
  const [ownersError, setOwnersError] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [created, setCreated] = useState<Agent | null>(null);
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

  // The first owner becomes the agent's first user: what the server would refuse of it at the last step is
  // said as soon as it is picked, and until another one comes first (decision 214).
  const firstOwnerError = owners[0] ? firstOwnerRefusal(owners[0]) : null;

  function addOwner(person: PersonSearchResult) {
    setOwners((current) =>
      current.some((owner) => owner.id === person.id) ? current : [...current, person],
    );
    setOwnersError(null);
  }

  function validateOwners(): boolean {
    const result = createAgentInputSchema.shape.personIds.safeParse(owners.map((owner) => owner.id));
    const error = result.success ? firstOwnerError : (result.error.issues[0]?.message ?? null);
    setOwnersError(error);
    return error === null;
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
      const agent = await mutation.mutateAsync(input);
      toasts.success(agentMessages.created);
      // The new agent's code and what to do next, rather than SPEC §4's "back one page" (decision 133).
      setCreated(agent);
    } catch (error) {
      // The toast (the server's message) comes from the query client.
      const refusal = applyRefusal(error, infoFields, 'personIds');
      if (refusal?.personMessage) {
        setOwnersError(refusal.personMessage);
        setStep(STEP_OWNERS);
      } else if (refusal?.firstWrong) {
        // Server field errors land on the fields and the wizard returns to step 2.
        setStep(STEP_INFO);
      }
      if (refusal?.unplaced) setSubmitError(refusal.unplaced);
    }
  }

  const firstOwner = owners[0];
  const shownOwnersError = ownersError ?? firstOwnerError;

  const ownersStep = (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        <Trans>
          Recherchez et sélectionnez la ou les personnes propriétaires de l'agent. La première recevra par
          e-mail les identifiants de l'administrateur de l'agent.
        </Trans>
      </p>
      <PersonSearchModal onSelect={addOwner} excludeIds={owners.map((owner) => owner.id)} />
      <div aria-describedby={shownOwnersError ? ownersErrorId : undefined}>
        <ClientList
          clients={owners}
          onRemove={(owner) => {
            setOwners((current) => current.filter((candidate) => candidate.id !== owner.id));
            setOwnersError(null);
          }}
        />
      </div>
      {shownOwnersError && (
        <p id={ownersErrorId} role="alert" className="text-sm font-medium text-red-700">
          {shownOwnersError}
        </p>
      )}
    </div>
  );

  const infoStep = (
    <form
      noValidate
      onSubmit={(event) => event.preventDefault()}
      className="grid gap-4 sm:grid-cols-2"
      aria-label={t`Informations de l'agent`}
    >
      <TextField
        label={t`Nom`}
        required
        className="sm:col-span-2"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label={t`Adresse`}
        required
        autoComplete="street-address"
        className="sm:col-span-2"
        error={errors.address?.message}
        {...register('address')}
      />
      <TextField
        label={t`Email`}
        type="email"
        required
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <div className="flex items-start gap-2">
        <div className="w-36 shrink-0">
          <label htmlFor={prefixId} className="text-sm font-medium text-slate-800">
            <Trans>Indicatif</Trans>
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
          label={t`Téléphone`}
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
        label={t`Type`}
        required
        placeholder={t`Choisir un type`}
        options={typeOptions()}
        error={errors.type?.message}
        {...register('type')}
      />
      <UsernameField
        checking={form.usernameChecking}
        hintLead={t`L'administrateur de l'agent.`}
        error={errors.username?.message}
        {...register('username')}
      />
    </form>
  );

  const typeLabel = agentTypeSchema.safeParse(values.type);
  const confirmationStep = (
    <div className="space-y-4">
      <ClientList clients={owners} showAddLink={false} title={t`Propriétaires`} />
      <DetailList>
        <DetailRow label={t`Nom`}>{values.name}</DetailRow>
        <DetailRow label={t`Adresse`}>{values.address}</DetailRow>
        <DetailRow label={t`Email`}>{values.email}</DetailRow>
        <DetailRow label={t`Téléphone`}>
          {composePhone(values.phonePrefix ?? '', values.phone ?? '')}
        </DetailRow>
        <DetailRow label={t`Type`}>
          {typeLabel.success ? agentTypeLabels[typeLabel.data] : values.type}
        </DetailRow>
        <DetailRow label={t`Nom d'utilisateur`}>{values.username}</DetailRow>
      </DetailList>
      {firstOwner && (
        <Alert type="info">
          {/* The username is shown once, above: the e-mail goes to the first owner. */}
          <FirstOwnerNotice owner={firstOwner} />
        </Alert>
      )}
    </div>
  );

  if (created) {
    return (
      <CreatedAgent
        agent={created}
        onAnother={() => {
          setCreated(null);
          setOwners([]);
          form.reset();
          setStep(STEP_OWNERS);
        }}
      />
    );
  }

  return (
    <Wizard
      title={t`Créer un agent`}
      description={t`Un point de service : ses propriétaires, ses coordonnées et son administrateur.`}
      step={step}
      onStepChange={(index) => {
        setSubmitError(null);
        setStep(index);
      }}
      submitting={mutation.isPending}
      onSubmit={submit}
      error={submitError ? <Alert type="danger">{submitError}</Alert> : undefined}
      steps={[
        { id: 'owners', title: t`Propriétaires`, content: ownersStep, validate: validateOwners },
        { id: 'info', title: t`Informations`, content: infoStep, validate: form.validateStep },
        { id: 'confirmation', title: t`Confirmation`, content: confirmationStep },
      ]}
    />
  );
}

/** Where the first administrator's password goes: the first owner's e-mail. */
function FirstOwnerNotice({ owner }: { owner: PersonSearchResult }) {
  const email = owner.email;
  const name = displayName(owner);
  const document = `${documentLabel(owner.idDocumentType)} ${owner.idDocumentNumber}`;
  return email
    ? t`Le compte de float de l'agent sera ouvert avec un solde de 0 HTG. Son administrateur recevra son mot de passe temporaire par e-mail à l'adresse ${email} (${name}, ${document}).`
    : t`Le compte de float de l'agent sera ouvert avec un solde de 0 HTG. Son administrateur recevra son mot de passe temporaire par e-mail (${name}, ${document}).`;
}

/** After creation: the agent's code, its administrator, and the next steps with their links. */
function CreatedAgent({ agent, onAnother }: { agent: Agent; onAnother: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const code = encodeURIComponent(agent.code);
  return (
    <section aria-labelledby="created-agent-title" className="max-w-2xl space-y-6">
      <header>
        <h1
          id="created-agent-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-semibold text-slate-900"
        >
          {agentTexts.createdTitle} : {agent.name}
        </h1>
        <p className="mt-1 text-sm text-slate-700">{agentTexts.createdIntro}</p>
      </header>
      <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-4">
        <p className="text-sm font-medium text-emerald-900" id="created-agent-code">
          {agentTexts.createdCode}
        </p>
        <p
          aria-labelledby="created-agent-code"
          className="mt-1 font-mono text-3xl font-semibold tracking-wider text-slate-900"
        >
          {agent.code}
        </p>
      </div>
      <section aria-labelledby="next-steps-title" className="space-y-3">
        <h2 id="next-steps-title" className="text-lg font-semibold text-slate-900">
          {agentTexts.nextSteps}
        </h2>
        <ol className="list-decimal space-y-3 pl-6 text-sm text-slate-800">
          {agent.username && <li>{agentTexts.stepAdministrator(agent.username)}</li>}
          <li>
            {agentTexts.stepFund}{' '}
            <Link to={`/transaction/deposit-agent?code=${code}`} className={textLinkClasses}>
              {agentTexts.fundLink}
            </Link>
          </li>
        </ol>
      </section>
      <div className="flex flex-wrap gap-2">
        <Link to={`/agents/${code}`} className={buttonClasses('primary')}>
          {agentTexts.detailsLink}
        </Link>
        <button type="button" className={buttonClasses('secondary')} onClick={onAnother}>
          {agentTexts.anotherLink}
        </button>
        <Link to="/agents" className={buttonClasses('secondary')}>
          {agentTexts.listLink}
        </Link>
      </div>
    </section>
  );
}
