// What other modules and the composition root may use of accounts. Accounts imports persons and auth;
// agents (its floats' balances) and registration (a visitor's request) import it. Opening an account
// row, a float included, is the ledger's (`ledger/accounts.ts`).
export { accountsRoutes } from './routes.js';
export { AccountsService } from './service.js';
export { floatAccountOfAgent, floatAccountsOfAgents } from './floats.js';
export { generateRequestReference, openAccountRequest } from './opening.js';
export { accountView } from './views.js';
export { accountErrors } from './messages.js';
