import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { Connectivity } from './connectivity';
import type { PendingOperation, PendingStore } from './pending-operations';
import { useSession } from './session-context';
import type { StorageKeys } from './storage-key';

interface PendingContextValue {
  store: PendingStore;
  connectivity: Connectivity;
  /** The signed-in user's key for what the browser keeps of her customers (decision 202). */
  storageKeys: StorageKeys;
}

const PendingContext = createContext<PendingContextValue | null>(null);

/**
 * The held operations and the server's reachability, for every screen (decision 147). What acts on them is
 * in pending-actions.tsx: the screens that act load it, not the first file (decision 239).
 */
export function PendingProvider({
  store,
  connectivity,
  storageKeys,
  children,
}: PendingContextValue & { children: ReactNode }) {
  const value = useMemo(() => ({ store, connectivity, storageKeys }), [store, connectivity, storageKeys]);
  return <PendingContext.Provider value={value}>{children}</PendingContext.Provider>;
}

export function usePendingContext(): PendingContextValue {
  const value = useContext(PendingContext);
  if (!value) throw new Error('PendingProvider manquant');
  return value;
}

/** The signed-in user's storage key, asked of the server when a screen needs it (decision 202). */
export function useStorageKeys(): StorageKeys {
  return usePendingContext().storageKeys;
}

/** False as soon as the browser is offline or a call got no answer; true again at the next answer. */
export function useOnline(): boolean {
  const { connectivity } = usePendingContext();
  return useSyncExternalStore(connectivity.subscribe, () => connectivity.getSnapshot().online);
}

/** The operations the signed-in user confirmed that have no answer yet; another user's are never shown. */
export function usePendingOperations(): PendingOperation[] {
  const { store } = usePendingContext();
  const { user } = useSession();
  const all = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return useMemo(() => (user ? all.filter((operation) => operation.userId === user.id) : []), [all, user]);
}
