// What other modules and the composition root may use of accounts. Accounts imports persons and auth;
// agents (a float with each new agent) and registration (a visitor's request) import it.
export { accountsRoutes } from './routes.js';
export { AccountsService, type AccountsServiceDeps } from './service.js';
export {
  floatAccountOfAgent,
  floatAccountsOfAgents,
  openFloatAccount,
  type FloatAccountSummary,
} from './floats.js';
export { insertWithFreshNumber, openAccountRequest } from './opening.js';
export { accountView, type AccountView, type CustomerAccountView } from './views.js';
