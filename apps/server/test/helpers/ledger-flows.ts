import { PAYOUT_FAILED_IDENTIFICATIONS_LIMIT } from '@lajan/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { accounts, agents, transactions } from '../../src/db/schema.js';
import { negated, postedEntries } from '../../src/ledger/reversal.js';
import { reversalPosting } from '../../src/modules/corrections/flow.js';
import { agentDepositFlow } from '../../src/modules/transactions/flows/agent-deposit.js';
import { cancelFlow as refundFlow } from '../../src/modules/transactions/flows/cancel.js';
import { depositFlow, withdrawalFlow } from '../../src/modules/transactions/flows/counter.js';
import { externalTransferFlow } from '../../src/modules/transactions/flows/external-transfer.js';
import { payoutFlow } from '../../src/modules/transactions/flows/payout.js';
import { refundExpiredFlow } from '../../src/modules/transactions/flows/refund-expired.js';
import { transferFlow } from '../../src/modules/transactions/flows/transfer.js';
import type { PartyRecord } from '../../src/ledger/ledger.js';
import { accountById, accountByNumber, accountFoundByFlow } from '../../src/ledger/account-ref.js';
import type { Roles } from '../../src/ledger/flows.js';
import type {
  Actor,
  AgentRef,
  LedgerService,
  Movement,
  OneCallFlowPosting,
  PostedMovement,
} from '../../src/ledger/service.js';

interface Common {
  actor: Actor;
  party: PartyRecord | null;
  amountCentimes: number;
  at: Date;
}

/** A pending external transfer as the caller knows it. */
export interface SentTransfer {
  id: string;
  transactionNumber: string;
  senderPersonId?: string | null;
}

/**
 * Each money flow posted through the production path (`LedgerService.postMovement`, decision 216) as its
 * plan would, customer accounts named by number; without HTTP, a key or a drawer, to drive the ledger fast.
 */
