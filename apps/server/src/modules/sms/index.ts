export { smsRoutes } from './routes.js';
