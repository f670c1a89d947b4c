import {
  backupConnectionUrl,
  BackupError,
  backupMessages,
  backupSettings,
  runBackup,
  runRestore,
} from './backup.js';

/*
 * `npm run backup` and `npm run restore -- FILE [--force]` (docs/decisions/122-backup-and-restore.md).
 * A refusal prints one French line and exits with code 1; nothing else is printed about the database.
 */

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const env = process.env;
  if (command === 'backup' && rest.length === 0) {
    const settings = backupSettings(env);
    const result = await runBackup({ databaseUrl: backupConnectionUrl(env), ...settings });
    const rows = Object.values(result.rows).reduce((sum, n) => sum + n, 0);
    console.log(backupMessages.written(result.file, rows));
    for (const file of result.removed) console.log(backupMessages.removed(file));
    return;
  }
  const force = rest.includes('--force');
  const files = rest.filter((arg) => arg !== '--force');
  if (command === 'restore' && files.length === 1 && rest.length - files.length <= 1) {
    const result = await runRestore({ databaseUrl: backupConnectionUrl(env), file: files[0]!, force });
    const rows = Object.values(result.rows).reduce((sum, n) => sum + n, 0);
    console.log(backupMessages.restored(files[0]!, rows, result.migration.tag));
    return;
  }
  throw new BackupError(backupMessages.usage);
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof BackupError) console.error(error.message);
  else console.error(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  process.exitCode = 1;
}
