import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { migrationsDir } from '../paths.js';
import * as schema from './schema.js';
import { applySources, type SqlSession } from './sources.js';

/**
 * The one database type that shared code is written against. PGlite and node-postgres give
 * different query-result types; nothing outside this file depends on which one runs.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either: a function that takes an `Executor` runs inside its caller's transaction when given one. */
export type Executor = Db | Tx;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Reports, statements, exports and the audit log: never the counter's connections (decision 233). */
  reporting: ReportingDatabase;
  /**
   * Applies the SQL migrations of `apps/server/drizzle/` that have not run yet, then the functions and
   * triggers of `apps/server/sql/` that changed (decision 218).
   */
  migrate(): Promise<void>;
  /** Resolves when the database answers a query. */
  ping(): Promise<void>;
  /** Idempotent. */
  close(): Promise<void>;
  /** The pool's state and waits, for `/metrics` (decision 230); PGlite has no pool. */
  pool?: PoolWatch;
}

export interface PoolWatch {
  counts(): { total: number; idle: number; waiting: number };
  /** `listener` hears how long each checkout waited for a connection, in seconds. */
  onAcquire(listener: (seconds: number) => void): void;
}

/**
 * Where the reports, statements, exports and the audit log read (decision 233): a streaming replica
 * (`DATABASE_READ_URL`), or a small pool of their own on the main database; on PGlite, its one connection.
 * Read-only: a write sent here fails on the pool as it would on a replica.
 */
export interface ReportingDatabase {
  source: 'replica' | 'pool' | 'shared';
  db: Db;
  /**
   * One connection held for one export, under a session-level advisory lock on `key` (a user's id): one
   * export per user across processes. Undefined while another session holds it.
   */
  holdExclusive(key: string): Promise<ReportingLease | undefined>;
}

/** The connection an export reads on; `release` (idempotent) unlocks it and gives it back to the pool. */
export interface ReportingLease {
  db: Db;
  release(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL server; unset: embedded PGlite. */
  databaseUrl?: string | undefined;
  /** A streaming replica of `databaseUrl` for the reports (decision 233); unset: a pool of their own. */
  databaseReadUrl?: string | undefined;
  /** That pool's size (default `DEFAULT_READ_POOL_SIZE`). */
  readPoolSize?: number | undefined;
  /** PGlite's data directory: a path (its parent is created), or `memory://`. */
  pgliteDataDir: string;
  onPoolError?: (error: Error) => void;
}

/** An arbitrary constant: the advisory lock that lets one process at a time migrate. */
const MIGRATION_LOCK_KEY = 7_210_031;
/** Another: the first half of an export's two-key advisory lock, the second being a hash of its user. */
const EXPORT_LOCK_CLASS = 7_210_044;

/** The reporting pool's connections per process when `DATABASE_READ_POOL_SIZE` is unset (decision 233). */
const DEFAULT_READ_POOL_SIZE = 3;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options) : openPglite(options.pgliteDataDir);
}

/** PGlite's one connection serves the reports too; one process, so the in-process bound suffices. */
export function sharedReporting(db: Db): ReportingDatabase {
  return {
    source: 'shared',
    db,
    holdExclusive: () => Promise.resolve({ db, release: () => Promise.resolve() }),
  };
}

/**
 * PGlite (27 MB, tests only) is a development dependency, loaded only here: a production-only install,
 * which has no PGlite, starts (decision 229).
 */
async function loadPglite() {
  const [pglite, driver, migrator] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  return { PGlite: pglite.PGlite, drizzle: driver.drizzle, migrate: migrator.migrate };
}

async function openPglite(dataDir: string): Promise<Database> {
  if (!dataDir.includes('://')) mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  const { PGlite: Client, drizzle } = await loadPglite();
  const client = new Client(dataDir);
  const db = drizzle({ client, schema });
  let closed: Promise<void> | undefined;
  return {
    kind: 'pglite',
    db,
    reporting: sharedReporting(db),
    // PGlite has one connection: nothing else can run migrations at the same time.
    migrate: () => migratePgliteClient(client),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => (closed ??= client.closed ? Promise.resolve() : client.close()),
  };
}

