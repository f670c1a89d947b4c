// What other modules and the composition root may use of users. Users imports persons and auth.
export { userRoutes } from './routes.js';
export { createUserWithTemporaryPassword, usernameConflict, UsersService, type Actor } from './service.js';
export { endSessionsOfAgent, firstAdministrators, usernameTaken } from './records.js';
export { ensureSuperAdmin } from './bootstrap.js';
