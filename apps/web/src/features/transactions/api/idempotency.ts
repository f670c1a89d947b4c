import { useMemo, useRef } from 'react';

/**
 * A random v4 UUID. `crypto.randomUUID` exists only in secure contexts (HTTPS or localhost); a counter
 * reached over plain HTTP on a local network still has `crypto.getRandomValues`, which is as random.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface IdempotencyKeys {
  /** The key of this confirmation: the same while the body is the same (a retry), a fresh one once it changes. */
  keyFor: (body: unknown) => string;
  /** After a success: the next operation gets a fresh key even with the same body. */
  reset: () => void;
}

/**
 * One key per confirmed operation (docs/decisions/080). A retry of the same confirmation after a
 * network failure or a timeout sends the same key, so that a request that did reach the server is
 * answered with its first answer instead of moving the money twice.
 */
export function useIdempotencyKeys(): IdempotencyKeys {
  const current = useRef<{ key: string; body: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(body) {
        const json = JSON.stringify(body);
        if (current.current && current.current.body === json) return current.current.key;
        const key = newIdempotencyKey();
        current.current = { key, body: json };
        return key;
      },
      reset() {
        current.current = null;
      },
    }),
    [],
  );
}
