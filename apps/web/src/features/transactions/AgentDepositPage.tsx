import { useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  agentDepositInputSchema,
  agentSearchInputSchema,
  agentStatusLabels,
  documentLabel,
  formatHtg,
  transactionFailureMessages,
  transactionMessages,
  transactionSuccessMessages,
  type Agent,
  type AgentDepositInput,
} from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { Wizard } from '../../components/wizard/Wizard';
import { errorMessage } from '../../lib/http';
import { useFeeQuote } from './api/fee-quote';
import { useAgentSearch } from './api/lookups';
import { useMoneyOperation } from './api/operations';
import { emptyParty } from './CashOperationPage';
import { FeePreview, quoteBlockedHint, SummaryList } from './components/ConfirmSummary';
import { AmountField, parseAmountInput, PartyFields } from './components/fields';
import { StepForm } from './components/StepForm';
import {
  FailureAlert,
  failureOf,
  placeServerErrors,
  useFailure,
  useFinishOperation,
} from './operation-outcome';

const STEP_AGENT = 0;
const STEP_DETAILS = 1;
const STEP_CONFIRM = 2;

/**
 * Agent deposit (SPEC §2, the super administrator funds an agent's float): 1. find the agent by its
 * code; 2. the person who brings the money and the amount (at most 1 000 000 HTG); 3. confirmation.
 * After success: the dashboard (SPEC §4), the receipt in the panel.
 */
export default function AgentDepositPage() {
  const operation = useMoneyOperation('agentDeposit', transactionFailureMessages.agentDeposit);
  const finish = useFinishOperation();
  const search = useAgentSearch();
  const { failure, setFailure, clearFailure } = useFailure();
  const [step, setStep] = useState(STEP_AGENT);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [agent, setAgent] = useState<Agent | null>(null);
  const {
    register,
    control,
    setValue,
    trigger,
    getValues,
    setError,
    formState: { errors },
  } = useForm<AgentDepositInput>({
    resolver: zodResolver(agentDepositInputSchema),
    defaultValues: { code: '', party: { ...emptyParty }, amount: undefined },
  });
  const amount = useWatch({ control, name: 'amount' });
  const quote = useFeeQuote('agent_deposit', amount, step === STEP_CONFIRM);

  function find(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = agentSearchInputSchema.safeParse({ code });
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message ?? transactionMessages.agentCodeRequired);
      return;
    }
    setCodeError(null);
    setAgent(null);
    search.mutate(parsed.data.code, {
      onSuccess: (found) => {
        setAgent(found);
        setValue('code', found?.code ?? '');
      },
    });
  }

  async function submit() {
    clearFailure();
    const parsed = agentDepositInputSchema.safeParse(getValues());
    if (!parsed.success) {
      await trigger();
      return;
    }
    try {
      const transaction = await operation.confirm(parsed.data);
      if (transaction) finish.home(transaction, transactionSuccessMessages.agentDeposit);
    } catch (error) {
      setFailure(failureOf(error, transactionFailureMessages.agentDeposit));
      const back = placeServerErrors(error, setError, {
        code: STEP_AGENT,
        'party.name': STEP_DETAILS,
        'party.idDocumentType': STEP_DETAILS,
        'party.idDocumentNumber': STEP_DETAILS,
        amount: STEP_DETAILS,
      });
      if (back !== null) setStep(back);
    }
  }

  const party = getValues('party') ?? emptyParty;
  const notFound = search.isSuccess && search.data === null;
  const active = agent?.status === 'active';

  const agentStep = (
    <div className="space-y-4">
      <form
        noValidate
        onSubmit={find}
        role="search"
        aria-label="Code de l'agent"
        className="flex items-end gap-2"
      >
        <TextField
          label="Code de l'agent"
          required
          className="min-w-0 flex-1"
          autoComplete="off"
          autoCapitalize="characters"
          enterKeyHint="search"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={codeError ?? errors.code?.message}
        />
        <Button
          type="submit"
          variant="secondary"
          loading={search.isPending}
          loadingText="Recherche..."
          className="shrink-0"
        >
          Rechercher
        </Button>
      </form>
      <div aria-live="polite" className="space-y-3">
        {notFound && <Alert type="danger">{transactionMessages.agentNotFound}</Alert>}
        {search.isError && (
          <Alert type="danger">{errorMessage(search.error, transactionFailureMessages.search)}</Alert>
        )}
        {agent && (
          <section aria-label="Agent trouvé" className="rounded-lg border border-slate-200 bg-slate-50 p-4">
            <p className="font-semibold text-slate-900">{agent.name}</p>
            <p className="text-sm text-slate-700">
              Code {agent.code} · {agentStatusLabels[agent.status]}
            </p>
            {agent.accountNumber && (
              <p className="text-sm text-slate-700">Compte float : {agent.accountNumber}</p>
            )}
            {agent.balance !== null && (
              <p className="text-sm text-slate-700">Solde : {formatHtg(agent.balance)}</p>
            )}
          </section>
        )}
        {agent && !active && <Alert type="danger">{transactionMessages.agentNotActive}</Alert>}
      </div>
    </div>
  );

  return (
    <Wizard
      title="Dépôt sur agent"
      description="Approvisionner le compte float d'un agent."
      step={step}
      onStepChange={(next) => {
        clearFailure();
        setStep(next);
      }}
      submitting={operation.isPending}
      onSubmit={submit}
      error={failure && <FailureAlert failure={failure} />}
      steps={[
        {
          id: 'agent',
          title: "Rechercher l'agent",
          content: agentStep,
          canGoNext: active,
          blockedHint: agent
            ? transactionMessages.agentNotActive
            : "Recherchez l'agent par son code pour continuer.",
          validate: () => trigger('code'),
        },
        {
          id: 'details',
          title: 'Détails',
          content: (
            <StepForm>
              <div className="space-y-6">
                <PartyFields
                  name={register('party.name')}
                  documentType={register('party.idDocumentType')}
                  documentNumber={register('party.idDocumentNumber')}
                  errors={errors.party}
                  legend="Personne qui remet les fonds"
                />
                <AmountField
                  registration={register('amount', { setValueAs: parseAmountInput })}
                  error={errors.amount?.message}
                />
              </div>
            </StepForm>
          ),
          validate: () => trigger(['party.name', 'party.idDocumentType', 'party.idDocumentNumber', 'amount']),
        },
        {
          id: 'confirm',
          title: 'Confirmation',
          content: (
            <div className="space-y-4">
              <SummaryList
                lines={[
                  { label: 'Agent', value: agent ? `${agent.name} (${agent.code})` : '' },
                  { label: 'Remis par', value: party.name },
                  {
                    label: 'Pièce',
                    value: `${documentLabel(party.idDocumentType)} ${party.idDocumentNumber}`,
                  },
                  {
                    label: 'Montant',
                    value: typeof amount === 'number' && !Number.isNaN(amount) ? formatHtg(amount) : '',
                  },
                ]}
              />
              <FeePreview quote={quote} totalLabel="Total crédité" />
            </div>
          ),
          canGoNext: quote.isSuccess,
          blockedHint: quote.isError ? undefined : quoteBlockedHint,
        },
      ]}
    />
  );
}
