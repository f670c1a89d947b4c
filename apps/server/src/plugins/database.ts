import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openDatabase, type Database } from '../db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

export interface DatabasePluginOptions {
  /** An open database owned by the caller (tests): migrated, but not closed with the app. */
  database?: Database | undefined;
  databaseUrl: string | undefined;
  pgliteDataDir: string;
}

/** Opens the database, applies the migrations, closes it with the app. */
export const databasePlugin = fp(
  async (app: FastifyInstance, options: DatabasePluginOptions) => {
    const owned = !options.database;
    const database =
      options.database ??
      openDatabase({
        databaseUrl: options.databaseUrl,
        pgliteDataDir: options.pgliteDataDir,
        onPoolError: (error) => app.log.warn({ err: error }, 'connexion PostgreSQL perdue'),
      });
    app.decorate('database', database);
    if (owned) app.addHook('onClose', () => database.close());
    await database.migrate();
  },
  { name: 'database' },
);
