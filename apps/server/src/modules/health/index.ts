export { healthRoutes, LIVE_PATH } from './routes.js';
