// What the composition root may use of agents; no module uses agents. Agents imports users, persons,
// accounts (the float opened with an agent) and auth.
export { agentRoutes } from './routes.js';
export { AgentsService } from './service.js';
