// Transfers that expire (decision 225): the job, its lock, the system user, and the list of what is owed.
export { ExpiryJob } from './job.js';
export { expiryRoutes } from './routes.js';
export { expiryPlugin } from './plugin.js';
