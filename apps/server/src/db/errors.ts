/**
 * What PostgreSQL said when a statement failed, whichever driver ran it. Drizzle wraps the
 * driver's error (`DrizzleQueryError`, the original in `cause`); PGlite and node-postgres both
 * carry PostgreSQL's SQLSTATE in `code` and the constraint's name in `constraint`.
 */
export interface PostgresErrorInfo {
  code: string;
  constraint: string | undefined;
}

export function postgresErrorOf(error: unknown): PostgresErrorInfo | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const candidate = current as Error & { code?: unknown; constraint?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
      };
    }
    current = candidate.cause;
  }
  return undefined;
}

/** The unique index a failed insert or update ran into (23505), or undefined. */
export function uniqueViolationOf(error: unknown): string | undefined {
  const info = postgresErrorOf(error);
  return info?.code === '23505' ? (info.constraint ?? '') : undefined;
}

/** A row still referred to by a foreign key (23503): what a refused delete raises. */
export function isForeignKeyViolation(error: unknown): boolean {
  return postgresErrorOf(error)?.code === '23503';
}

/**
 * The wait for a turn in a gate that keeps one kind of work from taking the whole pool (see
 * `concurrencyGate`) ran out: the database is as unavailable to this request as a full pool.
 */
export class DatabaseBusyError extends Error {
  constructor() {
    super('database busy: no turn within the wait');
    this.name = 'DatabaseBusyError';
  }
}

/**
 * SQLSTATEs that say the database cannot be reached right now (decision 120): the class 08
 * connection exceptions, an administrator's or a crash's shutdown (57P01, 57P02), a server still
 * starting (57P03), no more connections (53300), a statement cut by `statement_timeout` (57014).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57P05', '53300', '57014']);
/** node's socket errors on the way to the server. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
]);
/** node-postgres and pg-pool say these in words only. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'the database system is starting up',
  'the database system is shutting down',
];

/**
 * Whether a failure means "the database is unreachable now" rather than a fault of the code: the
 * one place that decides it. Such a failure is answered 503, waited out at start, and
 * logged as one short line.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if (current instanceof DatabaseBusyError) return true;
    const candidate = current as Error & { code?: unknown };
    const code = typeof candidate.code === 'string' ? candidate.code : undefined;
    if (code !== undefined) {
      if (code.startsWith('08') && code.length === 5) return true;
      if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code)) return true;
    }
    if (UNAVAILABLE_MESSAGES.some((text) => candidate.message.includes(text))) return true;
    // AggregateError: node tries every address of `localhost` and gives up on all of them.
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner)))
      return true;
    current = candidate.cause;
  }
  return false;
}

/**
 * A database failure as a log line may hold it: the driver's message and codes, never the error
 * object itself (pg-pool hangs the whole client on it: every prepared SQL text and the backend's
 * cancel key, about 10 KB) nor Drizzle's wrapper (the query's parameters).
 */
export function describeDatabaseError(error: unknown): { message: string; code?: string } {
  let current: unknown = error;
  // Drizzle's "Failed query: …" wraps what the driver said; the driver's own error is the one to name.
  for (let depth = 0; depth < 5 && current instanceof Error && current.cause instanceof Error; depth += 1)
    current = current.cause;
  if (!(current instanceof Error)) return { message: String(current).slice(0, 300) };
  const code = (current as Error & { code?: unknown }).code;
  const message =
    current.message ||
    (current instanceof AggregateError ? current.errors.map((inner) => String(inner)).join(' ; ') : '');
  return { message: message.slice(0, 300), ...(typeof code === 'string' ? { code } : {}) };
}
