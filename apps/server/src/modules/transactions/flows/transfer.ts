import type { transferInputSchema } from '@lajan/domain';
import type { z } from 'zod';
import { transferFlow as transferPosting } from '../../../ledger/flows.js';
import { namedAccount } from '../../../ledger/one-call.js';
import type { PlannedMoneyFlow } from '../execute.js';
import { presentPosted } from '../present.js';

/** `POST /transactions/transfer`: between two customer accounts; a holder of the sender's at the counter. */
export const transferFlow: PlannedMoneyFlow<
  z.output<typeof transferInputSchema>,
  { sender: string; recipient: string; agentFloat: string }
> = {
  posting: transferPosting,
  async plan({ session, actors, db }, input) {
    const actor = await actors.of(db, session);
    const sender = namedAccount(input.senderAccountNumber);
    const recipient = namedAccount(input.recipientAccountNumber);
    return {
      accounts: { sender, recipient, agentFloat: actor.agent.floatAccountId },
      amountCentimes: input.amountCentimes,
      actor,
      record: { party: input.party, senderAccountId: sender, recipientAccountId: recipient },
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
