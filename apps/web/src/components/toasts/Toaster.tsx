import { useSyncExternalStore } from 'react';
import { useToasts } from './toast-context';
import type { ToastStatus } from './toast-store';

const styles: Record<ToastStatus, { box: string; icon: string; label: string }> = {
  success: { box: 'border-emerald-300 bg-emerald-50 text-emerald-900', icon: '✓', label: 'Succès' },
  warning: { box: 'border-amber-300 bg-amber-50 text-amber-900', icon: '!', label: 'Attention' },
  error: { box: 'border-red-300 bg-red-50 text-red-900', icon: '×', label: 'Erreur' },
};

const iconStyles: Record<ToastStatus, string> = {
  success: 'bg-emerald-600',
  warning: 'bg-amber-500',
  error: 'bg-red-600',
};

/** The toasts of the app, top right (top, full width, on a phone), announced to screen readers. */
export function Toaster() {
  const store = useToasts();
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);

  return (
    <div
      aria-live="polite"
      aria-label="Notifications"
      role="region"
      className="pointer-events-none fixed inset-x-2 top-2 z-50 flex flex-col items-stretch gap-2 sm:inset-x-auto sm:right-4 sm:top-4 sm:w-96"
    >
      {toasts.map((toast) => {
        const style = styles[toast.status];
        return (
          <div
            key={toast.id}
            role={toast.status === 'error' ? 'alert' : 'status'}
            data-status={toast.status}
            className={`pointer-events-auto flex items-start gap-3 rounded-lg border p-3 shadow-lg ${style.box}`}
          >
            <span
              aria-hidden="true"
              className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold text-white ${iconStyles[toast.status]}`}
            >
              {style.icon}
            </span>
            <p className="min-w-0 flex-1 text-sm font-medium break-words">
              <span className="sr-only">{style.label} : </span>
              {toast.text}
            </p>
            <button
              type="button"
              onClick={() => store.dismiss(toast.id)}
              aria-label="Fermer la notification"
              className="-m-1 rounded p-1 text-lg leading-none opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current"
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
        );
      })}
    </div>
  );
}
