import { t } from '@lingui/core/macro';
import { useState } from 'react';
import {
  operationTotalLabels,
  inactiveAccountMessage,
  transactionMessages,
  transactionTypeLabels,
  type Account,
  wizardHints,
} from '@lajan/domain';
import { HolderChoice } from './components/HolderChoice';
import { useBalanceCheck } from './components/use-balance-check';
import { useLimitCheck } from './components/use-limit-check';
import { AccountCard, AccountLookup } from './components/AccountLookup';
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
import { counterOperation, moneyFlow } from './flows';
import { useMoneyForm } from './use-money-form';

const flow = moneyFlow('transfer', 'back', counterOperation);

const STEP_SENDER = 0;
const STEP_RECIPIENT = 1;
const STEP_DETAILS = 2;
const STEP_CONFIRM = 3;

/** The recipient account must be active, another account, in the same currency. */
export function recipientAccountProblem(sender: Account | null, recipient: Account | null): string | null {
  if (!sender || !recipient) return null;
  if (recipient.accountNumber === sender.accountNumber) return transactionMessages.sameAccount;
  if (recipient.currency !== sender.currency) return transactionMessages.currencyMismatch;
  return null;
}

/**
 * Internal transfer: 1. sender account; 2. recipient account (active, not the sender's,
 * same currency); 3. the person at the counter (a holder of the sender account) and the amount;
 * 4. confirmation with the fee and the total taken from the sender account.
 */
export default function TransferPage() {
  const money = useMoneyForm(flow, {
    defaultValues: {
      senderAccountNumber: '',
      recipientAccountNumber: '',
      party: { ...emptyParty },
      amount: undefined,
    },
    amountStep: STEP_DETAILS,
    confirmStep: STEP_CONFIRM,
  });
  const [sender, setSender] = useState<Account | null>(null);
  const [recipient, setRecipient] = useState<Account | null>(null);
  const balance = useBalanceCheck({
    type: 'transfer',
    debited: sender,
    amount: money.amount,
    quote: money.amountQuote,
  });
  // Counted (decision 227): the sender account's holders; receiving is none of the categories.
  const limit = useLimitCheck({
    type: 'transfer',
    target: sender ? { accountNumber: sender.accountNumber } : null,
    amount: money.amount,
  });
  const {
    register,
    setValue,
    setFocus,
    trigger,
    getValues,
    clearErrors,
    formState: { errors },
  } = money.form;
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
    await money.submit({
      fieldSteps: {
        senderAccountNumber: STEP_SENDER,
        recipientAccountNumber: STEP_RECIPIENT,
        ...partyAndAmountSteps(STEP_DETAILS),
      },
    });
  }

  const party = getValues('party') ?? emptyParty;

  return (
    <MoneyWizard
      frame={money.frame}
      title={transactionTypeLabels.transfer}
      description={t`Transfert d'un compte vers un autre compte du réseau.`}
      onSubmit={submit}
      steps={[
        accountStep({
          id: 'sender',
          title: t`Compte expéditeur`,
          label: t`Compte expéditeur`,
          account: sender,
          onChange: chooseSender,
          error: errors.senderAccountNumber?.message,
          missingHint: wizardHints.findSenderAccount,
          validate: () => trigger('senderAccountNumber'),
        }),
        {
          id: 'recipient',
          title: t`Compte bénéficiaire`,
          content: (
            <div className="space-y-4">
              {sender && <AccountCard account={sender} title={t`Compte expéditeur`} />}
              <AccountLookup
                label={t`Compte bénéficiaire`}
                account={recipient}
                onChange={chooseRecipient}
                error={problem ?? errors.recipientAccountNumber?.message}
                showBalance={false}
              />
            </div>
          ),
          canGoNext: recipient?.status === 'active' && problem === null,
          // The refusal is said under the field; beside the button, only what to do (a walk-through read the
          // same sentence twice).
          blockedHint: recipient
            ? problem
              ? wizardHints.otherRecipientAccount
              : inactiveAccountMessage()
            : wizardHints.findRecipientAccount,
          validate: () => trigger('recipientAccountNumber'),
        },
        partyAndAmountStep({
          legend: t`Client au guichet (titulaire du compte expéditeur)`,
          register,
          errors,
          validate: () => trigger([...partyAndAmountFields]),
          holderCheck: holderCheckOf(sender, money.form),
          quote: money.amountQuote,
          balance,
          limit,
          totalLabel: operationTotalLabels.debited,
          counterParty: (
            <HolderChoice
              holders={sender?.customers ?? []}
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
            { label: t`Compte expéditeur`, value: sender?.accountNumber ?? '' },
            { label: t`Titulaire(s) expéditeur`, value: holdersOf(sender) },
            { label: t`Compte bénéficiaire`, value: recipient?.accountNumber ?? '' },
            { label: t`Titulaire(s) bénéficiaire`, value: holdersOf(recipient) },
            { label: t`Client au guichet`, value: party.name },
            documentLine(party),
          ],
          quote: money.quote,
          debited: sender,
          totalLabel: operationTotalLabels.debited,
        }),
      ]}
    />
  );
}
