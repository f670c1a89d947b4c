import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { BackupError, checkLedger } from '../../src/backup/backup.js';
import {
  BACKUP_STATUS_FILE,
  listBaseBackups,
  recordBackupStatus,
  runBaseBackup,
  type BackupStatus,
} from '../../src/backup/base-backup.js';
import {
  parseRestoreTarget,
  portAuPrinceTime,
  restoreMessages,
  runPointInTimeRestore,
  swapRestoredCluster,
} from '../../src/backup/point-in-time.js';
import { loadBackupConfig } from '../../src/config.js';
import {
  embeddedSuperuserUrl,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from '../../src/db/embedded-postgres.js';
import { build } from '../helpers/build.js';
import { databaseKind, queryOnce } from '../helpers/database.js';
import { activeSuperAdminToken, call } from '../helpers/fixtures.js';
import { createAgentThroughApi, insertPerson } from '../helpers/network.js';

/*
 * A restore to any minute (decision 232): base backup, WAL archive, `--to` in Port-au-Prince time.
 */

const binariesPackage = `@embedded-postgres/${platform() === 'win32' ? 'windows' : platform()}-${arch()}`;
const binaries = (await import(binariesPackage).catch(() => undefined)) as { postgres?: string } | undefined;
const embeddedRuns = binaries?.postgres !== undefined && existsSync(binaries.postgres);

describe('the time given to npm run restore -- --to', () => {
  const now = new Date('2026-12-06T12:00:00Z');

  it('reads Port-au-Prince time, winter (UTC−5) and summer (UTC−4), with or without seconds', () => {
    expect(parseRestoreTarget('2026-12-05 14:32', now)).toEqual({
      at: new Date('2026-12-05T19:32:00Z'),
      text: '2026-12-05 14:32',
    });
    expect(parseRestoreTarget('2026-07-14T09h05', now).at).toEqual(new Date('2026-07-14T13:05:00Z'));
    expect(parseRestoreTarget(' 2026-12-05 14:32:30 ', now).at).toEqual(new Date('2026-12-05T19:32:30Z'));
    expect(portAuPrinceTime(new Date('2026-12-05T19:32:30Z'))).toBe('2026-12-05 14:32:30');
  });

  it('refuses, in French, what it cannot read, a time without its minute, a skipped hour and the future', () => {
    const refusal = (text: string) => {
      try {
        parseRestoreTarget(text, now);
      } catch (error) {
        expect(error).toBeInstanceOf(BackupError);
        return (error as Error).message;
      }
      throw new Error(`accepted: ${text}`);
    };
    expect(refusal('hier à 14h')).toBe(restoreMessages.badTime('hier à 14h'));
    expect(refusal('2026-13-05 14:32')).toBe(restoreMessages.badTime('2026-13-05 14:32'));
    expect(refusal('2026-02-30 14:32')).toBe(restoreMessages.badTime('2026-02-30 14:32'));
    expect(refusal('2026-12-05')).toBe(restoreMessages.noMinute('2026-12-05'));
    expect(refusal('2026-12-05 14')).toBe(restoreMessages.noMinute('2026-12-05 14'));
    // 8 March 2026, 02:00 → 03:00.
    expect(refusal('2026-03-08 02:30')).toBe(restoreMessages.noSuchTime('2026-03-08 02:30'));
    expect(refusal('2026-12-07 08:00')).toBe(restoreMessages.future('2026-12-07 08:00'));
  });

  it('takes the first of the two 01:30 of the autumn change', () => {
    expect(parseRestoreTarget('2026-11-01 01:30', now).at).toEqual(new Date('2026-11-01T05:30:00Z'));
  });
});

describe('backup-status.json', () => {
  it('keeps the last outcome and the last success across a failure', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lajan-status-'));
    try {
      const base = { kind: 'base' as const, startedAt: 'a', finishedAt: 'b', durationMs: 5 };
      await recordBackupStatus(dir, { ...base, ok: true, sizeBytes: 1234 });
      await recordBackupStatus(dir, { ...base, ok: false, sizeBytes: 0, error: 'disque plein' });
      const status = JSON.parse(readFileSync(path.join(dir, BACKUP_STATUS_FILE), 'utf8')) as BackupStatus;
      expect(status.last).toMatchObject({ ok: false, error: 'disque plein' });
      expect(status.lastSuccess).toMatchObject({ ok: true, sizeBytes: 1234 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));


const numbersIn = async (url: string) =>
  (await queryOnce<{ n: string }>(url, 'select transaction_number as n from transactions order by 1')).map(
    (row) => row.n,
  );

// One project is enough: the cluster is the embedded one, whatever the project's database.
if (embeddedRuns && databaseKind === 'pglite')
  describe('a restore to a given second (decision 232)', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'lajan-pitr-'));
    // Reachable by the `postgres` system user that runs the cluster when the tests run as root.
    chmodSync(root, 0o755);
    const config = loadBackupConfig({
      DATA_DIR: path.join(root, 'data'),
      BACKUP_COPY_DIR: path.join(root, 'copie'),
      BACKUP_KEEP: '2',
    });
    const started: EmbeddedPostgres[] = [];
    afterAll(async () => {
      for (const embedded of started) await embedded.stop();
      if (!process.env.PITR_KEEP) rmSync(root, { recursive: true, force: true });
    });

    it('finds exactly the movements posted before the noted time, and the ledger whole', async () => {
      const embedded = await startEmbeddedPostgres({
        dataDir: config.dataDir,
        walArchiveDir: config.walArchiveDir,
      });
      started.push(embedded);
      const superuser = embeddedSuperuserUrl(config.dataDir, embedded.port);
      expect(
        await queryOnce(
          superuser,
          `select name, setting from pg_settings where name in
        ('archive_mode', 'archive_library', 'archive_timeout', 'wal_segment_size') order by name`,
        ),
      ).toEqual([
        { name: 'archive_library', setting: 'basic_archive' },
        { name: 'archive_mode', setting: 'on' },
        { name: 'archive_timeout', setting: '300' },
        { name: 'wal_segment_size', setting: String(1024 * 1024) },
      ]);

      // The production path: the API on the embedded cluster, agent deposits by the super administrator.
      const { app } = await build({
        env: { DATABASE_URL: embedded.url },
        overrides: { database: undefined },
      });
      const superToken = await activeSuperAdminToken(app);
      const owner = await insertPerson(app.database.db);
      const agent = await createAgentThroughApi(app, superToken, {
        name: 'Kay Lajan Jacmel',
        username: 'jacmel.admin',
        personIds: [owner.id],
      });
      const party = {
        name: `${owner.firstName} ${owner.lastName}`,
        idDocumentType: 'id_card',
        idDocumentNumber: owner.idDocumentNumber,
      };
      const deposit = async (amount: number) => {
        const answer = await call(app, 'POST', '/api/agents/deposit', {
          token: superToken,
          body: { code: agent.code, party, amount },
        });
        expect(answer.status, answer.text).toBe(201);
        return answer.body.data.transactionNumber as string;
      };

      const before = [await deposit(1_000), await deposit(2_000)];
      const backup = await runBaseBackup(config);
      expect(backup.backup.manifest.startWalFile).toMatch(/^[0-9A-F]{24}$/);
      expect(backup.copy).toMatchObject({ backups: 1 });
      before.push(await deposit(3_000), await deposit(4_000), await deposit(5_000));
      await queryOnce(superuser, 'select pg_switch_wal()');

      // The noted time: a whole second after the last of them, so that `--to` names it.
      const noted = new Date(Math.ceil((Date.now() + 1) / 1000) * 1000);
      await sleep(noted.getTime() - Date.now() + 300);
      const after = [await deposit(6_000), await deposit(7_000)];
      expect(await numbersIn(embedded.url)).toEqual([...before, ...after].sort());

      // The cluster still runs: the restore switches its segment and waits for it to be archived.
      const target = parseRestoreTarget(portAuPrinceTime(noted));
      const restored = await runPointInTimeRestore(config, target);
      expect(restored.backup.name).toBe(backup.backup.name);
      expect(restored.transactions).toBe(before.length);
      expect(restored.quietSince).toBeUndefined();

      const copy = await startEmbeddedPostgres({ dataDir: restored.dir, walArchiveDir: null });
      started.push(copy);
      expect(await numbersIn(copy.url)).toEqual([...before].sort());
      const client = new pg.Client({ connectionString: copy.url });
      await client.connect();
      await expect(checkLedger(client)).resolves.toBeUndefined();
      await client.end();
      await copy.stop();

      // Never over a running server; with it stopped, the old cluster is kept aside.
      await expect(swapRestoredCluster(config, restored.dir)).rejects.toThrow(restoreMessages.serverRunning);
      await embedded.stop();
      const aside = await swapRestoredCluster(config, restored.dir);
      expect(existsSync(path.join(aside, 'PG_VERSION'))).toBe(true);
      expect(readdirSync(config.walArchiveDir)).toContain('00000002.history');
      const swapped = await startEmbeddedPostgres({
        dataDir: config.dataDir,
        walArchiveDir: config.walArchiveDir,
      });
      started.push(swapped);
      expect(await numbersIn(swapped.url)).toEqual([...before].sort());

      // Before the oldest base backup: refused, saying from when a restore is possible.
      const early = parseRestoreTarget(
        portAuPrinceTime(new Date(Date.parse(backup.backup.manifest.startedAt) - 60_000)),
      );
      await expect(runPointInTimeRestore(config, early)).rejects.toThrow(/avant la plus ancienne sauvegarde/);
      expect((await listBaseBackups(path.join(config.copyDir!, 'backups'))).map((b) => b.name)).toEqual([
        backup.backup.name,
      ]);
    }, 110_000);
  });
