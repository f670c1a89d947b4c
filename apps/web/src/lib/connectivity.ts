/**
 * Whether the server answers (decision 147): "Hors ligne" as soon as the browser says it is offline or a
 * call gets no answer at all, back online as soon as any call (or the probe, every few seconds while
 * offline) gets one. Kept in memory only.
 */
export interface ConnectivityState {
  online: boolean;
}

export interface Connectivity {
  getSnapshot: () => ConnectivityState;
  subscribe: (listener: () => void) => () => void;
  /** Told by the http client of each call's outcome: an answer came (any status), or none did. */
  report: (answered: boolean) => void;
  /** Asks the server once; its outcome comes back through `report`. */
  probe: () => Promise<void>;
  dispose: () => void;
}

export const PROBE_INTERVAL_MS = 4_000;

export function createConnectivity(options: {
  /** One call to the server (the health route) whose outcome the http client reports. */
  probe: () => Promise<unknown>;
  intervalMs?: number;
}): Connectivity {
  const browserOnline = typeof navigator === 'undefined' ? true : navigator.onLine;
  let state: ConnectivityState = { online: browserOnline };
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setInterval> | null = null;

  function set(online: boolean) {
    if (state.online === online) return;
    state = { online };
    if (online && timer) {
      clearInterval(timer);
      timer = null;
    }
    if (!online && !timer) {
      timer = setInterval(
        () => void options.probe().catch(() => undefined),
        options.intervalMs ?? PROBE_INTERVAL_MS,
      );
    }
    for (const listener of listeners) listener();
  }

  const onOffline = () => set(false);
  const onOnline = () => void options.probe().catch(() => undefined);
  if (typeof window !== 'undefined') {
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
  }
  if (!browserOnline) {
    state = { online: true };
    set(false);
  }

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    report: (answered) => set(answered),
    probe: () =>
      options.probe().then(
        () => undefined,
        () => undefined,
      ),
    dispose() {
      if (timer) clearInterval(timer);
      if (typeof window !== 'undefined') {
        window.removeEventListener('offline', onOffline);
        window.removeEventListener('online', onOnline);
      }
      listeners.clear();
    },
  };
}
