import { displayName, holderDocumentMessages, sameDocument } from '@lajan/domain';
import type { Db } from '../../db/client.js';
import { ValidationFailed } from '../../http/errors.js';
import { admitHolderCheck, markAttemptSucceeded } from '../auth/index.js';
import { findPersonsByIds, readablePersonIds, viewerFor } from '../persons/index.js';
import type { FlowContext } from './execute.js';

/**
 * The sender of an external transfer is at the counter (decision 171). A teller names as sender a person it
 * may read whole (its agent's customer) freely; another agent's customer, or the person of a user, only with
 * her card: the document at the counter (`party`) must be hers, type and number (case and spaces ignored).
 * Otherwise a teller could send in her name without her, and record a false sender on her file. Checked like
 * decision 115's documents: each check counts in the `holder_check` budget first (5 failures per user on
 * this sender, 15 across customers, 50 per address in 15 minutes, then 429, decision 199), and a right one
 * is marked as such. Answers whether the teller may
 * read the sender whole: the answer shows it so (decision 171), with no second read.
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
