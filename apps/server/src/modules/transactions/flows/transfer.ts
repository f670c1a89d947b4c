import type { transferInputSchema } from '@lajan/domain';
import type { z } from 'zod';
import { transferFlow as transferPosting } from '../../../ledger/flows.js';
import { LedgerRefused } from '../../../ledger/results.js';
import type { MoneyFlow } from '../execute.js';
import { presentPosted } from '../present.js';
import { customerAccountsByNumbers } from '../store.js';

/** `POST /transactions/transfer`: between two customer accounts; a holder of the sender's at the counter. */
export const transferFlow: MoneyFlow<
  z.output<typeof transferInputSchema>,
  { sender: string; recipient: string; agentFloat: string }
> = {
  posting: transferPosting,
  async resolve(tx, { session, actors }, input) {
    const actor = await actors.of(tx, session);
    const { amountCentimes } = input;
    const found = await customerAccountsByNumbers(
      tx,
      [input.senderAccountNumber, input.recipientAccountNumber],
      input.party,
    );
    const sender = found.get(input.senderAccountNumber);
    if (!sender) throw new LedgerRefused('AccountNotFound', { field: 'senderAccountNumber' });
    const recipient = found.get(input.recipientAccountNumber);
    if (!recipient) throw new LedgerRefused('AccountNotFound', { field: 'recipientAccountNumber' });
    if (!sender.partyIsHolder) throw new LedgerRefused('NotAccountHolder');
    return {
      accounts: { sender: sender.id, recipient: recipient.id, agentFloat: actor.agent.floatAccountId },
      amountCentimes,
      actor,
      record: { party: input.party, senderAccountId: sender.id, recipientAccountId: recipient.id },
      fieldOfAccount: { [sender.id]: 'senderAccountNumber', [recipient.id]: 'recipientAccountNumber' },
      present: (_tx, movement) =>
        presentPosted(movement, session.username, actor, {
          senderAccountNumber: sender.accountNumber,
          recipientAccountNumber: recipient.accountNumber,
          party: input.party,
        }),
    };
  },
};
