import { constants } from 'node:fs';
import {
  chown,
  copyFile,
  link,
  lstat,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { BackupConfig } from '../config.js';
import {
  EMBEDDED_PASSWORD_FILES,
  embeddedSuperuserUrl,
  runningEmbeddedPort,
  startEmbeddedPostgres,
  type RunAs,
} from '../db/embedded-postgres.js';
import { BackupError } from './backup.js';

/*
 * Base backups of the embedded cluster and their copies to a second place (decision 232): the package
 * ships no pg_basebackup, so the data directory is copied between pg_backup_start and pg_backup_stop,
 * in one session (non-exclusive), and the backup_label that pg_backup_stop answers is written into the copy.
 */

export const baseBackupMessages = {
  written: (dir: string, size: string) => `Sauvegarde de base écrite : ${dir} (${size})`,
  removed: (dir: string) => `Ancienne sauvegarde supprimée : ${dir}`,
  walRemoved: (n: number) => `${n} segment(s) de WAL antérieur(s) à la plus ancienne sauvegarde supprimé(s)`,
  copied: (dir: string, backups: number, wal: number) =>
    `Copie vers ${dir} : ${backups} sauvegarde(s) et ${wal} segment(s) de WAL copiés`,
  copyConflict: (file: string) =>
    `${file} existe déjà dans la copie avec un contenu différent : copie arrêtée, rien n’a été écrasé. Vérifiez que BACKUP_COPY_DIR ne sert qu’à ce serveur`,
  stopTooLong:
    'pg_backup_stop attend depuis 10 minutes que le WAL soit archivé : vérifiez que le dossier des archives (WAL_ARCHIVE_DIR ou DATA_DIR/wal) est accessible en écriture et a de la place',
} as const;

/** `backup.json` of a base backup: what the restore reads to choose one. */
export interface BaseBackupManifest {
  format: 'lajan-base-backup';
  version: 1;
  /** When pg_backup_start was called. */
  startedAt: string;
  /** When pg_backup_stop answered: the backup can bring the cluster back to any time from this one on. */
  stoppedAt: string;
  startLsn: string;
  stopLsn: string;
  /** The first WAL segment a restore needs: every older segment of the archive is useless to it. */
  startWalFile: string;
  timeline: number;
  serverVersion: string;
  sizeBytes: number;
}

export interface BaseBackup {
  dir: string;
  name: string;
  manifest: BaseBackupManifest;
}

/** `base-2026-12-05T19-32-00-123Z`: name order is time order (UTC). */
const BASE_NAME = /^base-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;
/** A WAL segment (timeline, log, segment), possibly `.partial` or a `.backup` history file. */
const WAL_NAME = /^[0-9A-F]{24}(\.partial|\.[0-9A-F]{8}\.backup)?$/;
const MANIFEST = 'backup.json';
export const CLUSTER_COPY = 'postgres';

/** Contents PostgreSQL's documentation says to leave out of a base backup (their directories are kept). */
const EMPTIED_DIRS = new Set([
  'pg_wal',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
  'pg_replslot',
]);
const SKIPPED_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'backup_label.old',
  'tablespace_map',
  'tablespace_map.old',
  'current_logfiles',
  'recovery.signal',
  'standby.signal',
]);

