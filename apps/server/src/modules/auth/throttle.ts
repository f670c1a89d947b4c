import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { POSTGRES_TIMEOUTS, type Db, type Executor, type Tx } from '../../db/client.js';
import { concurrencyGate } from '../../db/gate.js';
import { loginAttempts } from '../../db/schema.js';

/** Failures counted over 15 minutes. */
export const THROTTLE_WINDOW_MS = 15 * 60_000;

export type AttemptKind =
  | 'login'
  | 'reset_request'
  | 'reset_confirm'
  | 'password_check'
  | 'register'
  | 'holder_check'
  | 'lookup'
  | 'mfa';

type KeyedKind = 'login' | 'reset_request' | 'password_check' | 'holder_check' | 'lookup' | 'mfa';

/**
 * Sign-in: 5 failures per username or 50 per address in the window (decision 110); a success is never
 * limited. The documents typed from another agent's customer's card: 5 per user on one target, where the
 * guessing happens, 15 per user across targets, 50 per address (decisions 115, 172, 199).
 */
export const throttleLimits: Record<KeyedKind, { perUsername: number; perIp: number; perTarget?: number }> = {
  login: { perUsername: 5, perIp: 50 },
  reset_request: { perUsername: 5, perIp: 50 },
  password_check: { perUsername: 5, perIp: 50 },
  holder_check: { perUsername: 15, perIp: 50, perTarget: 5 },
  /**
   * Searches that reach the whole network (a person or an account by exact document or phone): every
   * one counts, 100 per user and 500 per address in the window. A counter serves far fewer; a script
   * guessing another agent's customer's document number by trial gets nowhere (decision 115).
   */
  lookup: { perUsername: 100, perIp: 500 },
  /**
   * Second-factor codes (sign-in's second step, an enrolment's first code, a disable): the sign-in
   * limits, per user, counted apart from passwords: a right password does not start them again
   * (decision 203).
   */
  mfa: { perUsername: 5, perIp: 50 },
};

/** A new password sent with a reset link: 10 tries per address in the window, every try counts. */
export const RESET_CONFIRM_LIMIT_PER_IP = 10;

/** Kinds whose failures only count (a success is never limited); the others count every attempt. */
const failuresOnly: ReadonlySet<AttemptKind> = new Set(['login', 'password_check', 'holder_check', 'mfa']);

export interface ThrottleQuery {
  kind: KeyedKind;
  /** Lower-cased username, or e-mail for a reset request by e-mail. */
  key: string;
  ip: string;
  now: Date;
  /** Attempts for the key before this instant do not count (the last success, the last new password). */
  keyCountsFrom?: Date | null;
  /** What the attempt is about (`holder_check`: an account number, a person's id), counted apart. */
  target?: string | undefined;
}

/** Seconds until the caller may try again, or 0 when it may try now. */
export async function throttleWaitSeconds(executor: Executor, query: ThrottleQuery): Promise<number> {
  const { target, key } = await throttleWaits(executor, query);
  return Math.max(target, key);
}

/**
 * The same, apart: `target`, the wait of the key on the query's target alone (0 without one); `key`, the
 * wait of the key across targets, or of the address (decision 199).
 */
export async function throttleWaits(
  executor: Executor,
  query: ThrottleQuery,
): Promise<{ target: number; key: number }> {
  const limits = throttleLimits[query.kind];
  const windowStart = new Date(query.now.getTime() - THROTTLE_WINDOW_MS);
  const keyFrom =
    query.keyCountsFrom && query.keyCountsFrom > windowStart ? query.keyCountsFrom : windowStart;
  const counted = failuresOnly.has(query.kind) ? eq(loginAttempts.succeeded, false) : sql`true`;

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

  const byTarget =
    query.target === undefined || limits.perTarget === undefined
      ? undefined
      : and(byKey, eq(loginAttempts.target, query.target));

  const [keyWait, ipWait, targetWait] = await Promise.all([
    waitFor(executor, byKey, limits.perUsername, query.now, THROTTLE_WINDOW_MS),
    waitFor(executor, byIp, limits.perIp, query.now, THROTTLE_WINDOW_MS),
    byTarget && limits.perTarget !== undefined
      ? waitFor(executor, byTarget, limits.perTarget, query.now, THROTTLE_WINDOW_MS)
      : 0,
  ]);
  return { target: targetWait, key: Math.max(keyWait, ipWait) };
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
  attempt: {
    kind: AttemptKind;
    key: string;
    ip: string;
    succeeded: boolean;
    now: Date;
    target?: string | undefined;
  },
): Promise<number> {
  const [row] = await executor
    .insert(loginAttempts)
    .values({
      kind: attempt.kind,
      username: attempt.key,
      ip: attempt.ip,
      target: attempt.target ?? null,
      succeeded: attempt.succeeded,
      createdAt: attempt.now,
    })
    .returning({ id: loginAttempts.id });
  return row!.id;
}

/** An attempt counted as a failure before its password was checked turned out right. */
export async function markAttemptSucceeded(executor: Executor, attemptId: number): Promise<void> {
  await executor.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, attemptId));
}

/**
 * Advisory-lock classes, one for keys and one for addresses, so a username never shares a lock with an
 * address. The key lock is always taken first: two transactions never wait on each other in a cycle.
 */
const KEY_LOCK_CLASS = 110_001;
const ADDRESS_LOCK_CLASS = 110_002;

