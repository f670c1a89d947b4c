import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  operationTotalLabels,
  agentSearchInputSchema,
  agentStatusLabels,
  formatHtg,
  transactionMessages,
  transactionTypeLabels,
  type Agent,
  wizardHints,
} from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { useAgentSearch } from './api/lookups';
import { SearchForm } from '../../components/SearchForm';
import { SearchOutcome } from './components/SearchOutcome';
import {
  confirmStep,
  documentLine,
  emptyParty,
  MoneyWizard,
  partyAndAmountFields,
  partyAndAmountStep,
  partyAndAmountSteps,
} from './money-wizard';
import { moneyFlow } from './flows';
import { useMoneyForm } from './use-money-form';

// The super administrator's: the agent's float (the agents' pages), the network's float and the
// treasury (dashboard), the history. It has no float account of its own.
const flow = moneyFlow('agent_deposit', 'home', ['dashboard', 'history', 'agents']);

const STEP_AGENT = 0;
const STEP_DETAILS = 1;
const STEP_CONFIRM = 2;

/**
 * Agent deposit (SPEC §2, the super administrator funds an agent's float): 1. find the agent by its
 * code; 2. the person who brings the money and the amount (at most 1 000 000 HTG); 3. confirmation.
 * After success: the dashboard, the receipt in the panel.
 */
export default function AgentDepositPage() {
  const money = useMoneyForm(flow, {
    defaultValues: { code: '', party: { ...emptyParty }, amount: undefined },
    confirmStep: STEP_CONFIRM,
  });
  const search = useAgentSearch();
  // `?code=` (the agent page's "Approvisionner", decision 133): the agent is looked up at once.
  const [searchParams] = useSearchParams();
  const givenCode = searchParams.get('code')?.trim() ?? '';
  const [code, setCode] = useState(givenCode);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [agent, setAgent] = useState<Agent | null>(null);
  const {
    register,
    setValue,
    trigger,
    getValues,
    formState: { errors },
  } = money.form;

  function find() {
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

  const searchedGivenCode = useRef(false);
  useEffect(() => {
    if (!givenCode || searchedGivenCode.current) return;
    searchedGivenCode.current = true;
    find();
    // Once, for the code the page was opened with; later searches are the user's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [givenCode]);

  async function submit() {
    await money.submit({ fieldSteps: { code: STEP_AGENT, ...partyAndAmountSteps(STEP_DETAILS) } });
  }

  const party = getValues('party') ?? emptyParty;
  const notFound = search.isSuccess && search.data === null;
  const active = agent?.status === 'active';
  const agentCode = agent?.code;
  const floatAccount = agent?.accountNumber;
  const floatBalance = agent?.balance != null ? formatHtg(agent.balance) : '';

  const agentStep = (
    <div className="space-y-4">
      <SearchForm
        label={t`Code de l'agent`}
        onSearch={find}
        pending={search.isPending}
        autoCapitalize="characters"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={codeError ?? errors.code?.message}
      />
      <SearchOutcome notFound={notFound ? transactionMessages.agentNotFound : null} search={search}>
        {agent && (
          <section
            aria-label={t`Agent trouvé`}
            className="rounded-lg border border-slate-200 bg-slate-50 p-4"
          >
            <p className="font-semibold text-slate-900">{agent.name}</p>
            <p className="text-sm text-slate-700">
              <Trans>Code {agentCode}</Trans> · {agentStatusLabels[agent.status]}
            </p>
            {agent.accountNumber && (
              <p className="text-sm text-slate-700">
                <Trans>Compte float : {floatAccount}</Trans>
              </p>
            )}
            {agent.balance !== null && (
              <p className="text-sm text-slate-700">
                <Trans>Solde : {floatBalance}</Trans>
              </p>
            )}
          </section>
        )}
        {agent && !active && <Alert type="danger">{transactionMessages.agentNotActive}</Alert>}
      </SearchOutcome>
    </div>
  );

  return (
    <MoneyWizard
      frame={money.frame}
      title={transactionTypeLabels.agent_deposit}
      description={t`Approvisionner le compte float d'un agent.`}
      onSubmit={submit}
      steps={[
        {
          id: 'agent',
          title: t`Rechercher l'agent`,
          content: agentStep,
          canGoNext: active,
          blockedHint: agent ? transactionMessages.agentNotActive : wizardHints.findAgent,
          validate: () => trigger('code'),
        },
        partyAndAmountStep({
          legend: t`Personne qui remet les fonds`,
          register,
          errors,
          validate: () => trigger([...partyAndAmountFields]),
        }),
        confirmStep({
          lines: [
            { label: t`Agent`, value: agent ? `${agent.name} (${agent.code})` : '' },
            { label: t`Remis par`, value: party.name },
            documentLine(party),
          ],
          quote: money.quote,
          totalLabel: operationTotalLabels.credited,
        }),
      ]}
    />
  );
}
