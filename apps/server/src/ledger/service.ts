import { centimesFromSql, MAX_AGENT_DEPOSIT_HTG, type FeeType, type TransactionType } from '@lajan/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { transactions } from '../db/schema.js';
import { feeFor } from './fee-schedule.js';
import {
  post,
  type BusinessRecord,
  type EntryInput,
  type PartyRecord,
  type PostedTransaction,
} from './ledger.js';
import { LedgerRefused, LedgerUnavailable } from './results.js';
import type { SystemAccounts } from './system-accounts.js';

/** The agent a movement is done for, with its float account (where the agent's share of a fee goes). */
export interface AgentRef {
  id: string;
  floatAccountId: string;
}

/** Who posts: the signed-in user, for its agent. */
export interface Actor {
  userId: string;
  agent: AgentRef;
}

export interface Movement {
  posted: PostedTransaction;
  type: TransactionType;
  status: 'completed' | 'pending';
  amountCentimes: number;
  feeCentimes: number;
  agentShareCentimes: number;
}

/** An external transfer, locked for a payout or a cancellation. */
export interface LockedTransfer {
  id: string;
  transactionNumber: string;
  status: 'completed' | 'pending' | 'cancelled';
  amountCentimes: number;
  agentId: string | null;
  senderAccountId: string | null;
  senderPersonId: string | null;
  recipient: Record<string, unknown> | null;
}

/**
 * Who pays what (DESIGN §4 table). Every flow is one payer and one payee of the amount, the payer also
 * paying the fee, of which the agent's float gets the agent share and fee income the rest:
 *
 * | flow | payer | payee |
 * | deposit | agent float | customer account |
 * | withdrawal | customer account | agent float |
 * | internal transfer | sender account | recipient account |
 * | external transfer, cash | agent float | to pay out |
 * | external transfer, from account | sender account | to pay out |
 * | payout | to pay out | paying agent's float (no fee) |
 * | refund | to pay out | sender account, or the sending agent's float (no fee) |
 * | agent deposit | treasury | agent float (no fee) |
 *
 * With a fee of 0 (a deposit in the default schedule) the fee entries are zero and not written.
 */
export function movementEntries(
  parties: { payer: string; payee: string; agentFloat: string; feeIncome: string },
  amounts: { amountCentimes: number; feeCentimes: number; agentShareCentimes: number },
): EntryInput[] {
  const { amountCentimes, feeCentimes, agentShareCentimes } = amounts;
  return [
    { accountId: parties.payer, amountCentimes: -(amountCentimes + feeCentimes) },
    { accountId: parties.payee, amountCentimes },
    { accountId: parties.agentFloat, amountCentimes: agentShareCentimes },
    { accountId: parties.feeIncome, amountCentimes: feeCentimes - agentShareCentimes },
  ];
}

interface Common {
  actor: Actor;
  party: PartyRecord | null;
  amountCentimes: number;
  at: Date;
}

/**
 * Every money movement of DESIGN §4, on account ids already resolved (the transactions module finds
 * them by number and checks who may use them). The fee and agent share come from the schedule by type
 * and amount band; an amount outside every band is refused before anything is written.
 */
export class LedgerService {
  #system: SystemAccounts | undefined;

  /** Without `system`, the ledger waits for `useSystemAccounts` (a start before the database answers). */
  constructor(system?: SystemAccounts) {
    this.#system = system;
  }

