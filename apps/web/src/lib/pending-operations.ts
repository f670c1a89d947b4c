import { isHttpError } from './http';

/**
 * A money operation the teller confirmed that has no answer yet (decision 147): written to the
 * browser's durable storage (IndexedDB) before it is sent, removed once the server answered it (a
 * success or a refusal). Its key is the idempotency key it is sent with, so that resending it can
 * never post it twice; it belongs to the user who confirmed it.
 */
export interface PendingOperation {
  key: string;
  userId: string;
  /** The money route under `/api` (`/transactions/deposit`). */
  path: string;
  body: unknown;
  /** What the banner and an unconfirmed receipt show ("Dépôt de 1 500,00 HTG · compte …"). */
  summary: string;
  /** ISO time of the confirmation. */
  confirmedAt: string;
}

export interface PendingStore {
  /** Every operation held in this browser, read once from IndexedDB by `load`. */
  getSnapshot: () => readonly PendingOperation[];
  subscribe: (listener: () => void) => () => void;
  load: () => Promise<void>;
  hold: (operation: PendingOperation) => Promise<void>;
  release: (key: string) => Promise<void>;
}

const DB_NAME = 'lajan-operations';
const STORE = 'pending';

function openDb(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(STORE))
        request.result.createObjectStore(STORE, { keyPath: 'key' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
  });
}

function run<T>(
  db: IDBDatabase,
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const request = work(tx.objectStore(STORE));
    // Resolved once the transaction is durable, not when the request succeeds.
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB'));
  });
}

/**
 * The store of held operations: IndexedDB when the browser has it (kept across reloads and closed tabs),
 * else memory only (a browser without it, the tests' DOM).
 */
export function createPendingStore(factory: IDBFactory | null = globalThis.indexedDB ?? null): PendingStore {
  let operations: readonly PendingOperation[] = [];
  const listeners = new Set<() => void>();
  let db: Promise<IDBDatabase | null> | null = null;
  const database = () => (db ??= factory ? openDb(factory).catch(() => null) : Promise.resolve(null));

  function set(next: readonly PendingOperation[]) {
    operations = next;
    for (const listener of listeners) listener();
  }

  return {
    getSnapshot: () => operations,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async load() {
      const opened = await database();
      if (!opened) return;
      const stored = await run(
        opened,
        'readonly',
        (store) => store.getAll() as IDBRequest<PendingOperation[]>,
      ).catch(() => []);
      const known = new Set(operations.map((operation) => operation.key));
      set([...operations, ...stored.filter((operation) => !known.has(operation.key))]);
    },
    async hold(operation) {
      const opened = await database();
      // Durable first: a power cut after this line finds the operation again at the next start.
      if (opened) await run(opened, 'readwrite', (store) => store.put(operation)).catch(() => undefined);
      set([...operations.filter((held) => held.key !== operation.key), operation]);
    },
    async release(key) {
      const opened = await database();
      if (opened) await run(opened, 'readwrite', (store) => store.delete(key)).catch(() => undefined);
      set(operations.filter((held) => held.key !== key));
    },
  };
}

/** No answer came (no network, a timeout) or a gateway's fault: the operation's fate is unknown. */
export function hasNoAnswer(error: unknown): boolean {
  return isHttpError(error) && (error.status === 0 || error.status >= 500);
}
