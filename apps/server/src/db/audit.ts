import type { Executor } from './client.js';
import { auditLog } from './schema.js';

/*
 * The writing half of the audit trail (DESIGN §7). Every module and the ledger record what they do, so it
 * sits below them all; the `audit` module only reads the trail back.
 */

/** What the audit trail records (DESIGN §7). Never a password, a token or a link. */
export type AuditAction =
  | 'auth.login'
  | 'auth.login_failed'
  | 'auth.login_throttled'
  | 'auth.logout'
  | 'auth.password_changed'
  | 'auth.password_check_throttled'
  | 'accounts.holder_check_throttled'
  | 'auth.lookup_throttled'
  | 'auth.password_check_locked'
  | 'auth.reset_requested'
  | 'auth.password_reset'
  | 'auth.reset_failed'
  | 'users.super_admin_created'
  | 'users.create'
  | 'users.update'
  | 'users.delete'
  | 'users.sessions_ended'
  | 'users.email_changed'
  | 'agents.create'
  | 'agents.suspend'
  | 'agents.activate'
  | 'agents.delete'
  | 'persons.created'
  | 'persons.updated'
  | 'persons.deleted'
  | 'persons.read'
  | 'accounts.created'
  | 'accounts.status_changed'
  | 'accounts.closed'
  | 'accounts.request_received'
  | 'accounts.request_activated'
  | 'accounts.request_rejected'
  | 'fees.updated'
  | 'transactions.transfer_unlocked';

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
