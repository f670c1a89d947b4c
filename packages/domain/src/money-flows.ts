import { z } from 'zod';
import {
  agentDepositInputSchema,
  cancelTransferBodySchema,
  depositInputSchema,
  externalTransferInputSchema,
  receiveTransferInputSchema,
  transactionNumberSchema,
  transferInputSchema,
  withdrawInputSchema,
} from './transactions/inputs.js';
import {
  cancelTransferMessages,
  transactionFailureMessages,
  transactionSuccessMessages,
} from './transactions/messages.js';
import { correctionMessages } from './corrections-texts.js';
import { correctionParamsSchema } from './corrections.js';
import { feeTypes, transactionTypeLabels, type TransactionType } from './transactions/names.js';

/** `POST /transactions/{transactionNumber}/cancel`: the transfer it cancels, from the path. */
export const cancelTransferParamsSchema = z.object({ transactionNumber: transactionNumberSchema });

/**
 * One money flow as the domain declares it: its input's schema (HTG on the wire, `amountCentimes` out),
 * whether it is priced, its words (decision 136). The server adds how its accounts are found and who pays
 * whom.
 */
export interface MoneyFlowDeclaration<Input extends z.ZodType = z.ZodType> {
  input: Input;
  /** Priced by the bands of the fee schedule: the four fee types. */
  banded: boolean;
  /** The transaction type's label (the history, the receipt). */
  label: string;
  /** The toast after a success. */
  success: string;
  /** The fallback of a failure that carries no message of the server. */
  failure: string;
}

function declare<Input extends z.ZodType>(
  type: TransactionType,
  input: Input,
  messages: { success: string; failure: string },
): MoneyFlowDeclaration<Input> {
  return {
    input,
    banded: (feeTypes as readonly string[]).includes(type),
    label: transactionTypeLabels[type],
    ...messages,
  };
}

const messagesOf = (flow: keyof typeof transactionSuccessMessages) => ({
  success: transactionSuccessMessages[flow],
  failure: transactionFailureMessages[flow],
});

/**
 * Every money flow of DESIGN §4, once, by the transaction type it records (a cancellation records
 * `external_refund`).
 */
export const moneyFlowDeclarations = {
  deposit: declare('deposit', depositInputSchema, messagesOf('deposit')),
  withdrawal: declare('withdrawal', withdrawInputSchema, messagesOf('withdrawal')),
  transfer: declare('transfer', transferInputSchema, messagesOf('transfer')),
  external_transfer: declare(
    'external_transfer',
    externalTransferInputSchema,
    messagesOf('externalTransfer'),
  ),
  external_payout: declare('external_payout', receiveTransferInputSchema, messagesOf('receive')),
  // The body; the transfer's number is the path's (`cancelTransferParamsSchema`).
  external_refund: declare('external_refund', cancelTransferBodySchema, {
    success: cancelTransferMessages.success,
    failure: cancelTransferMessages.failure,
  }),
  agent_deposit: declare('agent_deposit', agentDepositInputSchema, messagesOf('agentDeposit')),
  // Approved or carried out by a correction request's id (decision 226); no body.
  reversal: declare('reversal', correctionParamsSchema, {
    success: correctionMessages.executed,
    failure: correctionMessages.failure,
  }),
} satisfies Record<TransactionType, MoneyFlowDeclaration>;
