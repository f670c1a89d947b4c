import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  depositInputSchema,
  displayName,
  documentLabel,
  formatHtg,
  inactiveAccountMessage,
  transactionFailureMessages,
  transactionSuccessMessages,
  type Account,
  type DepositInput,
} from '@lajan/domain';
import { Wizard } from '../../components/wizard/Wizard';
import { useFeeQuote } from './api/fee-quote';
import { useMoneyOperation } from './api/operations';
import { AccountLookup } from './components/AccountLookup';
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

/** A blank party: the document type stays unchosen ("Choisir...") until the teller picks it. */
export const emptyParty = { name: '', idDocumentType: undefined, idDocumentNumber: '' };

/**
 * Deposit and withdrawal (SPEC §2): 1. find the account (typed number or the account search); an
 * account that is not active blocks with "Le compte n'est pas actif"; 2. the customer at the counter
 * and the amount; 3. confirmation with the fee and the total (`GET /transactions/fees/quote`).
 */
export function CashOperationPage({ kind }: { kind: 'deposit' | 'withdrawal' }) {
  const text = texts[kind];
  const operation = useMoneyOperation(kind, text.fallback);
  const finish = useFinishOperation();
  const { failure, setFailure, clearFailure } = useFailure();
  const [step, setStep] = useState(STEP_ACCOUNT);
  const [account, setAccount] = useState<Account | null>(null);
  const {
    register,
    control,
    setValue,
    trigger,
    getValues,
    setError,
    formState: { errors },
  } = useForm<DepositInput>({
    resolver: zodResolver(depositInputSchema),
    defaultValues: { accountNumber: '', party: { ...emptyParty }, amount: undefined },
  });
  const amount = useWatch({ control, name: 'amount' });
  const quote = useFeeQuote(kind, amount, step === STEP_CONFIRM);

  function chooseAccount(found: Account | null) {
    setAccount(found);
    setValue('accountNumber', found?.accountNumber ?? '', { shouldValidate: false });
  }

  async function submit() {
    clearFailure();
    const parsed = depositInputSchema.safeParse(getValues());
    if (!parsed.success) {
      await trigger();
      return;
    }
    try {
      const transaction = await operation.confirm(parsed.data);
      if (transaction) finish.back(transaction, text.success);
    } catch (error) {
      setFailure(failureOf(error, text.fallback));
      const back = placeServerErrors(error, setError, {
        accountNumber: STEP_ACCOUNT,
        'party.name': STEP_DETAILS,
        'party.idDocumentType': STEP_DETAILS,
        'party.idDocumentNumber': STEP_DETAILS,
        amount: STEP_DETAILS,
      });
      if (back !== null) setStep(back);
    }
  }

  const party = getValues('party') ?? emptyParty;

  return (
    <Wizard
      title={text.title}
      description={text.description}
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
          id: 'account',
          title: 'Rechercher le compte',
          content: (
            <AccountLookup account={account} onChange={chooseAccount} error={errors.accountNumber?.message} />
          ),
          canGoNext: account?.status === 'active',
          blockedHint: account ? inactiveAccountMessage : 'Recherchez le compte pour continuer.',
          validate: () => trigger('accountNumber'),
        },
        {
          id: 'details',
          title: 'Client et montant',
          content: (
            <StepForm>
              <div className="space-y-6">
                <PartyFields
                  name={register('party.name')}
                  documentType={register('party.idDocumentType')}
                  documentNumber={register('party.idDocumentNumber')}
                  errors={errors.party}
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
                  { label: 'Opération', value: text.title },
                  { label: 'Compte', value: account?.accountNumber ?? '' },
                  {
                    label: 'Titulaire(s)',
                    value: account?.customers.map((customer) => displayName(customer)).join(', ') ?? '',
                  },
                  { label: 'Client au guichet', value: party.name },
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
              <FeePreview quote={quote} totalLabel={text.totalLabel} />
            </div>
          ),
          canGoNext: quote.isSuccess,
          blockedHint: quote.isError ? undefined : quoteBlockedHint,
        },
      ]}
    />
  );
}
