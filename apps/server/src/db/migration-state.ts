import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsDir } from '../paths.js';
import type { Db } from './client.js';

let bundledLast: Promise<number> | undefined;

/** The `when` of the last migration this build carries (drizzle-kit's journal): what the migrator records. */
function lastBundledMigration(): Promise<number> {
  bundledLast ??= readFile(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8').then((text) => {
    const journal = JSON.parse(text) as { entries: { when: number }[] };
    return Math.max(...journal.entries.map((entry) => entry.when));
  });
  return bundledLast;
}

/**
 * Whether the database's last applied migration is this build's last (decision 230): a process started
 * before another migrated, or on a database restored from an older backup, is not ready.
 */
export async function migrationsApplied(db: Db): Promise<boolean> {
  const expected = await lastBundledMigration();
  const result = await db.execute(
    sql`select max(created_at)::text as "last" from drizzle.__drizzle_migrations`,
  );
  const [row] = (result as { rows: { last: string | null }[] }).rows;
  return row?.last != null && Number(row.last) === expected;
}
