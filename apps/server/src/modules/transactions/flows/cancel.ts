import {
  can,
  cancelTransferMessages,
  centimesToHtg,
  PAYOUT_FAILED_IDENTIFICATIONS_LIMIT,
  type cancelTransferBodySchema,
  type Transaction,
} from '@lajan/domain';
import { z } from 'zod';
import { ValidationFailed } from '../../../http/errors.js';
import { paying } from '../../../ledger/flows.js';
import { pendingTransferNeedsDrawer } from '../../../ledger/drawer.js';
import { accountFoundByFlow } from '../../../ledger/account-ref.js';
import type { MoneyFlow } from '../execute.js';
import { answerFrom, personFacts, senderOf } from '../flow-answer.js';
import { presentPosted } from '../present.js';
import { transferFacts } from '../transfer-facts.js';
import {
  IdentificationFailed,
  identityMatches,
  partyOf,
  recordFailedIdentification,
} from './identification.js';

export type CancelInput = z.output<typeof cancelTransferBodySchema> & { transactionNumber: string };

/**
 * `POST /transactions/{transactionNumber}/cancel` in one call (decision 143): the row is locked before any
 * account, settled only while pending, its amount (not the fee) refunded to `@destination`. A teller needs
 * the sender identified; an administrator may approve an account send's cancellation (decision 200).
 */
export const cancelFlow: MoneyFlow<CancelInput, { destination: 'required' }> = {
  // The refund (`external_refund`): "to pay out" pays the sender's account, or in cash mode the sending
  // agent's float; the fee is kept.
  type: 'external_refund',
  status: 'completed',
  banded: false,
  cash: 'planned',
  entries: (a, system, amounts) => paying(system.payout, a.destination, amounts),
  answer: answerFrom(
    z.object({
      amount: z.number(),
      sender_account_number: z.string().nullable(),
      sender_person_id: z.string().nullable(),
      sender: personFacts.nullable(),
      recipient: z.record(z.string(), z.unknown()).nullable(),
    }),
    (part, facts) => ({
      ...part,
      amount: centimesToHtg(facts.amount),
      total: centimesToHtg(facts.amount),
      senderAccountNumber: facts.sender_account_number,
      senderAccount: facts.sender_account_number === null ? null : { accountNumber: facts.sender_account_number },
      senderId: facts.sender_person_id,
      sender: senderOf(facts.sender),
      recipient: facts.recipient && recipientAsSent(facts.recipient),
    }),
  ),
  async plan({ session, actors, db }, input) {
    const { transactionNumber } = input;
    const approval = can(session, 'transactions.approveCancel');
    if (approval && !input.reason)
      throw new ValidationFailed({ reason: [cancelTransferMessages.reasonRequired] });
    if (!approval && input.reason)
      throw new ValidationFailed({ reason: [cancelTransferMessages.reasonOnlyForApproval] });
    if (!approval && !input.sender)
      throw new ValidationFailed({ sender: [cancelTransferMessages.senderRequired] });
    const actor = await actors.of(db, session);
    const common = {
      accounts: { destination: accountFoundByFlow('destination') },
      // The transfer's amount, known to the database only: the entries are for one centime, scaled there.
      amountCentimes: 1,
      actor,
      named: [],
    };
    const callOf = (args: Record<string, unknown>) => ({
      flow: 'cancel' as const,
      args: { transactionNumber, float: actor.agent.floatAccountId, ...args },
      fieldOfUnnamed: 'transactionNumber',
    });

    if (approval) {
      // No cash moves: the call refuses a cash send (`CancelNeedsSender`) and records the reason.
      return {
        ...common,
        record: { party: null },
        flowCall: callOf({ reason: input.reason }),
        present: (movement) => ({
          ...presentPosted(movement, session.username, actor, {
            relatedTransactionNumber: transactionNumber,
          }),
          // The receipt prints who approved and why (decision 205).
          approvalReason: input.reason,
        }),
      };
    }

    const presented = input.sender!;
    const transfer = await transferFacts(db, transactionNumber);
    const identified = transfer?.sender ? identityMatches(transfer.sender, presented) : false;
    // The card presented is the refund's party: who was identified.
    const party = partyOf(presented);
    return {
      ...common,
      record: { party },
      flowCall: {
        ...callOf({
          transferId: transfer?.id ?? null,
          identified,
          failedIdentificationsLimit: PAYOUT_FAILED_IDENTIFICATIONS_LIMIT,
        }),
        // A cash send is paid back in cash from the cancelling teller's drawer (decision 149).
        drawerNeeded: pendingTransferNeedsDrawer(transactionNumber, { cancelledBy: actor.agent.id }),
        identificationFailed: new IdentificationFailed(
          'SenderMismatch',
          transactionNumber,
          session.id,
          actor.agent.id,
          { sender: presented },
        ),
      },
      cashDrawer: true,
      present: (movement) =>
        presentPosted(movement, session.username, actor, {
          party,
          relatedTransactionNumber: transactionNumber,
        }),
    };
  },
  async afterRollback(error, services) {
    if (error instanceof IdentificationFailed) await recordFailedIdentification(error, services);
  },
};

/**
 * The transfer's recipient as the refund answers it (`presentTransaction`'s: the names as text, the document
 * or null), its keys in jsonb's order (shorter first, then by bytes), as the answer has given them since 0009.
 */
function recipientAsSent(recipient: Record<string, unknown>): NonNullable<Transaction['recipient']> {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const fields: Record<string, unknown> = {
    ...recipient,
    firstName: text(recipient.firstName),
    lastName: text(recipient.lastName),
    idDocumentType: recipient.idDocumentType ?? null,
    idDocumentNumber: recipient.idDocumentNumber ?? null,
  };
  const bytes = (key: string) => Buffer.from(key, 'utf8');
  return Object.fromEntries(
    Object.entries(fields).sort(
      ([a], [b]) => bytes(a).length - bytes(b).length || Buffer.compare(bytes(a), bytes(b)),
    ),
  ) as NonNullable<Transaction['recipient']>;
}
