import { useRef, useState } from 'react';
import { t } from '@lingui/core/macro';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import {
  accountMessages,
  accountSlipTexts,
  accountTypeLabels,
  createAccountInputSchema,
  CURRENCY,
  displayName,
  genericMessages,
  groupDigits,
  holderDocumentTexts,
  type Account,
  type CreateAccountInput,
  wizardHints,
} from '@lajan/domain';
import { AccountTypeField, currencyOptions } from '../../components/accounts/AccountTypeField';
import { Alert } from '../../components/Alert';
import { Button, buttonClasses } from '../../components/Button';
import { ClientList } from '../../components/persons/ClientList';
import { PersonSearchModal } from '../../components/persons/PersonSearchModal';
import type { PersonSearchResult } from '../../components/persons/api';
import { SelectField } from '../../components/SelectField';
import { printReceipt } from '../../components/receipt/ReceiptPanel';
import { TextField } from '../../components/TextField';
import { useToasts } from '../../components/toasts/toast-context';
import { Wizard } from '../../components/wizard/Wizard';
import { errorMessage, isHttpError } from '../../lib/http';
import { DEFAULT_ERROR_FALLBACK } from '../../lib/query-client';
import { useSession } from '../../lib/session-context';
import { AccountChoiceSummary } from '../../components/accounts/AccountChoiceSummary';
import { AccountOpeningSlip } from './AccountOpeningSlip';
import { useCreateAccountMutation } from './api/create-account';

const STEP_CLIENTS = 0;
const STEP_TYPE = 1;

/**
 * /create-account: 1. the holders, found with the person search (the first is
 * the principal holder); 2. type and currency; 3. summary. Suivant stays disabled while step 1 has no
 * client or step 2 lacks type or currency (SPEC §4, applied to the steps in §2's order: decision 032).
 */
export default function CreateAccountPage() {
  const toasts = useToasts();
  const mutation = useCreateAccountMutation();
  const [step, setStep] = useState(0);
  const [clients, setClients] = useState<PersonSearchResult[]>([]);
  // Another agent's customers (found masked): their document numbers typed from the cards (decision 115).
  const [documents, setDocuments] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<Account | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    setValue,
    trigger,
    getValues,
    setError,
    formState: { errors },
  } = useForm<CreateAccountInput>({
    resolver: zodResolver(createAccountInputSchema),
    defaultValues: { type: undefined, currency: CURRENCY, personIds: [] },
  });
  const [type, currency] = useWatch({ control, name: ['type', 'currency'] });

  function choose(clientsNext: PersonSearchResult[]) {
    setClients(clientsNext);
    setValue(
      'personIds',
      clientsNext.map((client) => client.id),
      { shouldValidate: clientsNext.length > 0 },
    );
  }

  async function submit() {
    setFailure(null);
    const valid = await trigger();
    if (!valid) return;
    try {
      const maskedIds = new Set(masked.map((client) => client.id));
      const holderDocuments = Object.fromEntries(
        Object.entries(documents).filter(([id]) => maskedIds.has(id)),
      );
      const account = await mutation.mutateAsync({
        ...getValues(),
        ...(maskedIds.size > 0 ? { holderDocuments } : {}),
      });
      toasts.success(accountMessages.created);
      setCreated(account);
    } catch (error) {
      if (isHttpError(error) && Object.keys(error.errors).length > 0) {
        const [firstField] = Object.keys(error.errors);
        for (const [field, messages] of Object.entries(error.errors)) {
          if (field === 'type' || field === 'currency' || field === 'personIds') {
            setError(field, { type: 'server', message: messages[0] });
          }
          if (field === 'holderDocuments') setError('personIds', { type: 'server', message: messages[0] });
        }
        setFailure(error.serverMessage ?? genericMessages.validation);
        setStep(firstField === 'type' || firstField === 'currency' ? STEP_TYPE : STEP_CLIENTS);
        return;
      }
      setFailure(errorMessage(error, DEFAULT_ERROR_FALLBACK));
      if (isHttpError(error) && error.status === 429) setStep(STEP_CLIENTS);
    }
  }

  if (created) return <AccountCreated account={created} />;

  const masked = clients.filter((client) => client.masked === true);
  const documentsTyped = masked.every((client) => (documents[client.id] ?? '').trim() !== '');

  const clientsStep = (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        {t`Recherchez chaque titulaire. Le premier client sélectionné est le titulaire principal.`}
      </p>
      <PersonSearchModal
        onSelect={(person) => choose([...clients, person])}
        excludeIds={clients.map((client) => client.id)}
      />
      <ClientList
        clients={clients}
        showHolderRole
        onRemove={(_, index) => choose(clients.filter((__, i) => i !== index))}
      />
      {masked.length > 0 && (
        <fieldset className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">{holderDocumentTexts.legend}</legend>
          <p className="text-sm text-slate-700">{holderDocumentTexts.hint}</p>
          {masked.map((client) => (
            <TextField
              key={client.id}
              label={holderDocumentTexts.label(displayName(client))}
              required
              autoComplete="off"
              value={documents[client.id] ?? ''}
              onChange={(event) => {
                const value = event.target.value;
                setDocuments((current) => ({ ...current, [client.id]: value }));
              }}
            />
          ))}
        </fieldset>
      )}
      {errors.personIds?.message && <p className="text-sm text-red-700">{errors.personIds.message}</p>}
    </div>
  );

  const typeStep = (
    <div className="grid gap-4 sm:grid-cols-2">
      <Controller
        control={control}
        name="type"
        render={({ field }) => (
          <AccountTypeField value={field.value} onChange={field.onChange} error={errors.type?.message} />
        )}
      />
      <SelectField
        label={t`Devise`}
        required
        placeholder={t`Choisir...`}
        options={currencyOptions}
        error={errors.currency?.message}
        {...register('currency')}
      />
    </div>
  );

  const summaryStep = (
    <div className="space-y-4">
      <AccountChoiceSummary type={type} currency={currency} />
      <ClientList clients={clients} showHolderRole showAddLink={false} title={t`Titulaires`} />
    </div>
  );

  return (
    <Wizard
      title={t`Créer un compte`}
      description={t`Ouvrir un compte courant ou d'épargne pour un ou plusieurs clients.`}
      step={step}
      onStepChange={(next) => {
        setFailure(null);
        setStep(next);
      }}
      submitting={mutation.isPending}
      onSubmit={submit}
      error={failure && <Alert type="danger">{failure}</Alert>}
      steps={[
        {
          id: 'clients',
          title: t`Sélection des clients`,
          content: clientsStep,
          canGoNext: clients.length > 0 && documentsTyped,
          blockedHint: clients.length > 0 ? holderDocumentTexts.blocked : wizardHints.chooseClient,
          validate: () => trigger('personIds'),
        },
        {
          id: 'type',
          title: t`Type et devise`,
          content: typeStep,
          canGoNext: Boolean(type) && Boolean(currency),
          blockedHint: t`Choisissez le type de compte et la devise.`,
          validate: () => trigger(['type', 'currency']),
        },
        { id: 'summary', title: t`Résumé`, content: summaryStep },
      ]}
    />
  );
}

