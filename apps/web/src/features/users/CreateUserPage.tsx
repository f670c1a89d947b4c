import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  can,
  createUserInputSchema,
  displayName,
  documentLabel,
  roleLabels,
  roleSchema,
  userMessages,
  userPersonRefusal,
  type Role,
} from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { ClientList } from '../../components/persons/ClientList';
import { PersonSearchModal } from '../../components/persons/PersonSearchModal';
import type { PersonSearchResult } from '../../components/persons/api';
import { SelectField } from '../../components/SelectField';
import { useToasts } from '../../components/toasts/toast-context';
import { DetailList, DetailRow } from '../../components/users/DetailList';
import { UsernameField } from '../../components/users/UsernameField';
import { schemaResolver, useUsernameStepForm } from '../../components/users/wizard-form';
import { Wizard } from '../../components/wizard/Wizard';
import { useSession } from '../../lib/session-context';
import { useCreateUserMutation } from './api/create-user';

interface CredentialValues {
  role: string;
  username: string;
}

const credentialFields = ['role', 'username'] as const;
const credentialsSchema = createUserInputSchema.omit({ personId: true });

/** SPEC §5's rules, from the domain schema that the server also applies. */
const credentialsResolver = schemaResolver<CredentialValues>(credentialsSchema);

/** The roles an agent's administrator gives: Administrateur and Caissier (decision 213). */
const agentRoles: Role[] = ['agent_admin', 'user'];

const STEP_PERSON = 0;
const STEP_CREDENTIALS = 1;

/**
 * /create-user: the person, the credentials, confirmation. An agent's administrator
 * chooses Administrateur or Agent; the super administrator creates another super administrator, the
 * role fixed to `sudo` and its selector hidden.
 */
export default function CreateUserPage() {
  const { user: me } = useSession();
  const superAdmin = can(me, 'admins.manage');
  const toasts = useToasts();
  const navigate = useNavigate();
  const mutation = useCreateUserMutation();
  const [step, setStep] = useState(STEP_PERSON);
  const [person, setPerson] = useState<PersonSearchResult | null>(null);
  const [personError, setPersonError] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const personErrorId = useId();
  // Named when shown, in the screen's language (decision 236).
  const roleOptions = agentRoles.map((role) => ({ value: role, label: roleLabels[role] }));

  const form = useUsernameStepForm<CredentialValues>(
    {
      resolver: credentialsResolver,
      defaultValues: { role: superAdmin ? 'sudo' : '', username: '' },
    },
    step === STEP_CREDENTIALS,
  );
  const { register, getValues, values, applyRefusal } = form;
  const { errors } = form.formState;

  function validatePerson(): boolean {
    const result = createUserInputSchema.shape.personId.safeParse(person?.id ?? '');
    const refusal = result.success
      ? person && userPersonRefusal(person)
      : (result.error.issues[0]?.message ?? null);
    setPersonError(refusal);
    return refusal === null;
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
      // User creation goes to the users list; the super administrator's is the administrators list.
      void navigate(superAdmin ? '/administrators' : '/users');
    } catch (error) {
      // The toast (the server's message) comes from the query client.
      const refusal = applyRefusal(error, credentialFields, 'personId');
      if (refusal?.personMessage) {
        setPersonError(refusal.personMessage);
        setStep(STEP_PERSON);
      } else if (refusal?.firstWrong) {
        setStep(STEP_CREDENTIALS);
      }
      if (refusal?.unplaced) setSubmitError(refusal.unplaced);
    }
  }

  const personStep = (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        <Trans>
          Recherchez la personne qui utilisera ce compte. Son mot de passe temporaire lui sera envoyé par
          e-mail.
        </Trans>
      </p>
      <PersonSearchModal
        onSelect={(picked) => {
          // Exactly one person: a new choice replaces the previous one. What the server would refuse at the
          // last step (no login on a person who has one) is said now (decision 214).
          setPerson(picked);
          setPersonError(userPersonRefusal(picked));
        }}
        excludeIds={person ? [person.id] : []}
      />
      <div aria-describedby={personError ? personErrorId : undefined}>
        <ClientList
          clients={person ? [person] : []}
          onRemove={() => {
            setPerson(null);
            setPersonError(null);
          }}
          title={t`Personne sélectionnée`}
          emptyTitle={t`Aucune personne sélectionnée`}
          emptyHint={t`Veuillez rechercher et sélectionner une personne.`}
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
  const sudoLabel = roleLabels.sudo;
  const credentialsStep = (
    <form
      noValidate
      onSubmit={(event) => event.preventDefault()}
      className="grid gap-4 sm:grid-cols-2"
      aria-label={t`Identifiants`}
    >
      {superAdmin ? (
        <p className="text-sm text-slate-700 sm:col-span-2">
          <Trans>
            Rôle : <strong>{sudoLabel}</strong>
          </Trans>
        </p>
      ) : (
        <SelectField
          label={t`Rôle`}
          required
          placeholder={t`Choisir un rôle`}
          options={roleOptions}
          error={errors.role?.message}
          {...register('role')}
        />
      )}
      <UsernameField
        checking={form.usernameChecking}
        error={errors.username?.message}
        {...register('username')}
      />
    </form>
  );

  const email = person?.email;
  const passwordNotice = email
    ? t`Un mot de passe temporaire sera envoyé par e-mail à ${email}. Il devra être changé à la première connexion.`
    : t`Un mot de passe temporaire sera envoyé par e-mail à cette personne. Il devra être changé à la première connexion.`;
  const confirmationStep = (
    <div className="space-y-4">
      <DetailList>
        <DetailRow label={t`Personne`}>
          {person
            ? `${displayName(person)} · ${documentLabel(person.idDocumentType)} ${person.idDocumentNumber}`
            : ''}
        </DetailRow>
        <DetailRow label={t`Rôle`}>{roleParsed.success ? roleLabels[roleParsed.data] : ''}</DetailRow>
        <DetailRow label={t`Nom d'utilisateur`}>{values.username}</DetailRow>
        {!superAdmin && me?.agent && (
          <DetailRow label={t`Agent`}>{`${me.agent.name} (${me.agent.code})`}</DetailRow>
        )}
      </DetailList>
      <Alert type="info">{passwordNotice}</Alert>
    </div>
  );

  return (
    <Wizard
      title={superAdmin ? t`Créer un administrateur` : t`Créer un utilisateur`}
      step={step}
      onStepChange={(index) => {
        setSubmitError(null);
        setStep(index);
      }}
      submitting={mutation.isPending}
      onSubmit={submit}
      error={submitError ? <Alert type="danger">{submitError}</Alert> : undefined}
      steps={[
        { id: 'person', title: t`Personne`, content: personStep, validate: validatePerson },
        {
          id: 'credentials',
          title: t`Identifiants`,
          content: credentialsStep,
          validate: form.validateStep,
        },
        { id: 'confirmation', title: t`Confirmation`, content: confirmationStep },
      ]}
    />
  );
}
