import { displayName, holderDocumentMessages, sameDocument } from '@lajan/domain';
import type { Db } from '../../db/client.js';
import { ValidationFailed } from '../../http/errors.js';
import { admitHolderCheck, markAttemptSucceeded } from '../auth/index.js';
import { readablePersonIds, viewerOf, type PersonRow } from '../persons/index.js';
import type { AccountActor } from './service.js';

/**
 * Holding an account opens a customer's file to the agent (decision 111), so a holder the teller may not read
 * whole must be at the counter, her document typed from the card (decision 115). Wrong numbers spend the
 * `holder_check` budget, so the masked number cannot be guessed by trial (decision 199).
 */
export async function checkHolderDocuments(
  db: Db,
  holders: PersonRow[],
  typed: Record<string, string>,
  actor: AccountActor,
  now: Date,
): Promise<void> {
  const readable = await readablePersonIds(
    db,
    await viewerOf(db, actor.user),
    holders.map((holder) => holder.id),
  );
  const unread = holders.filter((holder) => !readable.has(holder.id));
  if (unread.length === 0) return;
  const absent = unread.find((holder) => (typed[holder.id] ?? '').trim() === '');
  if (absent) {
    throw new ValidationFailed({ holderDocuments: [holderDocumentMessages.required(displayName(absent))] });
  }
  const attemptId = await admitHolderCheck(db, {
    user: actor.user,
    ip: actor.ip,
    now,
    throttledAction: 'accounts.holder_check_throttled',
    // Guessing happens per customer: counted on the persons whose documents are typed (decision 199).
    target: unread
      .map((holder) => holder.id)
      .sort()
      .join(','),
  });
  const wrong = unread.find((holder) => !sameDocument(holder.idDocumentNumber, typed[holder.id]));
  if (wrong) {
    throw new ValidationFailed({ holderDocuments: [holderDocumentMessages.mismatch(displayName(wrong))] });
  }
  await markAttemptSucceeded(db, attemptId);
}
