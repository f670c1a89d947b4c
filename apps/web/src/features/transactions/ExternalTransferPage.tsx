import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  operationTotalLabels,
  amountStepTexts,
  limitLeftTexts,
  CURRENCY,
  displayName,
  documentLabel,
  externalTransferPaymentModeLabels,
  normalizePhone,
  recipientMessages,
  transactionMessages,
  type Account,
  type ExternalTransferInput,
  type Transaction,
  formatPhone,
  wizardHints,
} from '@lajan/domain';
import { currencyOptions } from '../../components/accounts/AccountTypeField';
import { PersonSearchModal } from '../../components/persons/PersonSearchModal';
import type { PersonSearchResult } from '../../components/persons/api';
import { SelectField } from '../../components/SelectField';
import { FeePreview } from '../../components/fee-quote/FeePreview';
import { preloadPickUpQr } from '../../components/pickup-code/PickUpQr';
import { HolderChoice } from './components/HolderChoice';
import { parseAmountInput } from '../../lib/amount-input';
import { AmountField, PartyFields } from './components/fields';
import { emptyRecipient, RecipientFields } from './components/RecipientFields';
import { useBalanceCheck } from './components/use-balance-check';
import { useLimitCheck } from './components/use-limit-check';
import { LimitLine } from './components/LimitLine';
import { StepForm } from './components/StepForm';
import { TransferSent } from './components/TransactionDone';
import { useVisitKey } from '../../lib/visit-key';
import {
  accountStep,
  confirmStep,
  emptyParty,
  MoneyWizard,
  partyAndAmountFields,
  partyAndAmountSteps,
} from './money-wizard';
import { counterOperation, moneyFlow } from './flows';
import { useMoneyForm } from './use-money-form';

// Paid in cash or from the sender's account.
const flow = moneyFlow('external_transfer', 'stay', counterOperation);

const STEP_SENDER = 0;
const STEP_ACCOUNT = 1;
const STEP_RECIPIENT = 2;
const STEP_DETAILS = 3;
const STEP_CONFIRM = 4;

export type PaymentMode = 'cash' | 'account';

/**
 * /transaction/external-transfer/create: the wizard, then the pick-up code. Each visit of the page is
 * a fresh transfer ("Nouveau transfert", the receipt's "Nouvelle opération" and the sidebar open it
 * again): the page starts over whenever its history entry changes (decision 131).
 */
export default function ExternalTransferPage() {
  // A person handed back by the registration clears the entry's state: the same transfer goes on.
  return <ExternalTransferFlow key={useVisitKey()} />;
}

function ExternalTransferFlow() {
  const [sent, setSent] = useState<Transaction | null>(null);
  // The code's QR, on the receipt and the screen after Enregistrer: loaded while the teller types, not after.
  useEffect(preloadPickUpQr, []);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (sent) return <TransferSent transaction={sent} onAgain={() => void navigate(pathname)} />;
  return <ExternalTransferWizard onSent={setSent} />;
}

/**
 * External transfer: the sender and how she pays, the account (not in cash), the recipient as the sender
 * knows her (decision 209), the person at the counter and the amount, then the confirmation.
 */
