import { t } from '@lingui/core/macro';
import { useEffect, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { FieldErrors, FieldValues, UseFormRegister, UseFormReturn } from 'react-hook-form';
import {
  amountStepTexts,
  displayName,
  documentLabel,
  formatHtg,
  inactiveAccountMessage,
  linkWaitCashText,
  linkWaitTexts,
  quoteTexts,
  surelyNotAHolder,
  transactionMessages,
  type Account,
  type FeeQuote,
  wizardHints,
  limitLeftTexts,
} from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { LinkWaitStatus } from '../../components/pending/LinkWaitStatus';
import { useReceipt } from '../../components/receipt/receipt-context';
import { Wizard, type WizardStep } from '../../components/wizard/Wizard';
import { isHttpError } from '../../lib/http';
import { AccountLookup } from './components/AccountLookup';
import type { QuoteResult } from '../../components/fee-quote/api';
import { FeePreview } from '../../components/fee-quote/FeePreview';
import { SummaryList, type SummaryLine } from './components/ConfirmSummary';
import { parseAmountInput } from '../../lib/amount-input';
import { AmountField, PartyFields } from './components/fields';
import { StepForm } from './components/StepForm';
import type { MoneyForm } from './use-money-form';
import type { BalanceCheck } from './components/use-balance-check';
import type { LimitCheck } from './components/use-limit-check';
import { LimitLine } from './components/LimitLine';

// The steps the money wizards share (decision 138): the person at the counter and the amount, the
// confirmation with the fee, the account step. Each page keeps only what is its own.

/** A blank party: the document type stays unchosen ("Choisir...") until the teller picks it. */
export const emptyParty = { name: '', idDocumentType: undefined, idDocumentNumber: '' };

/** The fields of the person at the counter and of the amount, validated together on their step. */
export const partyAndAmountFields = [
  'party.name',
  'party.idDocumentType',
  'party.idDocumentNumber',
  'amount',
] as const;

/** The server's errors on the party and the amount send the wizard back to `step`. */
export function partyAndAmountSteps(step: number) {
  return Object.fromEntries(partyAndAmountFields.map((field) => [field, step])) as Record<
    (typeof partyAndAmountFields)[number],
    number
  >;
}

/** The holders of an account, as the summary lists them ("Jean PIERRE, Marie JOSEPH"). */
export function holdersOf(account: Account | null): string {
  return account?.customers.map((customer) => displayName(customer)).join(', ') ?? '';
}

/** The summary line of a document ("Passeport PA123456"). */
export function documentLine(party: { idDocumentType?: string | null; idDocumentNumber?: string | null }) {
  return { label: t`Pièce`, value: `${documentLabel(party.idDocumentType)} ${party.idDocumentNumber}` };
}

/**
 * The wizard of a money operation, with the frame `useMoneyForm` gives. While its confirmation waits on the
 * link, beside Enregistrer and in the receipt panel: the link's state and what to do with the cash of this
 * operation (decision 210); its receipt takes the panel's place once posted.
 */
export function MoneyWizard({
  frame: { leaveDialog, wait, flowType, drawerRefused, error, ...frame },
  paidInCash = true,
  drawerNotice,
  description,
  ...props
}: {
  frame: MoneyForm['frame'];
  title: string;
  description: ReactNode;
  /**
   * A cash operation's « Caisse fermée » (`useMoneyForm`'s `drawerNotice`): under the description, from the
   * first step, and beside a refusal for a closed drawer (decision 210).
   */
  drawerNotice?: ReactNode;
  steps: readonly WizardStep[];
  onSubmit: () => void | Promise<void>;
  /** False for an external transfer paid from an account: no cash changes hands. */
  paidInCash?: boolean;
}) {
  const lastStep = props.steps.findLastIndex((step) => !step.skip);
  // Beside Enregistrer: on the last step, or wherever a held confirmation has left the teller.
  const shown = wait === 'held' || (wait !== null && frame.step === lastStep) ? wait : null;
  const title = shown ? linkWaitTexts[shown] : null;
  const cash = shown ? linkWaitCashText(flowType, paidInCash) : null;
  const { showWaiting } = useReceipt();
  useEffect(() => {
    showWaiting(title ? { title, cash } : null);
  }, [showWaiting, title, cash]);
  useEffect(() => () => showWaiting(null), [showWaiting]);
  return (
    <>
      <Wizard
        {...frame}
        {...props}
        description={
          <>
            {description}
            {drawerNotice}
          </>
        }
        error={
          error || drawerRefused ? (
            <>
              {error}
              {drawerRefused && drawerNotice}
            </>
          ) : null
        }
        status={
          <LinkWaitStatus title={title} cash={cash} hint={shown === 'held' ? linkWaitTexts.heldHint : null} />
        }
      />
      {leaveDialog}
    </>
  );
}

/** The last step: what the confirmation will do, then the fee and the total it will charge. */
export function confirmStep({
  lines,
  quote,
  totalLabel,
  debited,
}: {
  lines: readonly SummaryLine[];
  quote: QuoteResult;
  totalLabel: string;
  /** The account the total is taken from: its balance shown, a total above it is said here too. */
  debited?: Account | null;
}): WizardStep {
  const short = shortfall(quote, debited);
  return {
    id: 'confirm',
    title: t`Confirmation`,
    content: (
      <div className="space-y-4">
        <SummaryList lines={lines} />
        <FeePreview quote={quote} totalLabel={totalLabel} />
        {short !== undefined && <ShortfallAlert short={short} totalLabel={totalLabel} back />}
      </div>
    ),
    // On a phone, Enregistrer and the link's state stay in sight under the summary (decision 215).
    pinActions: true,
    canGoNext: quote.isSuccess && short === undefined,
    // A refused amount says itself what to do; a fee not had yet (or not at all: no answer) must be first.
    blockedHint: refusedAmount(quote)
      ? undefined
      : short !== undefined
        ? amountStepTexts.aboveBalance
        : quoteTexts.blockedHint,
  };
}

/** "Solde insuffisant : solde disponible …", the total, and what to do. */
function ShortfallAlert({
  short,
  totalLabel = t`Total`,
  back = false,
}: {
  short: { balance: number; total: number };
  totalLabel?: string;
  /** At the confirmation: the amount is changed one step back. */
  back?: boolean;
}) {
  return (
    <Alert type="danger" title={transactionMessages.insufficientFundsAvailable(short.balance)}>
      <p>
        {`${totalLabel} : ${formatHtg(short.total)}. `}
        {back ? amountStepTexts.changeBack : amountStepTexts.changeHere}
      </p>
    </Alert>
  );
}

/** The fields of `partyAndAmountFields`, in any form that has them. */
interface PartyAndAmount {
  party?: { name?: string; idDocumentType?: string; idDocumentNumber?: string };
  amount?: number;
}

/** What `partyAndAmountStep` checks the person at the counter against: the account's holders. */
interface HolderCheck {
  holders: Account['customers'];
  party: () => PartyAndAmount['party'];
  refuse: (message: string) => void;
}

/**
 * The holder check of a step where the person at the counter must hold `account` (withdrawal, transfer's
 * sender), on the money form's party fields; none without an account.
 */
export function holderCheckOf<T extends FieldValues & PartyAndAmount>(
  account: Account | null,
  form: UseFormReturn<T, unknown, T>,
): HolderCheck | undefined {
  if (!account) return undefined;
  // Any T here has these paths; TypeScript cannot resolve `Path<T>` for a T still unknown.
  const partyForm = form as unknown as UseFormReturn<PartyAndAmount>;
  return {
    holders: account.customers,
    party: () => partyForm.getValues('party'),
    refuse: (message) => partyForm.setError('party.idDocumentNumber', { type: 'manual', message }),
  };
}

/**
 * The step of the person at the counter and the amount; Enter moves on. `register` and `errors` are
 * those of a form whose values have `party` and `amount` (the constraint on `T` says so).
 */
export function partyAndAmountStep<T extends FieldValues & PartyAndAmount>({
  title = t`Détails`,
  legend,
  register,
  errors,
  validate,
  quote,
  totalLabel,
  counterParty,
  balance,
  limit,
  holderCheck,
}: {
  title?: string;
  legend?: string;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  validate: () => Promise<boolean>;
  /** The live fee of the amount typed (`useAmountStepQuote`); Suivant waits while it says "hors barème". */
  quote?: UseQueryResult<FeeQuote>;
  totalLabel?: string;
  /** The account's holders, offered as the person at the counter (`HolderChoice`). */
  counterParty?: ReactNode;
  /** The balance of the account the total is taken from, said under the amount (`useBalanceCheck`). */
  balance?: BalanceCheck;
  /** What the customer has left of her limits, said under the amount (`useLimitCheck`, decision 227). */
  limit?: LimitCheck;
  /**
   * Where the person at the counter must hold the account (withdrawal, transfer's sender): a document that
   * is surely none of its holders' is refused here, under its field, rather than at Enregistrer.
   */
  holderCheck?: HolderCheck;
}): WizardStep {
  // Any T here has these paths; TypeScript cannot resolve `Path<T>` for a T still unknown.
  const registerField = register as unknown as UseFormRegister<PartyAndAmount>;
  const fieldErrors = errors as FieldErrors<PartyAndAmount>;
  return {
    id: 'details',
    title,
    content: (
      <StepForm>
        <div className="space-y-6">
          {counterParty}
          <PartyFields
            name={registerField('party.name')}
            documentType={registerField('party.idDocumentType')}
            documentNumber={registerField('party.idDocumentNumber')}
            errors={fieldErrors.party}
            legend={legend}
          />
          <div>
            <AmountField
              registration={registerField('amount', { setValueAs: parseAmountInput })}
              error={fieldErrors.amount?.message ?? balance?.message ?? limit?.message}
            />
            <LimitLine limit={limit} />
          </div>
          {quote && <FeePreview quote={quote} totalLabel={totalLabel} shownAt="amountStep" />}
        </div>
      </StepForm>
    ),
    validate: async () => {
      if (!(await validate())) return false;
      if (holderCheck && surelyNotAHolder(holderCheck.holders, holderCheck.party() ?? {})) {
        holderCheck.refuse(transactionMessages.notAccountHolder);
        return false;
      }
      return balance ? balance.check() : true;
    },
    // An amount outside the bands, or above the balance shown, cannot be confirmed: say so here rather than
    // one step later.
    canGoNext: !refusedAmount(quote) && !balance?.message && !limit?.message,
    blockedHint: refusedAmount(quote)
      ? amountStepTexts.outsideBands
      : balance?.message
        ? amountStepTexts.aboveBalance
        : limit?.message
          ? limitLeftTexts.changeAmount
          : undefined,
  };
}

/**
 * The total quoted is above the balance of the account it is taken from, as the account step read it. The
 * ledger decides at Enregistrer; this only spares the teller a step (the balance may have grown since:
 * searching the account again, steps back, reads it anew).
 */
function shortfall(
  quote: UseQueryResult<FeeQuote> | undefined,
  debited: Account | null | undefined,
): { balance: number; total: number } | undefined {
  const balance = debited?.balance;
  if (balance === null || balance === undefined || quote?.isSuccess !== true) return undefined;
  return quote.data.total > balance ? { balance, total: quote.data.total } : undefined;
}

/** The quote refused the amount (422, "Montant hors barème"); a failure to ask does not block. */
function refusedAmount(quote: UseQueryResult<FeeQuote> | undefined): boolean {
  return quote?.isError === true && isHttpError(quote.error) && quote.error.status === 422;
}

/**
 * A step that finds a customer account (deposit, withdrawal, transfer's sender, external transfer
 * from an account): Suivant waits for an active account.
 */
export function accountStep({
  id,
  title,
  label,
  account,
  onChange,
  error,
  missingHint = wizardHints.findAccount,
  validate,
  skip,
  showBalance = true,
  givenTerm,
}: {
  id: string;
  title: string;
  label?: string;
  account: Account | null;
  onChange: (account: Account | null) => void;
  error?: string;
  /** The found account's balance shown: where money leaves it (AccountLookup). */
  showBalance?: boolean;
  /** A number given by the page before, searched at once (AccountLookup). */
  givenTerm?: string;
  /** Said while no account is found. */
  missingHint?: string;
  validate: () => Promise<boolean>;
  skip?: boolean;
}): WizardStep {
  return {
    id,
    title,
    skip,
    content: (
      <AccountLookup
        label={label}
        account={account}
        onChange={onChange}
        error={error}
        showBalance={showBalance}
        givenTerm={givenTerm}
      />
    ),
    canGoNext: account?.status === 'active',
    blockedHint: account ? inactiveAccountMessage() : missingHint,
    validate,
  };
}