export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} Ko`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} Mo`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(2).replace('.', ',')} Go`;
}

/** fsync of a file or, where the system allows it, a directory (not on Windows). */
export async function syncPath(file: string): Promise<void> {
  const handle = await open(file, 'r').catch(() => undefined);
  if (!handle) return;
  try {
    await handle.sync();
  } catch {
    // A directory cannot be synced on every system (Windows).
  } finally {
    await handle.close();
  }
}

/**
 * Copies a tree file by file, each synced; `skip` decides per entry (relative path). Files that vanish
 * meanwhile (a table dropped during a base backup) are left out: the WAL replay recreates what it needs.
 * Answers the bytes copied.
 */
export async function copyTree(
  from: string,
  to: string,
  options: { skip?: (relative: string, isDir: boolean) => 'skip' | 'empty' | 'copy'; owner?: RunAs } = {},
  relative = '',
): Promise<number> {
  await mkdir(to, { recursive: true, mode: 0o700 });
  if (options.owner) await chown(to, options.owner.uid, options.owner.gid);
  let size = 0;
  let names: string[];
  try {
    names = await readdir(from);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  for (const name of names.sort()) {
    const source = path.join(from, name);
    const target = path.join(to, name);
    const rel = relative ? `${relative}/${name}` : name;
    const info = await lstat(source).catch(() => undefined);
    if (!info) continue;
    const what = options.skip?.(rel, info.isDirectory()) ?? 'copy';
    if (what === 'skip') continue;
    if (info.isDirectory()) {
      if (what === 'empty') {
        await mkdir(target, { recursive: true, mode: 0o700 });
        if (options.owner) await chown(target, options.owner.uid, options.owner.gid);
      } else size += await copyTree(source, target, options, rel);
    } else if (info.isFile()) {
      try {
        await copyFile(source, target, constants.COPYFILE_EXCL);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      if (options.owner) await chown(target, options.owner.uid, options.owner.gid);
      await syncPath(target);
      size += (await stat(target)).size;
    }
  }
  await syncPath(to);
  return size;
}

/** What a base backup leaves out of the cluster's directory. */
function clusterEntry(relative: string, isDir: boolean): 'skip' | 'empty' | 'copy' {
  const [top = '', ...rest] = relative.split('/');
  if (rest.length === 0 && isDir && EMPTIED_DIRS.has(top)) return 'empty';
  if (rest.length === 0 && !isDir && SKIPPED_FILES.has(top)) return 'skip';
  if (path.basename(relative).startsWith('pgsql_tmp')) return 'skip';
  return 'copy';
}

function stamp(now: Date): string {
  return now.toISOString().replace(/[:.]/g, '-');
}

/** The base backups of a directory, oldest first; a folder without a readable manifest is not one. */
export async function listBaseBackups(backupsDir: string): Promise<BaseBackup[]> {
  const names = (await readdir(backupsDir).catch(() => [] as string[])).filter((n) => BASE_NAME.test(n));
  const found: BaseBackup[] = [];
  for (const name of names.sort()) {
    const dir = path.join(backupsDir, name);
    try {
      const manifest = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as BaseBackupManifest;
      if (manifest.format === 'lajan-base-backup' && manifest.version === 1)
        found.push({ dir, name, manifest });
    } catch {
      // No manifest: not a base backup, or one cut short.
    }
  }
  return found;
}

export interface BaseBackupResult {
  backup: BaseBackup;
  removed: string[];
  walRemoved: number;
  copy?: CopyResult;
}

/**
 * One base backup of the embedded cluster of `config.dataDir` (the running one, or one started for it),
 * then the oldest pruned so that `config.keep` remain with the WAL they need, then the copy to
 * `config.copyDir` when set.
 */
export async function runBaseBackup(config: BackupConfig, now = new Date()): Promise<BaseBackupResult> {
  const port = runningEmbeddedPort(config.dataDir);
  const embedded = port
    ? undefined
    : await startEmbeddedPostgres({ dataDir: config.dataDir, walArchiveDir: config.walArchiveDir });
  let backup: BaseBackup;
  try {
    backup = await takeBaseBackup(config, port ?? embedded!.port, now);
  } finally {
    await embedded?.stop();
  }
  const removed = await pruneBaseBackups(config.backupsDir, config.keep);
  const walRemoved = await pruneWal(config.backupsDir, config.walArchiveDir);
  const copy = config.copyDir ? await copyToSecondPlace(config) : undefined;
  return { backup, removed, walRemoved, ...(copy ? { copy } : {}) };
}

async function takeBaseBackup(config: BackupConfig, port: number, now: Date): Promise<BaseBackup> {
  const name = `base-${stamp(now)}`;
  const dir = path.join(config.backupsDir, name);
  const partial = `${dir}.partial`;
  await mkdir(config.backupsDir, { recursive: true, mode: 0o700 });
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { mode: 0o700 });
  const client = new pg.Client({ connectionString: embeddedSuperuserUrl(config.dataDir, port) });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const clusterDir = (await client.query<{ d: string }>(`select current_setting('data_directory') as d`))
      .rows[0]!.d;
    const version = (await client.query<{ v: string }>(`select current_setting('server_version') as v`))
      .rows[0]!.v;
    // Fast: an immediate checkpoint, so that the backup starts now rather than at the next checkpoint.
    const started = await client.query<{ lsn: string; at: Date }>(
      `select pg_backup_start($1, fast => true)::text as lsn, clock_timestamp() as at`,
      [name],
    );
    let sizeBytes: number;
    try {
      sizeBytes = await copyTree(clusterDir, path.join(partial, CLUSTER_COPY), { skip: clusterEntry });
    } catch (error) {
      await client.query('select pg_backup_stop(wait_for_archive => false)').catch(() => undefined);
      throw error;
    }
    // Waits until the last segment the backup needs is archived: the backup is then whole with the archive.
    let timer: NodeJS.Timeout | undefined;
    const stopped = await Promise.race([
      client.query<{ lsn: string; labelfile: string; spcmapfile: string | null; at: Date }>(
        `select lsn::text, labelfile, spcmapfile, clock_timestamp() as at from pg_backup_stop(wait_for_archive => true)`,
      ),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new BackupError(baseBackupMessages.stopTooLong)), 600_000);
      }),
    ]).finally(() => clearTimeout(timer));
    const stop = stopped.rows[0]!;
    const copy = path.join(partial, CLUSTER_COPY);
    await writeFile(path.join(copy, 'backup_label'), stop.labelfile, { mode: 0o600 });
    if (stop.spcmapfile) await writeFile(path.join(copy, 'tablespace_map'), stop.spcmapfile, { mode: 0o600 });
    await syncPath(path.join(copy, 'backup_label'));
    for (const file of EMBEDDED_PASSWORD_FILES)
      await copyFile(path.join(config.dataDir, file), path.join(partial, file)).catch(() => undefined);
    const label = stop.labelfile;
    const manifest: BaseBackupManifest = {
      format: 'lajan-base-backup',
      version: 1,
      startedAt: started.rows[0]!.at.toISOString(),
      stoppedAt: stop.at.toISOString(),
      startLsn: started.rows[0]!.lsn,
      stopLsn: stop.lsn,
      startWalFile: /\(file ([0-9A-F]{24})\)/.exec(label)?.[1] ?? '',
      timeline: Number(/START TIMELINE: (\d+)/.exec(label)?.[1] ?? 1),
      serverVersion: version,
      sizeBytes,
    };
    await writeFile(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    await syncPath(path.join(partial, MANIFEST));
    await syncPath(partial);
    await rename(partial, dir);
    await syncPath(config.backupsDir);
    return { dir, name, manifest };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Keeps the newest `keep` base backups (and removes what a backup cut short left). */
async function pruneBaseBackups(backupsDir: string, keep: number): Promise<string[]> {
  const backups = await listBaseBackups(backupsDir);
  const removed = backups.slice(0, Math.max(0, backups.length - keep)).map((backup) => backup.dir);
  for (const name of await readdir(backupsDir))
    if (name.startsWith('base-') && name.endsWith('.partial')) {
      const full = path.join(backupsDir, name);
      if (Date.now() - (await stat(full)).mtimeMs > 24 * 3600 * 1000) removed.push(full);
    }
  for (const dir of removed) await rm(dir, { recursive: true, force: true });
  return removed;
}

/**
 * Removes the archived segments older than the oldest base backup's first one, as pg_archivecleanup does
 * (the timeline aside); history files stay, later restores choose their timeline with them.
 */
async function pruneWal(backupsDir: string, walDir: string): Promise<number> {
  const oldest = (await listBaseBackups(backupsDir))[0]?.manifest.startWalFile;
  if (!oldest) return 0;
  let removed = 0;
  for (const name of await readdir(walDir).catch(() => [] as string[]))
    if (WAL_NAME.test(name) && name.slice(8, 24) < oldest.slice(8)) {
      await rm(path.join(walDir, name), { force: true });
      removed += 1;
    }
  return removed;
}

export interface CopyResult {
  dir: string;
  backups: number;
  wal: number;
}

/**
 * Brings `BACKUP_COPY_DIR` level with this machine: every base backup or logical backup it lacks (copied
 * under a temporary name, then renamed), every archived segment it lacks (never one overwritten), then the
 * same pruning. Run after each backup, and alone by `npm run backup -- --copy`.
 */
export async function copyToSecondPlace(config: BackupConfig): Promise<CopyResult> {
  const copyDir = config.copyDir!;
  const backupsCopy = path.join(copyDir, 'backups');
  const walCopy = path.join(copyDir, 'wal');
  await mkdir(backupsCopy, { recursive: true, mode: 0o700 });
  await mkdir(walCopy, { recursive: true, mode: 0o700 });
  let backups = 0;
  const there = new Set(await readdir(backupsCopy));
  for (const name of (await readdir(config.backupsDir).catch(() => [] as string[])).sort()) {
    if (there.has(name) || name.endsWith('.partial') || name.endsWith('.tmp')) continue;
    const source = path.join(config.backupsDir, name);
    const partial = path.join(backupsCopy, `${name}.partial`);
    await rm(partial, { recursive: true, force: true });
    if ((await stat(source)).isDirectory()) await copyTree(source, partial);
    else {
      await copyFile(source, partial);
      await syncPath(partial);
    }
    await rename(partial, path.join(backupsCopy, name));
    backups += 1;
  }
  await syncPath(backupsCopy);
  let wal = 0;
  const walThere = new Set(await readdir(walCopy));
  for (const name of (await readdir(config.walArchiveDir).catch(() => [] as string[])).sort()) {
    if (!WAL_NAME.test(name) && !/^[0-9A-F]{8}\.history$/.test(name)) continue;
    const source = path.join(config.walArchiveDir, name);
    const target = path.join(walCopy, name);
    if (walThere.has(name)) {
      if (!(await sameContent(source, target)))
        throw new BackupError(baseBackupMessages.copyConflict(target));
      continue;
    }
    await placeNew(source, target);
    wal += 1;
  }
  await syncPath(walCopy);
  await pruneBaseBackups(backupsCopy, config.keep);
  await pruneLogicalCopies(backupsCopy, config.keep);
  await pruneWal(backupsCopy, walCopy);
  return { dir: copyDir, backups, wal };
}

async function pruneLogicalCopies(dir: string, keep: number): Promise<void> {
  const names = (await readdir(dir)).filter((n) => /^lajan-.*\.backup\.gz$/.test(n)).sort();
  for (const name of names.slice(0, Math.max(0, names.length - keep))) await rm(path.join(dir, name));
}

/**
 * Copies `source` to `target` under a temporary name, synced, then links it into place: a link never
 * replaces a file. A share that has no hard links gets a rename after a check that the name is free.
 */
async function placeNew(source: string, target: string): Promise<void> {
  const temporary = `${target}.tmp`;
  await copyFile(source, temporary);
  await syncPath(temporary);
  try {
    await link(temporary, target);
    await rm(temporary);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') {
      await rm(temporary);
      if (!(await sameContent(source, target)))
        throw new BackupError(baseBackupMessages.copyConflict(target));
      return;
    }
    if (await stat(target).catch(() => undefined))
      throw new BackupError(baseBackupMessages.copyConflict(target));
    await rename(temporary, target);
  }
}

async function sameContent(a: string, b: string): Promise<boolean> {
  const [left, right] = await Promise.all([readFile(a), readFile(b)]);
  return left.equals(right);
}

/* ------------------------------------------------------------------ the status file */

/** `DATA_DIR/backup-status.json`: the last backup's outcome, read by the metrics (decision 232). */
export const BACKUP_STATUS_FILE = 'backup-status.json';

export interface BackupOutcome {
  /** `base` (embedded cluster), `logical` (`DATABASE_URL`, or `--logical`), `copy` (`--copy`). */
  kind: 'base' | 'logical' | 'copy';
  ok: boolean;
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  /** Bytes written (0 on failure). */
  sizeBytes: number;
  path?: string;
  /** Where it was copied, when BACKUP_COPY_DIR is set and the copy succeeded. */
  copiedTo?: string;
  /** The French message printed to the operator, on failure. */
  error?: string;
}

export interface BackupStatus {
  last: BackupOutcome;
  /** The last successful one, kept across failures: an alert on its age catches backups that stopped. */
  lastSuccess: BackupOutcome | null;
}

/** Writes the status atomically (temporary file, fsync, rename); never throws. */
export async function recordBackupStatus(dataDir: string, outcome: BackupOutcome): Promise<void> {
  const file = path.join(dataDir, BACKUP_STATUS_FILE);
  try {
    let previous: BackupStatus | undefined;
    try {
      previous = JSON.parse(await readFile(file, 'utf8')) as BackupStatus;
    } catch {
      previous = undefined;
    }
    const status: BackupStatus = {
      last: outcome,
      lastSuccess: outcome.ok ? outcome : (previous?.lastSuccess ?? null),
    };
    await mkdir(dataDir, { recursive: true });
    const temporary = `${file}.tmp`;
    await writeFile(temporary, `${JSON.stringify(status, null, 2)}\n`, { mode: 0o644 });
    await syncPath(temporary);
    await rename(temporary, file);
  } catch {
    // The backup's own outcome is what the operator reads; a status that cannot be written must not hide it.
  }
}
