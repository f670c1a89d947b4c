/** A toast disappears after 5000 ms unless the caller says otherwise. */
export const TOAST_TIMEOUT_MS = 5000;

export type ToastStatus = 'success' | 'warning' | 'error';

/**
 * What a toast offers to do next (« Ouvrir un compte pour … », decision 211): a button in the toast; the
 * toast closes when it is pressed.
 */
export interface ToastAction {
  label: string;
  run: () => void;
}

export interface Toast {
  id: string;
  text: string;
  status: ToastStatus;
  action?: ToastAction;
  /**
   * What the toast is about, when it is one money operation (its idempotency key): the toast closes once
   * that operation is settled, rather than lying beside « Opération enregistrée » (decision 215).
   */
  about?: string;
}

export interface ToastStore {
  getSnapshot: () => readonly Toast[];
  subscribe: (listener: () => void) => () => void;
  show: (
    text: string,
    status: ToastStatus,
    timeoutMs?: number,
    action?: ToastAction,
    about?: string,
  ) => string;
  success: (text: string, timeoutMs?: number, action?: ToastAction) => string;
  warning: (text: string, timeoutMs?: number, about?: string) => string;
  error: (text: string, timeoutMs?: number, about?: string) => string;
  dismiss: (id: string) => void;
  /** Closes every toast about this operation (its key): it is settled, what they said is past. */
  dismissAbout: (about: string) => void;
  /**
   * Holds a toast while it is hovered or has the focus (WCAG 2.2.1): its time stops; `false` lets the
   * rest of its time run again.
   */
  hold: (id: string, held: boolean) => void;
  dispose: () => void;
}

/**
 * A random id. `crypto.randomUUID` exists only on secure origins, and a counter may be served over
 * plain http on a local network, so this uses `getRandomValues`, which every browser has.
 */
export function randomId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function createToastStore(): ToastStore {
  let toasts: readonly Toast[] = [];
  const listeners = new Set<() => void>();
  /** Each toast's countdown: the time left, and the timer running it (none while held). */
  const timers = new Map<
    string,
    { left: number; startedAt: number; timer: ReturnType<typeof setTimeout> | null }
  >();

  function run(id: string, left: number) {
    timers.set(id, { left, startedAt: Date.now(), timer: setTimeout(() => dismiss(id), left) });
  }

  function set(next: readonly Toast[]) {
    toasts = next;
    for (const listener of listeners) listener();
  }

  function dismiss(id: string) {
    const countdown = timers.get(id);
    if (countdown?.timer) clearTimeout(countdown.timer);
    timers.delete(id);
    if (toasts.some((toast) => toast.id === id)) set(toasts.filter((toast) => toast.id !== id));
  }

  function show(
    text: string,
    status: ToastStatus,
    timeoutMs: number = TOAST_TIMEOUT_MS,
    action?: ToastAction,
    about?: string,
  ): string {
    const id = randomId();
    // The same message twice in a row (a double tap) is shown once, for the full time again.
    const same = toasts.find((toast) => toast.text === text && toast.status === status);
    if (same) dismiss(same.id);
    set([...toasts, { id, text, status, ...(action ? { action } : {}), ...(about ? { about } : {}) }]);
    run(id, timeoutMs);
    return id;
  }

  function hold(id: string, held: boolean) {
    const countdown = timers.get(id);
    if (!countdown) return;
    if (held && countdown.timer) {
      clearTimeout(countdown.timer);
      timers.set(id, {
        ...countdown,
        left: Math.max(0, countdown.left - (Date.now() - countdown.startedAt)),
        timer: null,
      });
    } else if (!held && !countdown.timer) {
      run(id, countdown.left);
    }
  }

  return {
    getSnapshot: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    show,
    success: (text, timeoutMs, action) => show(text, 'success', timeoutMs, action),
    warning: (text, timeoutMs, about) => show(text, 'warning', timeoutMs, undefined, about),
    error: (text, timeoutMs, about) => show(text, 'error', timeoutMs, undefined, about),
    dismiss,
    dismissAbout(about) {
      for (const toast of toasts) if (toast.about === about) dismiss(toast.id);
    },
    hold,
    dispose() {
      for (const { timer } of timers.values()) if (timer) clearTimeout(timer);
      timers.clear();
      listeners.clear();
    },
  };
}
