import { existsSync } from 'node:fs';
import { chown, copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { platform } from 'node:os';
import path from 'node:path';
import { haitiWallClockMs } from '@lajan/domain';
import pg from 'pg';
import type { BackupConfig } from '../config.js';
import {
  clusterOwner,
  EMBEDDED_PASSWORD_FILES,
  embeddedSuperuserUrl,
  EmbeddedPostgresError,
  lockDataDir,
  runningEmbeddedPort,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
  type RunAs,
} from '../db/embedded-postgres.js';
import { BackupError, checkLedger } from './backup.js';
import { CLUSTER_COPY, copyTree, listBaseBackups, syncPath, type BaseBackup } from './base-backup.js';

/*
 * `npm run restore -- --to '2026-12-05 14:32'` (decision 232): the newest base backup before that time,
 * copied into a new directory, its WAL replayed from the archive up to that time, promoted, started, the
 * ledger checked. The current cluster is never touched, unless `--swap` with the server stopped.
 */

export const restoreMessages = {
  badTime: (text: string) =>
    `« ${text} » n’est pas une heure lisible : écrivez la date et l’heure de Port-au-Prince, par exemple --to '2026-12-05 14:32' (les secondes sont permises : 14:32:30)`,
  noMinute: (text: string) =>
    `« ${text} » ne dit pas la minute : écrivez l’heure et la minute, par exemple --to '2026-12-05 14:00' pour 14 h pile`,
  noSuchTime: (text: string) =>
    `${text} n’existe pas à Port-au-Prince : à cette heure-là, les horloges ont avancé d’une heure (passage à l’heure d’été). Choisissez une minute avant ou après`,
  future: (text: string) => `${text} (heure de Port-au-Prince) est dans le futur : rien à restaurer`,
  noBaseBackup: (dir: string) =>
    `Aucune sauvegarde de base dans ${dir} : lancez npm run backup (la restauration à une minute part d’une sauvegarde de base et rejoue le WAL archivé depuis)`,
  beforeOldest: (text: string, oldest: string) =>
    `${text} est avant la plus ancienne sauvegarde de base, terminée le ${oldest} (heure de Port-au-Prince) : impossible de restaurer plus tôt`,
  afterLastWal: (text: string, last: string) =>
    `${text} est après la dernière écriture que le WAL archivé contient (${last}, heure de Port-au-Prince) : l’archive s’arrête avant. Choisissez une heure jusqu’à ${last}, ou vérifiez l’archivage (WAL_ARCHIVE_DIR, BACKUP_COPY_DIR)`,
  recoveryFailed: (logDir: string, said: string) =>
    `La copie restaurée n’a pas démarré (${said || 'sans message'}) : voyez le journal de PostgreSQL dans ${logDir}`,
  serverRunning:
    'Le serveur Lajan tourne encore sur ce DATA_DIR : arrêtez-le avant --swap (la copie restaurée a été gardée, relancez avec --swap une fois le serveur arrêté)',
  restored: (text: string, dir: string, count: number, last: string | undefined) =>
    `Copie restaurée à l’état du ${text} (heure de Port-au-Prince) dans ${dir} : ${count} transaction(s)${last ? `, la dernière ${last}` : ''}. Grand livre vérifié : chaque transaction s’équilibre, chaque solde est la somme de ses écritures.`,
  quiet: (last: string) =>
    `Aucune écriture dans le WAL après ${last} (heure de Port-au-Prince) : la copie est l’état de ce moment-là, qui est aussi celui de l’heure demandée.`,
  howToSwap: (dataDir: string, dir: string) =>
    [
      'Pour la mettre en service : arrêtez le serveur Lajan, puis',
      `  npm run restore -- --swap ${dir}`,
      `(l’ancien cluster ${path.join(dataDir, 'postgres')} est alors gardé à côté, renommé, jamais supprimé).`,
    ].join('\n'),
  swapped: (old: string) =>
    `Copie mise en service. L’ancien cluster est gardé dans ${old} : supprimez-le vous-même quand la copie vous convient. Démarrez Lajan, puis lancez npm run backup : les prochaines restaurations partiront de cette sauvegarde.`,
  notARestore: (dir: string) => `${dir} n’est pas une copie restaurée par npm run restore -- --to`,
} as const;

/* ------------------------------------------------------------------ Port-au-Prince time */

export interface RestoreTarget {
  /** The instant. */
  at: Date;
  /** As the operator reads it: `2026-12-05 14:32` (Port-au-Prince). */
  text: string;
}

/** `YYYY-MM-DD HH:MM:SS` in Port-au-Prince. */
export function portAuPrinceTime(at: Date): string {
  return new Date(haitiWallClockMs(at.getTime())).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * `2026-12-05 14:32`, `2026-12-05T14:32`, `2026-12-05 14h32`, with seconds or not: a wall-clock time of
 * Port-au-Prince. A time the spring change skips is refused; one the autumn change repeats is the first.
 * A date or an hour without its minute is refused rather than guessed (start or end of the day?).
 */
export function parseRestoreTarget(text: string, now = new Date()): RestoreTarget {
  const trimmed = text.trim();
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2})[:h](\d{2})(?::(\d{2}))?$/.exec(trimmed);
  if (!match) {
    if (/^\d{4}-\d{2}-\d{2}([ T]\d{1,2}h?)?$/.test(trimmed))
      throw new BackupError(restoreMessages.noMinute(trimmed));
    throw new BackupError(restoreMessages.badTime(trimmed));
  }
  const [year, month, day, hour, minute, second = '0'] = match.slice(1).map((part) => part ?? '0') as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const wall = [year, month, day, hour, minute, second].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const [y, mo, d, h, mi, s] = wall;
  const calendar = new Date(Date.UTC(y, mo - 1, d));
  if (
    mo < 1 ||
    mo > 12 ||
    calendar.getUTCDate() !== d ||
    calendar.getUTCMonth() !== mo - 1 ||
    h > 23 ||
    mi > 59 ||
    s > 59
  )
    throw new BackupError(restoreMessages.badTime(trimmed));
  const label = `${year}-${month}-${day} ${String(h).padStart(2, '0')}:${minute}${match[6] ? `:${second}` : ''}`;
  const wanted = `${year}-${month}-${day} ${String(h).padStart(2, '0')}:${minute}:${second.padStart(2, '0')}`;
  const naive = Date.UTC(y, mo - 1, d, h, mi, s);
  // Port-au-Prince is UTC−5 or UTC−4: of the two readings, the ones that read back as asked.
  const readings = [4, 5]
    .map((hours) => new Date(naive + hours * 3600_000))
    .filter((at) => portAuPrinceTime(at) === wanted)
    .sort((a, b) => a.getTime() - b.getTime());
  const at = readings[0];
  if (!at) throw new BackupError(restoreMessages.noSuchTime(label));
  if (at.getTime() > now.getTime()) throw new BackupError(restoreMessages.future(label));
  return { at, text: label };
}

