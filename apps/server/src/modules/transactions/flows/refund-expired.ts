import { PAYOUT_FAILED_IDENTIFICATIONS_LIMIT, type refundExpiredBodySchema } from '@lajan/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { accountById } from '../../../ledger/account-ref.js';
import { paying } from '../../../ledger/flows.js';
import { LedgerRefused } from '../../../ledger/results.js';
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

export type RefundExpiredInput = z.output<typeof refundExpiredBodySchema> & { transactionNumber: string };

/**
 * `POST /transactions/{transactionNumber}/refund` (decision 225): a transfer expired and not refunded, paid
 * back in cash by a teller of the sending agent to its sender, identified as for a cancellation (decision
 * 200, one lock for every try); the cash leaves her drawer, "to pay out" pays her agent's float.
 */
export const refundExpiredFlow: MoneyFlow<RefundExpiredInput, { float: 'required' }> = {
  type: 'external_refund',
  status: 'completed',
  banded: false,
  cash: 'always',
  entries: (a, system, amounts) => paying(system.payout, a.float, amounts),
  // The sender as the call read it (decision 222): the first answer and every replay.
  answer: answerFrom(z.object({ sender: personFacts.nullable() }), (part, facts) => ({
    ...part,
    senderId: facts.sender?.id ?? null,
    sender: senderOf(facts.sender),
  })),
  async plan({ session, actors, db }, input) {
    const { transactionNumber } = input;
    const actor = await actors.of(db, session);
    const transfer = await transferFacts(db, transactionNumber);
    if (!transfer) throw new LedgerRefused('TransactionNotFound', { field: 'transactionNumber' });
    const presented = input.sender;
    const identified = transfer.sender ? identityMatches(transfer.sender, presented) : false;
    const party = partyOf(presented);
    return {
      // Its facts never change (migration 0005); the call checks, under the row's lock, that they are its.
      accounts: { float: accountById(actor.agent.floatAccountId) },
      amountCentimes: transfer.amountCentimes,
      actor,
      named: [],
      record: { party },
      flowCall: {
        flow: 'refund_expired',
        args: {
          transactionNumber,
          transferId: transfer.id,
          identified,
          failedIdentificationsLimit: PAYOUT_FAILED_IDENTIFICATIONS_LIMIT,
        },
        // The drawer after the refusals about the transfer: needed only while it is owed a refund.
        drawerNeeded: sql`exists (select 1 from transactions t where t.id = ${transfer.id}::uuid
          and t.status = 'expired' and not exists (select 1 from transactions r
            where r.related_transaction_id = t.id and r.type = 'external_refund'))`,
        identificationFailed: new IdentificationFailed(
          'SenderMismatch',
          transactionNumber,
          session.id,
          actor.agent.id,
          { sender: presented },
        ),
      },
      present: (movement) => ({
        ...presentPosted(movement, session.username, actor, {
          party,
          recipient: transfer.recipient,
          relatedTransactionNumber: transactionNumber,
        }),
      }),
    };
  },
  async afterRollback(error, services) {
    if (error instanceof IdentificationFailed) await recordFailedIdentification(error, services);
  },
};
