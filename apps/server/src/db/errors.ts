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
