import { mayResendPending } from '@lajan/domain';
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
  /** What is posted; null once forgotten. */
  body: unknown;
  /** What the banner and an unconfirmed receipt show ("Dépôt de 1 500,00 HTG · compte …"). */
  summary: string;
  /**
   * What is kept once the personal data is dropped: type, amount, the transfer's number
   * (`pendingOperationTrace`). Absent from operations held before decision 151: their summary's first
   * part (type and amount) is kept instead.
   */
  trace?: string;
  /** ISO time of the confirmation. */
  confirmedAt: string;
  /**
   * True once past the resend limit (decision 151): its body is deleted (from IndexedDB too) and its
   * summary is its trace. It can still be checked and abandoned by its key, never sent again.
   */
  forgotten?: boolean;
}

export interface PendingStore {
  /** Every operation held in this browser, read once from IndexedDB by `load`. */
  getSnapshot: () => readonly PendingOperation[];
  subscribe: (listener: () => void) => () => void;
  load: () => Promise<void>;
  hold: (operation: PendingOperation) => Promise<void>;
  release: (key: string) => Promise<void>;
  /**
   * Drops the personal data of every operation past the resend limit at `now` (decision 151), in memory
   * and in IndexedDB (the record is replaced by one without its body). Also done by `load`.
   */
  forgetExpired: (now: number) => Promise<void>;
}

/** An operation past the resend limit as it is kept: the key, its user, route and time, and its trace. */
export function forgetPersonalData(operation: PendingOperation): PendingOperation {
  return {
    key: operation.key,
    userId: operation.userId,
    path: operation.path,
    body: null,
    summary: operation.trace ?? operation.summary.split(' · ')[0] ?? '',
    confirmedAt: operation.confirmedAt,
    forgotten: true,
  };
}

/** Whether the operation may be sent again at `now`: its body is kept and the server still knows its key. */
export function mayResend(operation: PendingOperation, now: number): boolean {
  return !operation.forgotten && mayResendPending(operation.confirmedAt, now);
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
 * Replaces a held record in one transaction, so that an operation released (answered) meanwhile is not
 * written back.
 */
function replaceIfHeld(db: IDBDatabase, operation: PendingOperation): Promise<void> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, 'readwrite');
    const store = tx.objectStore(STORE);
    const read = store.getKey(operation.key);
    read.onsuccess = () => {
      if (read.result !== undefined) store.put(operation);
    };
    tx.oncomplete = () => resolve();
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

  /** `stored`: the records as read from IndexedDB by `load` (some may be forgotten in memory already). */
  async function forgetExpired(now: number, stored: readonly PendingOperation[] = operations) {
    const expired = stored.filter(
      (operation) => !operation.forgotten && !mayResendPending(operation.confirmedAt, now),
    );
    if (expired.length === 0) return;
    const forgotten = new Map(expired.map((operation) => [operation.key, forgetPersonalData(operation)]));
    // Off the screen first (no render shows them again), then out of IndexedDB.
    set(operations.map((operation) => forgotten.get(operation.key) ?? operation));
    const opened = await database();
    if (opened) {
      for (const operation of forgotten.values())
        await replaceIfHeld(opened, operation).catch(() => undefined);
    }
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
      const now = Date.now();
      // Never shown with its personal data once past the limit, not even for the first render.
      const fresh = stored
        .filter((operation) => !known.has(operation.key))
        .map((operation) => (mayResend(operation, now) ? operation : forgetPersonalData(operation)));
      set([...operations, ...fresh]);
      await forgetExpired(now, stored);
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
    forgetExpired: (now) => forgetExpired(now),
  };
}

/** No answer came (no network, a timeout) or a gateway's fault: the operation's fate is unknown. */
export function hasNoAnswer(error: unknown): boolean {
  return isHttpError(error) && (error.status === 0 || error.status >= 500);
}
