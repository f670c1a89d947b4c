import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import {
  feeQuoteSchema,
  FEES_CHANGED_CODE,
  feeVersionTexts,
  formatHtg,
  type FeeQuote,
  type Transaction,
} from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { useReceipt } from '../../components/receipt/receipt-context';
import { useToasts } from '../../components/toasts/toast-context';
import { errorMessage, firstFieldErrors, isHttpError } from '../../lib/http';
import { useReturnAfterSave } from '../../lib/navigation-trail';

export interface Failure {
  message: string;
  /** No answer came: the operation may or may not have been posted; the same key will tell. */
  noAnswer: boolean;
  /**
   * Refused because the quoted fee version is no longer in force (409 `FEES_CHANGED`, decision 150): the
   * new quote, and the one the teller had announced.
   */
  feesChanged?: { before: FeeQuote | null; after: FeeQuote };
}

/** The new quote of a 409 `FEES_CHANGED`, or null for any other failure (or one without a readable quote). */
export function feesChangedQuote(error: unknown): FeeQuote | null {
  if (!isHttpError(error) || error.status !== 409 || error.code !== FEES_CHANGED_CODE) return null;
  const body = error.body;
  const quote = typeof body === 'object' && body !== null ? (body as { quote?: unknown }).quote : undefined;
  const parsed = feeQuoteSchema.safeParse(quote);
  return parsed.success ? parsed.data : null;
}

/** What a confirmation without an answer says: pressing Enregistrer again is safe. */
export function retryNote(): string {
  return t`La connexion a été interrompue : l'opération a peut-être été enregistrée. Appuyez de nouveau sur Enregistrer : la même opération sera renvoyée et ne sera jamais enregistrée deux fois.`;
}

export function failureOf(error: unknown, fallback: string): Failure {
  return { message: errorMessage(error, fallback), noAnswer: isHttpError(error) && error.isNetwork };
}

/** The failure beside Enregistrer (the toast says it too, but goes away). */
export function FailureAlert({ failure }: { failure: Failure | null }) {
  if (!failure) return null;
  const changed = failure.feesChanged;
  if (changed) {
    const { before, after } = changed;
    return (
      <Alert type="warning" title={feeVersionTexts.changedTitle}>
        <dl className="space-y-1">
          <div className="flex flex-wrap justify-between gap-x-4">
            <dt>{feeVersionTexts.newFee}</dt>
            <dd className="font-semibold">
              {formatHtg(after.fee)}
              {before && before.fee !== after.fee && (
                <span className="font-normal"> ({feeVersionTexts.before(formatHtg(before.fee))})</span>
              )}
            </dd>
          </div>
          <div className="flex flex-wrap justify-between gap-x-4">
            <dt>{feeVersionTexts.newTotal}</dt>
            <dd className="font-semibold">
              {formatHtg(after.total)}
              {before && before.total !== after.total && (
                <span className="font-normal"> ({feeVersionTexts.before(formatHtg(before.total))})</span>
              )}
            </dd>
          </div>
        </dl>
        <p className="mt-2">{feeVersionTexts.changedHint}</p>
      </Alert>
    );
  }
  return (
    <Alert type="danger">
      <p>{failure.message}</p>
      {failure.noAnswer && <p className="mt-1">{retryNote()}</p>}
    </Alert>
  );
}

/**
 * Puts the server's field errors (`party.name`, `amount`, …) on the form's fields and answers the
 * first step that holds one of them, and its first refused field, so that the wizard can go back there
 * and put the keyboard on it.
 */
export function placeServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldSteps: Partial<Record<Path<T>, number>>,
): { step: number; field: Path<T> } | null {
  if (!isHttpError(error)) return null;
  let first: { step: number; field: Path<T> } | null = null;
  for (const [field, message] of Object.entries(firstFieldErrors(error.errors))) {
    const target = fieldSteps[field as Path<T>];
    if (target === undefined) continue;
    setError(field as Path<T>, { type: 'server', message });
    if (first === null || target < first.step) first = { step: target, field: field as Path<T> };
  }
  return first;
}

/** A failed confirmation: its alert state, kept until the teller moves. */
export function useFailure() {
  const [failure, setFailure] = useState<Failure | null>(null);
  return { failure, setFailure, clearFailure: () => setFailure(null) };
}

/**
 * After a success: the toast, the receipt in the panel, then back to where the operation started, or to the
 * dashboard when that was a form or « Ma caisse » (decisions 131, 211).
 */
export function useFinishOperation() {
  const toasts = useToasts();
  const { select } = useReceipt();
  const returnAfterSave = useReturnAfterSave();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return {
    /** The page stays (the external transfer's pick-up code): the receipt belongs to it. */
    showReceipt(transaction: Transaction, message: string) {
      toasts.success(message);
      select(transaction, { againPath: pathname });
    },
    back(transaction: Transaction, message: string) {
      toasts.success(message);
      select(transaction, { againPath: pathname, followNavigation: true });
      returnAfterSave();
    },
    home(transaction: Transaction, message: string) {
      toasts.success(message);
      select(transaction, { againPath: pathname, followNavigation: true });
      void navigate('/');
    },
  };
}
