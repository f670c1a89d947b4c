import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { App } from '../src/app.js';
import { transactions } from '../src/db/schema.js';
import { enqueueMail } from '../src/mail/outbox.js';
import { start, stopGracefully } from '../src/start.js';
import { build, LogCapture, SUPERADMIN } from './helpers/build.js';
import { databaseKind, freshDatabase } from './helpers/database.js';
import { activeSuperAdminToken, call, login, type Answer } from './helpers/fixtures.js';
import {
  counterForm,
  createAgentWithTeller,
  createCustomerAccount,
  createPerson,
  fundFloat,
  TELLER_PASSWORD,
} from './helpers/ledger.js';

/** What every request that needs the database answers while it is unreachable (DESIGN §6). */
const UNAVAILABLE = {
  message: 'Le service est momentanément indisponible. Veuillez réessayer.',
  code: 'SERVICE_UNAVAILABLE',
};
/** The web client gives up after 10 s: an answer must come before. */
const WEB_CLIENT_TIMEOUT_MS = 10_000;
const JWT_SECRET = 'test-secret-that-is-long-enough-0123456789';

/**
 * A TCP proxy in front of the real PostgreSQL, to make it unreachable and bring it back: `forward`
 * passes every byte, `silent` accepts connections and never answers, `refuse` closes the port and
 * cuts every connection (what a stopped server looks like).
 */
class PostgresProxy {
  readonly #sockets = new Set<Socket>();
  #server: Server | undefined;
  #mode: 'forward' | 'silent' = 'forward';

  private constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  /** A proxy on a free port, not listening yet. */
  static async onFreePort(target: { host: string; port: number }): Promise<PostgresProxy> {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    return new PostgresProxy(port, target);
  }

  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string {
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(this.port);
    return proxied.toString();
  }

