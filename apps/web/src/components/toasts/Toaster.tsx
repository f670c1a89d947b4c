import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { translate } from '@lajan/domain';
import { useToasts } from './toast-context';
import type { Toast, ToastStatus } from './toast-store';

// Labels read when a toast shows, in the screens' language (decision 236).
const styles: Record<ToastStatus, { box: string; icon: string; label: MessageDescriptor }> = {
  success: { box: 'border-emerald-300 bg-emerald-50 text-emerald-900', icon: '✓', label: msg`Succès` },
  warning: { box: 'border-amber-300 bg-amber-50 text-amber-900', icon: '!', label: msg`Attention` },
  error: { box: 'border-red-300 bg-red-50 text-red-900', icon: '×', label: msg`Erreur` },
};

const iconStyles: Record<ToastStatus, string> = {
  success: 'bg-emerald-600',
  warning: 'bg-amber-500',
  error: 'bg-red-600',
};

/**
 * One toast, its time stopped while hovered or focused (WCAG 2.2.1). A tap closes it: the browser's mouse
 * events after a tap would hold it until the next tap elsewhere (decision 189).
 */
function ToastItem({ toast }: { toast: Toast }) {
  const store = useToasts();
  const touched = useRef(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const held = hovered || focused;
  useEffect(() => {
    store.hold(toast.id, held);
  }, [store, toast.id, held]);
  const style = styles[toast.status];
  const action = toast.action;

  return (
    <div
      role={toast.status === 'error' ? 'alert' : 'status'}
      data-status={toast.status}
      onPointerDown={(event) => {
        touched.current = event.pointerType === 'touch';
      }}
      onClick={() => {
        if (touched.current) store.dismiss(toast.id);
      }}
      onMouseEnter={() => {
        if (!touched.current) setHovered(true);
      }}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      className={`pointer-events-auto flex items-start gap-3 rounded-lg border p-3 shadow-lg ${style.box}`}
    >
      <span
        aria-hidden="true"
        className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold text-white ${iconStyles[toast.status]}`}
      >
        {style.icon}
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium break-words">
          <span className="sr-only">{translate(style.label)} : </span>
          {toast.text}
        </p>
        {action && (
          <button
            type="button"
            onClick={() => {
              store.dismiss(toast.id);
              action.run();
            }}
            className="mt-1 inline-flex min-h-10 items-center rounded text-left text-sm font-semibold underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current"
          >
            {action.label}
          </button>
        )}
      </div>
      <button
        type="button"
        onClick={() => store.dismiss(toast.id)}
        aria-label={t`Fermer la notification`}
        className="-m-1 rounded p-1 text-lg leading-none opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current"
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/**
 * The toasts of the app, announced to screen readers: bottom left from 640 px, clear of the user menu and
 * the receipt panel (decision 146); on a phone under the top bar, off the form's buttons (decision 211), or
 * at the bottom above Imprimer while a receipt covers the screen (decision 215).
 */
export function Toaster() {
  const store = useToasts();
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return (
    <div
      aria-live="polite"
      aria-label={t`Notifications`}
      role="region"
      className="pointer-events-none fixed inset-x-2 top-18 z-50 flex flex-col items-stretch gap-2 max-sm:[body:has(.receipt-panel)_&]:top-auto max-lg:[body:has(.receipt-panel)_&]:bottom-24 sm:top-auto sm:right-auto sm:bottom-4 sm:left-4 sm:w-96 lg:left-68"
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