/** The migrations, then the sources, on PGlite's one connection. */
export async function migratePgliteClient(client: PGlite): Promise<void> {
  const { drizzle, migrate } = await loadPglite();
  await migrate(drizzle({ client, schema }), { migrationsFolder: migrationsDir });
  await applySources(pgliteSession(client));
}

export function pgliteSession(client: PGlite): SqlSession {
  return {
    exec: async (text) => {
      await client.exec(text);
    },
    query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
  };
}

export function postgresSession(client: pg.ClientBase): SqlSession {
  return {
    exec: async (text) => {
      await client.query(text);
    },
    query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
  };
}

/**
 * Runs `work` under the session-level advisory lock that lets one process at a time migrate: several
 * processes may start together on one server, and `npm run restore` migrates too.
 */
export async function withMigrationLock<T>(client: pg.ClientBase, work: () => Promise<T>): Promise<T> {
  await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
  try {
    return await work();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
  }
}

/** The migrations not run yet, then the sources that changed; the caller holds the lock. */
export async function migratePostgresClient(client: pg.Client): Promise<void> {
  await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder: migrationsDir });
  await applySources(postgresSession(client));
}

/**
 * How long a request may wait for the database before it is answered 503 (decision 120): the web
 * client gives up after 10 s, so a connection (or a free slot in the pool) within 3 s, a statement
 * within 6 s on the server, and an answer within 7 s on the wire, whatever the server does.
 */
export const POSTGRES_TIMEOUTS = {
  connectionTimeoutMillis: 3_000,
  statement_timeout: 6_000,
  query_timeout: 7_000,
} as const;

/** How long a broken client may stay checked out before the pool takes it back (see below). */
const ABANDONED_CLIENT_MS = 3_000;

function openPostgres(options: DatabaseOptions): Database {
  const connectionString = options.databaseUrl!;
  const { onPoolError } = options;
  const pool = openPool({ connectionString, max: 10, application_name: 'lajan' }, onPoolError);
  const readPool = openPool(
    {
      connectionString: options.databaseReadUrl ?? connectionString,
      max: options.readPoolSize ?? DEFAULT_READ_POOL_SIZE,
      application_name: 'lajan-reporting',
      // Read-only as a replica is: a write routed here by mistake fails in every test (decision 233).
      options: '-c default_transaction_read_only=on',
    },
    onPoolError,
  );
  const acquired = timeCheckouts(pool);
  const db = drizzleNodePg({ client: pool, schema });
  let closed: Promise<void> | undefined;
  return {
    kind: 'postgres',
    db,
    pool: {
      counts: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      onAcquire: (listener) => acquired.push(listener),
    },
    reporting: {
      source: options.databaseReadUrl ? 'replica' : 'pool',
      db: drizzleNodePg({ client: readPool, schema }),
      holdExclusive: (key) => holdExclusive(readPool, key),
    },
    migrate: async () => {
      // The migrations' lock is held by one dedicated connection.
      const client = new pg.Client({
        connectionString,
        application_name: 'lajan',
        connectionTimeoutMillis: POSTGRES_TIMEOUTS.connectionTimeoutMillis,
      });
      // A connection lost during the migrations fails them (and the start waits again); it must not
      // end the process with an unhandled 'error'.
      client.on('error', () => undefined);
      await client.connect();
      try {
        await withMigrationLock(client, () => migratePostgresClient(client));
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => (closed ??= Promise.all([pool.end(), readPool.end()]).then(() => undefined)),
  };
}

/**
 * A session-level advisory lock is tied to its connection: the export keeps that connection until it
 * ends, and a connection lost (a process killed) frees it (decision 233). Advisory locks work on a hot
 * standby, each server its own: processes must read from the same replica.
 */
async function holdExclusive(pool: pg.Pool, key: string): Promise<ReportingLease | undefined> {
  const client = await pool.connect();
  let locked: boolean;
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1, hashtext($2)) as locked',
      [EXPORT_LOCK_CLASS, key],
    );
    locked = rows[0]?.locked === true;
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
  if (!locked) {
    client.release();
    return undefined;
  }
  let released: Promise<void> | undefined;
  return {
    db: drizzleNodePg({ client, schema }),
    release: () =>
      (released ??= client
        .query('select pg_advisory_unlock($1, hashtext($2))', [EXPORT_LOCK_CLASS, key])
        .then(
          () => client.release(),
          // A broken connection leaves the pool, and its session's lock goes with it.
          (error: unknown) => client.release(error as Error),
        )
        // Already taken back as broken (below): nothing left to give back.
        .catch(() => undefined)),
  };
}

