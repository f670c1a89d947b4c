// What other modules and the composition root may use of sign-in. Auth imports no other module: every
// module's routes depend on it (`requireCapability`, `sessionOf`), so it sits at the bottom.
export { authPlugin, requireCapability, sessionOf } from './plugin.js';
export { authRoutes } from './routes.js';
export { mfaRoutes } from './mfa-routes.js';
export { AuthService } from './service.js';
export { MfaService } from './mfa-service.js';
export { TokenService } from './tokens.js';
export { bumpTokenVersion } from './credentials.js';
export { checkCurrentPassword } from './current-password.js';
export { admitHolderCheck } from './holder-check-budget.js';
export { spendLookup } from './lookup-budget.js';
export { generatePassword, hashPassword } from './passwords.js';
export { admitAddressAttempt, admitAttempt, markAttemptSucceeded, throttleWaits } from './throttle.js';
export { scheduleEditorOf, type ScheduleEditor } from './schedule-editor.js';
