import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  depositInputSchema,
  transactionFailureMessages,
  transactionSuccessMessages,
  type Account,
  type DepositInput,
} from '@lajan/domain';
import { useAmountStepQuote, useFeeQuote } from './api/fee-quote';
import { HolderChoice } from './components/HolderChoice';
import {
  accountStep,
  amountText,
  confirmStep,
  documentLine,
  emptyParty,
  holdersOf,
  MoneyWizard,
  partyAndAmountFields,
  partyAndAmountStep,
  partyAndAmountSteps,
  useMoneyWizard,
  validBody,
} from './money-wizard';

const STEP_ACCOUNT = 0;
const STEP_DETAILS = 1;
const STEP_CONFIRM = 2;

const texts = {
  deposit: {
    title: 'Dépôt',
    description: 'Le client apporte des espèces, versées sur son compte.',
    success: transactionSuccessMessages.deposit,
    fallback: transactionFailureMessages.deposit,
    totalLabel: 'Total à encaisser',
  },
  withdrawal: {
    title: 'Retrait',
    description: 'Le client retire des espèces de son compte ; seul un titulaire du compte peut retirer.',
    success: transactionSuccessMessages.withdrawal,
    fallback: transactionFailureMessages.withdrawal,
    totalLabel: 'Total débité du compte',
  },
} as const;

/**
 * Deposit and withdrawal (SPEC §2): 1. find the account (typed number or the account search); an
 * account that is not active blocks with "Le compte n'est pas actif"; 2. the customer at the counter
 * and the amount; 3. confirmation with the fee and the total (`GET /transactions/fees/quote`).
 */
export function CashOperationPage({ kind }: { kind: 'deposit' | 'withdrawal' }) {
  const text = texts[kind];
  const wizard = useMoneyWizard(kind, text.fallback);
  const [account, setAccount] = useState<Account | null>(null);
  const {
    register,
    control,
    setValue,
    setFocus,
    trigger,
    getValues,
    setError,
    formState: { errors },
  } = useForm<DepositInput>({
    resolver: zodResolver(depositInputSchema),
    defaultValues: { accountNumber: '', party: { ...emptyParty }, amount: undefined },
  });
  const amount = useWatch({ control, name: 'amount' });
  const quote = useFeeQuote(kind, amount, wizard.step === STEP_CONFIRM);
  const amountQuote = useAmountStepQuote(kind, amount, wizard.step === STEP_DETAILS);

  function chooseAccount(found: Account | null) {
    setAccount(found);
    setValue('accountNumber', found?.accountNumber ?? '', { shouldValidate: false });
  }

  async function submit() {
    const transaction = await wizard.confirm(() => validBody(depositInputSchema, getValues(), trigger), {
      setError,
      fieldSteps: { accountNumber: STEP_ACCOUNT, ...partyAndAmountSteps(STEP_DETAILS) },
    });
    if (transaction) wizard.finish.back(transaction, text.success);
  }

  const party = getValues('party') ?? emptyParty;

  return (
    <MoneyWizard
      frame={wizard.frame}
      title={text.title}
      description={text.description}
      onSubmit={submit}
      steps={[
        accountStep({
          id: 'account',
          title: 'Rechercher le compte',
          account,
          onChange: chooseAccount,
          error: errors.accountNumber?.message,
          validate: () => trigger('accountNumber'),
        }),
        partyAndAmountStep({
          title: 'Client et montant',
          register,
          errors,
          validate: () => trigger([...partyAndAmountFields]),
          quote: amountQuote,
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
            { label: 'Opération', value: text.title },
            { label: 'Compte', value: account?.accountNumber ?? '' },
            { label: 'Titulaire(s)', value: holdersOf(account) },
            { label: 'Client au guichet', value: party.name },
            documentLine(party),
            { label: 'Montant', value: amountText(amount) },
          ],
          quote,
          totalLabel: text.totalLabel,
        }),
      ]}
    />
  );
}
