import type { AuditWriteAction } from '@lajan/domain';
import type { Executor } from './client.js';
import { auditLog } from './schema.js';

/*
 * The writing half of the audit trail (DESIGN §7). Every module and the ledger record what they do, so it
 * sits below them all; the `audit` module only reads the trail back.
 */

/** What the audit trail records (DESIGN §7), named and labelled in the domain. */
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
