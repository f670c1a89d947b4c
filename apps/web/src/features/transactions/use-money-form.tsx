import { useEffect, useRef, useState } from 'react';
import { NavigationType, useBlocker, useLocation } from 'react-router';
import {
  useForm,
  useWatch,
  type Control,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  leaveOperationTexts,
  ledgerFailures,
  operationKeyMessages,
  pendingOperationMessages,
  type LinkWait,
  type Transaction,
} from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { currentDrawerQueryKey, DrawerClosedNotice } from '../../components/drawer-notice/DrawerClosedNotice';
import { isHttpError } from '../../lib/http';
import { newIdempotencyKey } from './api/idempotency';
import { resumeIdOf, useOperationDrafts } from '../../lib/operation-drafts';
import { useSettledOutcome } from '../../lib/pending-actions';
import { useOnline } from '../../lib/pending-context';
import { hasNoAnswer } from '../../lib/pending-operations';
import { isSameVisit } from '../../lib/visit-key';
import { feeQuoteKeys, useAmountStepQuote, useConfirmationQuote } from '../../components/fee-quote/api';
import { useMoneyOperation, type FlowBody } from './api/operations';
import { quoteTypeOf, type MoneyFlow } from './flows';
import { limitsLeftQueryKey } from './api/limits-left';
import {
  FailureAlert,
  failureOf,
  feesChangedQuote,
  placeServerErrors,
  useFailure,
  useFinishOperation,
} from './operation-outcome';

/**
 * A confirmation without an answer for this long says so beside Enregistrer (decision 210): a save over a
 * slow link takes about a second, which must not flash a warning.
 */
export const SLOW_CONFIRMATION_MS = 1500;

/** The form's values of a flow: its schema's input (HTG amounts, texts as typed). */
type FlowValues<Flow extends MoneyFlow> = FlowBody<Flow> & FieldValues;

export interface MoneyFormOptions<Flow extends MoneyFlow> {
  defaultValues: DefaultValues<FlowValues<Flow>>;
  /** The step of the amount: a banded flow previews its fee there (decision 132). */
  amountStep?: number;
  /** The last step, whose fee and total the confirmation charges. */
  confirmStep: number;
}

export interface SubmitOptions<Flow extends MoneyFlow> {
  /**
   * What to post, from the form's values, when the page shapes it (the pay-out's transfer, the
   * external transfer's payment mode); the values themselves otherwise. Null: nothing to post.
   */
  body?: (values: FlowValues<Flow>) => FlowBody<Flow> | null;
  /** The step that holds each field the server may refuse. */
  fieldSteps: Partial<Record<Path<FlowValues<Flow>>, number>>;
  /** The step to go back to instead of `step` (a skipped step). */
  backTo?: (step: number) => number;
  /** Told of a refusal once it is shown (the pay-out searches its transfer again, decision 131). */
  onRefused?: (error: unknown) => void;
}

/**
 * What every money wizard shares for one flow (decision 138). The resolver is raw and `submit` posts the
 * input that passed the schema, never its output: the server computes the centimes and trims the texts
 * itself.
 */
