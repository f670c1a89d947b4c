import {
  PAYOUT_FAILED_IDENTIFICATIONS_LIMIT,
  sameDocument,
  type receiveTransferInputSchema,
} from '@lajan/domain';
import type { z } from 'zod';
import { pendingTransferNeedsDrawer } from '../../../ledger/drawer.js';
import { accountById } from '../../../ledger/account-ref.js';
import { answerSlots } from '../../../ledger/flow-call.js';
import { paying } from '../../../ledger/flows.js';
import type { MoneyFlow } from '../execute.js';
import { presentPosted } from '../present.js';
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
 * `POST /transactions/receive-transfer` (decision 112), in one call after a read (decision 143): the
 * transfer's facts (its row never changes but for its status) are read first, without a lock, and the
 * identity presented is compared with its recipient here (`recipientMatches`, the domain's rule). The call
 * then locks the transfer's row before any account, refuses a transfer not found, not pending, locked
 * (five failures) or of another amount, then a failed identification (rolled back, then recorded as
 * before), settles it, pays out, and records the document presented as the payout's party.
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
  async plan({ session, actors, db }, input) {
    const actor = await actors.of(db, session);
    const transfer = await transferFacts(db, input.transactionNumber);
    const presented = { ...input.recipient };
    const identified = transfer ? recipientMatches(transfer.recipient, presented, input.party) : false;
    // The card presented is the payout's party: the proof kept.
    const party = partyOf(presented);
    const { nonce, slot } = answerSlots();
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
        nonce,
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
      present: (movement) => ({
        ...presentPosted(movement, session.username, actor, {
          party,
          recipient: presented,
          relatedTransactionNumber: input.transactionNumber,
        }),
        senderId: slot('senderId'),
        sender: slot('sender'),
      }),
    };
  },
  async afterRollback(error, services) {
    if (error instanceof IdentificationFailed) await recordFailedIdentification(error, services);
  },
};

/**
 * The payout's identity check (decision 112): the name presented is the sender's recipient's
 * (`sameName`: case, accents, hyphens, spaces and word order ignored); when the sender gave a document
 * number, the document presented is that one (type and number); and the party at the counter shows the
 * document presented. Which part failed is never told.
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