/* ------------------------------------------------------------------ the restore */

export interface PointInTimeResult {
  /** `DATA_DIR/restaurations/…`: the restored copy (its cluster in `postgres/`), or the data directory once swapped. */
  dir: string;
  backup: BaseBackup;
  transactions: number;
  /** The last transaction's number and time (Port-au-Prince), if any. */
  last: { number: string; at: string } | undefined;
  /** Set when the WAL held nothing after this time: the copy is the end of the WAL. */
  quietSince: string | undefined;
}

/** The restore_command: the local archive first, then the copy (PostgreSQL asks for files that may not exist). */
function restoreCommand(dirs: string[]): string {
  const escape = (dir: string) => dir.replaceAll('%', '%%');
  if (platform() === 'win32')
    return dirs.map((dir) => `copy /Y "${escape(dir)}\\%f" "%p" >NUL 2>&1`).join(' || ');
  return dirs.map((dir) => `cp "${escape(dir)}/%f" "%p" 2>/dev/null`).join(' || ');
}

/** A newest-first list of the WAL archives that exist. */
function archiveDirs(config: BackupConfig): string[] {
  return [config.walArchiveDir, ...(config.copyDir ? [path.join(config.copyDir, 'wal')] : [])].filter((dir) =>
    existsSync(dir),
  );
}

/**
 * Asks a running cluster to close its current segment and waits (up to a minute) until it is archived:
 * a restore to the last minutes then finds them in the archive.
 */
async function flushRunningWal(config: BackupConfig): Promise<boolean> {
  const port = runningEmbeddedPort(config.dataDir);
  if (!port) return false;
  const client = new pg.Client({ connectionString: embeddedSuperuserUrl(config.dataDir, port) });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ file: string }>(`select pg_walfile_name(pg_switch_wal()) as file`);
    const wanted = rows[0]!.file;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const archived = await client.query<{ last: string | null }>(
        `select last_archived_wal as last from pg_stat_archiver`,
      );
      if ((archived.rows[0]!.last ?? '') >= wanted) return true;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch {
    // The archive as it is; the segments still in pg_wal are copied below.
  } finally {
    await client.end().catch(() => undefined);
  }
  return false;
}

