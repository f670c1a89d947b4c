import { setTimeout as delay } from 'node:timers/promises';
import { buildApp, type App, type AppOverrides } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { EmbeddedPostgresError } from './db/embedded-postgres.js';
import { describeDatabaseError, isDatabaseUnavailable, postgresErrorOf } from './db/errors.js';

export interface StartOptions {
  env?: Record<string, string | undefined>;
  overrides?: AppOverrides;
  /** Where a configuration error is written (default: standard error). */
  printError?: (line: string) => void;
  /** Called instead of listening for SIGTERM/SIGINT (tests). */
  handleSignals?: boolean;
  /** Between two tries while the database does not answer (default 1 s). */
  retryIntervalMs?: number;
  /** How often the wait for the database is logged (default 5 s). */
  waitLogIntervalMs?: number;
}

/** How long a stop lets the requests in flight finish before it cuts their connections. */
export const STOP_DEADLINE_MS = 10_000;

/**
 * Checks the environment, builds the app, listens, and closes gracefully on SIGTERM or SIGINT. A database
 * that does not answer yet does not stop the start: the server answers 503 and migrates once it answers; one
 * that answers "no" (wrong password, no database) stops it (decision 120).
 */
export async function start(options: StartOptions = {}): Promise<App | undefined> {
  const printError = options.printError ?? ((line: string) => process.stderr.write(`${line}\n`));
  let config;
  try {
    config = loadConfig(options.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    printError(error.message);
    process.exitCode = 1;
    return undefined;
  }

  let app: App;
  try {
    app = await buildApp(config, { ...options.overrides, deferDatabaseStartup: true });
    await app.ready();
  } catch (error) {
    printError(`Démarrage impossible : ${error instanceof Error ? error.message : String(error)}`);
    // The embedded database's refusals say what to do: no stack under them.
    if (error instanceof Error && error.stack && !(error instanceof EmbeddedPostgresError))
      printError(error.stack);
    process.exitCode = 1;
    return undefined;
  }

  let waiting = false;
  try {
    await app.databaseStartup.run();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) {
      // A database that cannot be opened or migrated: say so plainly, the details follow.
      printError(`Démarrage impossible : ${startupFailure(error)}`);
      if (error instanceof Error && error.stack) printError(error.stack);
      await app.close().catch(() => undefined);
      process.exitCode = 1;
      return undefined;
    }
    waiting = true;
    logWait(app, error, 0);
  }

  try {
    await app.listen({ port: config.port, host: config.host });
    // Its own port, 127.0.0.1 by default (decision 230): a scrape comes while the database may still be away.
    if (config.metrics) await app.listenForScrapes(config.metrics);
  } catch (error) {
    app.log.fatal({ err: error }, 'démarrage impossible');
    await app.close().catch(() => undefined);
    process.exitCode = 1;
    return undefined;
  }
  if (waiting) void waitForDatabase(app, options, printError);

  if (options.handleSignals ?? true) {
    let closing = false;
    const shutdown = (signal: NodeJS.Signals) => {
      if (closing) {
        // A second signal (a second Ctrl-C): no more waiting.
        app.log.warn({ signal }, 'arrêt immédiat demandé');
        process.exit(1);
      }
      closing = true;
      app.log.info({ signal }, 'arrêt demandé');
      stopGracefully(app).then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'arrêt incomplet');
          process.exit(1);
        },
      );
    };
    process.on('SIGTERM', shutdown);
    process.on('SIGINT', shutdown);
  }
  return app;
}

/**
 * A graceful stop (decision 120): no new request is taken (the port closes, a request on a kept-alive
 * connection gets 503 and the connection closes), the ones in flight finish, up to `deadlineMs` after
 * which their connections are cut; then the e-mails they queued are sent and the database closes.
 */
export async function stopGracefully(app: App, deadlineMs = STOP_DEADLINE_MS): Promise<void> {
  const timer = setTimeout(() => {
    app.log.warn(
      { deadlineMs },
      'arrêt : des requêtes étaient encore en cours à l’échéance, connexions coupées',
    );
    app.server.closeAllConnections();
  }, deadlineMs);
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
  app.log.info('arrêt terminé');
}

/** Tries again until the database answers; a refusal that waiting cannot cure stops the server. */
async function waitForDatabase(app: App, options: StartOptions, printError: (line: string) => void) {
  const retryMs = options.retryIntervalMs ?? 1_000;
  const logEveryMs = options.waitLogIntervalMs ?? 5_000;
  const since = Date.now();
  let loggedAt = since;
  for (;;) {
    await delay(retryMs);
    if (!app.server.listening) return;
    try {
      await app.databaseStartup.run();
      app.log.info({ waitedSeconds: Math.round((Date.now() - since) / 1000) }, 'base de données prête');
      return;
    } catch (error) {
      if (!app.server.listening) return;
      if (!isDatabaseUnavailable(error)) {
        const message = `Démarrage impossible : ${startupFailure(error)}`;
        app.log.fatal({ database: describeDatabaseError(error) }, message);
        printError(message);
        process.exitCode = 1;
        await app.close().catch(() => undefined);
        return;
      }
      if (Date.now() - loggedAt >= logEveryMs) {
        loggedAt = Date.now();
        logWait(app, error, loggedAt - since);
      }
    }
  }
}

function logWait(app: App, error: unknown, waitedMs: number) {
  app.log.warn(
    { database: describeDatabaseError(error), waitedSeconds: Math.round(waitedMs / 1000) },
    'base de données injoignable, nouvel essai…',
  );
}

/** What an operator must read when the database refuses the start. */
function startupFailure(error: unknown): string {
  const { message } = describeDatabaseError(error);
  const code = postgresErrorOf(error)?.code;
  if (code?.startsWith('28'))
    return `PostgreSQL refuse la connexion : vérifiez l’utilisateur et le mot de passe de DATABASE_URL (${message}).`;
  if (code === '3D000')
    return `la base de données de DATABASE_URL n’existe pas (${message}) : créez-la ou corrigez DATABASE_URL.`;
  return error instanceof Error ? error.message : String(error);
}
