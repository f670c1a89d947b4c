import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openDatabase, type Database } from '../db/client.js';
import { startEmbeddedPostgres } from '../db/embedded-postgres.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

export interface DatabasePluginOptions {
  /** An open database owned by the caller (tests): migrated, but not closed with the app. */
  database?: Database | undefined;
  databaseUrl: string | undefined;
  /** Tests only: PGlite in this directory (or `memory://`) instead of the embedded PostgreSQL. */
  pgliteDataDir?: string | undefined;
  /** Without `databaseUrl`: the embedded PostgreSQL's cluster goes in `dataDir/postgres`. */
  dataDir: string;
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
        ? await startEmbeddedPostgres({ dataDir: options.dataDir, log: (line) => app.log.info(line) })
        : undefined;
    const database =
      options.database ??
      openDatabase({
        databaseUrl: embedded?.url ?? options.databaseUrl,
        pgliteDataDir: options.pgliteDataDir ?? 'memory://',
        onPoolError: (error) => app.log.warn({ err: error }, 'connexion PostgreSQL perdue'),
      });
    app.decorate('database', database);
    if (owned)
      app.addHook('onClose', async () => {
        await database.close();
        await embedded?.stop();
      });
    if (embedded) app.log.info({ port: embedded.port, pid: embedded.pid }, 'PostgreSQL intégré démarré');
    try {
      await database.migrate();
    } catch (error) {
      // The app never becomes ready, so its onClose never runs: the cluster is stopped here.
      await database.close().catch(() => undefined);
      await embedded?.stop();
      throw error;
    }
  },
  { name: 'database' },
);
