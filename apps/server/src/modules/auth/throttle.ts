import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { loginAttempts } from '../../db/schema.js';

/** DESIGN §6: failures counted over 15 minutes. */
export const THROTTLE_WINDOW_MS = 15 * 60_000;

export type AttemptKind = 'login' | 'reset_request' | 'register';

/**
 * Sign-in: after 5 failures for one username or 50 from one address within the window,
 * sign-in is refused until the window has passed (a success is never limited, and the
 * username's count starts again after one). Reset requests: every request counts.
 */
export const throttleLimits: Record<'login' | 'reset_request', { perUsername: number; perIp: number }> = {
  login: { perUsername: 5, perIp: 50 },
  reset_request: { perUsername: 5, perIp: 50 },
};

export interface ThrottleQuery {
  kind: 'login' | 'reset_request';
  /** Lower-cased username, or e-mail for a reset request by e-mail. */
  key: string;
  ip: string;
  now: Date;
  /** Attempts for the key before this instant do not count (the last success, the last new password). */
  keyCountsFrom?: Date | null;
}

/** Seconds until the caller may try again, or 0 when it may try now. */
export async function throttleWaitSeconds(executor: Executor, query: ThrottleQuery): Promise<number> {
  const limits = throttleLimits[query.kind];
  const windowStart = new Date(query.now.getTime() - THROTTLE_WINDOW_MS);
  const keyFrom =
    query.keyCountsFrom && query.keyCountsFrom > windowStart ? query.keyCountsFrom : windowStart;
  const counted = query.kind === 'login' ? eq(loginAttempts.succeeded, false) : sql`true`;

  const byKey = and(
    eq(loginAttempts.kind, query.kind),
    eq(loginAttempts.username, query.key),
    gt(loginAttempts.createdAt, keyFrom),
    counted,
  );
  const byIp = and(
    eq(loginAttempts.kind, query.kind),
    eq(loginAttempts.ip, query.ip),
    gt(loginAttempts.createdAt, windowStart),
    counted,
  );

  const waits = await Promise.all([
    waitFor(executor, byKey, limits.perUsername, query.now, THROTTLE_WINDOW_MS),
    waitFor(executor, byIp, limits.perIp, query.now, THROTTLE_WINDOW_MS),
  ]);
  return Math.max(...waits);
}

/**
 * Refused while `limit` or more attempts match; the wait lasts until the `limit`-th most
 * recent one leaves the window.
 */
async function waitFor(
  executor: Executor,
  where: ReturnType<typeof and>,
  limit: number,
  now: Date,
  windowMs: number,
): Promise<number> {
  const [total] = await executor.select({ n: count() }).from(loginAttempts).where(where);
  if (!total || total.n < limit) return 0;
  const [pivot] = await executor
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(where)
    .orderBy(desc(loginAttempts.createdAt))
    .offset(limit - 1)
    .limit(1);
  if (!pivot) return 0;
  return Math.max(1, Math.ceil((pivot.at.getTime() + windowMs - now.getTime()) / 1000));
}

/**
 * Seconds until an address may try again when every attempt of `kind` counts, `limit` per
 * `windowMs` (the public registration: 10 an hour), or 0 when it may try now.
 */
export async function addressWaitSeconds(
  executor: Executor,
  query: { kind: AttemptKind; ip: string; now: Date; limit: number; windowMs: number },
): Promise<number> {
  const windowStart = new Date(query.now.getTime() - query.windowMs);
  const byIp = and(
    eq(loginAttempts.kind, query.kind),
    eq(loginAttempts.ip, query.ip),
    gt(loginAttempts.createdAt, windowStart),
  );
  return waitFor(executor, byIp, query.limit, query.now, query.windowMs);
}

export async function recordAttempt(
  executor: Executor,
  attempt: { kind: AttemptKind; key: string; ip: string; succeeded: boolean; now: Date },
): Promise<void> {
  await executor.insert(loginAttempts).values({
    kind: attempt.kind,
    username: attempt.key,
    ip: attempt.ip,
    succeeded: attempt.succeeded,
    createdAt: attempt.now,
  });
}

/** The last successful sign-in of a username, from which its failures count again. */
export async function lastSuccessAt(executor: Executor, key: string): Promise<Date | null> {
  const [row] = await executor
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.kind, 'login'),
        eq(loginAttempts.username, key),
        eq(loginAttempts.succeeded, true),
      ),
    )
    .orderBy(desc(loginAttempts.createdAt))
    .limit(1);
  return row?.at ?? null;
}
