import { refundFlow } from '../../../ledger/flows.js';
import { pendingTransferNeedsDrawer } from '../../../ledger/drawer.js';
import { answerSlots } from '../../../ledger/flow-call.js';
import type { PlannedMoneyFlow } from '../execute.js';
import { presentPosted } from '../present.js';

/**
 * `POST /transactions/{transactionNumber}/cancel`: by the sending agent, a pending external transfer is
 * settled as cancelled and its amount paid back (the fee is kept) to the sender's account, or in cash
 * mode to the sending agent's float. One call (decision 143): the database locks the transfer's row
 * before any account, checks who cancels and its status, settles it (`UPDATE … WHERE status =
 * 'pending'`), and posts the refund of its amount to its destination (`@destination`); what the answer
 * shows of the transfer (amount, sender, recipient) is written in by the call.
 */
export const cancelFlow: PlannedMoneyFlow<{ transactionNumber: string }, { destination: string }> = {
  posting: refundFlow,
  async plan({ session, actors, db }, { transactionNumber }) {
    const actor = await actors.of(db, session);
    const { nonce, slot } = answerSlots();
    return {
      accounts: { destination: '@destination' },
      // The transfer's amount, known to the database only: the entries are for one centime, scaled there.
      amountCentimes: 1,
      actor,
      // The sender account and person, the recipient and the related transfer are the transfer's.
      record: { party: null },
      named: [],
      flowCall: {
        flow: 'cancel',
        args: { transactionNumber, float: actor.agent.floatAccountId },
        nonce,
        amountFromTransfer: true,
        fieldOfUnnamed: 'transactionNumber',
        // A cash send is paid back in cash from the cancelling teller's drawer (decision 149).
        drawerNeeded: pendingTransferNeedsDrawer(transactionNumber, { cancelledBy: actor.agent.id }),
      },
      cashDrawer: true,
      present: (movement) => ({
        ...presentPosted(movement, session.username, actor, { relatedTransactionNumber: transactionNumber }),
        amount: slot('amount'),
        total: slot('total'),
        senderAccountNumber: slot('senderAccountNumber'),
        senderAccount: slot('senderAccount'),
        senderId: slot('senderId'),
        sender: slot('sender'),
        recipient: slot('recipient'),
      }),
    };
  },
};
