import { audienceOf, genericMessages, type SessionUser } from '@lajan/domain';
import type { Db } from '../../db/client.js';
import { Throttled } from '../../http/errors.js';
import { recordAudit } from '../../db/audit.js';
import { admitAttempt } from './throttle.js';

/**
 * One budget for the searches that reach the whole network by an exact document or phone (a person or
 * an account of another agent): `throttleLimits.lookup`, every search counting, per user and per
 * address (decision 115). Past it, 429. The super administrator, who reads every file anyway, has none.
 * Without it, a teller could guess another agent's customer's document number by trial here, then open
 * an account on that customer or pass a withdrawal's holder check.
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
