// Transactions, by concern: the vocabulary (types, statuses), the texts, the ledger's named refusals,
// the inputs of the other calls, the money flows (one file each), the answers, and the fee schedule's shapes.
export * from './names.js';
export * from './types.js';
export * from './messages.js';
export * from './failures.js';
export * from './inputs.js';
export * from './flows/index.js';
export * from './transaction.js';
export * from './answers.js';
export * from './fees.js';
export * from './pending.js';
export * from './pending-store.js';
export * from './fee-version-texts.js';
export * from './pending-summary.js';
export * from './history-texts.js';
export * from './expiry.js';
