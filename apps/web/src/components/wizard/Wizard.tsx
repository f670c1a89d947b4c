import { createContext, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { keyboardFirst } from '../../lib/keyboard-first';
import { Button } from '../Button';
import { t } from '@lingui/core/macro';

export interface WizardStep {
  /** Stable key of the step. */
  id: string;
  /** The step's heading ("Type de compte"). */
  title: string;
  content: ReactNode;
  /**
   * Runs when Suivant (or Enregistrer on the last step) is pressed; the wizard moves on only when it
   * answers true. Show the errors in the step (react-hook-form's `trigger` does both).
   */
  validate?: () => boolean | Promise<boolean>;
  /** False disables Suivant / Enregistrer. Default true. */
  canGoNext?: boolean;
  /** Said beside the disabled button, so that the person knows what is missing. */
  blockedHint?: string;
  /** Left out in both directions and from the count (external transfer in cash mode: no account step). */
  skip?: boolean;
  /**
   * Below 640 px, a step without fields keeps its buttons and what is said beside them pinned at the bottom
   * (decision 215); a step with fields does not: the bar would cover the field the keyboard scrolls to.
   */
  pinActions?: boolean;
}

export interface WizardProps {
  /** The wizard's heading ("Créer un compte"). */
  title: string;
  steps: readonly WizardStep[];
  /** Called by Enregistrer on the last step, after its `validate`. */
  onSubmit: () => void | Promise<void>;
  /** While saving: Enregistrer reads `submittingLabel` and nothing can be pressed. */
  submitting?: boolean;
  /** Controlled current step (an index into `steps`), e.g. to return to a step after a server error. */
  step?: number;
  onStepChange?: (index: number) => void;
  /** Uncontrolled start (an index into `steps`). */
  initialStep?: number;
  submitLabel?: string;
  submittingLabel?: string;
  /** A line under the title. */
  description?: ReactNode;
  /** Shown above the buttons (an alert with the server's message). */
  error?: ReactNode;
  /**
   * Right beside the step's button (below it on a phone, at its left from 640 px): what the money wizards
   * say of the link while a confirmation waits on it (decision 210).
   */
  status?: ReactNode;
  /** Heading level of the wizard's title: 1 on a page of its own (default), 2 inside another frame. */
  headingLevel?: 1 | 2;
}

/**
 * What a step's content may ask of its wizard: `focusNext`, once what the step needed is there (an account
 * found by its number), puts the keyboard on Suivant, so that Enter goes on (number, Enter, Enter). Nothing
 * outside a wizard.
 */
const WizardNavigation = createContext<{ focusNext: () => void }>({ focusNext: () => undefined });

export function useWizardNavigation() {
  return useContext(WizardNavigation);
}

/**
 * The wizard of SPEC §2 "Wizards in general": title, "Étape X sur N", a progress bar, Précédent from
 * step 2, Suivant, and Enregistrer on the last step. Forward only after the step's validation; back
 * always. Only the current step is rendered (react-hook-form keeps the values of unmounted fields).
 */
export function Wizard({
  title,
  steps,
  onSubmit,
  submitting = false,
  step,
  onStepChange,
  initialStep = 0,
  submitLabel = t`Enregistrer`,
  submittingLabel = t`Enregistrement...`,
  description,
  error,
  status,
  headingLevel = 1,
}: WizardProps) {
  const [ownStep, setOwnStep] = useState(initialStep);
  const [validating, setValidating] = useState(false);
  const currentIndex = clampIndex(step ?? ownStep, steps.length);
  const stepHeadingRef = useRef<HTMLHeadingElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const movedRef = useRef(false);
  const nextWanted = useRef(false);
  const [nextAsked, setNextAsked] = useState(0);
  const headingId = useId();

  const visible = steps
    .map((candidate, index) => ({ candidate, index }))
    .filter(({ candidate }) => !candidate.skip);
  const position = Math.max(
    0,
    visible.findIndex(({ index }) => index === currentIndex),
  );
  const total = Math.max(visible.length, 1);
  const current = steps[currentIndex];
  const isFirst = position === 0;
  const isLast = position === visible.length - 1;

  // After Suivant / Précédent, the keyboard and the screen reader start at the new step's heading.
  useEffect(() => {
    if (!movedRef.current) return;
    movedRef.current = false;
    stepHeadingRef.current?.focus();
  }, [currentIndex]);

  // A new wizard, at a counter's computer: the keyboard starts in its first field, not on the page.
  useEffect(() => {
    if (!keyboardFirst()) return;
    contentRef.current
      ?.querySelector<HTMLElement>(
        'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea',
      )
      ?.focus();
  }, []);

  function goTo(index: number) {
    movedRef.current = true;
    if (step === undefined) setOwnStep(index);
    onStepChange?.(index);
  }

  async function next() {
    if (!current || validating || submitting) return;
    setValidating(true);
    let valid: boolean;
    try {
      valid = current.validate ? await current.validate() : true;
    } finally {
      setValidating(false);
    }
    if (!valid) return;
    if (isLast) {
      await onSubmit();
      return;
    }
    const target = visible[position + 1];
    if (target) goTo(target.index);
  }

  function previous() {
    const target = visible[position - 1];
    if (target) goTo(target.index);
  }

  const blocked = current?.canGoNext === false;

  // Asked by the step (an account found): Suivant takes the keyboard once it is enabled by that render.
  useEffect(() => {
    if (!nextWanted.current) return;
    nextWanted.current = false;
    if (!blocked) nextRef.current?.focus();
  }, [nextAsked, blocked]);
  const [navigation] = useState(() => ({
    focusNext: () => {
      nextWanted.current = true;
      setNextAsked((count) => count + 1);
    },
  }));
  const pinned = current?.pinActions === true;
  const hint = blocked && current?.blockedHint && (
    <p
      className={`text-sm text-slate-600 ${pinned ? 'max-sm:order-first max-sm:col-span-2' : ''}`}
      id={`${headingId}-hint`}
    >
      {current.blockedHint}
    </p>
  );
  // Pinned, on a phone: Précédent and the main button side by side, the hint above them, what is said of
  // the link under them, all in the bar (the right group's box gives way to the bar's grid).
  const actions = (
    <div
      className={
        pinned
          ? 'grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2 sm:flex sm:flex-row sm:items-center sm:justify-between sm:gap-3'
          : 'mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between'
      }
    >
      <div className={pinned ? 'empty:hidden' : undefined}>
        {!isFirst && (
          <Button variant="secondary" className="w-full sm:w-auto" onClick={previous} disabled={submitting}>
            {t`Précédent`}
          </Button>
        )}
      </div>
      <div
        className={
          pinned
            ? 'contents sm:flex sm:flex-row sm:items-center sm:gap-2'
            : 'flex flex-col items-stretch gap-2 sm:flex-row sm:items-center'
        }
      >
        {hint}
        <Button
          ref={nextRef}
          className={`w-full sm:w-auto ${pinned && isFirst ? 'max-sm:col-span-2' : ''}`}
          onClick={() => void next()}
          disabled={blocked || validating}
          loading={isLast && submitting}
          loadingText={submittingLabel}
          aria-describedby={blocked && current?.blockedHint ? `${headingId}-hint` : undefined}
        >
          {isLast ? submitLabel : t`Suivant`}
        </Button>
        {pinned && status ? <div className="max-sm:col-span-2 sm:contents">{status}</div> : status}
      </div>
    </div>
  );
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const StepHeading = headingLevel === 1 ? 'h2' : 'h3';
  const percent = Math.round(((position + 1) / total) * 100);
  const stepNumber = position + 1;
  const counter = t`Étape ${stepNumber} sur ${total}`;

  return (
    <section aria-labelledby={headingId} className="mx-auto w-full max-w-3xl">
      <header className="mb-4">
        <Heading id={headingId} className="text-2xl font-semibold text-slate-900">
          {title}
        </Heading>
        {description && <div className="mt-1 text-sm text-slate-600">{description}</div>}
        <div className="mt-4 flex items-center justify-between gap-2 text-sm">
          <p className="font-medium text-slate-700">{counter}</p>
          {current && <p className="truncate text-slate-600">{current.title}</p>}
        </div>
        <div
          role="progressbar"
          aria-label={t`Progression : ${title}`}
          aria-valuemin={1}
          aria-valuemax={total}
          aria-valuenow={position + 1}
          aria-valuetext={counter}
          className="mt-2 h-2 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className="h-full rounded-full bg-blue-800 transition-[width]"
            style={{ width: `${percent}%` }}
          />
        </div>
      </header>

      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        {current && (
          <StepHeading
            ref={stepHeadingRef}
            tabIndex={-1}
            className="mb-4 text-lg font-semibold text-slate-900 focus:outline-none"
          >
            {current.title}
          </StepHeading>
        )}
        <div ref={contentRef}>
          <WizardNavigation value={navigation}>{current?.content}</WizardNavigation>
        </div>
      </div>

      {pinned ? (
        <div className={pinnedBar}>
          {error}
          {actions}
        </div>
      ) : (
        <>
          {error && <div className="mt-4">{error}</div>}
          {actions}
        </>
      )}
    </section>
  );
}

/**
 * A pinned step's bar (`pinActions`): at the screen's bottom below 640 px, across its width, over the page
 * that scrolls under it; in the flow from 640 px, as any step's buttons.
 */
const pinnedBar =
  'sticky bottom-0 z-10 -mx-4 mt-4 space-y-3 border-t border-slate-200 bg-white px-4 py-3 shadow-[0_-4px_8px_-6px_rgb(0_0_0/0.15)] sm:static sm:mx-0 sm:space-y-4 sm:border-0 sm:bg-transparent sm:p-0 sm:shadow-none';

function clampIndex(index: number, length: number) {
  if (length === 0) return 0;
  return Math.min(Math.max(0, index), length - 1);
}
