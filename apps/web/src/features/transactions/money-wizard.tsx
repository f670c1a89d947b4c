import { useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { FieldErrors, FieldValues, Path, UseFormRegister, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import {
  displayName,
  documentLabel,
  formatHtg,
  inactiveAccountMessage,
  type Account,
  type FeeQuote,
  type Transaction,
} from '@lajan/domain';
import { Wizard, type WizardStep } from '../../components/wizard/Wizard';
import { isHttpError } from '../../lib/http';
import { useMoneyOperation, type Operation, type OperationBodies } from './api/operations';
import { AccountLookup } from './components/AccountLookup';
import { FeePreview, quoteBlockedHint, SummaryList, type SummaryLine } from './components/ConfirmSummary';
import { AmountField, parseAmountInput, PartyFields } from './components/fields';
import { StepForm } from './components/StepForm';
import {
  FailureAlert,
  failureOf,
  placeServerErrors,
  useFailure,
  useFinishOperation,
} from './operation-outcome';

/**
 * What the money wizards of SPEC §2 (deposit, withdrawal, transfer, external transfer, receive, agent
 * deposit) share: the step, the confirmation with its idempotency key, the failure beside Enregistrer,
 * the server's field errors put back on their step; the person at the counter and the amount; the
 * confirmation with the fee preview; the account step. Each page keeps only what is its own.
 */

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

/** The amount as the summary shows it ("1 500,00 HTG"), empty while none is typed. */
export function amountText(amount: number | undefined): string {
  return typeof amount === 'number' && !Number.isNaN(amount) ? formatHtg(amount) : '';
}

/** The holders of an account, as the summary lists them ("Jean PIERRE, Marie JOSEPH"). */
export function holdersOf(account: Account | null): string {
  return account?.customers.map((customer) => displayName(customer)).join(', ') ?? '';
}

/** The summary line of a document ("Passeport PA123456"). */
export function documentLine(party: { idDocumentType?: string | null; idDocumentNumber?: string | null }) {
  return { label: 'Pièce', value: `${documentLabel(party.idDocumentType)} ${party.idDocumentNumber}` };
}

/**
 * Parses the form's values with the operation's schema; when they do not pass, shows every field's
 * error (react-hook-form's `trigger`) and answers null.
 */
export async function validBody<S extends z.ZodType>(
  schema: S,
  values: unknown,
  trigger: () => Promise<boolean>,
): Promise<z.output<S> | null> {
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    await trigger();
    return null;
  }
  return parsed.data;
}

interface ConfirmOptions<T extends FieldValues> {
  setError: UseFormSetError<T>;
  /** The step that holds each field the server may refuse. */
  fieldSteps: Partial<Record<Path<T>, number>>;
  /** The step to go back to instead of `step` (a skipped step). */
  backTo?: (step: number) => number;
  /** Told of a refusal once it is shown (the pay-out searches its transfer again, decision 131). */
  onRefused?: (error: unknown) => void;
}

/**
 * The state of a money wizard: its step, its confirmation (one idempotency key per operation, see
 * `useMoneyOperation`), the failure kept beside Enregistrer and the way back to a refused field.
 */
export function useMoneyWizard<O extends Operation>(operation: O, fallback: string) {
  const money = useMoneyOperation(operation, fallback);
  const finish = useFinishOperation();
  const { failure, setFailure, clearFailure } = useFailure();
  const [step, setStep] = useState(0);

  /**
   * Enregistrer: `body` answers what to post, or null when the form does not pass (it shows why). A
   * refusal is kept beside the button and its field errors go back on their step. Answers the posted
   * transaction, or null (not posted, refused, or a confirmation already on its way).
   */
  async function confirm<T extends FieldValues>(
    body: () => Promise<OperationBodies[O] | null>,
    { setError, fieldSteps, backTo, onRefused }: ConfirmOptions<T>,
  ): Promise<Transaction | null> {
    clearFailure();
    const valid = await body();
    if (valid === null) return null;
    try {
      return await money.confirm(valid);
    } catch (error) {
      setFailure(failureOf(error, fallback));
      const back = placeServerErrors(error, setError, fieldSteps);
      if (back !== null) setStep(backTo ? backTo(back) : back);
      onRefused?.(error);
      return null;
    }
  }

  return {
    step,
    setStep,
    finish,
    confirm,
    /** The props of `MoneyWizard`. */
    frame: {
      step,
      onStepChange: (next: number) => {
        clearFailure();
        setStep(next);
      },
      submitting: money.isPending,
      error: failure && <FailureAlert failure={failure} />,
    },
  };
}

/** The wizard of a money operation, with the frame `useMoneyWizard` gives. */
export function MoneyWizard({
  frame,
  ...props
}: {
  frame: ReturnType<typeof useMoneyWizard>['frame'];
  title: string;
  description: ReactNode;
  steps: readonly WizardStep[];
  onSubmit: () => void | Promise<void>;
}) {
  return <Wizard {...frame} {...props} />;
}

/** The last step: what the confirmation will do, then the fee and the total it will charge. */
export function confirmStep({
  lines,
  quote,
  totalLabel,
}: {
  lines: readonly SummaryLine[];
  quote: UseQueryResult<FeeQuote>;
  totalLabel: string;
}): WizardStep {
  return {
    id: 'confirm',
    title: 'Confirmation',
    content: (
      <div className="space-y-4">
        <SummaryList lines={lines} />
        <FeePreview quote={quote} totalLabel={totalLabel} />
      </div>
    ),
    canGoNext: quote.isSuccess,
    blockedHint: quote.isError ? undefined : quoteBlockedHint,
  };
}

/** The fields of `partyAndAmountFields`, in any form that has them. */
interface PartyAndAmount {
  party?: { name?: string; idDocumentType?: string; idDocumentNumber?: string };
  amount?: number;
}

/**
 * The step of the person at the counter and the amount; Enter moves on. `register` and `errors` are
 * those of a form whose values have `party` and `amount` (the constraint on `T` says so).
 */
export function partyAndAmountStep<T extends FieldValues & PartyAndAmount>({
  title = 'Détails',
  legend,
  register,
  errors,
  validate,
  quote,
  totalLabel,
  counterParty,
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
          <AmountField
            registration={registerField('amount', { setValueAs: parseAmountInput })}
            error={fieldErrors.amount?.message}
          />
          {quote && <FeePreview quote={quote} totalLabel={totalLabel} atAmountStep />}
        </div>
      </StepForm>
    ),
    validate,
    // An amount outside the bands cannot be confirmed: say so here rather than one step later.
    canGoNext: !refusedAmount(quote),
    blockedHint: refusedAmount(quote) ? outsideBandsHint : undefined,
  };
}

const outsideBandsHint = 'Changez le montant : il est hors barème.';

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
  missingHint = 'Recherchez le compte pour continuer.',
  validate,
  skip,
}: {
  id: string;
  title: string;
  label?: string;
  account: Account | null;
  onChange: (account: Account | null) => void;
  error?: string;
  /** Said while no account is found. */
  missingHint?: string;
  validate: () => Promise<boolean>;
  skip?: boolean;
}): WizardStep {
  return {
    id,
    title,
    skip,
    content: <AccountLookup label={label} account={account} onChange={onChange} error={error} />,
    canGoNext: account?.status === 'active',
    blockedHint: account ? inactiveAccountMessage : missingHint,
    validate,
  };
}
