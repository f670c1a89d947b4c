import type http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { genericMessages, negotiateLanguage, zodLocaleError } from '@lajan/domain';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
  type RawServerDefault,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DestinationStream, Logger } from 'pino';
import { z } from 'zod';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { clientErrorHandler, errorHandlerPlugin, frameworkErrorHandler } from './http/error-handler.js';
import { ServiceUnavailable, ValidationFailed } from './http/errors.js';
import { REQUEST_ID_HEADER, requestIdGenerator } from './http/request-id.js';
import { API_CACHE_CONTROL, isApiUrl, securityHeadersHook } from './http/security-headers.js';
import { createLoggers, lazyChildLogger } from './logger.js';
import { accountsRoutes } from './modules/accounts/index.js';
import { agentRoutes } from './modules/agents/index.js';
import { auditRoutes } from './modules/audit/index.js';
import { authPlugin, authRoutes, mfaRoutes } from './modules/auth/index.js';
import { drawerRoutes } from './modules/drawer/index.js';
import { correctionsRoutes } from './modules/corrections/index.js';
import { feeEditorRoutes, feesRoutes } from './modules/fees/index.js';
import { limitsRoutes } from './modules/limits/index.js';
import { smsRoutes } from './modules/sms/index.js';
import { healthRoutes, LIVE_PATH } from './modules/health/index.js';
import { seedFeeSchedule } from './ledger/fee-schedule.js';
import { ensureSystemAccounts } from './ledger/system-accounts.js';
import { personsRoutes } from './modules/persons/index.js';
import { registrationRoutes } from './modules/registration/index.js';
import { fitBodyLimit } from './http/body-limit.js';
import { exactContract } from './http/openapi-contract.js';
import { reportsRoutes } from './modules/reports/index.js';
import { historyExportRoutes, transactionsRoutes } from './modules/transactions/index.js';
import { ensureSuperAdmin, userRoutes } from './modules/users/index.js';
import { webDistDir } from './paths.js';
import { inLanguage, installServerLanguages, setLanguageOfTheMoment } from './i18n/language.js';
import { requestLanguage } from './http/request-language.js';
import { databasePlugin } from './plugins/database.js';
import { mailPlugin } from './plugins/mail.js';
import { smsPlugin } from './plugins/sms.js';
import { ledgerObserverOf, metricsPlugin } from './plugins/metrics.js';
import { expiryPlugin, expiryRoutes } from './modules/expiry/index.js';
import { resolveJwtSecret } from './secrets.js';
import { buildServices } from './services.js';
import { spaPlugin } from './web/spa.js';

// Every text in the language of the moment, Zod's own messages too (a wrong type, an unknown enum value);
// the domain schemas carry their own wording wherever the spec gives one (decision 236).
installServerLanguages();
z.config({ localeError: zodLocaleError });

/** About 100 KB: the largest form of the app is a few KB. */
export const BODY_LIMIT_BYTES = 100 * 1024;

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What tests (and only tests, so far) replace. */
export interface AppOverrides {
  clock?: Clock;
  /** Where the log goes (default: standard output). */
  logStream?: DestinationStream;
  /** An open database owned by the caller; the app migrates it but does not close it. */
  database?: Database;
  /**
   * Tests: PGlite in this directory, `memory://` for a throwaway one. Unset (and no DATABASE_URL): the
   * embedded PostgreSQL in `DATA_DIR/postgres`.
   */
  pgliteDataDir?: string;
  /** Where the generated super-administrator password is written once (default: standard error). */
  printSecret?: (line: string) => void;
  mailPollIntervalMs?: number;
  smsPollIntervalMs?: number;
  /** Connect, bind and `submit_sm` to the SMSC give up after this (default 10 s). */
  smppTimeoutMs?: number;
  /** False: the expiry job runs only when `app.expiry.run()` is called (decision 225). */
  expiryAutoStart?: boolean;
  webDistDir?: string;
  /** More routes under `/api`, behind the same authentication. */
  routes?: FastifyPluginAsync;
  /** The hash of new passwords (argon2id by default): tests count its calls. */
  hashPassword?: (password: string) => Promise<string>;
  /**
   * Leave the migrations and the bootstrap to the caller (`start.ts` listens first, answers 503,
   * and runs them once the database answers: decision 120). By default they run in `ready()`.
   */
  deferDatabaseStartup?: boolean;
}

/**
 * The Fastify instance (STYLE "plugins and thin routes"): external plugins, then services,
 * then routes. Nothing listens here; `main.ts` does.
 */
