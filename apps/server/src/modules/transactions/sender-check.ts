import { displayName, holderDocumentMessages, sameDocument } from '@lajan/domain';
import type { Db } from '../../db/client.js';
import { ValidationFailed } from '../../http/errors.js';
import { admitHolderCheck, markAttemptSucceeded } from '../auth/index.js';
import { findPersonsByIds, readablePersonIds, viewerFor } from '../persons/index.js';
import type { FlowContext } from './execute.js';

/**
 * The sender is at the counter (decision 171): another agent's customer, or a user's person, only with
 * her document as `party`, each check counted in the `holder_check` budget (decision 199). Answers
 * whether the teller may read the sender whole.
 */
export async function checkSenderAtCounter(
  db: Db,
  context: Pick<FlowContext, 'session' | 'ip' | 'at'> & { agentId: string },
  senderId: string,
  party: { idDocumentType: string; idDocumentNumber: string },
): Promise<boolean> {
  const { session, ip, at } = context;
  const readable = await readablePersonIds(db, viewerFor(session, context.agentId), [senderId]);
  if (readable.has(senderId)) return true;
  const [sender] = await findPersonsByIds(db, [senderId]);
  // No such person: the ledger's call answers it as before (the sender not found).
  if (!sender) return false;
  const attemptId = await admitHolderCheck(db, {
    user: session,
    ip,
    now: at,
    throttledAction: 'transactions.holder_check_throttled',
    target: senderId,
  });
  if (
    sender.idDocumentType !== party.idDocumentType ||
    !sameDocument(sender.idDocumentNumber, party.idDocumentNumber)
  )
    throw new ValidationFailed({
      'party.idDocumentNumber': [holderDocumentMessages.senderMismatch(displayName(sender))],
    });
  await markAttemptSucceeded(db, attemptId);
  return false;
}
