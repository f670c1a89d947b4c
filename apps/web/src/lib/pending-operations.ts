import { mayResendPending, pendingStoreMessages } from '@lajan/domain';
import { HttpError, isHttpError } from './http';
import { isSealed, type Sealed, type Sealer } from './storage-key';

/**
 * A confirmed operation without an answer yet, written to IndexedDB before it is sent and removed once
 * answered (decision 147). Its key is its idempotency key, so resending it never posts it twice.
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
  /**
   * True while its body and summary are sealed and this tab holds no key of its user (decision 202): signed
   * out, another user, a reload the server has not answered yet. The summary is its trace; it cannot be sent.
   */
  sealed?: boolean;
}

/**
 * What IndexedDB holds of a held operation (decision 202): its trace in clear (the banner can say one is
 * held without a key), its body and summary sealed under its user's storage key. A record of before 202
 * has `body` and `summary` in clear and no `sealed`; a forgotten one has neither (decision 151).
 */
interface StoredOperation {
  key: string;
  userId: string;
  path: string;
  confirmedAt: string;
  trace?: string;
  /** The body and summary, sealed. */
  content?: Sealed;
  forgotten?: boolean;
  body?: unknown;
  summary?: string;
}

/** The code of a confirmation neither sent nor kept: the storage key could not be had (decision 202). */
export const NOT_KEPT_CODE = 'OPERATION_NOT_KEPT';

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
  /** The signed-in user's key came (decision 202): her sealed operations are opened. */
  unlock: (sealer: Sealer) => Promise<void>;
  /** Signed out: no operation stays readable in this tab; each is shown, to its user only, by its trace. */
  lock: () => void;
}

/** What the keys give the store: the signed-in user's sealer, asked of the server when not held yet. */
export interface SealerSource {
  ensure: () => Promise<Sealer | null>;
}

/** An operation past the resend limit as it is kept: the key, its user, route and time, and its trace. */
export function forgetPersonalData(operation: PendingOperation | StoredOperation): PendingOperation {
  return {
    key: operation.key,
    userId: operation.userId,
    path: operation.path,
    body: null,
    summary: traceOf(operation),
    confirmedAt: operation.confirmedAt,
    forgotten: true,
  };
}

function traceOf(operation: { trace?: string; summary?: string }): string {
  return operation.trace ?? operation.summary?.split(' · ')[0] ?? '';
}

/** A sealed operation as shown without its key: its trace only. */
function sealedView(operation: PendingOperation | StoredOperation): PendingOperation {
  const trace = traceOf(operation);
  return {
    key: operation.key,
    userId: operation.userId,
    path: operation.path,
    body: null,
    summary: trace,
    trace,
    confirmedAt: operation.confirmedAt,
    sealed: true,
  };
}

