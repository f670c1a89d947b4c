export * from './roles.js';
export * from './permissions.js';
export * from './auth.js';
export * from './errors.js';
export * from './dates.js';
export * from './persons.js';
export * from './accounts.js';
export * from './auth-responses.js';
