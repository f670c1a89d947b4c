import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { BACKUP_STATUS_FILE, listBaseBackups, type BackupStatus } from '../../src/backup/base-backup.js';
import { BackupSchedule } from '../../src/backup/schedule.js';
import { loadBackupConfig } from '../../src/config.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/db/embedded-postgres.js';
import { databaseKind } from '../helpers/database.js';

/* The embedded server's own base backups (decision 235). */

const binariesPackage = `@embedded-postgres/${platform() === 'win32' ? 'windows' : platform()}-${arch()}`;
const binaries = (await import(binariesPackage).catch(() => undefined)) as { postgres?: string } | undefined;
const embeddedRuns = binaries?.postgres !== undefined && existsSync(binaries.postgres);

describe('BACKUP_EVERY_HOURS', () => {
  it('is 24 by default, 0 turns the schedule off, and a bad value is refused in French', () => {
    expect(loadBackupConfig({}).everyHours).toBe(24);
    expect(loadBackupConfig({ BACKUP_EVERY_HOURS: '0' }).everyHours).toBe(0);
    expect(() => loadBackupConfig({ BACKUP_EVERY_HOURS: 'chaque nuit' })).toThrow(
      'BACKUP_EVERY_HOURS doit être un nombre entier d’heures entre 0 et 720',
    );
  });
});

// One project is enough: the cluster is the embedded one, whatever the project's database.
if (embeddedRuns && databaseKind === 'pglite')
  describe('the embedded server’s base backup schedule', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'lajan-schedule-'));
    // Reachable by the `postgres` system user that runs the cluster when the tests run as root.
    chmodSync(root, 0o755);
    const config = loadBackupConfig({ DATA_DIR: path.join(root, 'data'), BACKUP_KEEP: '2' });
    let embedded: EmbeddedPostgres | undefined;
    afterAll(async () => {
      await embedded?.stop();
      rmSync(root, { recursive: true, force: true });
    });

    it('takes a base backup when none is as recent as BACKUP_EVERY_HOURS, and records it', async () => {
      embedded = await startEmbeddedPostgres({
        dataDir: config.dataDir,
        walArchiveDir: config.walArchiveDir,
      });
      const log = pino({ level: 'silent' });
      const at = (hoursLater: number) => () => new Date(Date.now() + hoursLater * 3_600_000);

      expect(await new BackupSchedule({ config, log, now: at(0) }).runOnce()).toBe('taken');
      expect(await listBaseBackups(config.backupsDir)).toHaveLength(1);
      const status = JSON.parse(
        readFileSync(path.join(config.dataDir, BACKUP_STATUS_FILE), 'utf8'),
      ) as BackupStatus;
      expect(status.last).toMatchObject({ kind: 'base', ok: true });

      expect(await new BackupSchedule({ config, log, now: at(23) }).runOnce()).toBe('fresh');
      expect(await listBaseBackups(config.backupsDir)).toHaveLength(1);

      expect(await new BackupSchedule({ config, log, now: at(25) }).runOnce()).toBe('taken');
      expect(await listBaseBackups(config.backupsDir)).toHaveLength(2);
    });
  });