export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<App> {
  const clock = overrides.clock ?? systemClock;
  const jwtSecret = resolveJwtSecret(config);

  const loggers = createLoggers(config.logLevel, overrides.logStream);
  const logger: FastifyBaseLogger = loggers.logger;
  const tls = config.tls;
  const app = Fastify({
    // TLS_CERT and TLS_KEY: HTTPS, the same app (decision 147). The server's type stays Node's HTTP one:
    // an HTTPS server is one, as far as Fastify's handlers go.
    ...(tls
      ? {
          serverFactory: (handler: http.RequestListener) =>
            https.createServer({ cert: tls.cert, key: tls.key }, handler) as unknown as http.Server,
        }
      : {}),
    loggerInstance: logger,
    logController: new OneLinePerRequest(loggers.requestLogger),
    // `request.log` made when something logs through it (decision 159).
    childLoggerFactory: lazyChildLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // A trusted proxy's `X-Request-Id`, else a UUID: one id in the proxy's log and every process's (decision 230).
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.trustProxy),
    // What the router and the HTTP parser refuse goes out like every other failure.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    // While closing, the gate below answers in French instead of Fastify's English 503.
    return503OnClosing: false,
    // The embedded cluster's first start (initdb, then the server) can pass Fastify's 10 s on a busy
    // machine; a start that is slow is not a failed one.
    pluginTimeout: 120_000,
  }).withTypeProvider<ZodTypeProvider>();

  // First of the hooks: every answer carries its id, a refusal by a later hook's included (decision 230).
  // Then its language: the browser's until its user is known (decision 237), for all its handling.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    inLanguage(negotiateLanguage(request.headers['accept-language']), done);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Each route's body limit fits its largest legitimate body, from its schema (decision 198).
  app.addHook('onRoute', fitBodyLimit(BODY_LIMIT_BYTES));

  // A client that sends `Content-Type: application/json` with no body (a logout, say) is not wrong.
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  // The API speaks JSON only: any other body is a 415.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    // Fastify's own parser (with its prototype-poisoning guard), callback style.
    void defaultJsonParser(request, text, done);
  });
  // A missing body is an empty form: the answer lists every required field, in French.
  app.addHook('preValidation', (request, _reply, done) => {
    // No route, nothing to check: an unknown route is a 404 whatever its query holds (decision 234).
    if (request.is404) return done();
    if (request.body === undefined && request.routeOptions.schema?.body) request.body = {};
    // An empty query value (`?date=`) is an absent one, on every route alike (decision 234).
    dropEmptyQueryValues(request.query);
    // PostgreSQL cannot store a NUL character in text: refused here, field by field, before any
    // query sees it (it answered 500 before).
    const field =
      fieldWithNul(request.params, '') ?? fieldWithNul(request.query, '') ?? fieldWithNul(request.body, '');
    if (field !== undefined)
      return done(new ValidationFailed({ [field || 'body']: [genericMessages.nulCharacter] }));
    done();
  });

  await app.register(errorHandlerPlugin);
  // Helmet's headers on every answer, computed once (decision 159).
  app.addHook('onRequest', securityHeadersHook);
  // No `/api` answer is kept by a browser or a proxy: success, failure, 404 and 429 alike.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiUrl(request.url)) void reply.header('cache-control', API_CACHE_CONTROL);
    done(null, payload);
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Lajan API',
        version: '0.1.0',
        description:
          'API du back-office Lajan. Succès : `{ data: … }`. Échec : `{ message, code?, errors?: { "chemin.du.champ": [messages] } }`, messages en français.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    // What every route answers, and the API's rules, written once into the document (decision 234).
    transformObject: (document) =>
      'openapiObject' in document ? exactContract(document.openapiObject) : document.swaggerObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // As above: the docs must also open over plain HTTP.
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
  });

  await app.register(databasePlugin, {
    database: overrides.database,
    databaseUrl: config.databaseUrl,
    databaseReadUrl: config.databaseReadUrl,
    readPoolSize: config.databaseReadPoolSize,
    pgliteDataDir: overrides.pgliteDataDir,
    dataDir: config.dataDir,
    walArchiveDir: config.walArchiveDir,
    backup: config.backup,
    deferStartup: overrides.deferDatabaseStartup,
  });
  await app.register(metricsPlugin, { clock, dataDir: config.dataDir });
  // The API answers 503 in French while the database has not answered yet (a start
  // before PostgreSQL: decision 120), and once a stop has begun, with the connection closed.
  let stopping = false;
  app.addHook('preClose', (done) => {
    stopping = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    // A request that was in flight when the stop began: its connection closes with its answer.
    if (stopping) void reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (!isApiUrl(request.url)) return done();
    if (stopping) {
      void reply.header('connection', 'close');
      return done(new ServiceUnavailable());
    }
    // Liveness says the process answers, database or not (decision 230).
    if (!app.databaseStartup.done && request.url !== LIVE_PATH) return done(new ServiceUnavailable());
    done();
  });
  await app.register(mailPlugin, {
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    spoolDir: path.join(config.dataDir, 'mail-spool'),
    clock,
    pollIntervalMs: overrides.mailPollIntervalMs ?? 5_000,
    onDelivery: (outcome) => app.metrics.mail.inc({ outcome }),
  });
  await app.register(smsPlugin, {
    smppUrl: config.smppUrl,
    sender: config.smsSender,
    spoolDir: path.join(config.dataDir, 'sms-spool'),
    clock,
    pollIntervalMs: overrides.smsPollIntervalMs ?? 5_000,
    smppTimeoutMs: overrides.smppTimeoutMs,
    onDelivery: (kind, outcome) => app.metrics.smsDeliveries.inc({ kind, outcome }),
    onPart: (kind, encoding) => {
      app.metrics.smsParts.inc({ kind, encoding });
      app.metrics.smsCost.inc({ kind }, config.smsPartCostCentimes);
    },
    onReport: (status) => app.metrics.smsReports.inc({ status }),
  });
  // Every service, built once: the clock is handed over here and nowhere else in the modules.
  const services = buildServices({
    db: app.database.db,
    reporting: app.database.reporting,
    clock,
    kickMail: () => app.mail.kick(),
    config,
    jwtSecret,
    hashPassword: overrides.hashPassword,
    ledgerObserver: ledgerObserverOf(app.metrics, () => app.sms.kickSoon()),
  });
  app.decorate('services', services);
  await app.register(authPlugin, { auth: services.auth });
  // Once the migrations have run (at start, or when the database first answers: decision 120).
  const printSecret = overrides.printSecret ?? ((line: string) => process.stderr.write(line));
  app.databaseStartup.step(async () => {
    const outcome = await ensureSuperAdmin(app.database.db, config.superAdmin, clock, printSecret);
    if (outcome === 'created')
      app.log.info({ username: config.superAdmin.username }, 'super administrateur créé');
  });

  // The ledger's own accounts (fee income, to pay out, treasury) and the default fee schedule, created
  // when missing, idempotently, before any route can post.
  app.databaseStartup.step(async () => {
    const now = clock.now();
    services.ledger.useSystemAccounts(await ensureSystemAccounts(app.database.db, now));
    await seedFeeSchedule(app.database.db, now);
  });

  await app.register(expiryPlugin, {
    clock,
    days: config.transferExpiryDays,
    intervalMs: config.transferExpiryIntervalMinutes * 60_000,
    autoStart: overrides.expiryAutoStart ?? true,
    onRun: (outcome) => {
      app.metrics.expiryRuns.inc({ outcome: typeof outcome === 'string' ? outcome : 'done' });
      if (typeof outcome === 'string') return;
      app.metrics.expiredTransfers.inc({ result: 'refunded' }, outcome.refunded);
      app.metrics.expiredTransfers.inc({ result: 'to_refund_in_cash' }, outcome.toRefundInCash);
      app.metrics.expiryLastSuccess.set(Date.now() / 1000);
    },
  });

  await app.register(
    async (api) => {
      // Default-deny: every /api route needs a session unless its config says `public`.
      api.addHook('onRequest', async (request, reply) => {
        await app.authenticate(request, reply);
        setLanguageOfTheMoment(requestLanguage(request));
      });
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(mfaRoutes);
      await api.register(agentRoutes);
      await api.register(userRoutes);
      await api.register(auditRoutes);
      await api.register(personsRoutes);
      await api.register(accountsRoutes);
      await api.register(registrationRoutes);
      await api.register(transactionsRoutes);
      await api.register(feesRoutes);
      await api.register(feeEditorRoutes);
      await api.register(limitsRoutes);
      await api.register(smsRoutes);
      await api.register(historyExportRoutes);
      await api.register(reportsRoutes);
      await api.register(drawerRoutes);
      await api.register(correctionsRoutes);
      await api.register(expiryRoutes);
      if (overrides.routes) await api.register(overrides.routes);
    },
    { prefix: '/api' },
  );

  await app.register(spaPlugin, { webDistDir: overrides.webDistDir ?? webDistDir });
  return app;
}

/**
 * One log line per request, once answered, instead of Fastify's two: the line is most of the log's cost at
 * `info` (decision 141). A request that went well is written without redaction: the serializers give only
 * what may be logged (decisions 113, 159).
 */
class OneLinePerRequest extends LogController {
  constructor(private readonly requestLogger: Logger) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      this.requestLogger.info(
        { reqId: request.id, req: request, res: reply, responseTime: reply.elapsedTime },
        'request completed',
      );
    }
  }
}

/** The dotted path of the first string holding a NUL character in a request part, or undefined. */
function fieldWithNul(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > 20) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return path;
    const found = fieldWithNul(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

function dropEmptyQueryValues(query: unknown) {
  if (query === null || typeof query !== 'object') return;
  const values = query as Record<string, unknown>;
  for (const [name, value] of Object.entries(values)) if (value === '') delete values[name];
}
