export * from './roles.js';
export * from './permissions.js';
export * from './auth.js';
export * from './errors.js';
