import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { migratePgliteClient } from '../../src/db/client.js';

/**
 * Global setup of the `pglite` project: one PGlite database made and migrated once per run,
 * its data directory dumped to a tarball in a temporary directory, whose path the tests get as
 * `inject('pgliteTemplate')`. Each test file then opens its own in-memory copy of it
 * (`test/helpers/database.ts`) instead of running initdb and every migration again, which cost
 * seconds per database. The copies still run the migrator at their first use (a no-op here).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const directory = await mkdtemp(path.join(tmpdir(), 'lajan-pglite-template-'));
  const client = new PGlite('memory://');
  try {
    await migratePgliteClient(client);
    // Uncompressed: a larger file, but a copy opens faster than from a gzipped one.
    const tarball = await client.dumpDataDir('none');
    const file = path.join(directory, 'pgdata.tar');
    await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
    project.provide('pgliteTemplate', file);
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  } finally {
    await client.close();
  }
  return () => rm(directory, { recursive: true, force: true });
}
