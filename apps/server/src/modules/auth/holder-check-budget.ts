import { holderDocumentMessages, type SessionUser } from '@lajan/domain';
import { recordAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { Throttled } from '../../http/errors.js';
import { admitAttempt } from './throttle.js';

/**
 * One document typed from a customer's card, about to be compared with her file (decisions 115 and 171):
 * counted first in the `holder_check` budget, so that no comparison is an oracle: 5 failures per user on
 * `target` (the person, or persons, it is typed for), 15 per user across targets and 50 per address in 15
 * minutes (decision 199). Past it, audited under `throttledAction` and 429 "Trop de numéros de pièce
 * erronés. Réessayez plus tard.". Answers the attempt's id, to mark it succeeded when the document matches.
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
