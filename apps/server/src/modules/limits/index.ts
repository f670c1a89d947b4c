export { limitsRoutes } from './routes.js';