  async listen(mode: 'forward' | 'silent' = 'forward'): Promise<void> {
    this.#mode = mode;
    if (this.#server) return;
    const server = createServer((socket) => {
      this.#sockets.add(socket);
      socket.on('close', () => this.#sockets.delete(socket));
      socket.on('error', () => socket.destroy());
      if (this.#mode === 'silent') return;
      const upstream = connect(this.target.port, this.target.host);
      this.#sockets.add(upstream);
      upstream.on('close', () => {
        this.#sockets.delete(upstream);
        socket.destroy();
      });
      upstream.on('error', () => upstream.destroy());
      socket.on('close', () => upstream.destroy());
      socket.pipe(upstream);
      upstream.pipe(socket);
    });
    this.#server = server;
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
  }

  /** The port closes and every open connection is cut. */
  async refuse(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    for (const socket of this.#sockets) socket.destroy();
    this.#sockets.clear();
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}

function postgresTarget(): { host: string; port: number } {
  const url = new URL(inject('testDatabaseUrl') ?? 'postgres://127.0.0.1:5432/postgres');
  return { host: url.hostname, port: Number(url.port || 5432) };
}

function databaseNameOf(url: string): string {
  return new URL(url).pathname.slice(1);
}

/** Ends every backend of `database` but this connection's own; the number ended. */
async function terminateBackends(database: string): Promise<number> {
  const admin = new pg.Client({ connectionString: inject('testDatabaseUrl') });
  await admin.connect();
  try {
    const result = await admin.query(
      `select pg_terminate_backend(pid) as ended from pg_stat_activity
        where datname = $1 and pid <> pg_backend_pid()`,
      [database],
    );
    return result.rows.filter((row: { ended: boolean }) => row.ended).length;
  } finally {
    await admin.end();
  }
}

/** One request through the app, timed. */
async function timed(answer: Promise<Answer>): Promise<Answer & { ms: number }> {
  const startedAt = Date.now();
  const result = await answer;
  return { ...result, ms: Date.now() - startedAt };
}

async function eventually<T>(attempt: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await attempt().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('still not there');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function expectShortDatabaseLogLines(logs: LogCapture) {
  const lines = logs.lines.filter((line) => /PostgreSQL|base de données/.test(line));
  for (const line of lines) {
    // Before decision 120 one such line held the whole pg client: every prepared SQL, the cancel key.
    expect(line.length).toBeLessThan(1_000);
    expect(line).not.toContain('secretKey');
    expect(line).not.toContain('lajan_');
  }
  return lines;
}

const started: App[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((app) => app.close().catch(() => undefined)));
  process.exitCode = undefined;
});

function startEnv(databaseUrl: string | undefined): Record<string, string | undefined> {
  return {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: path.join(mkdtempSync(path.join(tmpdir(), 'lajan-outage-')), 'data'),
    DATABASE_URL: databaseUrl,
    JWT_SECRET,
    SUPERADMIN_USERNAME: SUPERADMIN.username,
    SUPERADMIN_PASSWORD: SUPERADMIN.password,
    SUPERADMIN_EMAIL: SUPERADMIN.email,
    LOG_LEVEL: 'info',
  };
}

function baseUrlOf(app: App): string {
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

// On PGlite the database is in the process: it has no outage. The graceful stop runs on both.
if (databaseKind === 'postgres') {
  describe('a PostgreSQL outage', () => {
    it('never ends the process when its backends are killed during sign-ins and deposits, answers only 200/201 or 503, then serves again', async () => {
      const { app, logs, config } = await build({ ownConnection: true });
      const database = databaseNameOf(config.databaseUrl!);
      const pap = await createAgentWithTeller(app, { code: 'PAP01', name: 'Kay Lajan Pétion-Ville' });
      const marie = await createPerson(app.database.db, { firstName: 'Marie', lastName: 'Joseph' });
      const account = await createCustomerAccount(app.database.db, [marie], { agentId: pap.id });
      await fundFloat(app, pap, 1_000_000_00);

      const answers: { status: number; body: unknown }[] = [];
      const acknowledged = new Set<string>();
      let loading = true;
      const client = async (index: number) => {
        for (let round = 0; loading; round += 1) {
          if (index === 0 && round % 3 === 0) {
            const answer = await login(app, pap.teller.username, TELLER_PASSWORD);
            answers.push({ status: answer.status, body: answer.body });
            continue;
          }
          // A deposit is retried with its key until it is acknowledged, as the web does.
          const key = randomUUID();
          for (let attempt = 0; attempt < 20; attempt += 1) {
            const answer = await call(app, 'POST', '/api/transactions/deposit', {
              token: pap.teller.token,
              headers: { 'idempotency-key': key },
              body: counterForm(account, marie, 100),
            });
            answers.push({ status: answer.status, body: answer.body });
            if (answer.status === 201) {
              acknowledged.add(answer.body.data.transactionNumber as string);
              break;
            }
            if (answer.status !== 503) break;
          }
        }
      };
      const clients = Promise.all([0, 1, 2, 3, 4].map((index) => client(index)));
      let ended = 0;
      for (let round = 0; round < 6; round += 1) {
        await new Promise((resolve) => setTimeout(resolve, 400));
        ended += await terminateBackends(database);
      }
      loading = false;
      await clients;

      expect(ended).toBeGreaterThan(0);
      // Before decision 120: 500 INTERNAL_ERROR, and an unhandled 'error' event that ends the process.
      expect(answers.filter((answer) => ![200, 201, 503].includes(answer.status))).toEqual([]);
      for (const answer of answers.filter(({ status }) => status === 503))
        expect(answer.body).toEqual(UNAVAILABLE);
      expect(acknowledged.size).toBeGreaterThan(0);

      // Served again, with no restart; each acknowledged deposit is there once.
      expect((await call(app, 'GET', '/api/health')).status).toBe(200);
      expect((await login(app, pap.teller.username, TELLER_PASSWORD)).status).toBe(200);
      const numbers = [...acknowledged];
      const rows = await app.database.db
        .select({ number: transactions.transactionNumber })
        .from(transactions)
        .where(inArray(transactions.transactionNumber, numbers));
      expect(rows.map((row) => row.number).sort()).toEqual(numbers.sort());
      expectShortDatabaseLogLines(logs);
    });

    it('answers 503 in French within the web’s 10 s while PostgreSQL refuses or stays silent, and recovers by itself', async () => {
      const { url } = await freshDatabase();
      const proxy = await PostgresProxy.onFreePort(postgresTarget());
      await proxy.listen();
      try {
        const { app, logs } = await build({ ownConnection: true, env: { DATABASE_URL: proxy.urlFor(url!) } });
        const token = await activeSuperAdminToken(app);
        expect((await call(app, 'GET', '/api/auth/user', { token })).status).toBe(200);

        const requests = () => [
          timed(call(app, 'GET', '/api/health')),
          timed(call(app, 'GET', '/api/auth/user', { token })),
          timed(call(app, 'GET', '/api/persons', { token })),
          timed(login(app, SUPERADMIN.username, 'Nouveau-Depart-2026')),
        ];

        // Stopped: the port refuses and every connection is cut.
        await proxy.refuse();
        for (const answer of await Promise.all(requests())) {
          expect(answer.status).toBe(503);
          expect(answer.body).toEqual(UNAVAILABLE);
          expect(answer.ms).toBeLessThan(WEB_CLIENT_TIMEOUT_MS);
        }

        // Silent: connections are accepted and never answered.
        await proxy.listen('silent');
        for (const answer of await Promise.all(requests())) {
          expect(answer.status).toBe(503);
          expect(answer.body).toEqual(UNAVAILABLE);
          expect(answer.ms).toBeLessThan(WEB_CLIENT_TIMEOUT_MS);
        }
        await proxy.refuse();

        // Back: the pool reconnects, no restart.
        await proxy.listen('forward');
        await eventually(async () => {
          const answer = await call(app, 'GET', '/api/auth/user', { token });
          return answer.status === 200 ? answer : undefined;
        }, 10_000);
        expect((await call(app, 'GET', '/api/health')).status).toBe(200);

        const lines = expectShortDatabaseLogLines(logs);
        expect(lines.some((line) => line.includes('base de données injoignable'))).toBe(true);
        expect(lines.some((line) => line.includes('ECONNREFUSED'))).toBe(true);
      } finally {
        await proxy.refuse();
      }
    });

    it('starts before PostgreSQL answers: listens, answers 503, logs its wait, and comes up by itself', async () => {
      const { url } = await freshDatabase();
      const proxy = await PostgresProxy.onFreePort(postgresTarget());
      const logs = new LogCapture();
      const printed: string[] = [];
      try {
        const app = await start({
          env: startEnv(proxy.urlFor(url!)),
          overrides: { logStream: logs, printSecret: () => undefined },
          printError: (line) => printed.push(line),
          handleSignals: false,
          retryIntervalMs: 200,
          waitLogIntervalMs: 500,
        });
        expect(printed).toEqual([]);
        expect(app).toBeDefined();
        started.push(app!);
        const base = baseUrlOf(app!);

        for (const request of [
          fetch(`${base}/api/health`),
          fetch(`${base}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: SUPERADMIN.username, password: SUPERADMIN.password }),
          }),
        ]) {
          const response = await request;
          expect(response.status).toBe(503);
          expect(await response.json()).toEqual({
            ...UNAVAILABLE,
            requestId: response.headers.get('x-request-id'),
          });
        }
        await new Promise((resolve) => setTimeout(resolve, 1_200));
        const waits = logs.lines.filter((line) => line.includes('base de données injoignable, nouvel essai'));
        expect(waits.length).toBeGreaterThanOrEqual(2);
        expect(waits[0]).toContain('ECONNREFUSED');

        // PostgreSQL answers: migrations, bootstrap, then the API.
        await proxy.listen();
        const health = await eventually(async () => {
          const response = await fetch(`${base}/api/health`);
          return response.status === 200 ? response : undefined;
        }, 15_000);
        expect(await health.json()).toEqual({ status: 'ok' });
        const signIn = await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: SUPERADMIN.username, password: SUPERADMIN.password }),
        });
        expect(signIn.status).toBe(200);
        expect(logs.text).toContain('base de données prête');
        expect(process.exitCode).toBeUndefined();
        expectShortDatabaseLogLines(logs);
      } finally {
        await proxy.refuse();
      }
    });

    it('stops the start with a clear French message when PostgreSQL refuses the user or has no such database', async () => {
      const { url } = await freshDatabase();
      const cases = [
        {
          change: (target: URL) => (target.username = 'lajan_personne'),
          says: 'Démarrage impossible : PostgreSQL refuse la connexion : vérifiez l’utilisateur et le mot de passe de DATABASE_URL',
        },
        {
          change: (target: URL) => (target.pathname = '/lajan_absente'),
          says: 'Démarrage impossible : la base de données de DATABASE_URL n’existe pas',
        },
      ];
      for (const { change, says } of cases) {
        const target = new URL(url!);
        change(target);
        const printed: string[] = [];
        const startedAt = Date.now();
        const app = await start({
          env: startEnv(target.toString()),
          overrides: { logStream: new LogCapture() },
          printError: (line) => printed.push(line),
          handleSignals: false,
          retryIntervalMs: 200,
        });
        expect(app).toBeUndefined();
        expect(printed[0]).toContain(says);
        expect(process.exitCode).toBe(1);
        expect(Date.now() - startedAt).toBeLessThan(WEB_CLIENT_TIMEOUT_MS);
        process.exitCode = undefined;
      }
    });
  });
}

describe('a graceful stop', () => {
  /** A request that takes `ms` and queues an e-mail it does not send itself. */
  function slowRoute(ms: number): FastifyPluginAsync {
    return (api) => {
      api.get('/probe/slow', { config: { public: true } }, async () => {
        await new Promise((resolve) => setTimeout(resolve, ms));
        await enqueueMail(
          api.database.db,
          { kind: 'password_reset', to: 'jeanne@exemple.ht', subject: 'Avant l’arrêt', text: 'Bonjour' },
          new Date(),
        );
        return { status: 'done' };
      });
      return Promise.resolve();
    };
  }

  async function startWith(route: FastifyPluginAsync, logs: LogCapture): Promise<App> {
    const databaseUrl = databaseKind === 'postgres' ? (await freshDatabase()).url : undefined;
    const app = await start({
      env: startEnv(databaseUrl),
      overrides: {
        logStream: logs,
        printSecret: () => undefined,
        routes: route,
        mailPollIntervalMs: 60_000,
        ...(databaseKind === 'pglite' ? { pgliteDataDir: 'memory://' } : {}),
      },
      handleSignals: false,
    });
    expect(app).toBeDefined();
    started.push(app!);
    return app!;
  }

  it('takes no new request, lets the one in flight finish, sends the e-mail it queued, then closes the database', async () => {
    const logs = new LogCapture();
    const app = await startWith(slowRoute(1_500), logs);
    const base = baseUrlOf(app);

    const inFlight = fetch(`${base}/api/probe/slow`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stopping = stopGracefully(app, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 100));

    // A new request: the port is closed (or, on a kept-alive connection, a French 503).
    const late = await fetch(`${base}/api/health`).then(
      async (response) => ({ status: response.status, body: await response.json() }),
      () => ({ status: 'refused' as const, body: undefined }),
    );
    if (late.status !== 'refused')
      expect(late).toEqual({ status: 503, body: { ...UNAVAILABLE, requestId: expect.any(String) } });

    const finished = await inFlight;
    expect(finished.status).toBe(200);
    expect(await finished.json()).toEqual({ status: 'done' });
    await stopping;

    const entries = logs.entries();
    const sent = entries.findIndex((entry) => entry.msg === 'e-mail envoyé');
    expect(sent).toBeGreaterThan(-1);
    // Without SMTP_URL, the spool holds it; the log names the file (decision 231).
    const spooled = entries.find((entry) => typeof entry.spooled === 'string')?.spooled as string;
    expect(readFileSync(spooled, 'utf8')).toContain('Subject: Avant l’arrêt');
    expect(entries.findIndex((entry) => entry.msg === 'arrêt terminé')).toBeGreaterThan(sent);
    await expect(app.database.ping()).rejects.toThrow();
  });

  it('cuts a request still running at the deadline instead of waiting for it', async () => {
    const logs = new LogCapture();
    const app = await startWith(slowRoute(6_000), logs);
    const inFlight = fetch(`${baseUrlOf(app)}/api/probe/slow`).then(
      (response) => response.status,
      () => 'cut' as const,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stopStartedAt = Date.now();
    await stopGracefully(app, 500);
    expect(Date.now() - stopStartedAt).toBeLessThan(4_000);
    expect(await inFlight).toBe('cut');
    expect(logs.text).toContain('connexions coupées');
  });
});
