import { ConfigError } from '../../config.js';
import { EmbeddedPostgresError } from '../../db/embedded-postgres.js';
import { MfaResetError, runMfaReset } from './mfa-reset.js';

// `npm run mfa:reset -- USERNAME` (scripts/mfa-reset.mjs → dist/mfa-reset.js, decision 203).
try {
  console.log(await runMfaReset(process.env, process.argv.slice(2)));
} catch (error) {
  if (
    error instanceof MfaResetError ||
    error instanceof EmbeddedPostgresError ||
    error instanceof ConfigError
  )
    console.error(error.message);
  else console.error(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  process.exitCode = 1;
}
