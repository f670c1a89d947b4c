import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';
import { LedgerRefused } from './results.js';

/** Keys are kept at least this long (DESIGN §4: 24 h); older ones are pruned lazily. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;

export interface IdempotencyScope {
  userId: string;
  /** The route's method and path pattern (`POST /transactions/transfer`). */
  route: string;
  key: string;
  /** SHA-256 of the validated input (and path parameters). */
  requestHash: string;
}

/** An answer as it left the server the first time: replayed byte for byte. */
export interface StoredAnswer {
  status: number;
  bodyText: string;
}

/** A hash that depends on the input's values, not on the order its keys were written in. */
export function requestHashOf(input: unknown): string {
  return createHash('sha256').update(stableJson(input)).digest('hex');
}

function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
}

/**
 * Claims the key inside the money transaction, first of all, so that a concurrent request with the same
 * key waits on the primary key until this transaction ends. Answers `undefined` when the key is new (the
 * caller posts, then `storeAnswer`), the first answer when it was used with the same input, and refuses
 * it (`IdempotencyConflict`) when it was used with other input. A refused request rolls back its claim: nothing is stored.
 */
export async function claimKey(tx: Tx, scope: IdempotencyScope, at: Date): Promise<StoredAnswer | undefined> {
  const [claimed] = await tx
    .insert(idempotencyKeys)
    .values({ ...scope, responseStatus: 0, responseBody: '', createdAt: at })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed) return undefined;
  // READ COMMITTED: this statement sees the row the other transaction committed while we waited.
  const [existing] = await tx
    .select({
      requestHash: idempotencyKeys.requestHash,
      status: idempotencyKeys.responseStatus,
      bodyText: idempotencyKeys.responseBody,
    })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, scope.userId),
        eq(idempotencyKeys.route, scope.route),
        eq(idempotencyKeys.key, scope.key),
      ),
    );
  // Pruned between the two statements: as good as new, but this attempt cannot claim it any more.
  if (!existing) throw Object.assign(new Error('idempotency key vanished'), { code: '40001' });
  if (existing.requestHash !== scope.requestHash) throw new LedgerRefused('IdempotencyConflict');
  return { status: existing.status, bodyText: existing.bodyText };
}

/** Stores the answer with the key, in the transaction that posted it. */
export async function storeAnswer(tx: Tx, scope: IdempotencyScope, answer: StoredAnswer): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ responseStatus: answer.status, responseBody: answer.bodyText })
    .where(
      and(
        eq(idempotencyKeys.userId, scope.userId),
        eq(idempotencyKeys.route, scope.route),
        eq(idempotencyKeys.key, scope.key),
      ),
    );
}

/** Deletes the keys older than the retention. */
export async function pruneKeys(db: Db, now: Date): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS)))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
