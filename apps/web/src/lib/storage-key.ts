import type { StorageKeyResponse } from '@lajan/domain';
import type { Connectivity } from './connectivity';
import type { SessionStore } from './session';

/** What the browser keeps of a customer, sealed: AES-GCM, its 12-byte nonce and the ciphertext, base64. */
export interface Sealed {
  iv: string;
  data: string;
}

/**
 * Seals and opens what the browser keeps for one user (decision 202): a held operation's body, a person
 * draft. The key comes from the server for the signed-in user only, is imported non-extractable and held
 * in memory; sealed under one user and one `context` (the operation's key), it opens under no other.
 */
export interface Sealer {
  userId: string;
  seal: (value: unknown, context: string) => Promise<Sealed>;
  /** Throws when the record was sealed under another key, user or context. */
  open: (sealed: Sealed, context: string) => Promise<unknown>;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const normal = text.replace(/-/g, '+').replace(/_/g, '/');
  const padded = normal + '='.repeat((4 - (normal.length % 4)) % 4);
  return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
}

/** The sealer of `userId` from the server's key (32 bytes, base64url). */
export async function importSealer(userId: string, rawKey: string): Promise<Sealer> {
  const key = await crypto.subtle.importKey('raw', fromBase64(rawKey), 'AES-GCM', false, [
    'encrypt',
    'decrypt',
  ]);
  const encoder = new TextEncoder();
  // The user and the context are authenticated with the text: a record moved to another user's name
  // or another operation's key does not open.
  const bound = (context: string) => encoder.encode(`${userId}\0${context}`);
  return {
    userId,
    async seal(value, context) {
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const data = await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: bound(context) },
        key,
        encoder.encode(JSON.stringify(value)),
      );
      return { iv: toBase64(iv), data: toBase64(new Uint8Array(data)) };
    },
    async open(sealed, context) {
      const clear = await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: fromBase64(sealed.iv), additionalData: bound(context) },
        key,
        fromBase64(sealed.data),
      );
      return JSON.parse(new TextDecoder().decode(clear)) as unknown;
    },
  };
}

export function isSealed(value: unknown): value is Sealed {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Sealed).iv === 'string' &&
    typeof (value as Sealed).data === 'string'
  );
}

export interface StorageKeys {
  /** The signed-in user's sealer once the server gave her key; null signed out or before. */
  getSnapshot: () => Sealer | null;
  subscribe: (listener: () => void) => () => void;
  /** The sealer, asked of the server now when not held yet; null when it does not answer or nobody is in. */
  ensure: () => Promise<Sealer | null>;
  dispose: () => void;
}

interface StorageKeysOptions {
  session: SessionStore;
  connectivity: Connectivity;
  fetchKey: () => Promise<StorageKeyResponse['data']>;
  /** Ask at each sign-in (the browser keeps held operations); otherwise only when `ensure` is called. */
  eager: boolean;
}

/**
 * The signed-in user's storage key (decision 202): asked of the server at sign-in and after a reload
 * (it is never written anywhere), asked again when the server answers again, forgotten at sign-out.
 */
export function createStorageKeys({ session, connectivity, fetchKey, eager }: StorageKeysOptions): StorageKeys {
  const listeners = new Set<() => void>();
  let sealer: Sealer | null = null;
  let asking: { userId: string; promise: Promise<Sealer | null> } | null = null;

  function set(next: Sealer | null) {
    if (next === sealer) return;
    sealer = next;
    for (const listener of listeners) listener();
  }

  function ensure(): Promise<Sealer | null> {
    const userId = session.getSnapshot().user?.id ?? null;
    if (userId === null) return Promise.resolve(null);
    if (sealer?.userId === userId) return Promise.resolve(sealer);
    if (asking?.userId === userId) return asking.promise;
    // On the next microtask: the app builds its http client after the keys.
    const promise = Promise.resolve()
      .then(fetchKey)
      .then(({ key }) => importSealer(userId, key))
      .then((imported) => {
        // Signed out (or another user signed in) while the key was on its way: it is not kept.
        if (session.getSnapshot().user?.id !== userId) return null;
        set(imported);
        return imported;
      })
      .catch(() => null)
      .finally(() => {
        if (asking?.promise === promise) asking = null;
      });
    asking = { userId, promise };
    return promise;
  }

  let userId = session.getSnapshot().user?.id ?? null;
  const unsubscribeSession = session.subscribe(() => {
    const current = session.getSnapshot().user?.id ?? null;
    if (current === userId) return;
    userId = current;
    asking = null;
    set(null);
    if (current !== null && eager) void ensure();
  });
  // The key could not be had (a reload without the server): asked again as soon as the server answers.
  const unsubscribeConnectivity = connectivity.subscribe(() => {
    if (eager && connectivity.getSnapshot().online && userId !== null && sealer === null) void ensure();
  });
  if (userId !== null && eager) void ensure();

  return {
    getSnapshot: () => sealer,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ensure,
    dispose() {
      unsubscribeSession();
      unsubscribeConnectivity();
      listeners.clear();
      sealer = null;
    },
  };
}
