import { describe, expect, it } from 'vitest';
import { applySources, readSources } from '../../src/db/sources.js';
import { sharedDatabase } from '../helpers/database.js';
import { liveDefinitions, sourceDefinitions, withSession } from '../helpers/sql-sources.js';

/* The functions and triggers of the database are those of `apps/server/sql/` (decision 218). */

describe('the sources of apps/server/sql/', () => {
  it('define every function and trigger of the database, each as the database holds it', async () => {
    const { database } = await sharedDatabase();
    const sources = readSources();
    await withSession(database, async (session) => {
      const live = await liveDefinitions(session);
      const declared = await sourceDefinitions(session, sources);
      expect(Object.keys(live.functions)).toContain('ledger_post_movements');
      expect(Object.keys(live.triggers)).toContain('entries_balanced');
      expect(declared).toEqual(live);
      // One file per function, named after it.
      expect(sources.map((source) => source.name)).toEqual(Object.keys(declared.functions).sort());
    });
  });

  it('applies a changed source again at the next migrate, and an unchanged one not', async () => {
    const { database } = await sharedDatabase();
    const appliedAt = () =>
      withSession(database, async (session) =>
        Object.fromEntries(
          (
            await session.query<{ name: string; at: string }>(
              `SELECT name, applied_at::text AS at FROM drizzle.__lajan_sources ORDER BY name`,
            )
          ).map((row) => [row.name, row.at]),
        ),
      );
    const sources = readSources();
    const changed = sources.map((source) =>
      source.name === 'ledger_account_of'
        ? {
            ...source,
            text: source.text.replace('SELECT CASE', 'SELECT /* changed */ CASE'),
            checksum: 'x',
          }
        : source,
    );
    expect(changed.find((source) => source.name === 'ledger_account_of')!.text).toContain('/* changed */');

    await withSession(database, async (session) => {
      expect(await applySources(session, sources)).toEqual([]);
      expect(await applySources(session, changed)).toEqual(['ledger_account_of']);
      expect((await liveDefinitions(session)).functions.ledger_account_of).toContain('/* changed */');
    });
    const before = await appliedAt();

    // The migrator's next run finds the file unlike what it applied: that one file is applied again.
    await database.migrate();
    const after = await appliedAt();
    expect(Object.keys(after).filter((name) => after[name] !== before[name])).toEqual(['ledger_account_of']);
    expect(Object.keys(after)).toEqual(sources.map((source) => source.name));
    await withSession(database, async (session) => {
      expect((await liveDefinitions(session)).functions.ledger_account_of).not.toContain('/* changed */');
      expect(await liveDefinitions(session)).toEqual(await sourceDefinitions(session, sources));
      // Once a migration has run since, every source is applied again, a dropped trigger with the rest.
      await session.query(`UPDATE drizzle.__lajan_sources SET migration = 0`);
      await session.exec(`DROP TRIGGER "entries_balanced" ON "entries"`);
      expect(await applySources(session, sources)).toEqual(sources.map((source) => source.name));
      expect(await liveDefinitions(session)).toEqual(await sourceDefinitions(session, sources));
    });
  });

  it('applies nothing when a source fails, and names the file', async () => {
    const { database } = await sharedDatabase();
    const sources = readSources();
    const broken = [
      { ...sources[0]!, checksum: 'x' },
      { name: 'zz_broken', text: 'CREATE OR REPLACE FUNCTION zz_broken( AS', checksum: 'y' },
    ];
    await withSession(database, async (session) => {
      await expect(applySources(session, broken)).rejects.toThrow(/^sql\/zz_broken\.sql: /);
      const rows = await session.query<{ checksum: string }>(
        `SELECT checksum FROM drizzle.__lajan_sources WHERE name = $1`,
        [sources[0]!.name],
      );
      expect(rows).toEqual([{ checksum: sources[0]!.checksum }]);
    });
  });
});