function AccountCreated({ account }: { account: Account }) {
  const { user } = useSession();
  const slipRef = useRef<HTMLDivElement>(null);
  const accountNumber = account.accountNumber;
  return (
    <section className="mx-auto w-full max-w-xl rounded-xl border border-emerald-200 bg-white p-6 text-center shadow-sm sm:p-8">
      <div className="print:hidden">
        <div
          aria-hidden="true"
          className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-100 text-3xl text-emerald-800"
        >
          ✓
        </div>
        <h1 className="mt-4 text-2xl font-semibold text-slate-900">{t`Compte créé avec succès !`}</h1>
        <p className="mt-4 text-sm text-slate-600">{t`Numéro de compte`}</p>
        <p
          className="mt-1 font-mono text-3xl font-bold tracking-wider break-all text-blue-900"
          aria-label={t`Numéro de compte ${accountNumber}`}
        >
          {/* In groups of three, as it is read aloud to the customer. */}
          {groupDigits(account.accountNumber)}
        </p>
        <p className="mt-1 text-sm text-slate-700">
          {accountTypeLabels[account.type]} · {account.currency}
        </p>
        <p className="mt-4 text-sm text-slate-700">
          {t`Conservez précieusement ce numéro pour accéder à votre compte.`}
        </p>
      </div>
      {/* The slip prints alone, on the counter's roll, like the transaction receipt (decision 133). */}
      <div ref={slipRef} className="mt-6">
        <AccountOpeningSlip account={account} openedBy={user ? displayName(user) : null} />
      </div>
      <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row print:hidden">
        <Button onClick={() => printReceipt(slipRef.current)}>{accountSlipTexts.print}</Button>
        {/* The usual next step at the counter: the first deposit, on this account, without typing it again. */}
        {account.status === 'active' && (
          <Link
            to={`/transaction/deposit?compte=${encodeURIComponent(account.accountNumber)}`}
            className={buttonClasses('secondary')}
          >
            {accountSlipTexts.depositNext}
          </Link>
        )}
        <Link to="/" className={buttonClasses('secondary')}>
          {t`Retour à l'accueil`}
        </Link>
      </div>
    </section>
  );
}
