import { MAX_AGENT_DEPOSIT_HTG, type TransactionType } from '@lajan/domain';
import { LedgerRefused } from './results.js';

/**
 * Who pays whom (DESIGN §4's table), one pure function per money flow: given the accounts a movement
 * touches (already resolved to ids) and its amounts, the entries it posts. Tested on its own against
 * the table, row by row (`test/who-pays-whom.test.ts`).
 */

/** One entry: a signed amount in centimes, positive when it raises the account's balance. */
export interface EntryInput {
  accountId: string;
  amountCentimes: number;
}

/** The amount moved, the fee the payer pays on top, and the agent's share of that fee (0 ≤ share ≤ fee). */
export interface Amounts {
  amountCentimes: number;
  feeCentimes: number;
  agentShareCentimes: number;
}

/** The system accounts' ids (DESIGN §4): fee income, external transfers to pay out, treasury. */
export interface SystemAccountIds {
  feeIncome: string;
  payout: string;
  treasury: string;
}

/**
 * One money flow as the ledger posts it: its transaction type and status, whether its fee comes from
 * the schedule (the four banded types) or is none, the checks on its accounts and amount that come
 * before the fee, and who pays whom.
 */
export interface PostingFlow<Accounts> {
  type: TransactionType;
  status: 'completed' | 'pending';
  banded: boolean;
  check?: (accounts: Accounts, amountCentimes: number) => void;
  entries: (accounts: Accounts, system: SystemAccountIds, amounts: Amounts) => EntryInput[];
}

/** The most an agent deposit moves (DESIGN §4: 1 000 000 HTG). */
export const MAX_AGENT_DEPOSIT_CENTIMES = MAX_AGENT_DEPOSIT_HTG * 100;

/** Entries of zero are not written (DESIGN §4). */
function written(entries: EntryInput[]): EntryInput[] {
  return entries.filter((entry) => entry.amountCentimes !== 0);
}

/**
 * The banded flows' shape: the payer pays the amount and the fee, the payee gets the amount, the agent's
 * float the agent share and fee income the rest of the fee.
 */
function payingWithFee(
  payer: string,
  payee: string,
  agentFloat: string,
  system: SystemAccountIds,
  { amountCentimes, feeCentimes, agentShareCentimes }: Amounts,
): EntryInput[] {
  return written([
    { accountId: payer, amountCentimes: -(amountCentimes + feeCentimes) },
    { accountId: payee, amountCentimes },
    { accountId: agentFloat, amountCentimes: agentShareCentimes },
    { accountId: system.feeIncome, amountCentimes: feeCentimes - agentShareCentimes },
  ]);
}

/** The flows with no fee: the payer pays the amount to the payee. */
function paying(payer: string, payee: string, { amountCentimes }: Amounts): EntryInput[] {
  return written([
    { accountId: payer, amountCentimes: -amountCentimes },
    { accountId: payee, amountCentimes },
  ]);
}

/** The customer brings cash: the agent's float pays the customer's account (a fee, if any, as any other). */
export const depositFlow: PostingFlow<{ agentFloat: string; customer: string }> = {
  type: 'deposit',
  status: 'completed',
  banded: true,
  entries: (a, system, amounts) => payingWithFee(a.agentFloat, a.customer, a.agentFloat, system, amounts),
};

/** The customer takes cash: the account pays the amount and the fee to the agent's float and fee income. */
export const withdrawalFlow: PostingFlow<{ customer: string; agentFloat: string }> = {
  type: 'withdrawal',
  status: 'completed',
  banded: true,
  entries: (a, system, amounts) => payingWithFee(a.customer, a.agentFloat, a.agentFloat, system, amounts),
};

/** Between two customer accounts; the sender pays the fee. */
export const transferFlow: PostingFlow<{ sender: string; recipient: string; agentFloat: string }> = {
  type: 'transfer',
  status: 'completed',
  banded: true,
  check: (a) => {
    if (a.sender === a.recipient) throw new LedgerRefused('SameAccount', { field: 'recipientAccountNumber' });
  },
  entries: (a, system, amounts) => payingWithFee(a.sender, a.recipient, a.agentFloat, system, amounts),
};

/**
 * An external transfer sent: the sender's account pays "to pay out", or, when `sender` is null (cash
 * at the counter), the agent's float does.
 */
export const externalTransferFlow: PostingFlow<{ sender: string | null; agentFloat: string }> = {
  type: 'external_transfer',
  status: 'pending',
  banded: true,
  entries: (a, system, amounts) =>
    payingWithFee(a.sender ?? a.agentFloat, system.payout, a.agentFloat, system, amounts),
};

/** A pending external transfer paid out: "to pay out" pays the paying agent's float the stored amount. */
export const payoutFlow: PostingFlow<{ payingAgentFloat: string }> = {
  type: 'external_payout',
  status: 'completed',
  banded: false,
  entries: (a, system, amounts) => paying(system.payout, a.payingAgentFloat, amounts),
};

/**
 * A cancelled external transfer paid back (`external_refund`): "to pay out" pays the sender's account,
 * or in cash mode the sending agent's float; the fee is kept.
 */
export const refundFlow: PostingFlow<{ destination: string }> = {
  type: 'external_refund',
  status: 'completed',
  banded: false,
  entries: (a, system, amounts) => paying(system.payout, a.destination, amounts),
};

/** The super administrator funds an agent's float from the treasury: no fee, at most 1 000 000 HTG. */
export const agentDepositFlow: PostingFlow<{ agentFloat: string }> = {
  type: 'agent_deposit',
  status: 'completed',
  banded: false,
  check: (_accounts, amountCentimes) => {
    // The input schema says so too; the ledger holds the limit whatever the caller checked.
    if (amountCentimes > MAX_AGENT_DEPOSIT_CENTIMES)
      throw new LedgerRefused('AgentDepositLimit', { field: 'amount' });
  },
  entries: (a, system, amounts) => paying(system.treasury, a.agentFloat, amounts),
};
