// The balance series of the dashboard.
export { reportsRoutes } from './routes.js';
