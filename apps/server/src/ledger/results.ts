import { limitPeriods, type FeeQuote, type FeeType, type LimitPeriod } from '@lajan/domain';

/**
 * What the money code answers when it does not post: one closed set of names, as TigerBeetle's
 * `CreateTransferResult`, with no HTTP status and no French text. The one error handler
 * (`http/errors.ts`) gives each its status and the domain's message (`ledgerFailures`).
 */
export const LEDGER_REFUSALS = [
  // The posting's own checks (DESIGN §4).
  'AccountNotActive',
  'CurrencyMismatch',
  'InsufficientFunds',
  'SameAccount',
  'OutsideFeeBands',
  // A confirmation that quoted a fee version no longer in force; cancelling a version in force (decision 150).
  'FeesChanged',
  'FeeVersionInForce',
  'AgentDepositLimit',
  'TransferNotPending',
  'IdempotencyConflict',
  'OperationAbandoned',
  // A flow's resolution of what the request names, and who may use it.
  'AccountNotFound',
  'PersonNotFound',
  'TransactionNotFound',
  'AgentNotFound',
  'AgentNotActive',
  'NotAccountHolder',
  'NotSendingAgent',
  'AmountMismatch',
  'RecipientMismatch',
  // A cancellation's sender not identified; an approval of a cash send's cancellation (decision 200).
  'SenderMismatch',
  'CancelNeedsSender',
  'TransferLocked',
  'TransferNotLocked',
  'TransferAlreadyPaid',
  'TransferCancelled',
  // Transfers that expire (decision 225): one no longer payable; one that is not owed a refund.
  'TransferExpired',
  'TransferNotToRefund',
  // A cash operation whose teller has no open drawer (decision 149).
  'DrawerClosed',
  // A correction (decision 226): the original is not a completed reversible one; its request not approved.
  'NotReversible',
  'CorrectionNotApproved',
  // A customer's limit per operation, day or 30 days (decision 227).
  'LimitExceeded',
] as const;

export type LedgerRefusal = (typeof LEDGER_REFUSALS)[number];

const REFUSAL_NAMES = new Set<string>(LEDGER_REFUSALS);

/**
 * A refusal as the database raises or answers it: its name, then a space and the input field, if any.
 * Checked where it comes back (decision 217): a name outside the set is a fault, never a refusal.
 */
export function refusalFromDatabase(message: string): {
  refusal: LedgerRefusal;
  field: string | undefined;
  limit?: ReachedLimit;
} {
  const [name, field, ...rest] = message.split(' ');
  if (name === 'LimitExceeded') return { refusal: name, field: 'amount', limit: reachedLimitOf(field, rest) };
  if (name === undefined || !REFUSAL_NAMES.has(name) || rest.length > 0)
    throw new Error(`ledger: the database answered an unknown refusal: ${message}`);
  return { refusal: name as LedgerRefusal, field };
}

/** `LimitExceeded <period> <centimes>` (decision 227): the period reached and its figure, checked. */
function reachedLimitOf(period: string | undefined, rest: string[]): ReachedLimit {
  const [figure, ...more] = rest;
  if (!limitPeriods.includes(period as LimitPeriod) || figure === undefined || !/^\d+$/.test(figure) || more.length)
    throw new Error(`ledger: the database answered an unknown limit: ${[period, ...rest].join(' ')}`);
  return { period: period as LimitPeriod, centimes: Number(figure) };
}

/** A customer's limit reached: the period, and what is left of it (per operation: the limit itself). */
export interface ReachedLimit {
  period: LimitPeriod;
  centimes: number;
}

export interface LedgerRefusalDetails {
  /** The input the refusal is about (`senderAccountNumber`…), so that the form shows it under that field. */
  field?: string | undefined;
  /** `TransferAlreadyPaid`: when it was paid. */
  paidAt?: Date | undefined;
  /** `OutsideFeeBands`: the type asked for and the amounts its bands cover (none when it has no band). */
  feeBands?: { type: FeeType; range: { minCentimes: number; maxCentimes: number } | null };
  /** `FeesChanged`: the new quote, for the same type and amount, by the version in force. */
  quote?: FeeQuote;
  /** `InsufficientFunds`: what the paying account holds, once its holder was checked (decision 176). */
  availableCentimes?: number;
  /** `InsufficientFunds`: the paying account is the teller's agent's float, not a customer's. */
  floatShort?: true;
  /** `RecipientMismatch`, `SenderMismatch`: the failed identifications left before the lock (decision 176). */
  triesLeft?: number;
  /**
   * `InsufficientFunds` of a reversal (decision 226): what the account lacks, and its number (none: the
   * agent's float); the money was spent since.
   */
  missing?: { centimes: number; accountNumber: string | null };
  /** `LimitExceeded`: the limit reached and what is left (decision 227). */
  limit?: ReachedLimit;
  /** `NotSendingAgent`: refused on an unlock (its own message) rather than a cancellation. */
  unlock?: true;
}

/** A refused movement: nothing was written (the caller's transaction rolls back what it wrote before). */
export class LedgerRefused extends Error {
  readonly kind = 'LedgerRefused';
  constructor(
    readonly refusal: LedgerRefusal,
    readonly details: LedgerRefusalDetails = {},
  ) {
    super(`ledger: ${refusal}`);
  }
}

/** A serialization failure or a deadlock outlived its retries (DESIGN §4): try again later. */
export class LedgerBusy extends Error {
  readonly kind = 'LedgerBusy';
  constructor() {
    super('ledger: busy, retries exhausted');
  }
}

/** The system accounts are not known yet (a start before the database answered): try again later. */
export class LedgerUnavailable extends Error {
  readonly kind = 'LedgerUnavailable';
  constructor() {
    super('ledger: the system accounts are not known yet');
  }
}

export type LedgerResult = LedgerRefused | LedgerBusy | LedgerUnavailable;

export function isLedgerResult(error: unknown): error is LedgerResult {
  return error instanceof LedgerRefused || error instanceof LedgerBusy || error instanceof LedgerUnavailable;
}
