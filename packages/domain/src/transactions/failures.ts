import { correctionMessages } from '../corrections-texts.js';
import { drawerMessages } from '../drawer.js';
import { limitMessages } from '../limits.js';
import { pickUpCodeMessages } from '../numbers.js';
import { payoutMessages } from '../payout-messages.js';
import { feeVersionMessages } from './fees.js';
import { cancelTransferMessages, transactionMessages } from './messages.js';
import { operationKeyMessages } from './pending.js';
import { transferExpiryMessages } from './expiry.js';

// Each message a getter: read when a refusal is answered, in the language of the moment (decision 236).

/**
 * The refusals of the ledger (STYLE: one closed set of named results), each with its status and code.
 * The server maps them once; the web may read `code` to tell them apart.
 */
export const ledgerFailures = {
  InsufficientFunds: {
    status: 422,
    code: 'INSUFFICIENT_FUNDS',
    get message(): string {
      return transactionMessages.insufficientFunds;
    },
  },
  AccountNotActive: {
    status: 422,
    code: 'ACCOUNT_NOT_ACTIVE',
    get message(): string {
      return transactionMessages.inactiveAccount;
    },
  },
  SameAccount: {
    status: 422,
    code: 'SAME_ACCOUNT',
    get message(): string {
      return transactionMessages.sameAccount;
    },
  },
  CurrencyMismatch: {
    status: 422,
    code: 'CURRENCY_MISMATCH',
    get message(): string {
      return transactionMessages.currencyMismatch;
    },
  },
  OutsideFeeBands: {
    status: 422,
    code: 'OUTSIDE_FEE_BANDS',
    get message(): string {
      return transactionMessages.outsideFeeBands;
    },
  },
  AgentDepositLimit: {
    status: 422,
    code: 'AGENT_DEPOSIT_LIMIT',
    get message(): string {
      return transactionMessages.agentDepositLimit;
    },
  },
  AmountMismatch: {
    status: 422,
    code: 'AMOUNT_MISMATCH',
    get message(): string {
      return transactionMessages.amountMismatch;
    },
  },
  AgentNotActive: {
    status: 422,
    code: 'AGENT_NOT_ACTIVE',
    get message(): string {
      return transactionMessages.agentNotActive;
    },
  },
  NotAccountHolder: {
    status: 403,
    code: 'NOT_ACCOUNT_HOLDER',
    get message(): string {
      return transactionMessages.notAccountHolder;
    },
  },
  /** A failed identification at pay-out: 422, the same message whatever part was wrong (decision 112). */
  RecipientMismatch: {
    status: 422,
    code: 'RECIPIENT_MISMATCH',
    get message(): string {
      return payoutMessages.recipientMismatch;
    },
  },
  /** A failed identification of the sender at a cancellation (decision 200), worded as the pay-out's. */
  SenderMismatch: {
    status: 422,
    code: 'SENDER_MISMATCH',
    get message(): string {
      return cancelTransferMessages.senderMismatch;
    },
  },
  /** The administrator's approval of a cash send's cancellation: its refund is cash, paid with the sender. */
  CancelNeedsSender: {
    status: 409,
    code: 'CANCEL_NEEDS_SENDER',
    get message(): string {
      return cancelTransferMessages.cashNeedsSender;
    },
  },
  TransferLocked: {
    status: 409,
    code: 'TRANSFER_LOCKED',
    get message(): string {
      return payoutMessages.transferLocked;
    },
  },
  TransferNotLocked: {
    status: 409,
    code: 'TRANSFER_NOT_LOCKED',
    get message(): string {
      return payoutMessages.transferNotLocked;
    },
  },
  NotSendingAgent: {
    status: 403,
    code: 'NOT_SENDING_AGENT',
    get message(): string {
      return transactionMessages.notSendingAgent;
    },
  },
  AccountNotFound: {
    status: 404,
    code: 'NOT_FOUND',
    get message(): string {
      return transactionMessages.accountNotFound;
    },
  },
  TransactionNotFound: {
    status: 404,
    code: 'NOT_FOUND',
    get message(): string {
      return transactionMessages.transactionNotFound;
    },
  },
  AgentNotFound: {
    status: 404,
    code: 'NOT_FOUND',
    get message(): string {
      return transactionMessages.agentNotFound;
    },
  },
  PersonNotFound: {
    status: 404,
    code: 'NOT_FOUND',
    get message(): string {
      return transactionMessages.personNotFound;
    },
  },
  TransferNotPending: {
    status: 409,
    code: 'TRANSFER_NOT_PENDING',
    get message(): string {
      return transactionMessages.transferNotPending;
    },
  },
  /** The pay-out search on a transfer already paid (decision 131): the answer carries `paidAt`. */
  TransferAlreadyPaid: {
    status: 409,
    code: 'TRANSFER_ALREADY_PAID',
    get message(): string {
      return pickUpCodeMessages.alreadyPaidNoDate;
    },
  },
  /** The pay-out search on a cancelled transfer (decision 131). */
  TransferCancelled: {
    status: 409,
    code: 'TRANSFER_CANCELLED',
    get message(): string {
      return pickUpCodeMessages.cancelled;
    },
  },
  /** A transfer not paid out in time (decision 225): neither paid out nor cancelled, refunded by its agent. */
  TransferExpired: {
    status: 409,
    code: 'TRANSFER_EXPIRED',
    get message(): string {
      return transferExpiryMessages.expired;
    },
  },
  TransferNotToRefund: {
    status: 409,
    code: 'TRANSFER_NOT_TO_REFUND',
    get message(): string {
      return transferExpiryMessages.notToRefund;
    },
  },
  /** A cash operation by a teller whose drawer is not open (decision 149): a refused rule, like an inactive account. */
  DrawerClosed: {
    status: 422,
    code: 'DRAWER_CLOSED',
    get message(): string {
      return drawerMessages.drawerClosed;
    },
  },
  /**
   * A confirmation that quoted a fee version no longer in force (decision 150): nothing posted, the key not
   * consumed; the answer carries the new `quote` for the same type and amount.
   */
  FeesChanged: {
    status: 409,
    code: 'FEES_CHANGED',
    get message(): string {
      return feeVersionMessages.feesChanged;
    },
  },
  /** Cancelling a fee version that is in force or past (decision 150). */
  FeeVersionInForce: {
    status: 409,
    code: 'FEE_VERSION_IN_FORCE',
    get message(): string {
      return feeVersionMessages.versionInForce;
    },
  },
  /** A customer's limit reached (decision 227): the answer's message names the limit and what is left. */
  LimitExceeded: {
    status: 422,
    code: 'LIMIT_EXCEEDED',
    get message(): string {
      return limitMessages.exceeded;
    },
  },
  /** A correction of an operation that is not a completed deposit, withdrawal, transfer or agent deposit. */
  NotReversible: {
    status: 409,
    code: 'NOT_REVERSIBLE',
    get message(): string {
      return correctionMessages.notReversible;
    },
  },
  /** A reversal whose request is not approved, or already carried out (decision 226). */
  CorrectionNotApproved: {
    status: 409,
    code: 'CORRECTION_NOT_APPROVED',
    get message(): string {
      return correctionMessages.notApproved;
    },
  },
  IdempotencyConflict: {
    status: 409,
    code: 'IDEMPOTENCY_CONFLICT',
    get message(): string {
      return transactionMessages.idempotencyConflict;
    },
  },
  /** A money request whose idempotency key the teller abandoned (decision 147): it never posts. */
  OperationAbandoned: {
    status: 409,
    code: 'OPERATION_ABANDONED',
    get message(): string {
      return operationKeyMessages.abandoned;
    },
  },
} as const satisfies Record<string, { status: number; code: string; message: string }>;
export type LedgerFailureName = keyof typeof ledgerFailures;
