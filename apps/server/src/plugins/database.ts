import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openDatabase, type Database } from '../db/client.js';
import { BackupSchedule } from '../backup/schedule.js';
import type { BackupConfig } from '../config.js';
import { startEmbeddedPostgres } from '../db/embedded-postgres.js';
import { describeDatabaseError } from '../db/errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    /** What runs once the database answers: the migrations, then the bootstrap (decision 120). */
    databaseStartup: DatabaseStartup;
  }
}

export interface DatabasePluginOptions {
  /** An open database owned by the caller (tests): migrated, but not closed with the app. */
  database?: Database | undefined;
  databaseUrl: string | undefined;
  /** The reports' replica (decision 233); unset: a pool of their own on the main database. */
  databaseReadUrl?: string | undefined;
  readPoolSize?: number | undefined;
  /** Tests only: PGlite in this directory (or `memory://`) instead of the embedded PostgreSQL. */
  pgliteDataDir?: string | undefined;
  /** Without `databaseUrl`: the embedded PostgreSQL's cluster goes in `dataDir/postgres`. */
  dataDir: string;
  /** The embedded cluster's own base backups (decision 235); unset: none. */
  backup?: BackupConfig;
  /** Where the embedded cluster archives its WAL (decision 232). */
  walArchiveDir: string;
  /**
   * Leave the migrations and the bootstrap to the caller (`start.ts`), which listens first and
   * runs them once the database answers. Otherwise they run while the app gets ready.
   */
  deferStartup?: boolean | undefined;
}

/**
 * The steps that need the database before the app may serve (migrations, the super administrator),
 * in the order the plugins add them, and what starts once they have all passed (the mail sender).
 * A step that fails is run again at the next `run()`, the ones before it are not.
 */
export class DatabaseStartup {
  readonly #steps: (() => Promise<void>)[] = [];
  readonly #afterwards: (() => void)[] = [];
  #next = 0;
  #done = false;
  #running: Promise<void> | undefined;

  get done(): boolean {
    return this.#done;
  }

  step(step: () => Promise<void>): void {
    this.#steps.push(step);
  }

  afterwards(callback: () => void): void {
    if (this.#done) callback();
    else this.#afterwards.push(callback);
  }

  run(): Promise<void> {
    if (this.#done) return Promise.resolve();
    this.#running ??= (async () => {
      try {
        for (; this.#next < this.#steps.length; this.#next += 1) await this.#steps[this.#next]!();
        this.#done = true;
        for (const callback of this.#afterwards.splice(0)) callback();
      } finally {
        this.#running = undefined;
      }
    })();
    return this.#running;
  }
}

/**
 * Opens the database, applies the migrations, closes it with the app. Without `DATABASE_URL`, it first
 * starts the embedded PostgreSQL in `DATA_DIR` (decision 123), and stops it after the pool is closed.
 */
export const databasePlugin = fp(
  async (app: FastifyInstance, options: DatabasePluginOptions) => {
    const owned = !options.database;
    const embedded =
      owned && !options.databaseUrl && options.pgliteDataDir === undefined
        ? await startEmbeddedPostgres({
            dataDir: options.dataDir,
            walArchiveDir: options.walArchiveDir,
            log: (line) => app.log.info(line),
          })
        : undefined;
    const database =
      options.database ??
      (await openDatabase({
        databaseUrl: embedded?.url ?? options.databaseUrl,
        databaseReadUrl: options.databaseReadUrl,
        readPoolSize: options.readPoolSize,
        pgliteDataDir: options.pgliteDataDir ?? 'memory://',
        // One short line: never the client object (decision 120).
        onPoolError: (error) =>
          app.log.warn({ database: describeDatabaseError(error) }, 'connexion PostgreSQL perdue'),
      }));
    app.decorate('database', database);
    const startup = new DatabaseStartup();
    startup.step(() => database.migrate());
    app.decorate('databaseStartup', startup);
    const schedule =
      embedded && options.backup
        ? new BackupSchedule({ config: options.backup, log: app.log.child({ module: 'backup' }) })
        : undefined;
    if (schedule) startup.afterwards(() => schedule.start());
    if (owned)
      app.addHook('onClose', async () => {
        await schedule?.stop();
        await database.close();
        // After the pool: the embedded cluster stops once nothing is connected to it.
        await embedded?.stop();
      });
    if (embedded) app.log.info({ port: embedded.port, pid: embedded.pid }, 'PostgreSQL intégré démarré');
    // `onReady` runs once every plugin is registered, so every step is there by then.
    if (!options.deferStartup) app.addHook('onReady', () => startup.run());
  },
  { name: 'database' },
);