/** Whether the operation may be sent again at `now`: its body is here and the server still knows its key. */
export function mayResend(operation: PendingOperation, now: number): boolean {
  return !operation.forgotten && !operation.sealed && mayResendPending(operation.confirmedAt, now);
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
export function createPendingStore(
  factory: IDBFactory | null = globalThis.indexedDB ?? null,
  keys: SealerSource = { ensure: () => Promise.resolve(null) },
): PendingStore {
  let operations: readonly PendingOperation[] = [];
  const listeners = new Set<() => void>();
  let db: Promise<IDBDatabase | null> | null = null;
  const database = () => (db ??= factory ? openDb(factory).catch(() => null) : Promise.resolve(null));
  // The sealed body of each operation kept in IndexedDB, to open when its user's key comes; never clear.
  const sealedBodies = new Map<string, Sealed>();
  let sealer: Sealer | null = null;

  function set(next: readonly PendingOperation[]) {
    operations = next;
    for (const listener of listeners) listener();
  }

  /** The operation with its body and summary when `key` opens them, else as its trace. */
  async function opened(operation: PendingOperation | StoredOperation, key: Sealer | null) {
    const sealed = sealedBodies.get(operation.key);
    if (!sealed || key?.userId !== operation.userId) return sealedView(operation);
    try {
      const content = (await key.open(sealed, operation.key)) as { body: unknown; summary: string };
      return {
        ...sealedView(operation),
        body: content.body,
        summary: content.summary,
        sealed: undefined,
      } satisfies PendingOperation;
    } catch {
      // Sealed under another key (a server secret changed): it stays a trace, checked and abandoned by key.
      return sealedView(operation);
    }
  }

  /** `stored`: the records as read from IndexedDB by `load` (some may be forgotten in memory already). */
  async function forgetExpired(now: number, stored: readonly StoredOperation[] = operations) {
    const expired = stored.filter(
      (operation) => !operation.forgotten && !mayResendPending(operation.confirmedAt, now),
    );
    await forget(expired);
  }

  async function forget(records: readonly (PendingOperation | StoredOperation)[]) {
    if (records.length === 0) return;
    const forgotten = new Map(records.map((operation) => [operation.key, forgetPersonalData(operation)]));
    for (const key of forgotten.keys()) sealedBodies.delete(key);
    // Off the screen first (no render shows them again), then out of IndexedDB.
    set(operations.map((operation) => forgotten.get(operation.key) ?? operation));
    const opened = await database();
    if (opened) {
      for (const operation of forgotten.values())
        await replaceIfHeld(opened, operation).catch(() => undefined);
    }
  }

  async function unlock(key: Sealer) {
    sealer = key;
    const now = Date.now();
    const next = await Promise.all(
      operations.map((operation) =>
        operation.sealed && operation.userId === key.userId && mayResendPending(operation.confirmedAt, now)
          ? opened(operation, key)
          : Promise.resolve(operation),
      ),
    );
    // Signed out again while the bodies were opened: nothing is shown.
    if (sealer !== key) return;
    const byKey = new Map(next.map((operation) => [operation.key, operation]));
    set(operations.map((operation) => byKey.get(operation.key) ?? operation));
  }

  return {
    getSnapshot: () => operations,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async load() {
      const store = await database();
      if (!store) return;
      const stored = await run(
        store,
        'readonly',
        (objects) => objects.getAll() as IDBRequest<StoredOperation[]>,
      ).catch(() => []);
      const known = new Set(operations.map((operation) => operation.key));
      const now = Date.now();
      const fresh: PendingOperation[] = [];
      // Held before decision 202, in clear: it is reduced to its trace (nothing of a customer stays readable).
      const clear: StoredOperation[] = [];
      for (const record of stored.filter((operation) => !known.has(operation.key))) {
        if (record.forgotten) fresh.push(forgetPersonalData(record));
        else if (!isSealed(record.content)) {
          clear.push(record);
          fresh.push(forgetPersonalData(record));
        } else if (!mayResendPending(record.confirmedAt, now)) fresh.push(forgetPersonalData(record));
        else {
          sealedBodies.set(record.key, record.content);
          fresh.push(await opened(record, sealer));
        }
      }
      set([...operations, ...fresh]);
      // The key may have come while the records were read: those read before it are opened now.
      if (sealer) await unlock(sealer);
      await forget(clear);
      await forgetExpired(now, stored);
    },
    async hold(operation) {
      const store = await database();
      if (store) {
        const key = sealer?.userId === operation.userId ? sealer : await keys.ensure();
        if (key?.userId !== operation.userId) throw notKept();
        const content = await key.seal({ body: operation.body, summary: operation.summary }, operation.key);
        const record: StoredOperation = {
          key: operation.key,
          userId: operation.userId,
          path: operation.path,
          confirmedAt: operation.confirmedAt,
          trace: traceOf(operation),
          content,
        };
        // Durable first: a power cut after this line finds the operation again at the next start.
        await run(store, 'readwrite', (objects) => objects.put(record)).catch(() => undefined);
        sealedBodies.set(operation.key, content);
      }
      set([...operations.filter((held) => held.key !== operation.key), operation]);
    },
    async release(key) {
      const store = await database();
      if (store) await run(store, 'readwrite', (objects) => objects.delete(key)).catch(() => undefined);
      sealedBodies.delete(key);
      set(operations.filter((held) => held.key !== key));
    },
    forgetExpired: (now) => forgetExpired(now),
    unlock,
    lock() {
      sealer = null;
      // Only what IndexedDB keeps sealed is reduced: a memory-only store dies with the tab.
      set(
        operations.map((operation) =>
          sealedBodies.has(operation.key) && !operation.sealed ? sealedView(operation) : operation,
        ),
      );
    },
  };
}

function notKept(): HttpError {
  const message = pendingStoreMessages.notKept;
  return new HttpError({ status: 0, code: NOT_KEPT_CODE, message, serverMessage: message });
}

/** No answer came (no network, a timeout) or a gateway's fault: the operation's fate is unknown. */
export function hasNoAnswer(error: unknown): boolean {
  return (
    isHttpError(error) && error.code !== NOT_KEPT_CODE && (error.status === 0 || error.status >= 500)
  );
}
