import type { z } from 'zod';
import {
  agentDepositInputSchema,
  depositInputSchema,
  externalTransferInputSchema,
  feeTypes,
  quoteTypeSchema,
  receiveTransferInputSchema,
  transactionFailureMessages,
  transactionSuccessMessages,
  transferInputSchema,
  withdrawInputSchema,
  type QuoteType,
  type TransactionType,
} from '@lajan/domain';

/**
 * A money flow as the web sees it: where it is posted, the domain's schema of its input (the form's
 * checks are the server's), the domain's words after it, and where the teller goes then. Whether it
 * is priced, and by bands, follows from its transaction type in the domain.
 *
 * A new money flow on the web is one entry here and one page that calls `useMoneyForm(flow)`.
 */
export interface MoneyFlow<Schema extends z.ZodType = z.ZodType> {
  /** The transaction it records; also the fee quote's `type` when the flow is priced. */
  type: TransactionType;
  /** Its `POST` (SPEC §7, under `/api`). */
  path: string;
  schema: Schema;
  /** The toast of SPEC §8 after a success. */
  success: string;
  /** SPEC §8's fallback when a failure carries no message of the server. */
  failure: string;
  /**
   * After a success (SPEC §4, decision 131): `back` to where the operation was started, `home` to the
   * dashboard, or `stay` on the page, which shows what comes next (the pick-up code).
   */
  after: 'back' | 'home' | 'stay';
}

/** Keeps each flow's own schema type (a plain annotation would widen it to `z.ZodType`). */
function moneyFlow<Schema extends z.ZodType>(flow: MoneyFlow<Schema>): MoneyFlow<Schema> {
  return flow;
}

export const moneyFlows = {
  deposit: moneyFlow({
    type: 'deposit',
    path: '/transactions/deposit',
    schema: depositInputSchema,
    success: transactionSuccessMessages.deposit,
    failure: transactionFailureMessages.deposit,
    after: 'back',
  }),
  withdrawal: moneyFlow({
    type: 'withdrawal',
    path: '/transactions/withdraw',
    schema: withdrawInputSchema,
    success: transactionSuccessMessages.withdrawal,
    failure: transactionFailureMessages.withdrawal,
    after: 'back',
  }),
  transfer: moneyFlow({
    type: 'transfer',
    path: '/transactions/transfer',
    schema: transferInputSchema,
    success: transactionSuccessMessages.transfer,
    failure: transactionFailureMessages.transfer,
    after: 'back',
  }),
  externalTransfer: moneyFlow({
    type: 'external_transfer',
    path: '/transactions/transfer-extern',
    schema: externalTransferInputSchema,
    success: transactionSuccessMessages.externalTransfer,
    failure: transactionFailureMessages.externalTransfer,
    after: 'stay',
  }),
  receive: moneyFlow({
    type: 'external_payout',
    path: '/transactions/receive-transfer',
    schema: receiveTransferInputSchema,
    success: transactionSuccessMessages.receive,
    failure: transactionFailureMessages.receive,
    after: 'back',
  }),
  agentDeposit: moneyFlow({
    type: 'agent_deposit',
    path: '/agents/deposit',
    schema: agentDepositInputSchema,
    success: transactionSuccessMessages.agentDeposit,
    failure: transactionFailureMessages.agentDeposit,
    after: 'home',
  }),
};

/** The fee quote's `type` of a priced flow (DESIGN §4b), or null: a pay-out is not priced. */
export function quoteTypeOf(flow: MoneyFlow): QuoteType | null {
  const parsed = quoteTypeSchema.safeParse(flow.type);
  return parsed.success ? parsed.data : null;
}

/** A flow priced by the bands of the fee schedule: its amount step previews the fee and "hors barème". */
export function isBanded(flow: MoneyFlow): boolean {
  return (feeTypes as readonly string[]).includes(flow.type);
}
