// `npm run backup` and `npm run restore -- FILE [--force]`: the server bundle's backup tool
// (apps/server/src/backup/cli.ts), built first when missing or stale.
// See the README, "Sauvegardes", and docs/decisions/122-backup-and-restore.md.
import { runServerBundle } from './server-bundle.mjs';

await runServerBundle('backup');
