import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { operationTotalLabels, transactionTypeLabels, type Account } from '@lajan/domain';
import { HolderChoice } from './components/HolderChoice';
import { useBalanceCheck } from './components/use-balance-check';
import { useLimitCheck } from './components/use-limit-check';
import { counterOperation, moneyFlow } from './flows';
import {
  accountStep,
  confirmStep,
  documentLine,
  emptyParty,
  holdersOf,
  MoneyWizard,
  partyAndAmountFields,
  holderCheckOf,
  partyAndAmountStep,
  partyAndAmountSteps,
} from './money-wizard';
import { useMoneyForm } from './use-money-form';

const flows = {
  deposit: moneyFlow('deposit', 'back', counterOperation),
  withdrawal: moneyFlow('withdrawal', 'back', counterOperation),
};

const STEP_ACCOUNT = 0;
const STEP_DETAILS = 1;
const STEP_CONFIRM = 2;

/** Read when the page renders, in the screen's language (decision 236). */
function textsOf(kind: 'deposit' | 'withdrawal') {
  return kind === 'deposit'
    ? {
        description: t`Le client apporte des espèces, versées sur son compte.`,
        totalLabel: operationTotalLabels.cash,
      }
    : {
        description: t`Le client retire des espèces de son compte ; seul un titulaire du compte peut retirer.`,
        totalLabel: operationTotalLabels.debited,
      };
}

/**
 * Deposit and withdrawal: 1. find the account (typed number or the account search); an
 * account that is not active blocks with "Le compte n'est pas actif"; 2. the customer at the counter
 * and the amount; 3. confirmation with the fee and the total (`GET /transactions/fees/quote`).
 */
export function CashOperationPage({ kind }: { kind: 'deposit' | 'withdrawal' }) {
  const text = textsOf(kind);
  const title = transactionTypeLabels[kind];
  const money = useMoneyForm(flows[kind], {
    defaultValues: { accountNumber: '', party: { ...emptyParty }, amount: undefined },
    amountStep: STEP_DETAILS,
    confirmStep: STEP_CONFIRM,
  });
  // Back from opening the drawer (decision 210): the account found before, with the values typed.
  const [account, setAccount] = useState<Account | null>(
    () => (money.resumed as { account?: Account | null } | undefined)?.account ?? null,
  );
  const debited = kind === 'withdrawal' ? account : null;
  const balance = useBalanceCheck({
    type: 'withdrawal',
    debited,
    amount: money.amount,
    quote: money.amountQuote,
  });
  const limit = useLimitCheck({
    type: kind,
    target: account ? { accountNumber: account.accountNumber } : null,
    amount: money.amount,
  });
  // `?compte=` (a new account's "Faire un dépôt"): that account is looked up at once.
  const givenAccount = useSearchParams()[0].get('compte')?.trim() ?? '';
  const {
    register,
    setValue,
    setFocus,
    trigger,
    getValues,
    formState: { errors },
  } = money.form;

  function chooseAccount(found: Account | null) {
    setAccount(found);
    setValue('accountNumber', found?.accountNumber ?? '', { shouldValidate: false });
  }

  async function submit() {
    await money.submit({ fieldSteps: { accountNumber: STEP_ACCOUNT, ...partyAndAmountSteps(STEP_DETAILS) } });
  }

  const party = getValues('party') ?? emptyParty;

  return (
    <MoneyWizard
      frame={money.frame}
      title={title}
      description={text.description}
      drawerNotice={money.drawerNotice({ extra: () => ({ account }) })}
      onSubmit={submit}
      steps={[
        accountStep({
          id: 'account',
          title: t`Rechercher le compte`,
          account,
          onChange: chooseAccount,
          error: errors.accountNumber?.message,
          showBalance: kind === 'withdrawal',
          givenTerm: givenAccount,
          validate: () => trigger('accountNumber'),
        }),
        partyAndAmountStep({
          title: t`Client et montant`,
          register,
          errors,
          validate: () => trigger([...partyAndAmountFields]),
          holderCheck: holderCheckOf(kind === 'withdrawal' ? account : null, money.form),
          quote: money.amountQuote,
          balance,
          limit,
          totalLabel: text.totalLabel,
          counterParty: (
            <HolderChoice
              holders={account?.customers ?? []}
              onChoose={(party) => {
                setValue('party.name', party.name, { shouldDirty: true });
                setValue('party.idDocumentType', party.idDocumentType, { shouldDirty: true });
                setFocus('party.idDocumentNumber');
              }}
            />
          ),
        }),
        confirmStep({
          lines: [
            { label: t`Opération`, value: title },
            { label: t`Compte`, value: account?.accountNumber ?? '' },
            { label: t`Titulaire(s)`, value: holdersOf(account) },
            { label: t`Client au guichet`, value: party.name },
            documentLine(party),
          ],
          quote: money.quote,
          debited: kind === 'withdrawal' ? account : null,
          totalLabel: text.totalLabel,
        }),
      ]}
    />
  );
}
