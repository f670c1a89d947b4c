import { MAX_AGENT_DEPOSIT_HTG, type TransactionType } from '@lajan/domain';
import { sameAccount, type AccountRef } from './account-ref.js';
import { LedgerRefused } from './results.js';

/**
 * Who pays whom (DESIGN §4's table), one pure function per money flow: given the accounts a movement
 * touches, however named, and its amounts, the entries it posts. Tested on its own against
 * the table, row by row (`test/who-pays-whom.test.ts`).
 */

/**
 * One entry: a signed amount in centimes, positive when it raises the account's balance. `A` is whatever
 * names an account: an `AccountRef` when posting, a plain name in the tests of DESIGN §4's table.
 */
export interface Entry<A = AccountRef> {
  account: A;
  amountCentimes: number;
}

/** The amount moved, the fee the payer pays on top, and the agent's share of that fee (0 ≤ share ≤ fee). */
export interface Amounts {
  amountCentimes: number;
  feeCentimes: number;
  agentShareCentimes: number;
}

/** The system accounts (DESIGN §4): fee income, external transfers to pay out, treasury. */
export interface SystemAccountsOf<A = AccountRef> {
  feeIncome: A;
  payout: A;
  treasury: A;
}

/** A flow's accounts by role, each named by `A`; an `'optional'` role may be absent (null). */
export type Roles = Record<string, 'required' | 'optional'>;
/** The roles of a flow declared as a `PostingFlow`. */
export type RolesOf<F> = F extends PostingFlow<infer R> ? R : never;

export type AccountsOf<R extends Roles, A = AccountRef> = {
  [K in keyof R]: R[K] extends 'optional' ? A | null : A;
};

/**
 * One money flow as the ledger posts it: its transaction type and status, whether its fee comes from
 * the schedule (the four banded types) or is none, the checks on its accounts and amount that come
 * before the fee, and who pays whom, a pure function of its accounts, whatever names them.
 */
export interface PostingFlow<R extends Roles> {
  type: TransactionType;
  status: 'completed' | 'pending';
  banded: boolean;
  check?: <A extends AccountRef | string>(accounts: AccountsOf<R, A>, amountCentimes: number) => void;
  entries: <A>(accounts: AccountsOf<R, A>, system: SystemAccountsOf<A>, amounts: Amounts) => Entry<A>[];
}

/** The most an agent deposit moves (DESIGN §4: 1 000 000 HTG). */
export const MAX_AGENT_DEPOSIT_CENTIMES = MAX_AGENT_DEPOSIT_HTG * 100;

/** Entries of zero are not written (DESIGN §4). */
function written<A>(entries: Entry<A>[]): Entry<A>[] {
  return entries.filter((entry) => entry.amountCentimes !== 0);
}

/**
 * The banded flows' shape: the payer pays the amount and the fee, the payee gets the amount, the agent's
 * float the agent share and fee income the rest of the fee.
 */
function payingWithFee<A>(
  payer: A,
  payee: A,
  agentFloat: A,
  system: SystemAccountsOf<A>,
  { amountCentimes, feeCentimes, agentShareCentimes }: Amounts,
): Entry<A>[] {
  return written([
    { account: payer, amountCentimes: -(amountCentimes + feeCentimes) },
    { account: payee, amountCentimes },
    { account: agentFloat, amountCentimes: agentShareCentimes },
    { account: system.feeIncome, amountCentimes: feeCentimes - agentShareCentimes },
  ]);
}

/** The flows with no fee: the payer pays the amount to the payee. */
function paying<A>(payer: A, payee: A, { amountCentimes }: Amounts): Entry<A>[] {
  return written([
    { account: payer, amountCentimes: -amountCentimes },
    { account: payee, amountCentimes },
  ]);
}

/** The customer brings cash: the agent's float pays the customer's account (a fee, if any, as any other). */
export const depositFlow: PostingFlow<{ agentFloat: 'required'; customer: 'required' }> = {
  type: 'deposit',
  status: 'completed',
  banded: true,
  entries: (a, system, amounts) => payingWithFee(a.agentFloat, a.customer, a.agentFloat, system, amounts),
};

/** The customer takes cash: the account pays the amount and the fee to the agent's float and fee income. */
export const withdrawalFlow: PostingFlow<{ customer: 'required'; agentFloat: 'required' }> = {
  type: 'withdrawal',
  status: 'completed',
  banded: true,
  entries: (a, system, amounts) => payingWithFee(a.customer, a.agentFloat, a.agentFloat, system, amounts),
};

/** Between two customer accounts; the sender pays the fee. */
export const transferFlow: PostingFlow<{
  sender: 'required';
  recipient: 'required';
  agentFloat: 'required';
}> = {
  type: 'transfer',
  status: 'completed',
  banded: true,
  check: (a) => {
    if (sameAccount(a.sender, a.recipient))
      throw new LedgerRefused('SameAccount', { field: 'recipientAccountNumber' });
  },
  entries: (a, system, amounts) => payingWithFee(a.sender, a.recipient, a.agentFloat, system, amounts),
};

/**
 * An external transfer sent: the sender's account pays "to pay out", or, when `sender` is null (cash
 * at the counter), the agent's float does.
 */
export const externalTransferFlow: PostingFlow<{ sender: 'optional'; agentFloat: 'required' }> = {
  type: 'external_transfer',
  status: 'pending',
  banded: true,
  entries: (a, system, amounts) =>
    payingWithFee(a.sender ?? a.agentFloat, system.payout, a.agentFloat, system, amounts),
};

/** A pending external transfer paid out: "to pay out" pays the paying agent's float the stored amount. */
export const payoutFlow: PostingFlow<{ payingAgentFloat: 'required' }> = {
  type: 'external_payout',
  status: 'completed',
  banded: false,
  entries: (a, system, amounts) => paying(system.payout, a.payingAgentFloat, amounts),
};

/**
 * A cancelled external transfer paid back (`external_refund`): "to pay out" pays the sender's account,
 * or in cash mode the sending agent's float; the fee is kept.
 */
export const refundFlow: PostingFlow<{ destination: 'required' }> = {
  type: 'external_refund',
  status: 'completed',
  banded: false,
  entries: (a, system, amounts) => paying(system.payout, a.destination, amounts),
};

/** The super administrator funds an agent's float from the treasury: no fee, at most 1 000 000 HTG. */
export const agentDepositFlow: PostingFlow<{ agentFloat: 'required' }> = {
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
