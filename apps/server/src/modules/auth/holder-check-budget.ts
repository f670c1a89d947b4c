import { holderDocumentMessages, type SessionUser } from '@lajan/domain';
import { recordAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { Throttled } from '../../http/errors.js';
import { admitAttempt } from './throttle.js';

/**
 * A document typed from a customer's card, counted in the `holder_check` budget before it is compared, so
 * that no comparison is an oracle (decisions 115, 171, 199). Answers the attempt's id, marked succeeded on a
 * match.
 */
export async function admitHolderCheck(
  db: Db,
  check: {
    user: SessionUser;
    ip: string;
    now: Date;
    throttledAction: 'accounts.holder_check_throttled' | 'transactions.holder_check_throttled';
    /** What the document is typed for: counted apart, and named in the audit. */
    target?: string;
  },
): Promise<number> {
  const admission = await admitAttempt(db, {
    kind: 'holder_check',
    key: check.user.id,
    ip: check.ip,
    now: check.now,
    target: check.target,
  });
  if (admission.admitted) return admission.attemptId;
  await recordAudit(db, {
    at: check.now,
    action: check.throttledAction,
    actor: check.user,
    ip: check.ip,
    ...(check.target === undefined ? {} : { target: check.target }),
  });
  throw new Throttled(admission.waitSeconds, holderDocumentMessages.throttled);
}
