import type { TransactionType } from '@lajan/domain';
import type { AccountRef } from './account-ref.js';

/**
 * What the ledger knows of a money flow, and the two shapes of who pays whom (DESIGN §4's table). Each
 * flow is declared once, in `modules/transactions/flows/` (decision 217); its `entries` are tested on
 * their own against the table, row by row (`test/who-pays-whom.test.ts`).
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
export type AccountsOf<R extends Roles, A = AccountRef> = {
  [K in keyof R]: R[K] extends 'optional' ? A | null : A;
};

/**
 * A money flow as the ledger posts it: type, status, whether the schedule prices it, its own refusals
 * (before the fee), and who pays whom, a pure function of its accounts, whatever names them.
 */
export interface PostingFlow<R extends Roles> {
  type: TransactionType;
  status: 'completed' | 'pending';
  banded: boolean;
  check?: <A extends AccountRef | string>(accounts: AccountsOf<R, A>, amountCentimes: number) => void;
  entries: <A>(accounts: AccountsOf<R, A>, system: SystemAccountsOf<A>, amounts: Amounts) => Entry<A>[];
}

/** Entries of zero are not written (DESIGN §4). */
function written<A>(entries: Entry<A>[]): Entry<A>[] {
  return entries.filter((entry) => entry.amountCentimes !== 0);
}

/**
 * The banded flows' shape: the payer pays the amount and the fee, the payee gets the amount, the agent's
 * float the agent share and fee income the rest of the fee.
 */
export function payingWithFee<A>(
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
export function paying<A>(payer: A, payee: A, { amountCentimes }: Amounts): Entry<A>[] {
  return written([
    { account: payer, amountCentimes: -amountCentimes },
    { account: payee, amountCentimes },
  ]);
}
