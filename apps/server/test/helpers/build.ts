import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { buildApp, type App, type AppOverrides } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { TestClock } from './clock.js';
import { databaseKind, freshDatabase, openPgliteCopy, sharedDatabase } from './database.js';

export const SUPERADMIN = {
  username: 'superadmin',
  password: 'Depart-2026!',
  email: 'superadmin@lajan.test',
};
export const APP_URL = 'http://lajan.test';

/** Every line the app logged, as text: to assert what the log holds, and what it never holds. */
export class LogCapture extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _encoding: string, callback: () => void) {
    this.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    callback();
  }
  get text(): string {
    return this.lines.join('\n');
  }
  entries(): Record<string, unknown>[] {
    return this.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}

export interface TestApp {
  app: App;
  config: Config;
  clock: TestClock;
  database: Database;
  logs: LogCapture;
  /** What the app wrote through `printSecret` (the generated super-administrator password). */
  secrets: string[];
  /** Without SMTP_URL: every e-mail of the app's spool, as its files hold them, oldest first (decision 231). */
  spool: () => string;
  /** Without SMPP_URL: the text of each SMS the app spooled, by its outbox row's id (decision 240). */
  smsSpool: () => Map<string, string>;
}

export interface BuildOptions {
  /** Environment on top of the test defaults; `undefined` removes a default. */
  env?: Record<string, string | undefined>;
  overrides?: AppOverrides;
  /** Keep the rows of the previous build (a restart), instead of emptying the database. */
  keepData?: boolean;
  clock?: TestClock;
  /**
   * The app gets a connection of its own instead of sharing the file's handle: for tests that
   * break the connection. On PostgreSQL the app opens (and closes) its own pool to the file's
   * database; on PGlite it gets its own copy of the migrated template, closed after the test.
   */
  ownConnection?: boolean;
}

const built: App[] = [];
const ownDatabases: Database[] = [];
const dataDirs: string[] = [];

/** Closes what `build()` made; run after each test by `setup.ts`. */
export async function closeBuiltApps(): Promise<void> {
  await Promise.all(built.splice(0).map((app) => app.close()));
  await Promise.all(ownDatabases.splice(0).map((database) => database.close()));
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * The app on a fresh database of this test file (PGlite, or PostgreSQL in the `postgres`
 * project), with a real mail sender (to its spool unless SMTP_URL is given), a movable clock and
 * its log captured.
 */
export async function build(options: BuildOptions = {}): Promise<TestApp> {
  const { database, url } = options.keepData ? await sharedDatabase() : await freshDatabase();
  // On PGlite, an own connection is a copy of the run's migrated template (closed after the
  // test), not a new empty database; on PostgreSQL the app opens its own pool to DATABASE_URL.
  const ownPglite = options.ownConnection && databaseKind === 'pglite' ? await openPgliteCopy() : undefined;
  if (ownPglite) ownDatabases.push(ownPglite);
  // A DATA_DIR of its own: without SMTP_URL, the app's mail spool is there (decision 231).
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lajan-test-'));
  dataDirs.push(dataDir);
  const config = loadConfig(
    withoutUndefined({
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
      SUPERADMIN_USERNAME: SUPERADMIN.username,
      SUPERADMIN_PASSWORD: SUPERADMIN.password,
      SUPERADMIN_EMAIL: SUPERADMIN.email,
      APP_URL,
      LOG_LEVEL: 'info',
      ...options.env,
    }),
  );
  const clock = options.clock ?? new TestClock();
  const logs = new LogCapture();
  const secrets: string[] = [];
  const app = await buildApp(config, {
    clock,
    logStream: logs,
    ...(options.ownConnection
      ? ownPglite
        ? { database: ownPglite }
        : { pgliteDataDir: 'memory://' }
      : { database }),
    printSecret: (line) => secrets.push(line),
    mailPollIntervalMs: 60_000,
    smsPollIntervalMs: 60_000,
    // The tests run the expiry job when they mean to (`app.expiry.run()`, decision 225).
    expiryAutoStart: false,
    ...options.overrides,
  });
  built.push(app);
  await app.ready();
  const spoolDir = path.join(dataDir, 'mail-spool');
  const spool = () =>
    existsSync(spoolDir)
      ? readdirSync(spoolDir)
          .filter((name) => name.endsWith('.eml'))
          .sort()
          .map((name) => readFileSync(path.join(spoolDir, name), 'utf8'))
          .join('\n')
      : '';
  const smsSpoolDir = path.join(dataDir, 'sms-spool');
  const smsSpool = () =>
    new Map(
      (existsSync(smsSpoolDir) ? readdirSync(smsSpoolDir) : [])
        .filter((name) => name.endsWith('.sms.txt'))
        .map((name) => {
          const content = readFileSync(path.join(smsSpoolDir, name), 'utf8');
          const id = /-([0-9a-f-]{36})\.sms\.txt$/.exec(name)?.[1] ?? name;
          return [id, content.slice(content.indexOf('\n\n') + 2).replace(/\n$/, '')];
        }),
    );
  return {
    app,
    config,
    clock,
    database: options.ownConnection ? app.database : database,
    logs,
    secrets,
    spool,
    smsSpool,
  };
}

function withoutUndefined(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
