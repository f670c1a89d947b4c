// A visitor's request for an account. Registration imports accounts, persons and auth.
export { registrationRoutes } from './routes.js';
export { RegistrationService } from './service.js';
