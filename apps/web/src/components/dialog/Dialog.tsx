import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { t } from '@lingui/core/macro';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE));
}

/** A Tab or Shift+Tab in `container`: round its controls, never out of it (nor out of the page behind). */
export function keepTabIn(event: KeyboardEvent, container: HTMLElement) {
  const items = focusableIn(container);
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !container.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Keeps the keyboard inside `container` while it is open: Tab and Shift+Tab cycle through its
 * controls, Escape calls `onEscape`; focus goes in on open and back to where it was on close.
 */
export function useFocusTrap(
  container: RefObject<HTMLElement | null>,
  onEscape: () => void,
  initialFocus?: RefObject<HTMLElement | null>,
) {
  const onEscapeRef = useRef(onEscape);
  useEffect(() => {
    onEscapeRef.current = onEscape;
  });

  useEffect(() => {
    const node = container.current;
    if (!node) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (initialFocus?.current ?? focusableIn(node)[0] ?? node).focus();

    function onKeyDown(event: KeyboardEvent) {
      if (!node) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onEscapeRef.current();
        return;
      }
      if (event.key === 'Tab') keepTabIn(event, node);
    }
    node.addEventListener('keydown', onKeyDown);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      node.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      if (previous?.isConnected) previous.focus();
    };
  }, [container, initialFocus]);
}

export interface DialogProps {
  /** The dialog's name, shown as its heading. */
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** `fullscreen` covers the screen (the person search); `centered` is a card (confirmations). */
  variant?: 'fullscreen' | 'centered';
  /** The control that receives focus on open (default: the first one). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Shown in the header, after the title (the fullscreen search puts its input there). */
  headerExtra?: ReactNode;
  /** Buttons at the bottom of a centred dialog. */
  footer?: ReactNode;
}

/**
 * A modal dialog rendered over the page (a portal into `body`): `role="dialog"`, `aria-modal`,
 * named by its title, keyboard kept inside, Escape and the close button close it. Render it only
 * while open.
 */
export function Dialog({
  title,
  onClose,
  children,
  variant = 'centered',
  initialFocus,
  headerExtra,
  footer,
}: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useFocusTrap(ref, onClose, initialFocus);

  const closeButton = (
    <button
      type="button"
      aria-label={t`Fermer`}
      onClick={onClose}
      className="flex size-11 shrink-0 items-center justify-center rounded-md text-2xl text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-700"
    >
      <span aria-hidden="true">×</span>
    </button>
  );

  if (variant === 'fullscreen') {
    return createPortal(
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="fixed inset-0 z-50 flex flex-col bg-white focus:outline-none"
      >
        <div className="border-b border-slate-200 bg-slate-50">
          <div className="mx-auto flex w-full max-w-3xl items-center gap-2 px-3 pt-3 sm:px-6">
            <h2 id={titleId} className="flex-1 text-lg font-semibold text-slate-900">
              {title}
            </h2>
            {closeButton}
          </div>
          {headerExtra && <div className="mx-auto w-full max-w-3xl px-3 pb-3 sm:px-6">{headerExtra}</div>}
        </div>
        <div className="flex-1 overflow-y-auto">
          <div className="mx-auto w-full max-w-3xl px-3 py-4 sm:px-6">{children}</div>
        </div>
      </div>,
      document.body,
    );
  }

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center p-0 sm:items-center sm:p-4">
      <div aria-hidden="true" className="absolute inset-0 bg-slate-900/50" onClick={onClose} />
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="relative flex max-h-[90dvh] w-full max-w-lg flex-col rounded-t-xl bg-white shadow-xl focus:outline-none sm:rounded-xl"
      >
        <div className="flex items-center gap-2 border-b border-slate-200 py-2 pr-2 pl-5">
          <h2 id={titleId} className="flex-1 text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {closeButton}
        </div>
        <div className="overflow-y-auto px-5 py-4 text-sm text-slate-800">{children}</div>
        {footer && (
          // On a phone the buttons stack in the order the keyboard visits them (the safe one first, on top).
          <div className="flex flex-col gap-2 border-t border-slate-200 px-5 py-3 sm:flex-row sm:justify-end">
            {footer}
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}