  /** The system accounts; until the database has answered once, `LedgerUnavailable`. */
  get system(): SystemAccounts {
    if (!this.#system) throw new LedgerUnavailable();
    return this.#system;
  }

  useSystemAccounts(system: SystemAccounts): void {
    this.#system = system;
  }

  async deposit(tx: Tx, input: Common & { accountId: string }): Promise<Movement> {
    return this.#banded(tx, 'deposit', input, {
      payer: input.actor.agent.floatAccountId,
      payee: input.accountId,
      extra: { accountId: input.accountId },
      fieldOfAccount: { [input.accountId]: 'accountNumber' },
    });
  }

  async withdraw(tx: Tx, input: Common & { accountId: string }): Promise<Movement> {
    return this.#banded(tx, 'withdrawal', input, {
      payer: input.accountId,
      payee: input.actor.agent.floatAccountId,
      extra: { accountId: input.accountId },
      fieldOfAccount: { [input.accountId]: 'accountNumber' },
    });
  }

  async transfer(
    tx: Tx,
    input: Common & { senderAccountId: string; recipientAccountId: string },
  ): Promise<Movement> {
    if (input.senderAccountId === input.recipientAccountId)
      throw new LedgerRefused('SameAccount', { field: 'recipientAccountNumber' });
    return this.#banded(tx, 'transfer', input, {
      payer: input.senderAccountId,
      payee: input.recipientAccountId,
      extra: { senderAccountId: input.senderAccountId, recipientAccountId: input.recipientAccountId },
      fieldOfAccount: {
        [input.senderAccountId]: 'senderAccountNumber',
        [input.recipientAccountId]: 'recipientAccountNumber',
      },
    });
  }

  /** Cash mode when `senderAccountId` is null: the agent's float pays, the customer having paid in cash. */
  async externalTransfer(
    tx: Tx,
    input: Common & {
      senderAccountId: string | null;
      senderPersonId: string;
      recipient: Record<string, unknown>;
    },
  ): Promise<Movement> {
    return this.#banded(tx, 'external_transfer', input, {
      payer: input.senderAccountId ?? input.actor.agent.floatAccountId,
      payee: this.system.payout.id,
      status: 'pending',
      extra: {
        senderAccountId: input.senderAccountId,
        senderPersonId: input.senderPersonId,
        recipient: input.recipient,
      },
      fieldOfAccount: input.senderAccountId ? { [input.senderAccountId]: 'accountNumber' } : {},
    });
  }

  /**
   * Locks an external transfer's row (`FOR UPDATE`), before any account, so that a payout and a
   * cancellation of one transfer run one after the other. Undefined when the number is not one.
   */
  async lockTransfer(tx: Tx, transactionNumber: string): Promise<LockedTransfer | undefined> {
    const [row] = await tx
      .select({
        id: transactions.id,
        transactionNumber: transactions.transactionNumber,
        type: transactions.type,
        status: transactions.status,
        amountCentimes: transactions.amountCentimes,
        agentId: transactions.agentId,
        senderAccountId: transactions.senderAccountId,
        senderPersonId: transactions.senderPersonId,
        recipient: transactions.recipient,
      })
      .from(transactions)
      .where(eq(transactions.transactionNumber, transactionNumber))
      .for('update');
    if (!row || row.type !== 'external_transfer') return undefined;
    return {
      id: row.id,
      transactionNumber: row.transactionNumber,
      status: row.status,
      amountCentimes: centimesFromSql(row.amountCentimes),
      agentId: row.agentId,
      senderAccountId: row.senderAccountId,
      senderPersonId: row.senderPersonId,
      recipient: row.recipient,
    };
  }

  /** Pays a locked pending transfer out to the paying agent's float; the transfer becomes `completed`. */
  async payout(
    tx: Tx,
    input: {
      actor: Actor;
      transfer: LockedTransfer;
      recipient: Record<string, unknown>;
      party: PartyRecord;
      at: Date;
    },
  ): Promise<Movement> {
    await this.#settle(tx, input.transfer, 'completed', input.at);
    return this.#unbanded(tx, 'external_payout', {
      actor: input.actor,
      party: input.party,
      amountCentimes: input.transfer.amountCentimes,
      at: input.at,
      payer: this.system.payout.id,
      payee: input.actor.agent.floatAccountId,
      extra: {
        relatedTransactionId: input.transfer.id,
        senderPersonId: input.transfer.senderPersonId,
        recipient: input.recipient,
      },
    });
  }

  /**
   * Cancels a locked pending transfer: `external_refund` of the amount (the fee is kept) to the sender's
   * account, or in cash mode to the sending agent's float; the transfer becomes `cancelled`.
   */
  async cancel(
    tx: Tx,
    input: { actor: Actor; transfer: LockedTransfer; sendingAgentFloatAccountId: string; at: Date },
  ): Promise<Movement> {
    await this.#settle(tx, input.transfer, 'cancelled', input.at);
    const destination = input.transfer.senderAccountId ?? input.sendingAgentFloatAccountId;
    return this.#unbanded(tx, 'external_refund', {
      actor: input.actor,
      party: null,
      amountCentimes: input.transfer.amountCentimes,
      at: input.at,
      payer: this.system.payout.id,
      payee: destination,
      extra: {
        relatedTransactionId: input.transfer.id,
        senderAccountId: input.transfer.senderAccountId,
        senderPersonId: input.transfer.senderPersonId,
        recipient: input.transfer.recipient,
      },
      fieldOfAccount: { [destination]: 'transactionNumber' },
    });
  }

  /** The super administrator funds an agent's float from the treasury: no fee (DESIGN §4). */
  async agentDeposit(
    tx: Tx,
    input: { userId: string; agent: AgentRef; party: PartyRecord; amountCentimes: number; at: Date },
  ): Promise<Movement> {
    // The input schema says so too; the ledger holds the limit whatever the caller checked.
    if (input.amountCentimes > MAX_AGENT_DEPOSIT_HTG * 100)
      throw new LedgerRefused('AgentDepositLimit', { field: 'amount' });
    return this.#unbanded(tx, 'agent_deposit', {
      actor: { userId: input.userId, agent: input.agent },
      party: input.party,
      amountCentimes: input.amountCentimes,
      at: input.at,
      payer: this.system.treasury.id,
      payee: input.agent.floatAccountId,
      extra: { recipientAccountId: input.agent.floatAccountId },
    });
  }

  /** `UPDATE … WHERE status = 'pending'`: a transfer changes status once, whatever ran before. */
  async #settle(
    tx: Tx,
    transfer: LockedTransfer,
    status: 'completed' | 'cancelled',
    at: Date,
  ): Promise<void> {
    const updated = await tx
      .update(transactions)
      .set({ status, settledAt: at })
      .where(and(eq(transactions.id, transfer.id), eq(transactions.status, 'pending')))
      .returning({ id: transactions.id });
    if (updated.length === 0) throw new LedgerRefused('TransferNotPending');
    transfer.status = status;
  }

  async #banded(
    tx: Tx,
    type: FeeType,
    input: Common,
    how: {
      payer: string;
      payee: string;
      status?: 'completed' | 'pending';
      extra: BusinessRecord;
      fieldOfAccount: Record<string, string>;
    },
  ): Promise<Movement> {
    const { feeCentimes, agentShareCentimes } = await feeFor(tx, type, input.amountCentimes);
    const amounts = { amountCentimes: input.amountCentimes, feeCentimes, agentShareCentimes };
    const status = how.status ?? 'completed';
    const posted = await post(tx, {
      posting: {
        type,
        status,
        ...amounts,
        agentId: input.actor.agent.id,
        createdByUserId: input.actor.userId,
        at: input.at,
        entries: movementEntries(
          {
            payer: how.payer,
            payee: how.payee,
            agentFloat: input.actor.agent.floatAccountId,
            feeIncome: this.system.fee_income.id,
          },
          amounts,
        ),
      },
      record: { party: input.party, ...how.extra },
      fieldOfAccount: how.fieldOfAccount,
    });
    return { posted, type, status, ...amounts };
  }

  async #unbanded(
    tx: Tx,
    type: 'external_payout' | 'external_refund' | 'agent_deposit',
    input: Common & {
      payer: string;
      payee: string;
      extra: BusinessRecord;
      fieldOfAccount?: Record<string, string>;
    },
  ): Promise<Movement> {
    const amounts = { amountCentimes: input.amountCentimes, feeCentimes: 0, agentShareCentimes: 0 };
    const posted = await post(tx, {
      posting: {
        type,
        status: 'completed',
        ...amounts,
        agentId: input.actor.agent.id,
        createdByUserId: input.actor.userId,
        at: input.at,
        entries: [
          { accountId: input.payer, amountCentimes: -input.amountCentimes },
          { accountId: input.payee, amountCentimes: input.amountCentimes },
        ],
      },
      record: { party: input.party, ...input.extra },
      fieldOfAccount: input.fieldOfAccount ?? {},
    });
    return { posted, type, status: 'completed', ...amounts };
  }
}
