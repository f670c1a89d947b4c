import type { Tx } from '../../src/db/client.js';
import {
  agentDepositFlow,
  depositFlow,
  externalTransferFlow,
  payoutFlow,
  refundFlow,
  transferFlow,
  withdrawalFlow,
} from '../../src/ledger/flows.js';
import type { PartyRecord } from '../../src/ledger/ledger.js';
import type { Actor, AgentRef, LedgerService, LockedTransfer, Movement } from '../../src/ledger/service.js';

interface Common {
  actor: Actor;
  party: PartyRecord | null;
  amountCentimes: number;
  at: Date;
}

/**
 * Each money flow posted straight through the ledger, on account ids (no HTTP, no resolution), with the
 * business record the transactions module writes: for the tests that set a scene or drive the ledger fast.
 */
export function ledgerFlows(ledger: LedgerService) {
  return {
    deposit: (tx: Tx, input: Common & { accountId: string }): Promise<Movement> =>
      ledger.postFlow(tx, {
        flow: depositFlow,
        accounts: { agentFloat: input.actor.agent.floatAccountId, customer: input.accountId },
        amountCentimes: input.amountCentimes,
        actor: input.actor,
        record: { party: input.party, accountId: input.accountId },
        at: input.at,
        fieldOfAccount: { [input.accountId]: 'accountNumber' },
      }),
    withdraw: (tx: Tx, input: Common & { accountId: string }): Promise<Movement> =>
      ledger.postFlow(tx, {
        flow: withdrawalFlow,
        accounts: { customer: input.accountId, agentFloat: input.actor.agent.floatAccountId },
        amountCentimes: input.amountCentimes,
        actor: input.actor,
        record: { party: input.party, accountId: input.accountId },
        at: input.at,
        fieldOfAccount: { [input.accountId]: 'accountNumber' },
      }),
    transfer: (
      tx: Tx,
      input: Common & { senderAccountId: string; recipientAccountId: string },
    ): Promise<Movement> =>
      ledger.postFlow(tx, {
        flow: transferFlow,
        accounts: {
          sender: input.senderAccountId,
          recipient: input.recipientAccountId,
          agentFloat: input.actor.agent.floatAccountId,
        },
        amountCentimes: input.amountCentimes,
        actor: input.actor,
        record: {
          party: input.party,
          senderAccountId: input.senderAccountId,
          recipientAccountId: input.recipientAccountId,
        },
        at: input.at,
      }),
    externalTransfer: (
      tx: Tx,
      input: Common & {
        senderAccountId: string | null;
        senderPersonId: string;
        recipient: Record<string, unknown>;
      },
    ): Promise<Movement> =>
      ledger.postFlow(tx, {
        flow: externalTransferFlow,
        accounts: { sender: input.senderAccountId, agentFloat: input.actor.agent.floatAccountId },
        amountCentimes: input.amountCentimes,
        actor: input.actor,
        record: {
          party: input.party,
          senderAccountId: input.senderAccountId,
          senderPersonId: input.senderPersonId,
          recipient: input.recipient,
        },
        at: input.at,
      }),
    /** Settles a locked pending transfer as paid, then pays it out to the actor's float. */
    payout: async (
      tx: Tx,
      input: {
        actor: Actor;
        transfer: LockedTransfer;
        recipient: Record<string, unknown>;
        party: PartyRecord;
        at: Date;
      },
    ): Promise<Movement> => {
      await ledger.settle(tx, input.transfer, 'completed', input.at);
      return ledger.postFlow(tx, {
        flow: payoutFlow,
        accounts: { payingAgentFloat: input.actor.agent.floatAccountId },
        amountCentimes: input.transfer.amountCentimes,
        actor: input.actor,
        record: {
          party: input.party,
          relatedTransactionId: input.transfer.id,
          senderPersonId: input.transfer.senderPersonId,
          recipient: input.recipient,
        },
        at: input.at,
      });
    },
    /** Settles a locked pending transfer as cancelled, then pays it back. */
    cancel: async (
      tx: Tx,
      input: { actor: Actor; transfer: LockedTransfer; sendingAgentFloatAccountId: string; at: Date },
    ): Promise<Movement> => {
      await ledger.settle(tx, input.transfer, 'cancelled', input.at);
      const destination = input.transfer.senderAccountId ?? input.sendingAgentFloatAccountId;
      return ledger.postFlow(tx, {
        flow: refundFlow,
        accounts: { destination },
        amountCentimes: input.transfer.amountCentimes,
        actor: input.actor,
        record: {
          party: null,
          relatedTransactionId: input.transfer.id,
          senderAccountId: input.transfer.senderAccountId,
          senderPersonId: input.transfer.senderPersonId,
          recipient: input.transfer.recipient,
        },
        at: input.at,
        fieldOfAccount: { [destination]: 'transactionNumber' },
      });
    },
    agentDeposit: (
      tx: Tx,
      input: { userId: string; agent: AgentRef; party: PartyRecord; amountCentimes: number; at: Date },
    ): Promise<Movement> =>
      ledger.postFlow(tx, {
        flow: agentDepositFlow,
        accounts: { agentFloat: input.agent.floatAccountId },
        amountCentimes: input.amountCentimes,
        actor: { userId: input.userId, agent: input.agent },
        record: { party: input.party, recipientAccountId: input.agent.floatAccountId },
        at: input.at,
      }),
  };
}
