import {
  PAYOUT_FAILED_IDENTIFICATIONS_LIMIT,
  sameDocument,
  type receiveTransferInputSchema,
} from '@lajan/domain';
import { z } from 'zod';
import { pendingTransferNeedsDrawer } from '../../../ledger/drawer.js';
import { accountById } from '../../../ledger/account-ref.js';
import { paying } from '../../../ledger/flows.js';
import type { MoneyFlow } from '../execute.js';
import { answerFrom, personFacts, senderOf } from '../flow-answer.js';
import { presentPosted } from '../present.js';
import { receiptLanguageOf } from '../receipt-language.js';
import { transferFacts } from '../transfer-facts.js';
import {
  identityMatches,
  IdentificationFailed,
  partyOf,
  recordFailedIdentification,
  type PresentedIdentity,
} from './identification.js';

type Party = { name: string; idDocumentType: string; idDocumentNumber: string };

/**
 * `POST /transactions/receive-transfer` (decision 112), one call after a read (decision 143): the facts are
 * read unlocked (only the status changes) to compare the identity here; the call locks the row before any
 * account, refuses (a failed identification rolled back, then recorded), settles, pays out, notes the party.
 */
export const payoutFlow: MoneyFlow<
  z.output<typeof receiveTransferInputSchema>,
  { payingAgentFloat: 'required' }
> = {
  type: 'external_payout',
  status: 'completed',
  banded: false,
  cash: 'always',
  // "To pay out" pays the paying agent's float the transfer's amount.
  entries: (a, system, amounts) => paying(system.payout, a.payingAgentFloat, amounts),
  // The sender, if not deleted since it sent.
  answer: answerFrom(z.object({ sender: personFacts.nullable() }), (part, facts) => ({
    ...part,
    senderId: facts.sender?.id ?? null,
    sender: senderOf(facts.sender),
  })),
  async plan({ session, actors, db }, input) {
    const actor = await actors.of(db, session);
    const transfer = await transferFacts(db, input.transactionNumber);
    const presented = { ...input.recipient };
    // The recipient's language when she is registered (the card she presents), else the sender's (decision 237).
    const receiptLanguage = await receiptLanguageOf(
      db,
      { payee: presented, personId: transfer?.senderPersonId },
      session.language,
    );
    const identified = transfer ? recipientMatches(transfer.recipient, presented, input.party) : false;
    // The card presented is the payout's party: the proof kept.
    const party = partyOf(presented);
    return {
      accounts: { payingAgentFloat: accountById(actor.agent.floatAccountId) },
      // No transfer: the call refuses it before anything is posted.
      amountCentimes: transfer?.amountCentimes ?? 1,
      actor,
      record: {
        party,
        relatedTransactionId: transfer?.id ?? null,
        senderPersonId: transfer?.senderPersonId ?? null,
        recipient: presented,
      },
      named: [],
      flowCall: {
        flow: 'payout',
        args: {
          transactionNumber: input.transactionNumber,
          notFoundField: 'transactionNumber',
          transferId: transfer?.id ?? null,
          amount: input.amountCentimes ?? null,
          identified,
          failedIdentificationsLimit: PAYOUT_FAILED_IDENTIFICATIONS_LIMIT,
        },
        // Paid out in cash from the teller's drawer (decision 149), after the transfer's own refusals.
        drawerNeeded: pendingTransferNeedsDrawer(input.transactionNumber, {
          paidAmountCentimes: input.amountCentimes ?? null,
        }),
        identificationFailed: new IdentificationFailed(
          'RecipientMismatch',
          input.transactionNumber,
          session.id,
          actor.agent.id,
          {
            recipient: presented,
            party: input.party,
          },
        ),
      },
      present: (movement) =>
        presentPosted(movement, session.username, actor, {
          party,
          recipient: presented,
          relatedTransactionNumber: input.transactionNumber,
          receiptLanguage,
        }),
    };
  },
  async afterRollback(error, services) {
    if (error instanceof IdentificationFailed) await recordFailedIdentification(error, services);
  },
};

/**
 * The payout's identity check (decision 112): the recipient's name and, when the sender gave one, the
 * document (`identityMatches`); the party at the counter shows it. Which part failed is never told.
 */
export function recipientMatches(
  expected: Record<string, unknown> | null,
  presented: PresentedIdentity,
  party: Party,
): boolean {
  if (!expected) return false;
  if (!identityMatches(expected, presented)) return false;
  return (
    party.idDocumentType === presented.idDocumentType &&
    sameDocument(party.idDocumentNumber, presented.idDocumentNumber)
  );
}
