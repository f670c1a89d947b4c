import { audienceOf, genericMessages, type SessionUser } from '@lajan/domain';
import type { Db } from '../../db/client.js';
import { Throttled } from '../../http/errors.js';
import { recordAudit } from '../../db/audit.js';
import { admitAttempt } from './throttle.js';

/**
 * One budget for the searches that reach the whole network by an exact document or phone, per user and
 * address (decision 115): otherwise a teller could guess another agent's customer's document by trial here.
 */
export async function spendLookup(
  db: Db,
  actor: { user: SessionUser; ip: string; now: Date },
): Promise<void> {
  if (audienceOf(actor.user) === 'superAdmin') return;
  const admission = await admitAttempt(db, {
    kind: 'lookup',
    key: actor.user.id,
    ip: actor.ip,
    now: actor.now,
  });
  if (admission.admitted) return;
  await recordAudit(db, { at: actor.now, action: 'auth.lookup_throttled', actor: actor.user, ip: actor.ip });
  throw new Throttled(admission.waitSeconds, genericMessages.lookupThrottled);
}
