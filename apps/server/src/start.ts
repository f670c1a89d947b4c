import { buildApp, type App, type AppOverrides } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { EmbeddedPostgresError } from './db/embedded-postgres.js';

export interface StartOptions {
  env?: Record<string, string | undefined>;
  overrides?: AppOverrides;
  /** Where a configuration error is written (default: standard error). */
  printError?: (line: string) => void;
  /** Called instead of listening for SIGTERM/SIGINT (tests). */
  handleSignals?: boolean;
}

/**
 * Checks the environment, builds the app, listens, and closes gracefully on SIGTERM or SIGINT.
 * A bad environment stops the start with one line naming the variable, and exit code 1.
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
    app = await buildApp(config, options.overrides);
  } catch (error) {
    // A database that cannot be opened or migrated: say so plainly, the details follow.
    printError(`Démarrage impossible : ${error instanceof Error ? error.message : String(error)}`);
    // The embedded database's refusals say what to do: no stack under them.
    if (error instanceof Error && error.stack && !(error instanceof EmbeddedPostgresError)) printError(error.stack);
    process.exitCode = 1;
    return undefined;
  }
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    app.log.fatal({ err: error }, 'démarrage impossible');
    await app.close().catch(() => undefined);
    process.exitCode = 1;
    return undefined;
  }

  if (options.handleSignals ?? true) {
    let closing = false;
    const shutdown = (signal: NodeJS.Signals) => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'arrêt demandé');
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'arrêt incomplet');
          process.exit(1);
        },
      );
    };
    process.once('SIGTERM', shutdown);
    process.once('SIGINT', shutdown);
  }
  return app;
}
