import { PAYOUT_FAILED_IDENTIFICATIONS_LIMIT, sameDocument, sameName } from '@lajan/domain';
import type { Clock } from '../../../clock.js';
import type { Db } from '../../../db/client.js';
import { inMoneyTransaction } from '../../../ledger/ledger.js';
import { LedgerRefused } from '../../../ledger/results.js';
import type { LedgerService } from '../../../ledger/service.js';
import { failedIdentificationsSinceUnlock, recordPayoutIdentification } from '../payout-identifications.js';

/** An identity typed from the card presented at the counter. */
export interface PresentedIdentity {
  firstName: string;
  lastName: string;
  idDocumentType: string;
  idDocumentNumber: string;
}

/** The card presented, with the name read from it: the party a payout or a cancellation keeps as its proof. */
export function partyOf(presented: PresentedIdentity) {
  return {
    name: `${presented.firstName} ${presented.lastName}`,
    idDocumentType: presented.idDocumentType,
    idDocumentNumber: presented.idDocumentNumber,
  };
}

/**
 * A payout's recipient or a cancellation's sender not identified: thrown inside the money transaction
 * (which rolls back), then recorded in a transaction of its own, so that the refusal leaves its trace
 * (decisions 112 and 200). Both count towards the transfer's one lock.
 */
export class IdentificationFailed extends Error {
  constructor(
    readonly refusal: 'RecipientMismatch' | 'SenderMismatch',
    readonly transactionNumber: string,
    readonly userId: string,
    readonly agentId: string,
    readonly presented: Record<string, unknown>,
  ) {
    super('identification failed');
  }
}

/**
 * Records a failed identification in its own committed transaction under the transfer's row lock, so tries
 * count one after another and one finding the limit reached is answered locked, not counted (decision 112).
 * Throws the refusal, which says how many tries are left (decision 176).
 */
export async function recordFailedIdentification(
  failure: IdentificationFailed,
  { db, ledger, clock }: { db: Db; ledger: LedgerService; clock: Clock },
): Promise<never> {
  const failed = await inMoneyTransaction(db, async (tx) => {
    const transfer = await ledger.lockTransfer(tx, failure.transactionNumber);
    if (!transfer) throw new LedgerRefused('TransactionNotFound', { field: 'transactionNumber' });
    // An expired transfer is identified at its cash refund (decision 225).
    if (transfer.status !== 'pending' && transfer.status !== 'expired')
      throw new LedgerRefused('TransferNotPending');
    const before = await failedIdentificationsSinceUnlock(tx, transfer.id);
    if (before >= PAYOUT_FAILED_IDENTIFICATIONS_LIMIT) throw new LedgerRefused('TransferLocked');
    await recordPayoutIdentification(tx, {
      transactionId: transfer.id,
      outcome: 'failed',
      userId: failure.userId,
      agentId: failure.agentId,
      presented: failure.presented,
      at: clock.now(),
    });
    return before + 1;
  });
  throw new LedgerRefused(failure.refusal, { triesLeft: PAYOUT_FAILED_IDENTIFICATIONS_LIMIT - failed });
}

/**
 * Whether the identity presented is the expected one (decision 112): the name (`sameName`) and, when
 * recorded, the document's type and number; which part failed is never told. A transfer sent before
 * decision 209 may hold a type without a number: the name alone, as then.
 */
export function identityMatches(expected: Record<string, unknown>, presented: PresentedIdentity): boolean {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const expectedName = `${text(expected.firstName)} ${text(expected.lastName)}`;
  if (!sameName(expectedName, `${presented.firstName} ${presented.lastName}`)) return false;
  const expectedNumber = text(expected.idDocumentNumber);
  if (expectedNumber.trim() === '') return true;
  return (
    expected.idDocumentType === presented.idDocumentType &&
    sameDocument(expectedNumber, presented.idDocumentNumber)
  );
}