export function ledgerFlows(ledger: LedgerService) {
  const posted = async <R extends Roles>(
    db: Db,
    input: Omit<OneCallFlowPosting<R>, 'key' | 'answer' | 'storedAnswer'>,
  ): Promise<Movement> => {
    const result: PostedMovement = await ledger.postMovement(db, {
      ...input,
      key: undefined,
      answer: () => '{}',
      storedAnswer: (row) => ({ status: row.status, bodyText: row.body }),
    });
    if (result.replayed) throw new Error('ledger-flows: a posting without a key was replayed');
    return result.movement;
  };
  const numberOf = async (db: Db, accountId: string): Promise<string> => {
    const [row] = await db
      .select({ number: accounts.accountNumber })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    if (!row) throw new Error(`ledger-flows: no account ${accountId}`);
    return row.number;
  };
  const counter = async (
    db: Db,
    input: Common & { accountId: string },
    flow: typeof depositFlow,
  ): Promise<Movement> => {
    const number = await numberOf(db, input.accountId);
    const customer = accountByNumber(number);
    return posted(db, {
      flow,
      accounts: { customer, agentFloat: accountById(input.actor.agent.floatAccountId) },
      amountCentimes: input.amountCentimes,
      actor: input.actor,
      record: { party: input.party, account: customer },
      at: input.at,
      named: [{ accountNumber: number, field: 'accountNumber' }],
    });
  };
  return {
    deposit: (db: Db, input: Common & { accountId: string }) => counter(db, input, depositFlow),
    withdraw: (db: Db, input: Common & { accountId: string }) => counter(db, input, withdrawalFlow),
    transfer: async (
      db: Db,
      input: Common & { senderAccountId: string; recipientAccountId: string },
    ): Promise<Movement> => {
      const senderNumber = await numberOf(db, input.senderAccountId);
      const recipientNumber = await numberOf(db, input.recipientAccountId);
      const sender = accountByNumber(senderNumber);
      const recipient = accountByNumber(recipientNumber);
      return posted(db, {
        flow: transferFlow,
        accounts: { sender, recipient, agentFloat: accountById(input.actor.agent.floatAccountId) },
        amountCentimes: input.amountCentimes,
        actor: input.actor,
        record: { party: input.party, senderAccount: sender, recipientAccount: recipient },
        at: input.at,
        named: [
          { accountNumber: senderNumber, field: 'senderAccountNumber' },
          { accountNumber: recipientNumber, field: 'recipientAccountNumber' },
        ],
      });
    },
    externalTransfer: async (
      db: Db,
      input: Common & {
        senderAccountId: string | null;
        senderPersonId: string;
        recipient: Record<string, unknown>;
      },
    ): Promise<Movement> => {
      const number = input.senderAccountId === null ? null : await numberOf(db, input.senderAccountId);
      const sender = number === null ? null : accountByNumber(number);
      return posted(db, {
        flow: externalTransferFlow,
        accounts: { sender, agentFloat: accountById(input.actor.agent.floatAccountId) },
        amountCentimes: input.amountCentimes,
        actor: input.actor,
        record: {
          party: input.party,
          senderAccount: sender,
          senderPersonId: input.senderPersonId,
          recipient: input.recipient,
        },
        at: input.at,
        named: number === null ? [] : [{ accountNumber: number, field: 'accountNumber' }],
        flowCall: { flow: 'external_transfer', args: { senderId: input.senderPersonId } },
      });
    },
    /** Settles a pending transfer as paid, and pays it out to the actor's float, its recipient identified. */
    payout: (
      db: Db,
      input: {
        actor: Actor;
        transfer: SentTransfer;
        amountCentimes: number;
        recipient: Record<string, unknown>;
        party: PartyRecord;
        at: Date;
      },
    ): Promise<Movement> =>
      posted(db, {
        flow: payoutFlow,
        accounts: { payingAgentFloat: accountById(input.actor.agent.floatAccountId) },
        amountCentimes: input.amountCentimes,
        actor: input.actor,
        record: {
          party: input.party,
          relatedTransactionId: input.transfer.id,
          senderPersonId: input.transfer.senderPersonId ?? null,
          recipient: input.recipient,
        },
        at: input.at,
        named: [],
        flowCall: {
          flow: 'payout',
          args: {
            transactionNumber: input.transfer.transactionNumber,
            notFoundField: 'transactionNumber',
            transferId: input.transfer.id,
            amount: null,
            identified: true,
            failedIdentificationsLimit: PAYOUT_FAILED_IDENTIFICATIONS_LIMIT,
          },
        },
      }),
    /** Settles a pending transfer as cancelled by its sending agent, its sender identified, and pays it back. */
    cancel: (
      db: Db,
      input: { actor: Actor; transfer: SentTransfer; party: PartyRecord | null; at: Date },
    ): Promise<Movement> =>
      posted(db, {
        flow: refundFlow,
        accounts: { destination: accountFoundByFlow('destination') },
        // The transfer's amount, known to the database only: the entries are for one centime, scaled there.
        amountCentimes: 1,
        actor: input.actor,
        record: { party: input.party },
        at: input.at,
        named: [],
        flowCall: {
          flow: 'cancel',
          args: {
            transactionNumber: input.transfer.transactionNumber,
            float: input.actor.agent.floatAccountId,
            transferId: input.transfer.id,
            identified: true,
            failedIdentificationsLimit: PAYOUT_FAILED_IDENTIFICATIONS_LIMIT,
          },
          fieldOfUnnamed: 'transactionNumber',
        },
      }),
    /** Pays back in cash an expired transfer, its sender identified, from the teller's float (decision 225). */
    refundExpired: (
      db: Db,
      input: {
        actor: Actor;
        transfer: SentTransfer & { amountCentimes: number };
        party: PartyRecord;
        at: Date;
      },
    ): Promise<Movement> =>
      posted(db, {
        flow: refundExpiredFlow,
        accounts: { float: accountById(input.actor.agent.floatAccountId) },
        amountCentimes: input.transfer.amountCentimes,
        actor: input.actor,
        record: { party: input.party },
        at: input.at,
        named: [],
        flowCall: {
          flow: 'refund_expired',
          args: {
            transactionNumber: input.transfer.transactionNumber,
            transferId: input.transfer.id,
            identified: true,
            failedIdentificationsLimit: PAYOUT_FAILED_IDENTIFICATIONS_LIMIT,
          },
        },
      }),
    /** The treasury funds an agent's float, the agent found by its code as `POST /agents/deposit` does. */
    agentDeposit: async (
      db: Db,
      input: { userId: string; agent: AgentRef; party: PartyRecord; amountCentimes: number; at: Date },
    ): Promise<Movement> => {
      const [agent] = await db
        .select({ code: agents.code })
        .from(agents)
        .where(eq(agents.id, input.agent.id));
      if (!agent) throw new Error(`ledger-flows: no agent ${input.agent.id}`);
      return posted(db, {
        flow: agentDepositFlow,
        accounts: { agentFloat: accountFoundByFlow('float') },
        amountCentimes: input.amountCentimes,
        actor: { userId: input.userId, agent: null },
        record: { party: input.party, recipientAccount: accountFoundByFlow('float') },
        at: input.at,
        named: [],
        flowCall: { flow: 'agent_deposit', args: { code: agent.code } },
      });
    },
    /**
     * A reversal of `original` (decision 226): its entries negated, as the corrections' plan posts them; its
     * request must exist (approved, or requested by another user when no cash moves).
     */
    reversal: async (
      db: Db,
      input: { actor: Actor; original: { id: string; transactionNumber: string }; at: Date },
    ): Promise<Movement> => {
      const written = await postedEntries(db, input.original.transactionNumber);
      if (!written) throw new Error(`ledger-flows: no transaction ${input.original.transactionNumber}`);
      const { posting, accounts } = reversalPosting(negated(written));
      const [row] = await db
        .select({ amount: transactions.amountCentimes })
        .from(transactions)
        .where(eq(transactions.id, input.original.id));
      return posted(db, {
        flow: posting,
        accounts,
        amountCentimes: Number(row!.amount),
        actor: input.actor,
        record: { relatedTransactionId: input.original.id },
        at: input.at,
        named: [],
      });
    },
  };
}
