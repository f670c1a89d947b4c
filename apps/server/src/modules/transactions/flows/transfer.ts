import type { transferInputSchema } from '@lajan/domain';
import type { z } from 'zod';
import { transferFlow as transferPosting } from '../../../ledger/flows.js';
import { accountById, accountByNumber } from '../../../ledger/account-ref.js';
import type { RolesOf } from '../../../ledger/flows.js';
import type { PlannedMoneyFlow } from '../execute.js';
import { presentPosted } from '../present.js';

/** `POST /transactions/transfer`: between two customer accounts; a holder of the sender's at the counter. */
export const transferFlow: PlannedMoneyFlow<
  z.output<typeof transferInputSchema>,
  RolesOf<typeof transferPosting>
> = {
  posting: transferPosting,
  async plan({ session, actors, db }, input) {
    const actor = await actors.of(db, session);
    const sender = accountByNumber(input.senderAccountNumber);
    const recipient = accountByNumber(input.recipientAccountNumber);
    return {
      accounts: { sender, recipient, agentFloat: accountById(actor.agent.floatAccountId) },
      amountCentimes: input.amountCentimes,
      actor,
      record: { party: input.party, senderAccount: sender, recipientAccount: recipient },
      named: [
        { accountNumber: input.senderAccountNumber, field: 'senderAccountNumber' },
        { accountNumber: input.recipientAccountNumber, field: 'recipientAccountNumber' },
      ],
      holderOf: input.senderAccountNumber,
      document: input.party,
      quotedFeeVersion: input.feeVersion,
      present: (movement) =>
        presentPosted(movement, session.username, actor, {
          senderAccountNumber: input.senderAccountNumber,
          recipientAccountNumber: input.recipientAccountNumber,
          party: input.party,
        }),
    };
  },
};
