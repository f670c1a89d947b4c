import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { migratePgliteClient, openDatabase, sharedReporting, type Database } from '../../src/db/client.js';
import * as schema from '../../src/db/schema.js';

declare module 'vitest' {
  export interface ProvidedContext {
    database: 'pglite' | 'postgres';
    testDatabaseUrl?: string;
    /** The migrated PGlite data directory as a tarball, made once per run (`pglite-template.ts`). */
    pgliteTemplate?: string;
  }
}

export const databaseKind = inject('database');

let template: Promise<Blob> | undefined;

/**
 * A new in-memory PGlite of its own, already migrated: a copy of the run's template when the
 * global setup made one (seconds faster than initdb and every migration), else an empty one.
 * Its `migrate()` runs the migrator as the app's PGlite does (here it finds nothing to apply).
 */
export async function openPgliteCopy(): Promise<Database> {
  const file = inject('pgliteTemplate');
  if (!file) return openDatabase({ pgliteDataDir: 'memory://' });
  template ??= readFile(file).then((bytes) => new Blob([bytes]));
  const client = new PGlite({ loadDataDir: await template });
  const db = drizzle({ client, schema });
  let closed: Promise<void> | undefined;
  return {
    kind: 'pglite',
    db,
    reporting: sharedReporting(db),
    migrate: () => migratePgliteClient(client),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => (closed ??= client.closed ? Promise.resolve() : client.close()),
  };
}

/**
 * One database per test file, created at its first use: an in-memory PGlite (a copy of the
 * run's migrated template), or on PostgreSQL a database `lajan_t_<random>` made through
 * TEST_DATABASE_URL and dropped at the end of the file. `freshDatabase()` empties it between
 * tests (much faster than a new one).
 */
let shared: { database: Database; url: string | undefined; drop: () => Promise<void> } | undefined;

/** A fresh, empty database on the test server (`TEST_DATABASE_URL`): its address. */
export async function createPostgresDatabase(suffix = ''): Promise<string> {
  const adminUrl = inject('testDatabaseUrl');
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `lajan_t_${randomBytes(6).toString('hex')}${suffix}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database `createPostgresDatabase` made, whoever is still connected to it. */
export async function dropPostgresDatabase(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: inject('testDatabaseUrl')! });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
  await admin.end();
}

async function createShared() {
  if (databaseKind === 'pglite') {
    const database = await openPgliteCopy();
    return { database, url: undefined, drop: () => database.close() };
  }
  const url = await createPostgresDatabase();
  const database = await openDatabase({ databaseUrl: url, pgliteDataDir: 'unused' });
  return {
    database,
    url,
    drop: async () => {
      await database.close();
      await dropPostgresDatabase(url);
    },
  };
}

/** The file's database as the previous test left it (a restart of the app). */
export async function sharedDatabase(): Promise<{ database: Database; url: string | undefined }> {
  shared ??= await createShared();
  await shared.database.migrate();
  return { database: shared.database, url: shared.url };
}

/** The file's database, migrated and emptied. */
export async function freshDatabase(): Promise<{ database: Database; url: string | undefined }> {
  shared ??= await createShared();
  await shared.database.migrate();
  const tables = Object.values(schema)
    .filter((value) => is(value, PgTable))
    .map((table) => `"${getTableName(table)}"`);
  await shared.database.db.execute(sql.raw(`TRUNCATE TABLE ${tables.join(', ')} RESTART IDENTITY CASCADE`));
  return { database: shared.database, url: shared.url };
}

export async function dropSharedDatabase(): Promise<void> {
  const current = shared;
  shared = undefined;
  await current?.drop();
}

/**
 * Resolves once a session of this database waits for a lock (PostgreSQL only: `client` is another
 * connection of it); throws `what` after about two seconds.
 */
export async function untilALockIsWaitedFor(client: pg.Client, what: string): Promise<void> {
  for (let i = 0; ; i += 1) {
    const { rows } = await client.query(
      `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (rows.length > 0) return;
    if (i > 200) throw new Error(what);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** One statement on its own connection to `url`, for a test that looks at a database from outside. */
export async function queryOnce<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  values?: unknown[],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
