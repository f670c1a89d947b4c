import type pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { pgliteSession, postgresSession, type Database } from '../../src/db/client.js';
import type { SqlSession, SqlSource } from '../../src/db/sources.js';

/** Every function and trigger of the `public` schema, as `pg_get_functiondef` and `pg_get_triggerdef` give it. */
export interface Definitions {
  functions: Record<string, string>;
  triggers: Record<string, string>;
}

const SCRATCH = 'lajan_sources_check';

async function definitionsIn(session: SqlSession, schema: string): Promise<Definitions> {
  const functions = await session.query<{ name: string; definition: string }>(
    `SELECT p.proname AS name, pg_get_functiondef(p.oid) AS definition
     FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = $1 ORDER BY 1`,
    [schema],
  );
  const triggers = await session.query<{ name: string; definition: string }>(
    `SELECT t.tgname AS name, pg_get_triggerdef(t.oid) AS definition
     FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE NOT t.tgisinternal AND n.nspname = $1 ORDER BY 1`,
    [schema],
  );
  const named = (rows: { name: string; definition: string }[]) =>
    Object.fromEntries(rows.map((row) => [row.name, row.definition.replaceAll(`${SCRATCH}.`, 'public.')]));
  return { functions: named(functions), triggers: named(triggers) };
}

/** What the database holds now. */
export function liveDefinitions(session: SqlSession): Promise<Definitions> {
  return definitionsIn(session, 'public');
}

/**
 * What the sources define, read from the same database: each source run in a schema of its own, first in
 * the search path (its triggers then call that schema's functions), inside a transaction rolled back.
 */
export async function sourceDefinitions(session: SqlSession, sources: SqlSource[]): Promise<Definitions> {
  await session.exec('BEGIN');
  try {
    await session.exec(`CREATE SCHEMA ${SCRATCH}; SET LOCAL search_path = ${SCRATCH}, public`);
    for (const source of sources) await session.exec(source.text);
    const scratch = await definitionsIn(session, SCRATCH);
    // `pg_get_functiondef` names the schema of the function it prints, and `pg_get_triggerdef` the schema of a
    // function that is not first in the search path: either way the names above read `public.`.
    return scratch;
  } finally {
    await session.exec('ROLLBACK');
  }
}

/** A session of the test's database: PGlite's one connection, or a connection of its own on PostgreSQL. */
export async function withSession<T>(
  database: Database,
  work: (session: SqlSession) => Promise<T>,
): Promise<T> {
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (database.kind === 'pglite') return work(pgliteSession(client as PGlite));
  const connection = await (client as pg.Pool).connect();
  try {
    return await work(postgresSession(connection));
  } finally {
    connection.release();
  }
}
