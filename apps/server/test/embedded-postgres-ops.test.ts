import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import {
  runningEmbeddedUrl,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from '../src/db/embedded-postgres.js';

/**
 * The embedded cluster run as an operator needs it (decision 204): PostgreSQL's log private and rotated,
 * and the app connected as a role that owns its database, not as the superuser, also on a cluster made
 * by a build before it.
 */

const binariesPackage = `@embedded-postgres/${platform() === 'win32' ? 'windows' : platform()}-${arch()}`;
const binaries = (await import(binariesPackage).catch(() => undefined)) as { postgres?: string } | undefined;
const embeddedRuns = binaries?.postgres !== undefined && existsSync(binaries.postgres);

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function superuserUrl(dataDir: string, embedded: EmbeddedPostgres, database = 'lajan'): string {
  const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${embedded.port}/${database}`;
}

async function migrate(url: string): Promise<void> {
  const database = await openDatabase({ databaseUrl: url, pgliteDataDir: 'unused' });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
}

/** The app's session: who it is, whether it is a superuser, and who owns the tables it uses. */
async function whoAmI(url: string) {
  return withClient(url, async (client) => {
    const me = await client.query<{ user: string; super: boolean }>(
      `SELECT current_user AS user, rolsuper AS super FROM pg_roles WHERE rolname = current_user`,
    );
    const owners = await client.query<{ owner: string }>(
      `SELECT DISTINCT pg_get_userbyid(c.relowner) AS owner FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname IN ('public', 'drizzle') AND c.relkind IN ('r', 'S', 'v')`,
    );
    const database = await client.query<{ owner: string }>(
      `SELECT pg_get_userbyid(datdba) AS owner FROM pg_database WHERE datname = current_database()`,
    );
    return { ...me.rows[0]!, owners: owners.rows.map((row) => row.owner), database: database.rows[0]!.owner };
  });
}

if (embeddedRuns) {
  describe('the embedded cluster for an operator (decision 204)', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'lajan-embedded-ops-'));
    // Reachable by the `postgres` system user that runs the cluster when the tests run as root.
    chmodSync(root, 0o755);
    const started: EmbeddedPostgres[] = [];
    afterAll(async () => {
      for (const embedded of started) await embedded.stop();
      rmSync(root, { recursive: true, force: true });
    });

    it('logs into DATA_DIR/postgres-log, mode 600, one file per hour of the day, and the app is no superuser', async () => {
      const dataDir = path.join(root, 'fresh');
      const embedded = await startEmbeddedPostgres({ dataDir });
      started.push(embedded);
      await migrate(embedded.url);

      expect(await whoAmI(embedded.url)).toEqual({
        user: 'lajan',
        super: false,
        owners: ['lajan'],
        database: 'lajan',
      });
      // The refusals the app answers itself are not copied into PostgreSQL's log.
      await withClient(embedded.url, (client) =>
        expect(client.query(`SELECT 1 / 0 AS "refus-non-journalise"`)).rejects.toThrow('division by zero'),
      );

      const settings = await withClient(superuserUrl(dataDir, embedded), async (client) => {
        const names = [
          'logging_collector',
          'log_directory',
          'log_filename',
          'log_file_mode',
          'log_rotation_age',
          'log_rotation_size',
          'log_truncate_on_rotation',
        ];
        const shown: Record<string, string> = {};
        for (const name of names) shown[name] = (await client.query(`SHOW ${name}`)).rows[0]![name] as string;
        return shown;
      });
      expect(settings).toEqual({
        logging_collector: 'on',
        log_directory: path.join(dataDir, 'postgres-log'),
        log_filename: 'postgresql-%H.log',
        log_file_mode: '0600',
        log_rotation_age: '1h',
        log_rotation_size: '0',
        log_truncate_on_rotation: 'on',
      });

      const logDir = path.join(dataDir, 'postgres-log');
      expect(statSync(logDir).mode & 0o777).toBe(0o700);
      const files = readdirSync(logDir);
      expect(files.filter((file) => /^postgresql-\d{2}\.log$/.test(file)).length).toBeGreaterThan(0);
      for (const file of files)
        expect([file, statSync(path.join(logDir, file)).mode & 0o777]).toEqual([file, 0o600]);
      expect(existsSync(path.join(dataDir, 'postgres.log'))).toBe(false);
      const logged = files.map((file) => readFileSync(path.join(logDir, file), 'utf8')).join('');
      expect(logged).toContain('database system is ready to accept connections');
      expect(logged).not.toContain('refus-non-journalise');
      // `npm run backup` finds the running cluster as the app's role.
      expect(runningEmbeddedUrl(dataDir)).toBe(embedded.url);
    }, 120_000);

    it('upgrades a cluster of an earlier build: its objects handed to the app role, its world-readable log made 600', async () => {
      const dataDir = path.join(root, 'earlier');
      // A cluster as the earlier build left it: the database and every object the superuser's, no
      // application role, PostgreSQL's log in DATA_DIR/postgres.log, mode 644.
      const first = await startEmbeddedPostgres({ dataDir });
      await withClient(superuserUrl(dataDir, first, 'postgres'), async (client) => {
        await client.query('DROP DATABASE lajan');
        await client.query('CREATE DATABASE lajan');
        await client.query('DROP ROLE lajan');
      });
      await migrate(superuserUrl(dataDir, first));
      await withClient(superuserUrl(dataDir, first), (client) =>
        client.query(`INSERT INTO agents (code, name, type) VALUES ('ANC01', 'Agent ancien', 'Business')`),
      );
      expect((await whoAmI(superuserUrl(dataDir, first))).owners).toEqual(['postgres']);
      await first.stop();
      rmSync(path.join(dataDir, 'postgres-log'), { recursive: true, force: true });
      rmSync(path.join(dataDir, 'lajan-db-password'));
      writeFileSync(path.join(dataDir, 'postgres.log'), 'LOG:  ancien journal\n', { mode: 0o644 });
      chmodSync(path.join(dataDir, 'postgres.log'), 0o644);

      const upgraded = await startEmbeddedPostgres({ dataDir });
      started.push(upgraded);
      await migrate(upgraded.url);
      expect(await whoAmI(upgraded.url)).toEqual({
        user: 'lajan',
        super: false,
        owners: ['lajan'],
        database: 'lajan',
      });
      // The app, as its role, still reads and writes what the earlier build wrote.
      await withClient(upgraded.url, async (client) => {
        await client.query(`UPDATE agents SET name = 'Agent repris' WHERE code = 'ANC01'`);
        const { rows } = await client.query(`SELECT name FROM agents WHERE code = 'ANC01'`);
        expect(rows).toEqual([{ name: 'Agent repris' }]);
        // What the restore of decision 122 needs: the owner's DISABLE TRIGGER.
        await client.query('ALTER TABLE entries DISABLE TRIGGER USER');
        await client.query('ALTER TABLE entries ENABLE TRIGGER USER');
      });
      const kept = path.join(dataDir, 'postgres-log', 'postgres.log.ancien');
      expect(existsSync(path.join(dataDir, 'postgres.log'))).toBe(false);
      expect(readFileSync(kept, 'utf8')).toBe('LOG:  ancien journal\n');
      expect(statSync(kept).mode & 0o777).toBe(0o600);
    }, 120_000);
  });
} else {
  describe('the embedded cluster for an operator, on a machine without its binaries', () => {
    it('has no embedded-postgres binaries for this platform', () => {
      expect(binaries?.postgres && existsSync(binaries.postgres)).toBeFalsy();
    });
  });
}
