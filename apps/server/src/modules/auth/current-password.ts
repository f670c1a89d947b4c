import { authMessages, type SessionUser } from '@lajan/domain';
import type { Db, Executor } from '../../db/client.js';
import { Throttled, Unauthenticated, ValidationFailed } from '../../http/errors.js';
import { recordAudit } from '../../db/audit.js';
import { bumpTokenVersion } from './credentials.js';
import { verifyPassword } from './passwords.js';
import {
  admitAttempt,
  countFailuresSince,
  lastSuccessAt,
  markAttemptSucceeded,
  throttleLimits,
} from './throttle.js';

export interface CurrentPasswordCheck {
  /** The signed-in user whose password is asked again. */
  user: SessionUser;
  passwordHash: string;
  /** A new password starts the count again. */
  passwordUpdatedAt: Date | null;
  password: string;
  ip: string;
  now: Date;
}

/**
 * The current password asked again (a password change, one's own e-mail), counted before it is verified with
 * the sign-in limits: the fifth wrong one ends every session, so a stolen session cannot guess it
 * (decision 110).
 */
export async function checkCurrentPassword(db: Db, check: CurrentPasswordCheck): Promise<void> {
  const { user, now, ip } = check;
  const countsFrom = async (executor: Executor) =>
    latest(await lastSuccessAt(executor, user.id, 'password_check'), check.passwordUpdatedAt);
  const admission = await admitAttempt(db, {
    kind: 'password_check',
    key: user.id,
    ip,
    now,
    keyCountsFrom: countsFrom,
  });
  if (!admission.admitted) {
    await recordAudit(db, { at: now, action: 'auth.password_check_throttled', actor: user, ip });
    throw new Throttled(admission.waitSeconds);
  }
  if (await verifyPassword(check.passwordHash, check.password)) {
    await markAttemptSucceeded(db, admission.attemptId);
    return;
  }
  const failures = await countFailuresSince(db, {
    kind: 'password_check',
    key: user.id,
    now,
    from: await countsFrom(db),
  });
  if (failures >= throttleLimits.password_check.perUsername) {
    await db.transaction(async (tx) => {
      await bumpTokenVersion(tx, user.id, now);
      await recordAudit(tx, {
        at: now,
        action: 'auth.password_check_locked',
        actor: user,
        ip,
        details: { failures },
      });
    });
    throw new Unauthenticated(authMessages.passwordChecksExceeded);
  }
  throw new ValidationFailed({ current_password: [authMessages.wrongCurrentPassword] });
}

function latest(a: Date | null, b: Date | null): Date | null {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}
