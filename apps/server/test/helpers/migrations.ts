import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { pgliteSession, postgresSession } from '../../src/db/client.js';
import type { SqlSession } from '../../src/db/sources.js';
import { migrationsDir } from '../../src/paths.js';
import { createPostgresDatabase, databaseKind, dropPostgresDatabase } from './database.js';

/*
 * Before/after tests of a migration that rewrites rows: a scratch database migrated to the version before
 * it, rows written as that version stored them, then the migration, then the rows read back. The sources of
 * `sql/` are not applied: they are written for the newest schema (decision 218).
 */

interface Journal {
  entries: { tag: string; when: number }[];
}

async function journal(): Promise<Journal> {
  return JSON.parse(await readFile(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as Journal;
}

/** The migration that comes just before `tag` in the journal. */
export async function migrationBefore(tag: string): Promise<string> {
  const { entries } = await journal();
  const index = entries.findIndex((entry) => entry.tag === tag);
  if (index < 1) throw new Error(`no migration before ${tag}`);
  return entries[index - 1]!.tag;
}

/** A folder of the migrations up to `tag` included, as drizzle's migrator reads one. */
async function migrationsUpTo(tag: string): Promise<string> {
  const all = await journal();
  const index = all.entries.findIndex((entry) => entry.tag === tag);
  if (index < 0) throw new Error(`unknown migration ${tag}`);
  const entries = all.entries.slice(0, index + 1);
  const folder = await mkdtemp(path.join(tmpdir(), 'lajan-migrations-'));
  await mkdir(path.join(folder, 'meta'));
  await writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...all, entries }));
  for (const entry of entries)
    await copyFile(path.join(migrationsDir, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  return folder;
}

export interface ScratchDatabase {
  session: SqlSession;
  /** On PostgreSQL, its address. */
  url?: string;
  /** Runs the migrations not run yet, up to `tag` included. */
  migrateTo: (tag: string) => Promise<void>;
  close: () => Promise<void>;
}

/** An empty database of its own: an in-memory PGlite, or a new database on the test's PostgreSQL. */
export async function scratchDatabase(): Promise<ScratchDatabase> {
  const migrateWith = async (tag: string, migrate: (folder: string) => Promise<void>) => {
    const folder = await migrationsUpTo(tag);
    try {
      await migrate(folder);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  };
  if (databaseKind === 'pglite') {
    const client = new PGlite('memory://');
    return {
      session: pgliteSession(client),
      migrateTo: (tag) =>
        migrateWith(tag, (folder) => migratePglite(drizzlePglite({ client }), { migrationsFolder: folder })),
      close: () => client.close(),
    };
  }
  const url = await createPostgresDatabase('_migrations');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    session: postgresSession(client),
    url,
    migrateTo: (tag) =>
      migrateWith(tag, (folder) => migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: folder })),
    close: async () => {
      await client.end();
      await dropPostgresDatabase(url);
    },
  };
}
