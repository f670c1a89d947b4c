import {
  PAYOUT_FAILED_IDENTIFICATIONS_LIMIT,
  sameDocument,
  sameName,
  type receiveTransferInputSchema,
} from '@lajan/domain';
import type { z } from 'zod';
import type { Clock } from '../../../clock.js';
import type { Db } from '../../../db/client.js';
import { payoutFlow as payoutPosting } from '../../../ledger/flows.js';
import { inMoneyTransaction } from '../../../ledger/ledger.js';
import { LedgerRefused } from '../../../ledger/results.js';
import type { LedgerService } from '../../../ledger/service.js';
import type { MoneyFlow } from '../execute.js';
import { presentPosted } from '../present.js';
import { failedIdentificationsSinceUnlock, personById, recordPayoutIdentification } from '../store.js';

type Party = { name: string; idDocumentType: string; idDocumentNumber: string };

/**
 * A pay-out whose identity did not match: thrown inside the money transaction (which rolls back), then
 * recorded in a transaction of its own, so that the refusal leaves its trace (decision 112).
 */
class IdentificationFailed extends Error {
  constructor(
    readonly transactionNumber: string,
    readonly userId: string,
    readonly agentId: string,
    readonly presented: Record<string, unknown>,
  ) {
    super('payout identification failed');
  }
}

/**
 * `POST /transactions/receive-transfer` (decision 112): under the transfer's row lock, refuses a locked
 * transfer, then compares the identity presented with the sender's recipient. A mismatch rolls the
 * transaction back and is recorded; a match settles the transfer, pays out, and records the document
 * presented as the payout's party.
 */
export const payoutFlow: MoneyFlow<
  z.output<typeof receiveTransferInputSchema>,
  { payingAgentFloat: string }
> = {
  posting: payoutPosting,
  async resolve(tx, { at, session, actors, ledger }, input) {
    // The transfer's row first, before any account (DESIGN §4).
    const transfer = await ledger.lockTransfer(tx, input.transactionNumber);
    if (!transfer) throw new LedgerRefused('TransactionNotFound', { field: 'transactionNumber' });
    if (transfer.status !== 'pending') throw new LedgerRefused('TransferNotPending');
    if ((await failedIdentificationsSinceUnlock(tx, transfer.id)) >= PAYOUT_FAILED_IDENTIFICATIONS_LIMIT)
      throw new LedgerRefused('TransferLocked');
    if (input.amountCentimes != null && input.amountCentimes !== transfer.amountCentimes)
      throw new LedgerRefused('AmountMismatch', { field: 'amount' });
    const actor = await actors.of(tx, session);
    const presented = { ...input.recipient };
    if (!recipientMatches(transfer.recipient, presented, input.party))
      throw new IdentificationFailed(transfer.transactionNumber, session.id, actor.agent.id, {
        recipient: presented,
        party: input.party,
      });
    // The document presented, with the name read from it, is the payout's party: the proof kept.
    const party = {
      name: `${presented.firstName} ${presented.lastName}`,
      idDocumentType: presented.idDocumentType,
      idDocumentNumber: presented.idDocumentNumber,
    };
    await ledger.settle(tx, transfer, 'completed', at);
    return {
      accounts: { payingAgentFloat: actor.agent.floatAccountId },
      amountCentimes: transfer.amountCentimes,
      actor,
      record: {
        party,
        relatedTransactionId: transfer.id,
        senderPersonId: transfer.senderPersonId,
        recipient: presented,
      },
      present: async (readTx, movement) => {
        const sender = transfer.senderPersonId
          ? await personById(readTx, transfer.senderPersonId)
          : undefined;
        return presentPosted(movement, session.username, actor, {
          party,
          sender: sender ?? null,
          recipient: presented,
          relatedTransactionNumber: transfer.transactionNumber,
        });
      },
    };
  },
  async afterRollback(error, services) {
    if (error instanceof IdentificationFailed) await recordFailedIdentification(error, services);
  },
};

/**
 * Records a failed identification in its own committed transaction, under the transfer's row lock:
 * concurrent tries are counted one after the other, and a try that finds the limit already reached
 * (another try was recorded meanwhile) is answered as locked, not counted. Throws the refusal.
 */
async function recordFailedIdentification(
  failure: IdentificationFailed,
  { db, ledger, clock }: { db: Db; ledger: LedgerService; clock: Clock },
): Promise<never> {
  await inMoneyTransaction(db, async (tx) => {
    const transfer = await ledger.lockTransfer(tx, failure.transactionNumber);
    if (!transfer) throw new LedgerRefused('TransactionNotFound', { field: 'transactionNumber' });
    if (transfer.status !== 'pending') throw new LedgerRefused('TransferNotPending');
    if ((await failedIdentificationsSinceUnlock(tx, transfer.id)) >= PAYOUT_FAILED_IDENTIFICATIONS_LIMIT)
      throw new LedgerRefused('TransferLocked');
    await recordPayoutIdentification(tx, {
      transactionId: transfer.id,
      outcome: 'failed',
      userId: failure.userId,
      agentId: failure.agentId,
      presented: failure.presented,
      at: clock.now(),
    });
  });
  throw new LedgerRefused('RecipientMismatch');
}

/**
 * The payout's identity check (decision 112): the name presented is the sender's recipient's
 * (`sameName`: case, accents, hyphens, spaces and word order ignored); when the sender gave a document
 * number, the document presented is that one (type and number); and the party at the counter shows the
 * document presented. Which part failed is never told.
 */
export function recipientMatches(
  expected: Record<string, unknown> | null,
  presented: { firstName: string; lastName: string; idDocumentType: string; idDocumentNumber: string },
  party: Party,
): boolean {
  if (!expected) return false;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const expectedName = `${text(expected.firstName)} ${text(expected.lastName)}`;
  if (!sameName(expectedName, `${presented.firstName} ${presented.lastName}`)) return false;
  const expectedNumber = text(expected.idDocumentNumber);
  if (expectedNumber.trim() !== '') {
    if (expected.idDocumentType !== presented.idDocumentType) return false;
    if (!sameDocument(expectedNumber, presented.idDocumentNumber)) return false;
  }
  return (
    party.idDocumentType === presented.idDocumentType &&
    sameDocument(party.idDocumentNumber, presented.idDocumentNumber)
  );
}