/** A node-postgres pool with the counter's timeouts and the guards below, for the counter or the reports. */
function openPool(
  config: Pick<pg.PoolConfig, 'connectionString' | 'max' | 'application_name' | 'options'>,
  onPoolError?: (error: Error) => void,
): pg.Pool {
  const pool = new pg.Pool({
    ...config,
    // Idle connections stay open (pg-pool closes them after 10 s by default). A counter's requests come
    // seconds or minutes apart: each new connection cost a connection's start, then planned each statement
    // again at its first five calls (8 ms for the history's page on a slow host, decision 190).
    idleTimeoutMillis: 0,
    keepAlive: true,
    ...POSTGRES_TIMEOUTS,
  });
  const checkedOut = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('connect', (client) => {
    // pg-pool listens for errors on a client only while it is idle: a connection that breaks while
    // checked out (inside a transaction) would raise an unhandled 'error' and end the process. The
    // query in progress fails on its own (answered 503); the broken client leaves the pool.
    client.on('error', (error) => {
      onPoolError?.(error);
      // Drizzle's `transaction()` sends BEGIN before its `try`: when BEGIN fails, the client is never
      // released and the pool would lose a slot for good (and `end()` wait for ever). A broken client
      // still checked out a moment later is released here, as broken, so that the pool drops it.
      setTimeout(() => {
        if (checkedOut.has(client)) client.release(error);
      }, ABANDONED_CLIENT_MS).unref();
    });
    prepareEveryStatement(client);
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (error) => onPoolError?.(error));
  return pool;
}

/**
 * Times each checkout of the pool, `pool.query`'s included (it calls `this.connect`): the wait for a free
 * connection is what a request queues behind when the pool is too small (decision 230).
 */
function timeCheckouts(pool: pg.Pool): ((seconds: number) => void)[] {
  const listeners: ((seconds: number) => void)[] = [];
  const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown;
  const heard = (since: number) => {
    const seconds = (performance.now() - since) / 1000;
    for (const listener of listeners) listener(seconds);
  };
  (pool as { connect: unknown }).connect = (callback?: unknown) => {
    const since = performance.now();
    if (typeof callback !== 'function')
      return (connect() as Promise<pg.PoolClient>).then((client) => {
        heard(since);
        return client;
      });
    return connect((error: unknown, client: unknown, done: unknown) => {
      if (!error) heard(since);
      (callback as (...args: unknown[]) => void)(error, client, done);
    });
  };
  return listeners;
}

/** How many statement texts get a name; past that, a new text runs unnamed, as every text did before. */
const MAX_NAMED_STATEMENTS = 2_000;
const statementNames = new Map<string, string>();

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `lajan_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Statements prepared once per connection under a name from their text, as postgres.js and pgx do: a
 * third of PostgreSQL's CPU per movement was planning (decision 074). The set of names is capped.
 */
function prepareEveryStatement(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    if (
      config !== null &&
      typeof config === 'object' &&
      typeof (config as { text?: unknown }).text === 'string' &&
      (config as { name?: unknown }).name === undefined &&
      Array.isArray(values) &&
      values.length > 0
    ) {
      const name = statementName((config as { text: string }).text);
      if (name !== undefined) return dropOnReadTimeout(client, query({ ...config, name }, values, callback));
    }
    return dropOnReadTimeout(client, query(config, values, callback));
  };
}

/**
 * node-postgres answers "Query read timeout" to the caller but leaves the connection waiting for the
 * lost answer: the next query on it would wait behind it. Its socket is closed instead, so that the
 * pool drops it and opens a fresh one.
 */
function dropOnReadTimeout(client: pg.PoolClient, result: unknown): unknown {
  if (result instanceof Promise)
    result.catch((error: unknown) => {
      if (error instanceof Error && error.message === 'Query read timeout')
        (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    });
  return result;
}