/**
 * Copies the base backup into `dir/postgres`, with the segments of the current cluster's pg_wal that the
 * archive lacks (the last minutes before a crash), and asks for recovery. Answers the newest WAL's mtime.
 */
async function prepareCopy(
  config: BackupConfig,
  backup: BaseBackup,
  dir: string,
  owner: RunAs | undefined,
): Promise<number> {
  const cluster = path.join(dir, CLUSTER_COPY);
  await rm(cluster, { recursive: true, force: true });
  await copyTree(path.join(backup.dir, CLUSTER_COPY), cluster, owner ? { owner } : {});
  const archived = new Set<string>();
  let newest = 0;
  for (const archive of archiveDirs(config))
    for (const name of await readdir(archive)) {
      archived.add(name);
      if (/^[0-9A-F]{24}$/.test(name))
        newest = Math.max(newest, (await stat(path.join(archive, name))).mtimeMs);
    }
  const liveWal = path.join(config.dataDir, 'postgres', 'pg_wal');
  for (const name of await readdir(liveWal).catch(() => [] as string[])) {
    if (!/^[0-9A-F]{24}$/.test(name) || archived.has(name)) continue;
    const target = path.join(cluster, 'pg_wal', name);
    await copyFile(path.join(liveWal, name), target);
    if (owner) await chown(target, owner.uid, owner.gid);
    newest = Math.max(newest, (await stat(target)).mtimeMs);
  }
  const signal = path.join(cluster, 'recovery.signal');
  await writeFile(signal, '', { mode: 0o600 });
  if (owner) await chown(signal, owner.uid, owner.gid);
  return newest;
}

