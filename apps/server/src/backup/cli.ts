import path from 'node:path';
import {
  backupConnectionUrl,
  BackupError,
  backupMessages,
  backupSettings,
  runBackup,
  runRestore,
} from './backup.js';
import { recordBackupRun } from './status.js';
import { EmbeddedPostgresError, runningEmbeddedUrl, startEmbeddedPostgres } from '../db/embedded-postgres.js';

/*
 * `npm run backup` and `npm run restore -- FILE [--force]` (docs/decisions/122-backup-and-restore.md).
 * A refusal prints one French line and exits with code 1; nothing else is printed about the database.
 */

/**
 * `DATABASE_URL`, else the embedded cluster of `DATA_DIR`: the running server's (copied live), or one
 * started for the work and holding `DATA_DIR` so that no server starts meanwhile (decision 122).
 */
async function withDatabase<T>(
  env: NodeJS.ProcessEnv,
  work: (databaseUrl: string) => Promise<T>,
): Promise<T> {
  if (env.DATABASE_URL?.trim()) return work(backupConnectionUrl(env));
  const dataDir = path.resolve(env.DATA_DIR?.trim() || './data');
  const running = runningEmbeddedUrl(dataDir);
  if (running) return work(running);
  const embedded = await startEmbeddedPostgres({ dataDir });
  try {
    return await work(embedded.url);
  } finally {
    await embedded.stop();
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const env = process.env;
  if (command === 'backup' && rest.length === 0) {
    const settings = backupSettings(env);
    // Its outcome is left for the server's `/metrics` (decision 230).
    const result = await recordBackupRun(settings.backupsDir, () =>
      withDatabase(env, (databaseUrl) => runBackup({ databaseUrl, ...settings })),
    );
    const rows = Object.values(result.rows).reduce((sum, n) => sum + n, 0);
    console.log(backupMessages.written(result.file, rows));
    for (const file of result.removed) console.log(backupMessages.removed(file));
    return;
  }
  const force = rest.includes('--force');
  const files = rest.filter((arg) => arg !== '--force');
  if (command === 'restore' && files.length === 1 && rest.length - files.length <= 1) {
    const result = await withDatabase(env, (databaseUrl) =>
      runRestore({ databaseUrl, file: files[0]!, force }),
    );
    const rows = Object.values(result.rows).reduce((sum, n) => sum + n, 0);
    console.log(backupMessages.restored(files[0]!, rows, result.migration.tag));
    return;
  }
  throw new BackupError(backupMessages.usage);
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof BackupError || error instanceof EmbeddedPostgresError) console.error(error.message);
  else console.error(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  process.exitCode = 1;
}
