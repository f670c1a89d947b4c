import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import {
  copyFile,
  mkdir,
  mkdtemp,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { finished } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { migratePostgresClient, withMigrationLock } from '../db/client.js';
import { migrationsDir } from '../paths.js';

/*
 * Backups with no outside binary (decision 122): every `public` table copied in one snapshot, gzipped,
 * with the migration version. File: a JSON header line, each table in COPY text format ended by `\.`,
 * a JSON trailer counting each table's rows, so that a file cut short is refused.
 */

/** What the operator reads: one place for the French texts of `npm run backup` and `npm run restore`. */
export const backupMessages = {
  noDatabaseUrl:
    'DATABASE_URL n’est pas défini : indiquez l’adresse de la base à sauvegarder ou à restaurer, par exemple DATABASE_URL=postgres://lajan:motdepasse@127.0.0.1:5432/lajan',
  badKeep: 'BACKUP_KEEP doit être un nombre entier de sauvegardes entre 1 et 1000',
  notMigrated: 'La base ne contient pas les tables de Lajan : rien à sauvegarder',
  notABackup: (file: string) => `${file} n’est pas une sauvegarde de Lajan`,
  truncated: (file: string) => `${file} est incomplet ou abîmé : restauration annulée, rien n’a été écrit`,
  unknownVersion: (tag: string) =>
    `La sauvegarde vient d’une version plus récente de Lajan (migration ${tag}) : mettez Lajan à jour avant de la restaurer`,
  newerDatabase: (tag: string) =>
    `La base est à une version plus récente (migration ${tag}) que la sauvegarde : restaurez dans une base vide`,
  notEmpty:
    'La base contient déjà des données : restauration refusée. Restaurez dans une base vide, ou ajoutez --force pour remplacer toutes ses données par celles de la sauvegarde',
  unbalanced: (n: number) =>
    `La sauvegarde contient ${n} transaction(s) dont les écritures ne s’équilibrent pas : restauration annulée`,
  dangling: (n: number) =>
    `La sauvegarde contient ${n} ligne(s) du grand livre qui renvoient à un compte, une transaction, un agent, un utilisateur ou une personne absents : restauration annulée`,
  drift: (n: number) =>
    `La sauvegarde contient ${n} compte(s) dont le solde n’est pas la somme des écritures : restauration annulée`,
  usage:
    "Usage : npm run backup [-- --logical | --copy] | npm run restore -- --to 'AAAA-MM-JJ HH:MM' | npm run restore -- --swap DOSSIER | npm run restore -- FICHIER [--force]",
  noCopyDir:
    'BACKUP_COPY_DIR n’est pas défini : indiquez le second endroit où copier sauvegardes et WAL (un autre disque, un partage monté)',
  written: (file: string, rows: number) => `Sauvegarde écrite : ${file} (${rows} lignes)`,
  removed: (file: string) => `Ancienne sauvegarde supprimée : ${file}`,
  restored: (file: string, rows: number, tag: string) =>
    `Sauvegarde ${file} restaurée : ${rows} lignes, migration ${tag}`,
} as const;

/** A refusal the operator can act on: its message is printed as it is. */
export class BackupError extends Error {
  override name = 'BackupError';
}

type Env = Record<string, string | undefined>;

/**
 * The database to back up or restore: `DATABASE_URL`. The embedded server (issue 11, "What to build" 1)
 * is to be hooked here when it exists; until then an unset DATABASE_URL is refused with what to do.
 */
export function backupConnectionUrl(env: Env): string {
  const url = env.DATABASE_URL?.trim();
  if (!url) throw new BackupError(backupMessages.noDatabaseUrl);
  return url;
}

/** `DATA_DIR/backups` and how many backups to keep (`BACKUP_KEEP`, 14 by default). */
export function backupSettings(env: Env): { backupsDir: string; keep: number } {
  const dataDir = path.resolve(env.DATA_DIR?.trim() || './data');
  const keepText = env.BACKUP_KEEP?.trim();
  const keep = keepText ? Number(keepText) : 14;
  if (!/^\d+$/.test(keepText ?? '14') || !Number.isInteger(keep) || keep < 1 || keep > 1000)
    throw new BackupError(backupMessages.badKeep);
  return { backupsDir: path.join(dataDir, 'backups'), keep };
}

const FORMAT = 'lajan-backup';
const FORMAT_VERSION = 1;
/** `lajan-2026-11-24T02-05-33-123Z.backup.gz`: sorted by name, sorted by time. */
const BACKUP_NAME = /^lajan-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.backup\.gz$/;

interface TableInfo {
  name: string;
  columns: string[];
}

interface MigrationVersion {
  tag: string;
  hash: string;
  /** The journal's `when` of the last migration applied: what drizzle's migrator compares. */
  createdAt: number;
}

interface BackupHeader {
  format: typeof FORMAT;
  version: typeof FORMAT_VERSION;
  createdAt: string;
  migration: MigrationVersion;
  /** In an order that loads every referenced row before the rows that refer to it. */
  tables: TableInfo[];
}

interface BackupTrailer {
  end: true;
  rows: Record<string, number>;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** An unsent message is restored failed, never sent empty. */
const UNSENT_FAILED = {
  locked_until: 'NULL',
  failed_at: `CASE WHEN sent_at IS NULL THEN coalesce(failed_at, now()) ELSE failed_at END`,
  last_error: `CASE WHEN sent_at IS NULL AND failed_at IS NULL THEN 'not in the backup: never sent' ELSE last_error END`,
};

/**
 * What a column is written as, when it is not copied as it is. An unsent e-mail may hold a reset link or a
 * temporary password (DESIGN §8), an unsent SMS a pick-up code (decision 240): left out of the copy.
 */
const COLUMN_OVERRIDES: Record<string, Record<string, string>> = {
  mail_outbox: { text_body: `''`, ...UNSENT_FAILED },
  sms_outbox: { text_body: `''`, facts: 'NULL', ...UNSENT_FAILED },
};

interface Journal {
  entries: { idx: number; when: number; tag: string; breakpoints: boolean }[];
}

async function readJournal(): Promise<Journal> {
  return JSON.parse(await readFile(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as Journal;
}

async function tablesOf(client: pg.ClientBase): Promise<TableInfo[]> {
  const names = (
    await client.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
    )
  ).rows.map((row) => row.name);
  const references = (
    await client.query<{ child: string; parent: string }>(
      `select cl.relname as child, pl.relname as parent from pg_constraint co
       join pg_class cl on cl.oid = co.conrelid join pg_class pl on pl.oid = co.confrelid
       join pg_namespace n on n.oid = cl.relnamespace
       where co.contype = 'f' and n.nspname = 'public' and cl.relname <> pl.relname`,
    )
  ).rows;
  // Dependency order: a table comes after every table it refers to; alphabetical among equals.
  const ordered: string[] = [];
  const pending = new Set(names);
  while (pending.size > 0) {
    const ready = [...pending].filter((name) =>
      references.every((ref) => ref.child !== name || !pending.has(ref.parent)),
    );
    if (ready.length === 0) throw new Error(`backup: circular foreign keys among ${[...pending].join(', ')}`);
    for (const name of ready) {
      ordered.push(name);
      pending.delete(name);
    }
  }
  const tables: TableInfo[] = [];
  for (const name of ordered) {
    const columns = (
      await client.query<{ name: string }>(
        `select attname as name from pg_attribute
         where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
        [`public.${ident(name)}`],
      )
    ).rows.map((row) => row.name);
    tables.push({ name, columns });
  }
  return tables;
}

/** The last migration applied to the database, or null when drizzle's table is not there. */
async function migrationOf(client: pg.ClientBase, journal: Journal): Promise<MigrationVersion | null> {
  const exists = await client.query<{ ok: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as ok`,
  );
  if (!exists.rows[0]!.ok) return null;
  const { rows } = await client.query<{ hash: string; created_at: string }>(
    `select hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  if (!rows[0]) return null;
  const createdAt = Number(rows[0].created_at);
  const tag = journal.entries.find((entry) => entry.when === createdAt)?.tag ?? `inconnue (${createdAt})`;
  return { tag, hash: rows[0].hash, createdAt };
}

function timestampName(now: Date): string {
  return `lajan-${now.toISOString().replace(/[:.]/g, '-')}.backup.gz`;
}

/** Writes through a stream, waiting when it asks to. */
async function write(stream: NodeJS.WritableStream, chunk: string | Buffer): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

async function syncFile(file: string, flags: string): Promise<void> {
  const handle = await open(file, flags);
  try {
    await handle.sync();
  } catch {
    // A directory cannot be synced on every system (Windows): the file itself was.
  } finally {
    await handle.close();
  }
}

export interface BackupResult {
  file: string;
  rows: Record<string, number>;
  removed: string[];
  migration: MigrationVersion;
}

/**
 * One backup into `backupsDir`, then the oldest removed so that `keep` remain. The file is written under
 * a temporary name, synced and renamed: a backup cut short by a power failure never bears a backup's name.
 */
export async function runBackup(options: {
  databaseUrl: string;
  backupsDir: string;
  keep: number;
  now?: Date;
}): Promise<BackupResult> {
  const journal = await readJournal();
  await mkdir(options.backupsDir, { recursive: true });
  const file = path.join(options.backupsDir, timestampName(options.now ?? new Date()));
  const temporary = `${file}.tmp`;
  const client = new pg.Client({ connectionString: options.databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  const rows: Record<string, number> = {};
  let migration: MigrationVersion;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const applied = await migrationOf(client, journal);
    if (!applied) throw new BackupError(backupMessages.notMigrated);
    migration = applied;
    const tables = await tablesOf(client);
    const header: BackupHeader = {
      format: FORMAT,
      version: FORMAT_VERSION,
      createdAt: (options.now ?? new Date()).toISOString(),
      migration,
      tables,
    };
    const gzip = createGzip();
    const out = createWriteStream(temporary, { mode: 0o600 });
    gzip.pipe(out);
    await write(gzip, `${JSON.stringify(header)}\n`);
    for (const table of tables) {
      const overrides = COLUMN_OVERRIDES[table.name] ?? {};
      const select = table.columns
        .map((column) => (overrides[column] ? `${overrides[column]} AS ${ident(column)}` : ident(column)))
        .join(', ');
      const stream = client.query(copyTo(`COPY (SELECT ${select} FROM ${ident(table.name)}) TO STDOUT`));
      let count = 0;
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        for (const byte of chunk) if (byte === 10) count += 1;
        await write(gzip, chunk);
      }
      rows[table.name] = count;
      await write(gzip, '\\.\n');
    }
    const trailer: BackupTrailer = { end: true, rows };
    gzip.end(`${JSON.stringify(trailer)}\n`);
    await finished(out);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
  await syncFile(temporary, 'r+');
  await rename(temporary, file);
  await syncFile(options.backupsDir, 'r');
  const removed = await prune(options.backupsDir, options.keep);
  return { file, rows, removed, migration };
}

/** Keeps the newest `keep` backups (and removes what a backup cut short left more than a day ago). */
async function prune(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir)).sort();
  const backups = names.filter((name) => BACKUP_NAME.test(name));
  const removed = backups.slice(0, Math.max(0, backups.length - keep)).map((name) => path.join(dir, name));
  for (const name of names.filter((n) => n.endsWith('.backup.gz.tmp'))) {
    const full = path.join(dir, name);
    if (Date.now() - (await stat(full)).mtimeMs > 24 * 3600 * 1000) removed.push(full);
  }
  for (const file of removed) await rm(file, { force: true });
  return removed;
}

export interface RestoreResult {
  rows: Record<string, number>;
  migration: MigrationVersion;
}

/**
 * Restores a backup into an empty database (or replaces its rows with `force`), checks the ledger before
 * committing, then runs the later migrations and the sources of `apps/server/sql/` (decisions 122, 218).
 */
export async function runRestore(options: {
  databaseUrl: string;
  file: string;
  force?: boolean;
}): Promise<RestoreResult> {
  const journal = await readJournal();
  const input = createReadStream(options.file).pipe(createGunzip());
  const lines = createInterface({ input, crlfDelay: Infinity })[Symbol.asyncIterator]();
  const nextLine = async (): Promise<string> => {
    try {
      const next = await lines.next();
      if (next.done) throw new BackupError(backupMessages.truncated(options.file));
      return next.value;
    } catch (error) {
      if (error instanceof BackupError) throw error;
      throw new BackupError(backupMessages.truncated(options.file));
    }
  };

  let header: BackupHeader;
  try {
    header = JSON.parse(await nextLine()) as BackupHeader;
  } catch {
    throw new BackupError(backupMessages.notABackup(options.file));
  }
  if (header?.format !== FORMAT || header.version !== FORMAT_VERSION || !Array.isArray(header.tables))
    throw new BackupError(backupMessages.notABackup(options.file));
  const upTo = journal.entries.findIndex((entry) => entry.when === header.migration.createdAt);
  if (upTo < 0) throw new BackupError(backupMessages.unknownVersion(header.migration.tag));

  const client = new pg.Client({ connectionString: options.databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  const folder = await mkdtemp(path.join(tmpdir(), 'lajan-restore-'));
  try {
    return await withMigrationLock(client, async () => {
      const current = await migrationOf(client, journal);
      if (current && current.createdAt > header.migration.createdAt)
        throw new BackupError(backupMessages.newerDatabase(current.tag));
      if (!options.force && (await holdsData(client))) throw new BackupError(backupMessages.notEmpty);

      // The migrations up to the backup's own, from a copy of the journal that stops there.
      const entries = journal.entries.slice(0, upTo + 1);
      await mkdir(path.join(folder, 'meta'));
      await writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
      for (const entry of entries)
        await copyFile(path.join(migrationsDir, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
      await migrate(drizzle({ client }), { migrationsFolder: folder });

      await client.query('BEGIN');
      const rows: Record<string, number> = {};
      try {
        const existing = await tablesOf(client);
        if (existing.length > 0)
          await client.query(
            `TRUNCATE TABLE ${existing.map((table) => ident(table.name)).join(', ')} RESTART IDENTITY CASCADE`,
          );
        // The rows are the ledger as it was: the triggers that apply a movement (the system balances,
        // sql/ledger_entries_totals.sql) must not apply it again; the ledger's rules are checked below, all at once.
        for (const table of header.tables)
          await client.query(`ALTER TABLE ${ident(table.name)} DISABLE TRIGGER USER`);
        for (const table of header.tables) rows[table.name] = await loadTable(client, table, nextLine);
        let trailer: BackupTrailer;
        try {
          trailer = JSON.parse(await nextLine()) as BackupTrailer;
        } catch {
          throw new BackupError(backupMessages.truncated(options.file));
        }
        if (trailer?.end !== true || JSON.stringify(trailer.rows) !== JSON.stringify(rows))
          throw new BackupError(backupMessages.truncated(options.file));
        await resetSequences(client);
        await checkLedger(client);
        for (const table of header.tables)
          await client.query(`ALTER TABLE ${ident(table.name)} ENABLE TRIGGER USER`);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
      // The rows are in: the migrations after the backup's, then the current sources (decision 218).
      await migratePostgresClient(client);
      return { rows, migration: header.migration };
    });
  } finally {
    input.destroy();
    await rm(folder, { recursive: true, force: true });
    await client.end().catch(() => undefined);
  }
}

/** True when any table of the `public` schema holds a row. */
async function holdsData(client: pg.ClientBase): Promise<boolean> {
  for (const table of await tablesOf(client)) {
    const { rows } = await client.query(`select 1 from ${ident(table.name)} limit 1`);
    if (rows.length > 0) return true;
  }
  return false;
}

/** Streams one table's lines, up to its `\.`, into `COPY … FROM STDIN`; answers how many rows. */
async function loadTable(
  client: pg.ClientBase,
  table: TableInfo,
  nextLine: () => Promise<string>,
): Promise<number> {
  const columns = table.columns.map(ident).join(', ');
  const stream = client.query(copyFrom(`COPY ${ident(table.name)} (${columns}) FROM STDIN`));
  const done = finished(stream);
  done.catch(() => undefined);
  let count = 0;
  try {
    let batch: string[] = [];
    let size = 0;
    for (;;) {
      const line = await nextLine();
      if (line === '\\.') break;
      count += 1;
      batch.push(line, '\n');
      size += line.length + 1;
      if (size > 256 * 1024) {
        await write(stream, batch.join(''));
        batch = [];
        size = 0;
      }
    }
    if (batch.length > 0) await write(stream, batch.join(''));
    stream.end();
  } catch (error) {
    // A file cut short: abandon the COPY (CopyFail), so that the connection can roll back.
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
    await done.catch(() => undefined);
    throw error;
  }
  await done;
  return count;
}

/** Every sequence behind a column of `public` (the bigserial ids) restarts after the highest value loaded. */
async function resetSequences(client: pg.ClientBase): Promise<void> {
  const { rows } = await client.query<{ table: string; column: string; sequence: string }>(
    `select c.relname as table, a.attname as column,
       pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) as sequence
     from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
       and pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) is not null`,
  );
  for (const row of rows)
    await client.query(
      `select setval($1, coalesce((select max(${ident(row.column)}) from ${ident(row.table)}), 0) + 1, false)`,
      [row.sequence],
    );
}

/**
 * DESIGN §4 on the loaded rows, in set-wise queries: every row the ledger refers to is there (the
 * references of entries and transactions are triggers since decision 163, off while the rows are copied),
 * each transaction balances, each balance is the sum of its entries.
 */
export async function checkLedger(client: pg.ClientBase): Promise<void> {
  const missing = (table: string, column: string, of: string) =>
    `(${of}.${column} is not null and not exists (select 1 from ${table} r where r.id = ${of}.${column}))`;
  const dangling = await client.query<{ n: number }>(
    `select (select count(*) from entries e
        where ${missing('accounts', 'account_id', 'e')} or ${missing('transactions', 'transaction_id', 'e')})::int
      + (select count(*) from transactions t
        where ${missing('accounts', 'account_id', 't')} or ${missing('accounts', 'sender_account_id', 't')}
          or ${missing('accounts', 'recipient_account_id', 't')} or ${missing('agents', 'agent_id', 't')}
          or ${missing('users', 'created_by_user_id', 't')} or ${missing('persons', 'sender_person_id', 't')})::int
      as n`,
  );
  if (dangling.rows[0]!.n > 0) throw new BackupError(backupMessages.dangling(dangling.rows[0]!.n));
  const unbalanced = await client.query<{ n: number }>(
    `select count(*)::int as n from (
       select t.id from transactions t left join entries e on e.transaction_id = t.id
       group by t.id having coalesce(sum(e.amount_centimes), 0) <> 0 or count(e.id) < 2) as bad`,
  );
  if (unbalanced.rows[0]!.n > 0) throw new BackupError(backupMessages.unbalanced(unbalanced.rows[0]!.n));
  const drift = await client.query<{ n: number }>(
    `select count(*)::int as n from accounts a
     left join (select account_id, sum(amount_centimes) as total from entries group by account_id) e
       on e.account_id = a.id
     where a.balance_centimes <> coalesce(e.total, 0)`,
  );
  if (drift.rows[0]!.n > 0) throw new BackupError(backupMessages.drift(drift.rows[0]!.n));
}