/** What PostgreSQL's log says about a recovery that did not reach its target. */
async function recoveryOutcome(
  dir: string,
): Promise<{ notReached: boolean; last: Date | undefined; said: string }> {
  const logDir = path.join(dir, 'postgres-log');
  let text = '';
  for (const name of await readdir(logDir).catch(() => [] as string[]))
    text += await readFile(path.join(logDir, name), 'utf8').catch(() => '');
  const last = [...text.matchAll(/last completed transaction was at log time ([0-9-]+ [0-9:.]+[+-]\d+)/g)].at(
    -1,
  )?.[1];
  return {
    notReached: text.includes('recovery ended before configured recovery target was reached'),
    said: text
      .split('\n')
      .filter((line) => /\b(FATAL|PANIC|ERROR):/.test(line))
      .slice(-2)
      .map((line) => line.replace(/^.*?\b(FATAL|PANIC|ERROR):\s*/, '$1: '))
      .join(' | '),
    last: last ? new Date(last.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')) : undefined,
  };
}

export async function runPointInTimeRestore(
  config: BackupConfig,
  target: RestoreTarget,
  options: { now?: Date } = {},
): Promise<PointInTimeResult> {
  let backups = await listBaseBackups(config.backupsDir);
  if (backups.length === 0 && config.copyDir)
    backups = await listBaseBackups(path.join(config.copyDir, 'backups'));
  if (backups.length === 0) throw new BackupError(restoreMessages.noBaseBackup(config.backupsDir));
  const usable = backups.filter((backup) => new Date(backup.manifest.stoppedAt) <= target.at);
  const backup = usable.at(-1);
  if (!backup)
    throw new BackupError(
      restoreMessages.beforeOldest(target.text, portAuPrinceTime(new Date(backups[0]!.manifest.stoppedAt))),
    );

  // Until when the WAL at hand is known whole: now, if the running cluster's last segment was archived or a
  // stopped cluster's pg_wal (which keeps every unarchived segment) is copied; else the newest segment's time.
  const flushed = await flushRunningWal(config);
  const running = runningEmbeddedPort(config.dataDir) !== undefined;
  const wholeUntil =
    flushed || (!running && existsSync(path.join(config.dataDir, 'postgres', 'PG_VERSION'))) ? Date.now() : 0;
  const stampText = (options.now ?? new Date()).toISOString().replace(/[:.]/g, '-');
  const dir = path.join(
    config.dataDir,
    'restaurations',
    `${target.text.replace(' ', '_').replace(':', 'h').replace(':', 'm')}-${stampText}`,
  );
  await mkdir(dir, { recursive: true, mode: 0o755 });
  for (const file of EMBEDDED_PASSWORD_FILES)
    await copyFile(path.join(backup.dir, file), path.join(dir, file)).catch(() =>
      copyFile(path.join(config.dataDir, file), path.join(dir, file)),
    );
  await writeFile(
    path.join(dir, 'restauration.json'),
    `${JSON.stringify({ target: target.text, at: target.at.toISOString(), backup: backup.name }, null, 2)}\n`,
  );
  const owner = clusterOwner();
  const recovery = (toTarget: boolean): Record<string, string> => ({
    restore_command: restoreCommand(archiveDirs(config)),
    ...(toTarget
      ? {
          recovery_target_time: target.at.toISOString().replace('T', ' ').replace('Z', '+00'),
          recovery_target_inclusive: 'on',
        }
      : {}),
    recovery_target_action: 'promote',
    // No session before the promotion: the start then sets the roles up on a writable cluster.
    hot_standby: 'off',
  });
  const start = (toTarget: boolean) =>
    startEmbeddedPostgres({
      dataDir: dir,
      // A copy being checked archives nothing: the operator may discard it (decision 232).
      walArchiveDir: null,
      settings: recovery(toTarget),
      readyTimeoutMs: 6 * 3600_000,
    });

  const newest = await prepareCopy(config, backup, dir, owner);
  let quietSince: string | undefined;
  let embedded: EmbeddedPostgres;
  try {
    embedded = await start(true);
  } catch (error) {
    if (!(error instanceof EmbeddedPostgresError)) throw error;
    const outcome = await recoveryOutcome(dir);
    if (!outcome.notReached)
      throw new BackupError(restoreMessages.recoveryFailed(path.join(dir, 'postgres-log'), outcome.said));
    const lastText = outcome.last ? portAuPrinceTime(outcome.last) : portAuPrinceTime(new Date(newest));
    // The WAL holds nothing after `last` and reaches past the target: the end of the WAL is the target's state.
    if (Math.max(newest, wholeUntil) < target.at.getTime())
      throw new BackupError(restoreMessages.afterLastWal(target.text, lastText));
    quietSince = lastText;
    await rm(path.join(dir, 'postgres-log'), { recursive: true, force: true });
    await prepareCopy(config, backup, dir, owner);
    embedded = await start(false);
  }
  try {
    const client = new pg.Client({ connectionString: embedded.url });
    client.on('error', () => undefined);
    await client.connect();
    try {
      await checkLedger(client);
      const { rows } = await client.query<{ n: number; number: string | null; at: Date | null }>(
        `select (select count(*)::int from transactions) as n, t.transaction_number as number, t.created_at as at
         from (select 1) one left join lateral (
           select transaction_number, created_at from transactions order by created_at desc, transaction_number desc limit 1) t on true`,
      );
      const row = rows[0]!;
      return {
        dir,
        backup,
        transactions: row.n,
        last: row.number && row.at ? { number: row.number, at: portAuPrinceTime(row.at) } : undefined,
        quietSince,
      };
    } finally {
      await client.end().catch(() => undefined);
    }
  } finally {
    await embedded.stop();
  }
}

/**
 * `npm run restore -- --swap DIR`: with the server stopped (its lock taken meanwhile), the current cluster
 * renamed aside, the restored one moved into `DATA_DIR/postgres`, its timeline's history file given to the
 * archive so that later restores pick a new timeline and follow this one. Answers where the old one is.
 */
export async function swapRestoredCluster(
  config: BackupConfig,
  dir: string,
  now = new Date(),
): Promise<string> {
  const restored = path.join(path.resolve(dir), CLUSTER_COPY);
  if (
    !existsSync(path.join(path.resolve(dir), 'restauration.json')) ||
    !existsSync(path.join(restored, 'PG_VERSION'))
  )
    throw new BackupError(restoreMessages.notARestore(dir));
  await mkdir(config.dataDir, { recursive: true });
  let lock;
  try {
    lock = lockDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof EmbeddedPostgresError) throw new BackupError(restoreMessages.serverRunning);
    throw error;
  }
  try {
    const current = path.join(config.dataDir, 'postgres');
    const aside = path.join(
      config.dataDir,
      `postgres.avant-restauration-${now.toISOString().replace(/[:.]/g, '-')}`,
    );
    if (existsSync(current)) await rename(current, aside);
    await rename(restored, current);
    await syncPath(config.dataDir);
    for (const file of EMBEDDED_PASSWORD_FILES)
      if (!existsSync(path.join(config.dataDir, file)))
        await copyFile(path.join(path.resolve(dir), file), path.join(config.dataDir, file));
    await mkdir(config.walArchiveDir, { recursive: true, mode: 0o700 });
    for (const name of await readdir(path.join(current, 'pg_wal')))
      if (/^[0-9A-F]{8}\.history$/.test(name) && !existsSync(path.join(config.walArchiveDir, name))) {
        await copyFile(path.join(current, 'pg_wal', name), path.join(config.walArchiveDir, name));
        await syncPath(path.join(config.walArchiveDir, name));
      }
    return aside;
  } finally {
    lock.release();
  }
}
