// `npm run mfa:reset -- USERNAME`: the server bundle's apps/server/src/modules/auth/mfa-reset-cli.ts, built
// first when missing or stale. See the README, "Second facteur", and decision 203.
import { runServerBundle } from './server-bundle.mjs';

await runServerBundle('mfa-reset');