function ExternalTransferWizard({ onSent }: { onSent: (transaction: Transaction) => void }) {
  const money = useMoneyForm(flow, {
    defaultValues: {
      senderId: '',
      accountNumber: '',
      recipient: { ...emptyRecipient },
      currency: CURRENCY,
      party: { ...emptyParty },
      amount: undefined,
    },
    amountStep: STEP_DETAILS,
    confirmStep: STEP_CONFIRM,
  });
  // Back from opening the drawer (decision 210): the mode, the sender and the account chosen before.
  const kept = money.resumed as
    { mode?: PaymentMode; sender?: PersonSearchResult | null; account?: Account | null } | undefined;
  const [mode, setMode] = useState<PaymentMode>(kept?.mode ?? 'cash');
  const [sender, setSender] = useState<PersonSearchResult | null>(kept?.sender ?? null);
  const [account, setAccount] = useState<Account | null>(kept?.account ?? null);
  const {
    register,
    control,
    setValue,
    setFocus,
    trigger,
    getValues,
    setError,
    clearErrors,
    formState: { errors },
  } = money.form;
  const debited = mode === 'account' ? account : null;
  const balance = useBalanceCheck({
    type: 'external_transfer',
    debited,
    amount: money.amount,
    quote: money.amountQuote,
  });
  // Counted (decision 227): the debited account's holders, or the cash sender.
  const limit = useLimitCheck({
    type: 'external_transfer',
    target:
      mode === 'account'
        ? account
          ? { accountNumber: account.accountNumber }
          : null
        : sender
          ? { personId: sender.id }
          : null,
    amount: money.amount,
  });
  // The person at the counter is offered from the account's holders, or the cash sender (decision 132).
  const counterParties = mode === 'account' ? (account?.customers ?? []) : sender ? [sender] : [];

  function chooseSender(person: PersonSearchResult) {
    setSender(person);
    setValue('senderId', person.id);
    clearErrors('senderId');
    // The party is never filled from the search: the teller types the name and the document from the
    // card presented (the holder check compares what was typed; the search shows documents masked).
  }

  function chooseAccount(found: Account | null) {
    setAccount(found);
    setValue('accountNumber', found?.accountNumber ?? '');
    clearErrors('accountNumber');
  }

  /**
   * What the confirmation posts: cash mode with its currency and no account, account mode with its
   * account and no currency (the account's is used); the phone in its normal form, and a document left
   * empty as null, the API's "none" (decision 209).
   */
  function body({
    accountNumber,
    currency,
    recipient,
    ...values
  }: ExternalTransferInput): ExternalTransferInput {
    const sent = {
      ...values,
      recipient: recipient && {
        ...recipient,
        phoneNumber: normalizePhone(recipient.phoneNumber ?? ''),
        idDocumentType: recipient.idDocumentType || null,
        idDocumentNumber: recipient.idDocumentNumber || null,
      },
    };
    return mode === 'account' ? { ...sent, accountNumber } : { ...sent, currency };
  }

  async function submit() {
    const recipientFields = Object.fromEntries(
      Object.keys(emptyRecipient).map((field) => [`recipient.${field}`, STEP_RECIPIENT]),
    );
    const transaction = await money.submit({
      body,
      fieldSteps: {
        senderId: STEP_SENDER,
        accountNumber: STEP_ACCOUNT,
        ...recipientFields,
        currency: STEP_DETAILS,
        ...partyAndAmountSteps(STEP_DETAILS),
      },
      // Cash mode has no account step: back to the sender's, where the mode is chosen.
      backTo: (step) => (step === STEP_ACCOUNT && mode === 'cash' ? STEP_SENDER : step),
    });
    if (transaction) onSent(transaction);
  }

  const values = getValues();
  const recipient = values.recipient ?? emptyRecipient;
  const party = values.party ?? emptyParty;
  const accountCurrency = account?.currency ?? CURRENCY;

  const senderStep = (
    <div className="space-y-4">
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">
          <Trans>Mode de paiement</Trans>
        </legend>
        <div className="mt-1 grid grid-cols-2 gap-2">
          {(Object.entries(externalTransferPaymentModeLabels) as [PaymentMode, string][]).map(
            ([value, label]) => (
              <label
                key={value}
                className="flex min-h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 has-[:checked]:border-blue-800 has-[:checked]:bg-blue-50"
              >
                <input
                  type="radio"
                  name="payment-mode"
                  value={value}
                  checked={mode === value}
                  onChange={() => setMode(value)}
                  className="size-4 accent-blue-800"
                />
                {label}
              </label>
            ),
          )}
        </div>
      </fieldset>
      <div>
        <p className="mb-1 text-sm font-medium text-slate-800">
          <Trans>Expéditeur</Trans>
        </p>
        <PersonSearchModal onSelect={chooseSender} />
      </div>
      {sender && (
        <section
          aria-label={t`Expéditeur choisi`}
          className="rounded-lg border border-slate-200 bg-slate-50 p-4"
        >
          <p className="font-semibold text-slate-900">{displayName(sender)}</p>
          <p className="text-sm text-slate-700">
            {documentLabel(sender.idDocumentType)} {sender.idDocumentNumber}
          </p>
          {sender.phoneNumber && <p className="text-sm text-slate-600">{formatPhone(sender.phoneNumber)}</p>}
        </section>
      )}
      {errors.senderId?.message && <p className="text-sm text-red-700">{errors.senderId.message}</p>}
    </div>
  );

  const detailsStep = (
    <div className="space-y-6">
      <HolderChoice
        holders={counterParties}
        of={mode === 'account' ? 'holders' : 'sender'}
        onChoose={(party) => {
          setValue('party.name', party.name, { shouldDirty: true });
          setValue('party.idDocumentType', party.idDocumentType, { shouldDirty: true });
          setFocus('party.idDocumentNumber');
        }}
      />
      <PartyFields
        name={register('party.name')}
        documentType={register('party.idDocumentType')}
        documentNumber={register('party.idDocumentNumber')}
        errors={errors.party}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <AmountField
            registration={register('amount', { setValueAs: parseAmountInput })}
            error={errors.amount?.message ?? balance.message ?? limit.message}
          />
          <LimitLine limit={limit} />
        </div>
        {mode === 'cash' ? (
          <SelectField
            label={t`Devise`}
            required
            placeholder={t`Choisir...`}
            options={currencyOptions}
            error={errors.currency?.message}
            {...register('currency')}
          />
        ) : (
          <div>
            <p className="text-sm font-medium text-slate-800">
              <Trans>Devise</Trans>
            </p>
            <p className="mt-1 flex min-h-11 items-center text-slate-900">
              <Trans>{accountCurrency} (celle du compte)</Trans>
            </p>
          </div>
        )}
      </div>
      <FeePreview
        quote={money.amountQuote}
        totalLabel={operationTotalLabels[mode === 'cash' ? 'cash' : 'debited']}
        shownAt="amountStep"
      />
    </div>
  );

  return (
    <MoneyWizard
      frame={money.frame}
      paidInCash={mode === 'cash'}
      title={t`Effectuer un transfert externe`}
      description={t`Le bénéficiaire retirera l'argent dans n'importe quel point du réseau avec le code de retrait.`}
      drawerNotice={money.drawerNotice({ extra: () => ({ mode, sender, account }), needed: mode === 'cash' })}
      onSubmit={submit}
      steps={[
        {
          id: 'sender',
          title: t`Expéditeur`,
          content: senderStep,
          canGoNext: sender !== null,
          blockedHint: wizardHints.findSender,
          validate: () => trigger('senderId'),
        },
        accountStep({
          id: 'account',
          title: t`Compte à débiter`,
          skip: mode === 'cash',
          account,
          onChange: chooseAccount,
          error: errors.accountNumber?.message,
          validate: () => trigger('accountNumber'),
        }),
        {
          id: 'recipient',
          title: t`Bénéficiaire`,
          content: (
            <StepForm>
              <RecipientFields register={register} control={control} errors={errors.recipient} />
            </StepForm>
          ),
          validate: () => trigger('recipient'),
        },
        {
          id: 'details',
          title: t`Détails et devise`,
          content: <StepForm>{detailsStep}</StepForm>,
          validate: async () => {
            const valid = await trigger([...partyAndAmountFields]);
            if (mode === 'cash' && !getValues('currency')) {
              setError('currency', { type: 'manual', message: transactionMessages.currencyRequired });
              return false;
            }
            return valid && (await balance.check());
          },
          // From an account: a total above its balance is said under the amount, and Suivant waits; so is an
          // amount above what the customer has left (decision 227).
          canGoNext: !balance.message && !limit.message,
          blockedHint: balance.message
            ? amountStepTexts.aboveBalance
            : limit.message
              ? limitLeftTexts.changeAmount
              : undefined,
        },
        confirmStep({
          lines: [
            { label: t`Mode de paiement`, value: externalTransferPaymentModeLabels[mode] },
            ...(mode === 'account' ? [{ label: t`Compte débité`, value: account?.accountNumber ?? '' }] : []),
            { label: t`Expéditeur`, value: sender ? displayName(sender) : '' },
            { label: t`Bénéficiaire`, value: displayName(recipient) },
            {
              label: recipientMessages.confirmPhone,
              value: recipient.phoneNumber ? formatPhone(normalizePhone(recipient.phoneNumber)) : '',
            },
            {
              label: recipientMessages.confirmDocument,
              value: recipient.idDocumentNumber
                ? `${documentLabel(recipient.idDocumentType)} ${recipient.idDocumentNumber}`
                : recipientMessages.confirmNoDocument,
            },
            { label: t`Client au guichet`, value: party.name },
            {
              label: t`Devise`,
              value: mode === 'cash' ? (values.currency ?? '') : (account?.currency ?? CURRENCY),
            },
          ],
          quote: money.quote,
          debited,
          totalLabel: operationTotalLabels[mode === 'cash' ? 'cash' : 'debited'],
        }),
      ]}
    />
  );
}
