// The money routes (a line per flow, decision 136), the history's reads and export.
export { transactionsRoutes } from './routes.js';
export { historyExportRoutes } from './history-export.js';
export { agentWithFloatByCode } from './agent-lookup.js';
export { Actors } from './actors.js';
export {
  MoneyFlowExecutor,
  type FlowContext,
  type MoneyFlow,
  type MoneyFlowDeps,
  type Planned,
} from './execute.js';
export { presentPosted } from './present.js';
export { idempotencyKeyOf } from './idempotency-header.js';
export { TransactionReads } from './reads.js';
export { failuresSinceUnlockSql } from './payout-identifications.js';
export { correctionMoneyScopes } from './correction-scopes.js';
