import type { TransactionType } from '../names.js';
import { agentDepositDeclaration } from './agent-deposit.js';
import { refundDeclaration } from './cancel.js';
import { depositDeclaration, withdrawalDeclaration } from './counter.js';
import type { MoneyFlowDeclaration } from './declaration.js';
import { externalTransferDeclaration } from './external-transfer.js';
import { payoutDeclaration } from './payout.js';
import { reversalDeclaration } from './reversal.js';
import { transferDeclaration } from './transfer.js';

// Every money flow, one file each (decision 224): its input, its words, its declaration.
export * from './agent-deposit.js';
export * from './cancel.js';
export * from './counter.js';
export * from './declaration.js';
export * from './external-transfer.js';
export * from './payout.js';
export * from './reversal.js';
export * from './transfer.js';
export { partySchema, type Party } from './fields.js';

/** Every money flow of DESIGN §4, once, by the transaction type it records. */
export const moneyFlowDeclarations = {
  deposit: depositDeclaration,
  withdrawal: withdrawalDeclaration,
  transfer: transferDeclaration,
  external_transfer: externalTransferDeclaration,
  external_payout: payoutDeclaration,
  external_refund: refundDeclaration,
  agent_deposit: agentDepositDeclaration,
  reversal: reversalDeclaration,
} satisfies Record<TransactionType, MoneyFlowDeclaration>;
