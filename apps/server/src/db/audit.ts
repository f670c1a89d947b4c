import type { AuditWriteAction } from '@lajan/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from './client.js';
import { anonymousRefusals, auditLog } from './schema.js';

/*
 * The writing half of the audit trail. Every module and the ledger record what they do, so it
 * sits below them all; the `audit` module only reads the trail back.
 */

/** What the audit trail records, named and labelled in the domain. */
export type AuditAction = AuditWriteAction;

export interface AuditEntry {
  at: Date;
  action: AuditAction;
  actor?: { id: string | null; username: string | null } | null;
  target?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

/** Written with the caller's executor, so that it commits (or not) with the write it records. */
export async function recordAudit(executor: Executor, entry: AuditEntry): Promise<void> {
  await executor.insert(auditLog).values({
    at: entry.at,
    action: entry.action,
    actorUserId: entry.actor?.id ?? null,
    actorUsername: entry.actor?.username ?? null,
    target: entry.target ?? null,
    ip: entry.ip ?? null,
    details: entry.details ?? {},
  });
}

/** The window of an anonymous refusal's counter: one audit row per address, action and window (decision 198). */
export const ANONYMOUS_REFUSAL_WINDOW_MS = 15 * 60_000;
/** What an anonymous refusal's audit row keeps of what was typed (a username): its beginning. */
export const AUDIT_TYPED_TEXT_MAX = 64;

/** Text typed by an anonymous client, as the audit keeps it: at most `AUDIT_TYPED_TEXT_MAX` characters. */
export function truncatedTyped(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const characters = Array.from(text);
  return characters.length <= AUDIT_TYPED_TEXT_MAX
    ? text
    : `${characters.slice(0, AUDIT_TYPED_TEXT_MAX - 1).join('')}…`;
}

/**
 * A refusal of an anonymous request (decision 198): counted per action, address and 15-minute
 * window in `anonymous_refusals`; only the first of its window writes an audit row, with what was typed
 * truncated. However many refusals an address provokes, the database grows by one small row a window.
 */
export async function recordAnonymousRefusal(
  executor: Executor,
  entry: AuditEntry & { ip: string },
): Promise<void> {
  const windowStart = new Date(
    Math.floor(entry.at.getTime() / ANONYMOUS_REFUSAL_WINDOW_MS) * ANONYMOUS_REFUSAL_WINDOW_MS,
  );
  const [counted] = await executor
    .insert(anonymousRefusals)
    .values({ action: entry.action, ip: entry.ip, windowStart, refused: 1, lastAt: entry.at })
    .onConflictDoUpdate({
      target: [anonymousRefusals.action, anonymousRefusals.ip, anonymousRefusals.windowStart],
      set: { refused: sql`${anonymousRefusals.refused} + 1`, lastAt: entry.at },
    })
    .returning({ refused: anonymousRefusals.refused });
  if (counted?.refused !== 1) return;
  await recordAudit(executor, {
    ...entry,
    actor: entry.actor ? { id: entry.actor.id, username: truncatedTyped(entry.actor.username) } : null,
    target: truncatedTyped(entry.target),
    details: { ...entry.details, countedFrom: windowStart.toISOString() },
  });
}
