import { createHash } from 'node:crypto';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';
import { inMoneyTransaction } from './ledger.js';
import { LedgerRefused } from './results.js';

/** The columns of a stored answer (`StoredRow`). */
const storedRow = {
  status: idempotencyKeys.responseStatus,
  body: idempotencyKeys.responseBody,
  facts: idempotencyKeys.responseFacts,
};

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

/**
 * A key's row as stored: its status, the body TypeScript built and, for a flow with reads of its own, the
 * facts they found (null otherwise); the answer is composed from them (`storedAnswer`, decision 222).
 */
export interface StoredRow {
  status: number;
  body: string;
  facts: unknown;
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
 * The committed answer of a key, read outside a posting (decision 150: a refusal found in TypeScript must
 * not hide a repeat of a request that already posted). Refuses a key used with other input or abandoned,
 * as the claim does; `undefined` when the key is new.
 */
export async function storedAnswerOf(db: Db, scope: IdempotencyScope): Promise<StoredRow | undefined> {
  const [existing] = await db
    .select({ requestHash: idempotencyKeys.requestHash, ...storedRow })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, scope.userId),
        eq(idempotencyKeys.route, scope.route),
        eq(idempotencyKeys.key, scope.key),
      ),
    );
  if (!existing) return undefined;
  if (existing.requestHash === VOID_REQUEST_HASH) throw new LedgerRefused('OperationAbandoned');
  if (existing.requestHash !== scope.requestHash) throw new LedgerRefused('IdempotencyConflict');
  return { status: existing.status, body: existing.body, facts: existing.facts };
}

/**
 * The committed answer of a key for this very request (same route, same input), read when a refusal is about
 * to be answered (decision 199): `undefined` for a key new, abandoned or used with other input, whose
 * refusal stands.
 */
export async function replayOf(db: Db, scope: IdempotencyScope): Promise<StoredRow | undefined> {
  const [existing] = await db
    .select(storedRow)
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, scope.userId),
        eq(idempotencyKeys.route, scope.route),
        eq(idempotencyKeys.key, scope.key),
        eq(idempotencyKeys.requestHash, scope.requestHash),
      ),
    );
  return existing && existing.status >= 200 && existing.status < 300 ? existing : undefined;
}

/** Deletes the keys older than the retention. */
export async function pruneKeys(db: Db, now: Date): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS)))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}

/**
 * The request hash of an abandoned key (decision 147): a SHA-256 is 64 hexadecimal digits, so no request
 * ever hashes to it, and a money request with the key is refused by the claim's own check.
 */
export const VOID_REQUEST_HASH = 'void';

/** What became of a user's key: the stored answer of the request that posted with it, or its abandonment. */
export type KeyFate =
  { state: 'posted'; route: string; stored: StoredRow } | { state: 'abandoned' } | { state: 'unknown' };

/**
 * The fate of a key of this user, whatever its route. A claim and its answer are written in one
 * transaction, so a committed row is either an answer (201) or a void mark; another user's key is unknown.
 */
export async function keyFate(db: Db | Tx, userId: string, key: string): Promise<KeyFate> {
  const rows = await db
    .select({ requestHash: idempotencyKeys.requestHash, route: idempotencyKeys.route, ...storedRow })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  const posted = rows.find(
    (row) => row.requestHash !== VOID_REQUEST_HASH && row.status >= 200 && row.status < 300,
  );
  if (posted)
    return {
      state: 'posted',
      route: posted.route,
      stored: { status: posted.status, body: posted.body, facts: posted.facts },
    };
  if (rows.some((row) => row.requestHash === VOID_REQUEST_HASH)) return { state: 'abandoned' };
  return { state: 'unknown' };
}

/**
 * Abandons a key of this user on every money route in one transaction (decision 147): a void mark per route
 * under the key's primary key, so a request racing it either committed first (the key answers posted, the
 * marks are taken back) or waits on the mark and is refused `OperationAbandoned`.
 */
export async function voidKey(
  db: Db,
  userId: string,
  key: string,
  routes: readonly string[],
  at: Date,
): Promise<KeyFate> {
  return inMoneyTransaction(db, async (tx) => {
    const marked = await tx
      .insert(idempotencyKeys)
      .values(
        routes.map((route) => ({
          userId,
          route,
          key,
          requestHash: VOID_REQUEST_HASH,
          responseStatus: 409,
          responseBody: '',
          createdAt: at,
        })),
      )
      .onConflictDoNothing()
      .returning({ route: idempotencyKeys.route });
    // READ COMMITTED: this statement sees a posting that committed while the insert waited on its row.
    const fate = await keyFate(tx, userId, key);
    if (fate.state === 'posted' && marked.length > 0) {
      await tx.delete(idempotencyKeys).where(
        and(
          eq(idempotencyKeys.userId, userId),
          eq(idempotencyKeys.key, key),
          eq(idempotencyKeys.requestHash, VOID_REQUEST_HASH),
          inArray(
            idempotencyKeys.route,
            marked.map((row) => row.route),
          ),
        ),
      );
    }
    return fate.state === 'posted' ? fate : { state: 'abandoned' as const };
  });
}

/** Whether a key of this user on this route was abandoned: a refused claim tells the teller so. */
export async function isAbandoned(
  db: Db,
  scope: Pick<IdempotencyScope, 'userId' | 'route' | 'key'>,
): Promise<boolean> {
  const [row] = await db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, scope.userId),
        eq(idempotencyKeys.route, scope.route),
        eq(idempotencyKeys.key, scope.key),
        eq(idempotencyKeys.requestHash, VOID_REQUEST_HASH),
      ),
    );
  return row !== undefined;
}
