// The tellers' cash drawers (decision 149): sessions, the blind close, tickets and their fingerprints.
export { drawerRoutes } from './routes.js';
export { DrawerService } from './service.js';