/**
 * Takes, until the end of the caller's transaction, the locks of one attempt: of its key (when
 * given), then of its address. Every counting transaction of the same key or address waits for
 * the previous one to commit, so that counting and recording an attempt are atomic.
 */
export async function lockAttempt(
  tx: Tx,
  attempt: { kind: AttemptKind; key?: string; ip: string },
): Promise<void> {
  if (attempt.key !== undefined) {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${KEY_LOCK_CLASS}::int4, hashtext(${`${attempt.kind}:${attempt.key}`}))`,
    );
  }
  await tx.execute(
    sql`select pg_advisory_xact_lock(${ADDRESS_LOCK_CLASS}::int4, hashtext(${`${attempt.kind}:${attempt.ip}`}))`,
  );
}

/** The last success of a key for `kind`, from which its failures count again. */
export async function lastSuccessAt(
  executor: Executor,
  key: string,
  kind: 'login' | 'password_check' | 'mfa' = 'login',
): Promise<Date | null> {
  const [row] = await executor
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(
      and(eq(loginAttempts.kind, kind), eq(loginAttempts.username, key), eq(loginAttempts.succeeded, true)),
    )
    .orderBy(desc(loginAttempts.createdAt))
    .limit(1);
  return row?.at ?? null;
}

/**
 * Counting transactions at once per database: those of one key wait on each other holding a connection, and a
 * flood took the whole pool (decision 161). Anonymous and signed-in attempts have a gate each, so a sign-in
 * flood never holds up a teller's search.
 */
const ADMISSIONS_AT_ONCE = 2;
const ADMISSIONS_WAITING = 200;
const SIGNED_IN_KINDS: ReadonlySet<AttemptKind> = new Set(['password_check', 'holder_check', 'lookup']);
const admissionGates = new WeakMap<
  Db,
  Record<'anonymous' | 'signedIn', ReturnType<typeof concurrencyGate>>
>();

function admissionGateOf(db: Db, kind: AttemptKind): ReturnType<typeof concurrencyGate> {
  let gates = admissionGates.get(db);
  if (gates === undefined) {
    const gate = () =>
      concurrencyGate(ADMISSIONS_AT_ONCE, POSTGRES_TIMEOUTS.statement_timeout, ADMISSIONS_WAITING);
    gates = { anonymous: gate(), signedIn: gate() };
    admissionGates.set(db, gates);
  }
  return SIGNED_IN_KINDS.has(kind) ? gates.signedIn : gates.anonymous;
}

export type Admission = { admitted: true; attemptId: number } | { admitted: false; waitSeconds: number };

/**
 * Counts one attempt before its secret is checked, atomically (locks, count, the attempt recorded as a
 * failure), so no more than the limit are admitted however many run at once; the caller marks it succeeded
 * (decision 110).
 */
export async function admitAttempt(
  db: Db,
  attempt: {
    kind: KeyedKind;
    key: string;
    ip: string;
    now: Date;
    /** Read under the locks: attempts for the key before this instant do not count. */
    keyCountsFrom?: (tx: Tx) => Promise<Date | null>;
    /** What the attempt is about, counted apart when its kind has a limit per target (decision 199). */
    target?: string | undefined;
    /** Records a refusal within the gate, so that a flood of refusals queues there, not in the pool (decision 198). */
    onRefused?: (tx: Tx) => Promise<void>;
  },
): Promise<Admission> {
  return admissionGateOf(
    db,
    attempt.kind,
  )(() =>
    db.transaction(async (tx) => {
      await lockAttempt(tx, attempt);
      const keyCountsFrom = attempt.keyCountsFrom ? await attempt.keyCountsFrom(tx) : null;
      const waitSeconds = await throttleWaitSeconds(tx, { ...attempt, keyCountsFrom });
      if (waitSeconds > 0) {
        await attempt.onRefused?.(tx);
        return { admitted: false, waitSeconds };
      }
      const attemptId = await recordAttempt(tx, { ...attempt, succeeded: false });
      return { admitted: true, attemptId };
    }),
  );
}

/** The same, for attempts counted per address only, every attempt counting (`reset_confirm`). */
export async function admitAddressAttempt(
  db: Db,
  attempt: {
    kind: AttemptKind;
    ip: string;
    now: Date;
    limit: number;
    windowMs: number;
    onRefused?: (tx: Tx) => Promise<void>;
  },
): Promise<Admission> {
  return admissionGateOf(
    db,
    attempt.kind,
  )(() =>
    db.transaction(async (tx) => {
      await lockAttempt(tx, { kind: attempt.kind, ip: attempt.ip });
      const waitSeconds = await addressWaitSeconds(tx, attempt);
      if (waitSeconds > 0) {
        await attempt.onRefused?.(tx);
        return { admitted: false, waitSeconds };
      }
      const attemptId = await recordAttempt(tx, { ...attempt, key: '', succeeded: false });
      return { admitted: true, attemptId };
    }),
  );
}

/** Failures of a key for `kind` within the window and since `from` (this one included once recorded). */
export async function countFailuresSince(
  executor: Executor,
  query: { kind: AttemptKind; key: string; now: Date; from: Date | null },
): Promise<number> {
  const windowStart = new Date(query.now.getTime() - THROTTLE_WINDOW_MS);
  const from = query.from && query.from > windowStart ? query.from : windowStart;
  const [row] = await executor
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.kind, query.kind),
        eq(loginAttempts.username, query.key),
        eq(loginAttempts.succeeded, false),
        gt(loginAttempts.createdAt, from),
      ),
    );
  return row?.n ?? 0;
}
