// The balance series of the dashboard; commission statements, the network's reports, account statements.
export { reportsRoutes } from './routes.js';
