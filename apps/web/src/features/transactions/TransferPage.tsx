import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  displayName,
  documentLabel,
  formatHtg,
  inactiveAccountMessage,
  transactionFailureMessages,
  transactionMessages,
  transactionSuccessMessages,
  transferInputSchema,
  type Account,
  type TransferInput,
} from '@lajan/domain';
import { Wizard } from '../../components/wizard/Wizard';
import { useFeeQuote } from './api/fee-quote';
import { useMoneyOperation } from './api/operations';
import { emptyParty } from './CashOperationPage';
import { AccountCard, AccountLookup } from './components/AccountLookup';
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

const STEP_SENDER = 0;
const STEP_RECIPIENT = 1;
const STEP_DETAILS = 2;
const STEP_CONFIRM = 3;

/** SPEC §5: the recipient account must be active, another account, in the same currency. */
export function recipientAccountProblem(sender: Account | null, recipient: Account | null): string | null {
  if (!sender || !recipient) return null;
  if (recipient.accountNumber === sender.accountNumber) return transactionMessages.sameAccount;
  if (recipient.currency !== sender.currency) return transactionMessages.currencyMismatch;
  return null;
}

const holdersOf = (account: Account | null) =>
  account?.customers.map((customer) => displayName(customer)).join(', ') ?? '';

/**
 * Internal transfer (SPEC §2): 1. sender account; 2. recipient account (active, not the sender's,
 * same currency); 3. the person at the counter (a holder of the sender account) and the amount;
 * 4. confirmation with the fee and the total taken from the sender account.
 */
export default function TransferPage() {
  const operation = useMoneyOperation('transfer', transactionFailureMessages.transfer);
  const finish = useFinishOperation();
  const { failure, setFailure, clearFailure } = useFailure();
  const [step, setStep] = useState(STEP_SENDER);
  const [sender, setSender] = useState<Account | null>(null);
  const [recipient, setRecipient] = useState<Account | null>(null);
  const {
    register,
    control,
    setValue,
    trigger,
    getValues,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<TransferInput>({
    resolver: zodResolver(transferInputSchema),
    defaultValues: {
      senderAccountNumber: '',
      recipientAccountNumber: '',
      party: { ...emptyParty },
      amount: undefined,
    },
  });
  const amount = useWatch({ control, name: 'amount' });
  const quote = useFeeQuote('transfer', amount, step === STEP_CONFIRM);
  const problem = recipientAccountProblem(sender, recipient);

  function chooseSender(found: Account | null) {
    setSender(found);
    setValue('senderAccountNumber', found?.accountNumber ?? '');
    clearErrors('senderAccountNumber');
  }

  function chooseRecipient(found: Account | null) {
    setRecipient(found);
    setValue('recipientAccountNumber', found?.accountNumber ?? '');
    clearErrors('recipientAccountNumber');
  }

  async function submit() {
    clearFailure();
    const parsed = transferInputSchema.safeParse(getValues());
    if (!parsed.success) {
      await trigger();
      return;
    }
    try {
      const transaction = await operation.confirm(parsed.data);
      if (transaction) finish.back(transaction, transactionSuccessMessages.transfer);
    } catch (error) {
      setFailure(failureOf(error, transactionFailureMessages.transfer));
      const back = placeServerErrors(error, setError, {
        senderAccountNumber: STEP_SENDER,
        recipientAccountNumber: STEP_RECIPIENT,
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
      title="Transfert"
      description="Transfert d'un compte vers un autre compte du réseau."
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
          id: 'sender',
          title: 'Compte expéditeur',
          content: (
            <AccountLookup
              label="Compte expéditeur"
              account={sender}
              onChange={chooseSender}
              error={errors.senderAccountNumber?.message}
            />
          ),
          canGoNext: sender?.status === 'active',
          blockedHint: sender ? inactiveAccountMessage : 'Recherchez le compte expéditeur pour continuer.',
          validate: () => trigger('senderAccountNumber'),
        },
        {
          id: 'recipient',
          title: 'Compte bénéficiaire',
          content: (
            <div className="space-y-4">
              {sender && <AccountCard account={sender} title="Compte expéditeur" />}
              <AccountLookup
                label="Compte bénéficiaire"
                account={recipient}
                onChange={chooseRecipient}
                error={problem ?? errors.recipientAccountNumber?.message}
              />
            </div>
          ),
          canGoNext: recipient?.status === 'active' && problem === null,
          blockedHint: recipient
            ? (problem ?? inactiveAccountMessage)
            : 'Recherchez le compte bénéficiaire pour continuer.',
          validate: () => trigger('recipientAccountNumber'),
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
                  legend="Client au guichet (titulaire du compte expéditeur)"
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
                  { label: 'Compte expéditeur', value: sender?.accountNumber ?? '' },
                  { label: 'Titulaire(s) expéditeur', value: holdersOf(sender) },
                  { label: 'Compte bénéficiaire', value: recipient?.accountNumber ?? '' },
                  { label: 'Titulaire(s) bénéficiaire', value: holdersOf(recipient) },
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
              <FeePreview quote={quote} totalLabel="Total débité du compte" />
            </div>
          ),
          canGoNext: quote.isSuccess,
          blockedHint: quote.isError ? undefined : quoteBlockedHint,
        },
      ]}
    />
  );
}
