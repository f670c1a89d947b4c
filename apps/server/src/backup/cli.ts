import { stat } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, loadBackupConfig, type BackupConfig } from '../config.js';
import { EmbeddedPostgresError, runningEmbeddedUrl, startEmbeddedPostgres } from '../db/embedded-postgres.js';
import { backupConnectionUrl, BackupError, backupMessages, runBackup, runRestore } from './backup.js';
import {
  baseBackupMessages,
  copyToSecondPlace,
  formatSize,
  recordBackupStatus,
  runBaseBackup,
  type BackupOutcome,
} from './base-backup.js';
import {
  parseRestoreTarget,
  restoreMessages,
  runPointInTimeRestore,
  swapRestoredCluster,
} from './point-in-time.js';

/*
 * `npm run backup [-- --logical | --copy]`, `npm run restore -- --to TIME`, `npm run restore -- --swap DIR`
 * and `npm run restore -- FILE [--force]` (decisions 122, 232). A refusal prints one French line and exits
 * with code 1; nothing else is printed about the database.
 */

/**
 * `DATABASE_URL`, else the embedded cluster of `DATA_DIR`: the running server's (copied live), or one
 * started for the work and holding `DATA_DIR` so that no server starts meanwhile (decision 122).
 */
async function withDatabase<T>(
  env: NodeJS.ProcessEnv,
  config: BackupConfig,
  work: (databaseUrl: string) => Promise<T>,
): Promise<T> {
  if (env.DATABASE_URL?.trim()) return work(backupConnectionUrl(env));
  const running = runningEmbeddedUrl(config.dataDir);
  if (running) return work(running);
  const embedded = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    walArchiveDir: config.walArchiveDir,
  });
  try {
    return await work(embedded.url);
  } finally {
    await embedded.stop();
  }
}

/** Runs one backup job and records its outcome in `DATA_DIR/backup-status.json`, success or failure. */
async function recorded(
  config: BackupConfig,
  kind: BackupOutcome['kind'],
  job: () => Promise<{ sizeBytes: number; path?: string; copiedTo?: string }>,
): Promise<void> {
  const started = new Date();
  const outcome = (ok: boolean, extra: Partial<BackupOutcome>): BackupOutcome => ({
    kind,
    ok,
    startedAt: started.toISOString(),
    finishedAt: new Date().toISOString(),
    durationMs: Date.now() - started.getTime(),
    sizeBytes: 0,
    ...extra,
  });
  try {
    const done = await job();
    await recordBackupStatus(config.dataDir, outcome(true, done));
  } catch (error) {
    await recordBackupStatus(
      config.dataDir,
      outcome(false, { error: error instanceof Error ? error.message : String(error) }),
    );
    throw error;
  }
}

async function backup(env: NodeJS.ProcessEnv, args: string[]): Promise<void> {
  const config = loadBackupConfig(env);
  const logical = args.includes('--logical');
  if (args.includes('--copy') && args.length === 1) {
    if (!config.copyDir) throw new BackupError(backupMessages.noCopyDir);
    await recorded(config, 'copy', async () => {
      const copy = await copyToSecondPlace(config);
      console.log(baseBackupMessages.copied(copy.dir, copy.backups, copy.wal));
      return { sizeBytes: 0, copiedTo: copy.dir };
    });
    return;
  }
  if (args.length > (logical ? 1 : 0)) throw new BackupError(backupMessages.usage);
  if (logical || env.DATABASE_URL?.trim()) {
    await recorded(config, 'logical', async () => {
      const result = await withDatabase(env, config, (databaseUrl) =>
        runBackup({ databaseUrl, backupsDir: config.backupsDir, keep: config.keep }),
      );
      const rows = Object.values(result.rows).reduce((sum, n) => sum + n, 0);
      console.log(backupMessages.written(result.file, rows));
      for (const file of result.removed) console.log(backupMessages.removed(file));
      const copy = config.copyDir ? await copyToSecondPlace(config) : undefined;
      if (copy) console.log(baseBackupMessages.copied(copy.dir, copy.backups, copy.wal));
      return {
        sizeBytes: (await stat(result.file)).size,
        path: result.file,
        ...(copy ? { copiedTo: copy.dir } : {}),
      };
    });
    return;
  }
  await recorded(config, 'base', async () => {
    const result = await runBaseBackup(config);
    console.log(baseBackupMessages.written(result.backup.dir, formatSize(result.backup.manifest.sizeBytes)));
    for (const dir of result.removed) console.log(baseBackupMessages.removed(dir));
    if (result.walRemoved > 0) console.log(baseBackupMessages.walRemoved(result.walRemoved));
    if (result.copy)
      console.log(baseBackupMessages.copied(result.copy.dir, result.copy.backups, result.copy.wal));
    return {
      sizeBytes: result.backup.manifest.sizeBytes,
      path: result.backup.dir,
      ...(result.copy ? { copiedTo: result.copy.dir } : {}),
    };
  });
}

async function restore(env: NodeJS.ProcessEnv, args: string[]): Promise<void> {
  const config = loadBackupConfig(env);
  const to = args.indexOf('--to');
  if (to >= 0) {
    const text = args[to + 1];
    if (!text || args.length !== 2) throw new BackupError(backupMessages.usage);
    const target = parseRestoreTarget(text);
    const result = await runPointInTimeRestore(config, target);
    if (result.quietSince) console.log(restoreMessages.quiet(result.quietSince));
    console.log(
      restoreMessages.restored(
        target.text,
        result.dir,
        result.transactions,
        result.last ? `n° ${result.last.number} du ${result.last.at}` : undefined,
      ),
    );
    console.log(restoreMessages.howToSwap(config.dataDir, result.dir));
    return;
  }
  const swap = args.indexOf('--swap');
  if (swap >= 0) {
    const dir = args[swap + 1];
    if (!dir || args.length !== 2) throw new BackupError(backupMessages.usage);
    console.log(restoreMessages.swapped(await swapRestoredCluster(config, path.resolve(dir))));
    return;
  }
  const force = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  if (files.length !== 1 || args.length - files.length > 1) throw new BackupError(backupMessages.usage);
  const result = await withDatabase(env, config, (databaseUrl) =>
    runRestore({ databaseUrl, file: files[0]!, force }),
  );
  const rows = Object.values(result.rows).reduce((sum, n) => sum + n, 0);
  console.log(backupMessages.restored(files[0]!, rows, result.migration.tag));
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === 'backup') return backup(process.env, rest);
  if (command === 'restore') return restore(process.env, rest);
  throw new BackupError(backupMessages.usage);
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof BackupError || error instanceof EmbeddedPostgresError || error instanceof ConfigError)
    console.error(error.message);
  else console.error(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  process.exitCode = 1;
}
