import { refundFlow } from '../../../ledger/flows.js';
import { LedgerRefused } from '../../../ledger/results.js';
import type { MoneyFlow } from '../execute.js';
import { presentPosted } from '../present.js';
import { transactionByNumber } from '../store.js';

/**
 * `POST /transactions/{transactionNumber}/cancel`: by the sending agent, a pending external transfer is
 * settled as cancelled and its amount paid back (the fee is kept) to the sender's account, or in cash
 * mode to the sending agent's float.
 */
export const cancelFlow: MoneyFlow<{ transactionNumber: string }, { destination: string }> = {
  posting: refundFlow,
  async resolve(tx, { at, session, actors, ledger }, { transactionNumber }) {
    const transfer = await ledger.lockTransfer(tx, transactionNumber);
    const actor = await actors.of(tx, session);
    if (!transfer) throw new LedgerRefused('TransactionNotFound');
    if (transfer.agentId !== actor.agent.id) throw new LedgerRefused('NotSendingAgent');
    if (transfer.status !== 'pending') throw new LedgerRefused('TransferNotPending');
    await ledger.settle(tx, transfer, 'cancelled', at);
    // The sending agent is the actor's own agent, checked above.
    const destination = transfer.senderAccountId ?? actor.agent.floatAccountId;
    return {
      accounts: { destination },
      amountCentimes: transfer.amountCentimes,
      actor,
      record: {
        party: null,
        relatedTransactionId: transfer.id,
        senderAccountId: transfer.senderAccountId,
        senderPersonId: transfer.senderPersonId,
        recipient: transfer.recipient,
      },
      fieldOfAccount: { [destination]: 'transactionNumber' },
      present: async (readTx, movement) => {
        const record = await transactionByNumber(readTx, transfer.transactionNumber);
        return presentPosted(movement, session.username, actor, {
          senderAccountNumber: record?.senderAccountNumber ?? null,
          sender: record?.sender ?? null,
          recipient: transfer.recipient,
          relatedTransactionNumber: transfer.transactionNumber,
        });
      },
    };
  },
};
