import { randomUUID } from 'node:crypto';
import { readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * `npm run backup` is a process of its own, run by a timer: it leaves the outcome of its last run in
 * `DATA_DIR/backups/last-run.json`, which the server reads at each scrape of `/metrics` (decision 230).
 */
export const BACKUP_STATUS_FILE = 'last-run.json';

export interface BackupStatus {
  /** When the last run ended (ISO 8601). */
  finishedAt: string;
  ok: boolean;
  /** The last run that succeeded (ISO 8601), this one or an earlier one. */
  lastSuccessAt: string | null;
  /** The size of the last backup written, in bytes. */
  bytes: number | null;
}

/** Runs a backup and records its outcome; the outcome's own error is thrown again, unchanged. */
export async function recordBackupRun<T extends { file: string }>(
  backupsDir: string,
  work: () => Promise<T>,
): Promise<T> {
  const previous = await readBackupStatus(backupsDir);
  try {
    const result = await work();
    const now = new Date().toISOString();
    const { size } = await stat(result.file);
    await writeStatus(backupsDir, { finishedAt: now, ok: true, lastSuccessAt: now, bytes: size });
    return result;
  } catch (error) {
    await writeStatus(backupsDir, {
      finishedAt: new Date().toISOString(),
      ok: false,
      lastSuccessAt: previous?.lastSuccessAt ?? null,
      bytes: previous?.bytes ?? null,
    }).catch(() => undefined);
    throw error;
  }
}

/** The last run's outcome, or undefined when no run has written one (or it cannot be read). */
export async function readBackupStatus(backupsDir: string): Promise<BackupStatus | undefined> {
  try {
    const status = JSON.parse(await readFile(path.join(backupsDir, BACKUP_STATUS_FILE), 'utf8')) as unknown;
    if (typeof status !== 'object' || status === null || !('finishedAt' in status)) return undefined;
    return status as BackupStatus;
  } catch {
    return undefined;
  }
}

/** Written under another name and renamed: a scrape never reads half a file. */
async function writeStatus(backupsDir: string, status: BackupStatus): Promise<void> {
  const file = path.join(backupsDir, BACKUP_STATUS_FILE);
  const temporary = `${file}.${randomUUID()}.tmp`;
  await writeFile(temporary, `${JSON.stringify(status)}\n`, { mode: 0o600 });
  await rename(temporary, file);
}
