import type { Executor } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';

/** What the audit trail records (DESIGN §7). Never a password, a token or a link. */
export type AuditAction =
  | 'auth.login'
  | 'auth.login_failed'
  | 'auth.login_throttled'
  | 'auth.logout'
  | 'auth.password_changed'
  | 'auth.reset_requested'
  | 'auth.password_reset'
  | 'auth.reset_failed'
  | 'users.super_admin_created'
  | 'persons.created'
  | 'persons.updated'
  | 'persons.deleted'
  | 'accounts.created'
  | 'accounts.status_changed'
  | 'accounts.closed'
  | 'accounts.request_received'
  | 'accounts.request_activated'
  | 'accounts.request_rejected';

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