export function useMoneyForm<Flow extends MoneyFlow>(flow: Flow, options: MoneyFormOptions<Flow>) {
  // Back from the drawer page with what was typed before the teller went to open her drawer (decision 210):
  // the form's values, its step and the page's own state (`resumed`), taken once.
  const location = useLocation();
  const drafts = useOperationDrafts();
  const [resumed] = useState(() => {
    const id = resumeIdOf(location.state);
    const draft = id === null ? undefined : drafts.peek(id);
    return id !== null && draft?.path === location.pathname ? { id, ...draft } : null;
  });
  useEffect(() => {
    if (resumed) drafts.drop(resumed.id);
  }, [resumed, drafts]);
  const [draftId] = useState(() => resumed?.id ?? newIdempotencyKey());
  const form: UseFormReturn<FlowValues<Flow>, unknown, FlowValues<Flow>> = useForm<
    FlowValues<Flow>,
    unknown,
    FlowValues<Flow>
  >({
    resolver: zodResolver(flow.schema as z.ZodType<FlowValues<Flow>, FlowValues<Flow>>, undefined, {
      raw: true,
    }),
    defaultValues: options.defaultValues,
    // Against the defaults: a resumed form is as typed (dirty), and leaving it asks first.
    ...(resumed
      ? { values: resumed.values as FlowValues<Flow>, resetOptions: { keepDefaultValues: true } }
      : {}),
  });
  const money = useMoneyOperation(flow);
  const queryClient = useQueryClient();
  const finish = useFinishOperation();
  const { failure, setFailure, clearFailure } = useFailure();
  // Refused for a closed drawer: « Ouvrir ma caisse » beside the refusal too (decision 210).
  const [drawerRefused, setDrawerRefused] = useState(false);
  const [step, setStep] = useState(resumed?.step ?? 0);
  // A server's refusal under a field goes once the teller changes it; a field the step refused is checked
  // again at each change, since `trigger` never starts react-hook-form's own re-validation (decision 132).
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ name }) => {
          if (!name) return;
          const field = name as Path<FlowValues<Flow>>;
          const error = form.getFieldState(field).error;
          if (error?.type === 'server') form.clearErrors(field);
          else if (error) void form.trigger(field);
        },
      }),
    [form],
  );

  // The field a refusal sent the wizard back to: it takes the keyboard once its step shows. A new object at
  // each refusal, so that the same field refused twice takes it again.
  const [refused, setRefused] = useState<{ field: Path<FlowValues<Flow>> } | null>(null);
  useEffect(() => {
    if (refused === null) return;
    form.setFocus(refused.field);
    // In the middle of the screen: on a phone, the refused field at the bottom would have its message
    // under the failure's notification.
    if (document.activeElement !== document.body)
      document.activeElement?.scrollIntoView?.({ block: 'center' });
    // A field set by a search rather than typed (the account number) has no input to take the keyboard:
    // the page does, rather than nothing once the confirmation's button is gone.
    if (document.activeElement === document.body) document.getElementById('contenu')?.focus();
  }, [refused, form]);

  // Leaving with something typed and nothing posted asks first (decision 177), to this page too, but not the
  // replace that only tidies the page's own entry; once posted or held (decision 147), the teller goes
  // freely.
  const posted = useRef(false);
  // The draft kept for the drawer page (decision 210): going there loses nothing, nothing to ask.
  const kept = useRef<string | null>(null);
  const typed = form.formState.isDirty || step > 0;
  const leaving = useBlocker(
    ({ historyAction, nextLocation }) =>
      typed &&
      !posted.current &&
      !(historyAction === NavigationType.Replace && isSameVisit(nextLocation.state)) &&
      !(kept.current !== null && resumeIdOf(nextLocation.state) === kept.current),
  );

  // A reload or a closed tab loses what is typed too: the browser's own question asks first (decision 177
  // amended). Not once posted or held, nor while the confirmation is on its way: a held operation survives
  // a reload (decision 147).
  const sending = useRef(false);
  useEffect(() => {
    sending.current = money.isPending;
  }, [money.isPending]);
  useEffect(() => {
    if (!typed) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (posted.current || sending.current) return;
      event.preventDefault();
      // Chromium before 119 asks only when `returnValue` is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [typed]);

  // Every flow's form has an `amount` (the pay-out's is the transfer's, never typed).
  const amount = useWatch({
    control: form.control as unknown as Control<{ amount?: number }>,
    name: 'amount',
  });
  const quoteType = quoteTypeOf(flow);
  const amountQuote = useAmountStepQuote(flow.banded ? quoteType : null, amount, step === options.amountStep);
  // Unanswered, the amount step's quote of the same amount stands in (decision 215).
  const quote = useConfirmationQuote(quoteType, amount, step === options.confirmStep, amountQuote);
  /**
   * The input to post and what the schema makes of it (trimmed, the amount in centimes: what the server
   * will see), or null when it does not pass the schema (every field then shows why).
   */
  async function validInput(
    body: SubmitOptions<Flow>['body'],
  ): Promise<{ input: FlowBody<Flow>; checked: unknown } | null> {
    const values = form.getValues();
    const shaped = body ? body(values) : (values as FlowBody<Flow>);
    // The version that priced the fee the teller announced (decision 150): the server refuses the
    // confirmation if another one is in force when it posts.
    const feeVersion = flow.banded ? quote.data?.feeVersion?.number : undefined;
    const input = shaped !== null && feeVersion !== undefined ? { ...shaped, feeVersion } : shaped;
    const parsed = input === null ? null : flow.schema.safeParse(input);
    if (input === null || !parsed?.success) {
      await form.trigger();
      // A refused value that no field of the page holds (one the page builds, as the pay-out's party from the
      // recipient) would leave Enregistrer silent: it is said beside the button.
      const held = new Set(Object.keys(form.getValues()));
      const unseen = parsed?.error?.issues.find((issue) => !held.has(String(issue.path[0])));
      if (unseen) setFailure({ message: unseen.message, noAnswer: false });
      return null;
    }
    return { input, checked: parsed.data };
  }

  /**
   * Enregistrer: posts the flow's input once. A refusal is kept beside the button, or, when it names a
   * field, under that field, on its step. Answers the posted transaction, or null (not valid, refused, or a
   * confirmation already on its way).
   */
  async function submit({
    body,
    fieldSteps,
    backTo,
    onRefused,
  }: SubmitOptions<Flow>): Promise<Transaction | null> {
    clearFailure();
    setDrawerRefused(false);
    // Sent again from the form: until it is answered, what is typed is the teller's to lose again.
    posted.current = false;
    const valid = await validInput(body);
    if (valid === null) return null;
    let transaction: Transaction | null;
    try {
      transaction = await money.confirm(valid.input, valid.checked);
    } catch (error) {
      void queryClient.invalidateQueries({ queryKey: limitsLeftQueryKey });
      const changed = feesChangedQuote(error);
      if (changed && quoteType !== null && typeof amount === 'number') {
        // The fees changed since the quote (409 FEES_CHANGED): the confirmation stays, now showing the
        // new fee and total, and Enregistrer sends the new version (nothing was posted, decision 150).
        const before = quote.data ?? null;
        queryClient.setQueryData(feeQuoteKeys.quote(quoteType, amount), changed);
        setFailure({ ...failureOf(error, flow.failure), feesChanged: { before, after: changed } });
        onRefused?.(error);
        return null;
      }
      if (hasNoAnswer(error)) posted.current = true;
      // The drawer was closed meanwhile (an administrator closed it): the screen says so again, with the
      // way to open it that keeps what was typed (decision 210).
      if (isHttpError(error) && error.code === ledgerFailures.DrawerClosed.code) {
        setDrawerRefused(true);
        void queryClient.invalidateQueries({ queryKey: currentDrawerQueryKey });
      }
      const back = placeServerErrors(error, form.setError, fieldSteps);
      // A refusal put under its field is said there (and by the toast, SPEC §8), not a third time beside
      // the button.
      if (back === null) setFailure(failureOf(error, flow.failure));
      else {
        // The keyboard goes to the refused field once its step shows (the Enregistrer button it was on
        // is gone with the confirmation step).
        setStep(backTo ? backTo(back.step) : back.step);
        setRefused({ field: back.field });
      }
      onRefused?.(error);
      return null;
    }
    if (transaction) {
      void queryClient.invalidateQueries({ queryKey: limitsLeftQueryKey });
      succeed(transaction);
    }
    return transaction;
  }

  function succeed(transaction: Transaction) {
    posted.current = true;
    // A question asked while the confirmation was on its way has no object any more.
    if (leaving.state === 'blocked') leaving.reset();
    if (flow.after === 'back') finish.back(transaction, flow.success);
    else if (flow.after === 'home') finish.home(transaction, flow.success);
    else finish.showReceipt(transaction, flow.success);
  }

  // A held confirmation settled from the banner: the form follows what became of it (decision 196). Posted,
  // it says so, and Enregistrer pressed again replays the same key, never a second transaction.
  const settled = useSettledOutcome(money.heldKey);
  const postedFromBanner = settled?.kind === 'posted' ? settled.transaction : null;

  // Where the link is, said beside Enregistrer and in the receipt panel (decision 210): held without an
  // answer until the banner settles it; a confirmation on its way, once it is slow or the server is known to
  // be out of reach; offline before sending. Posted, the receipt takes its place.
  const online = useOnline();
  const slow = useLongerThan(money.isPending, SLOW_CONFIRMATION_MS);
  const held = money.heldKey !== null && settled === undefined;
  const wait: LinkWait | null = held
    ? 'held'
    : money.isPending
      ? slow || !online
        ? 'sending'
        : null
      : online
        ? null
        : 'offline';

  /** Keeps what is typed, with the page's own state, for the drawer page's « Reprendre l'opération ». */
  function keepDraft(extra: unknown) {
    kept.current = draftId;
    drafts.keep(draftId, { path: location.pathname, step, values: form.getValues(), extra });
  }
  useEffect(() => {
    if (!settled) return;
    if (settled.kind === 'posted') {
      clearFailure();
      return;
    }
    money.forgetHeld();
    posted.current = false;
    if (settled.kind === 'abandoned')
      setFailure({ message: operationKeyMessages.abandoned, noAnswer: false });
    else if (settled.kind === 'refused') setFailure({ message: settled.message, noAnswer: false });
    // Once per outcome: `money` and `succeed` change at every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  return {
    form,
    step,
    setStep,
    /**
     * The page's own state kept with the draft it was resumed from (what `drawerNotice`'s `extra` answered),
     * or undefined: for its `useState` initializers.
     */
    resumed: resumed?.extra,
    /**
     * « Caisse fermée » with « Ouvrir ma caisse » on a cash operation (decision 210): the way to the drawer
     * keeps what is typed, and `extra()`, the page's own state. Not once a confirmation is on its way or held:
     * typed again under a new key, it could be posted twice. `needed` false: not a cash operation.
     */
    drawerNotice({ extra, needed = true }: { extra: () => unknown; needed?: boolean }) {
      const resumable = !money.isPending && money.heldKey === null;
      return (
        <DrawerClosedNotice
          needed={needed}
          resume={resumable ? { id: draftId, keep: () => keepDraft(extra()) } : null}
        />
      );
    },
    /**
     * Back to `field`'s step, the keyboard on it (what a refusal the page reads itself calls for); with a
     * `message`, the refusal is said under that field, where the keyboard is, no longer beside the button.
     */
    backToField(backStep: number, field: Path<FlowValues<Flow>>, message?: string) {
      if (message !== undefined) {
        form.setError(field, { type: 'server', message });
        clearFailure();
      }
      setStep(backStep);
      setRefused({ field });
    },
    /** The amount typed (HTG), for the summary. */
    amount,
    /** The confirmation's fee and total. */
    quote,
    /** The amount step's live fee (a banded flow only). */
    amountQuote,
    submit,
    /** The props of `MoneyWizard`. */
    frame: {
      step,
      onStepChange: (next: number) => {
        clearFailure();
        setDrawerRefused(false);
        setStep(next);
      },
      submitting: money.isPending,
      /** Where the link is while the confirmation waits on it (decision 210), for `MoneyWizard`. */
      wait,
      flowType: flow.type,
      /** Refused for a closed drawer: `MoneyWizard` shows the drawer's notice beside the refusal too. */
      drawerRefused,
      // Held, the words beside the button say it all, the cash included (decision 210).
      error:
        failure && !held ? (
          <FailureAlert failure={failure} />
        ) : (
          postedFromBanner && (
            <Alert type="success">
              {pendingOperationMessages.postedFromBanner(postedFromBanner.transactionNumber)}
            </Alert>
          )
        ),
      /**
       * Asks before leaving what is typed (decision 177): `MoneyWizard` shows it. While the confirmation
       * is on its way, it says so and offers only to stay: it may already be posted.
       */
      leaveDialog: leaving.state === 'blocked' && (
        <ConfirmDialog
          title={money.isPending ? leaveOperationTexts.pendingTitle : leaveOperationTexts.title}
          confirmLabel={leaveOperationTexts.leave}
          cancelLabel={leaveOperationTexts.stay}
          variant="danger"
          canConfirm={!money.isPending}
          onConfirm={() => leaving.proceed()}
          onCancel={() => leaving.reset()}
        >
          <p>{money.isPending ? leaveOperationTexts.pendingText : leaveOperationTexts.text}</p>
        </ConfirmDialog>
      ),
    },
  };
}

export type MoneyForm = ReturnType<typeof useMoneyForm>;

/** True once `active` has lasted `ms`, until it ends. */
function useLongerThan(active: boolean, ms: number): boolean {
  const [long, setLong] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setLong(true), ms);
    return () => {
      clearTimeout(timer);
      setLong(false);
    };
  }, [active, ms]);
  return active && long;
}
