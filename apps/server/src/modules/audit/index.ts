// The audit trail's reading (`GET /audit`). Writing it is `db/audit.ts`, below every module.
export { auditRoutes } from './routes.js';
