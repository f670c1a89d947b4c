import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sourcesDir } from '../paths.js';

/*
 * The database's functions and triggers live in `apps/server/sql/`, one file per function (its triggers
 * beside it), applied after the migrations as Flyway's repeatable migrations are (decision 218).
 */

/** One file of `apps/server/sql/`: its name without `.sql`, its text and the text's SHA-256. */
export interface SqlSource {
  name: string;
  text: string;
  checksum: string;
}

/** What the sources need of a connection: statements without parameters, and a query with them. */
export interface SqlSession {
  exec(text: string): Promise<void>;
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
}

/** The sources, in the order they are applied: by file name. */
export function readSources(dir = sourcesDir): SqlSource[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const text = readFileSync(path.join(dir, file), 'utf8');
      return {
        name: file.slice(0, -'.sql'.length),
        text,
        checksum: createHash('sha256').update(text).digest('hex'),
      };
    });
}

/** Beside drizzle's own table: a backup copies the `public` schema only. */
const TABLE = 'drizzle.__lajan_sources';

/**
 * Applies, in one transaction, each source that changed since it was last applied, or every source when a
 * migration ran since (a migration may have dropped a trigger with its table). Answers the names applied.
 * The caller holds the migrations' lock.
 */
export async function applySources(session: SqlSession, sources = readSources()): Promise<string[]> {
  await session.exec('BEGIN');
  try {
    await session.exec(`CREATE SCHEMA IF NOT EXISTS drizzle;
      CREATE TABLE IF NOT EXISTS ${TABLE} (
        name text PRIMARY KEY,
        checksum text NOT NULL,
        migration bigint NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    const [last] = await session.query<{ migration: string | null }>(
      `SELECT max(created_at)::text AS migration FROM drizzle.__drizzle_migrations`,
    );
    const migration = last?.migration ?? '0';
    const applied = new Map(
      (
        await session.query<{ name: string; checksum: string; migration: string }>(
          `SELECT name, checksum, migration::text AS migration FROM ${TABLE}`,
        )
      ).map((row) => [row.name, row]),
    );
    const names: string[] = [];
    for (const source of sources) {
      const row = applied.get(source.name);
      if (row && row.checksum === source.checksum && row.migration === migration) continue;
      try {
        await session.exec(source.text);
      } catch (error) {
        throw new Error(`sql/${source.name}.sql: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
      }
      await session.query(
        `INSERT INTO ${TABLE} (name, checksum, migration) VALUES ($1, $2, $3)
         ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, migration = EXCLUDED.migration,
           applied_at = now()`,
        [source.name, source.checksum, migration],
      );
      names.push(source.name);
    }
    await session.query(`DELETE FROM ${TABLE} WHERE NOT (name = ANY ($1::text[]))`, [
      sources.map((source) => source.name),
    ]);
    await session.exec('COMMIT');
    return names;
  } catch (error) {
    await session.exec('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
