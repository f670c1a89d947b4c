import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, count, isNull, min } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { readBackupStatus } from '../backup/base-backup.js';
import type { Clock } from '../clock.js';
import { drawerSessions, mailOutbox, smsOutbox } from '../db/schema.js';
import type { LedgerObserver } from '../ledger/service.js';
import { methodLabel, Metrics, routeLabel } from '../metrics/metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What `/metrics` shows (decision 230). */
    metrics: Metrics;
    /** Serves `/metrics` on a port of its own; resolves with the port it listens on. */
    listenForScrapes(options: { port: number; host: string }): Promise<number>;
  }
}

export interface MetricsPluginOptions {
  clock: Clock;
  /** `DATA_DIR`: `npm run backup` leaves its last outcome in `DATA_DIR/backups`. */
  dataDir: string;
}

/** A scrape's database reads give up after this: a scrape must answer even when the database does not. */
export const SCRAPE_QUERY_TIMEOUT_MS = 1_000;

/**
 * The app's metrics (decision 230): each answer's latency, and gauges read at each scrape (the outbox, the
 * open drawers, the pool, the last backup), served by `listenForScrapes` on a port of its own.
 */
export const metricsPlugin = fp(
  (app: FastifyInstance, options: MetricsPluginOptions) => {
    const metrics = new Metrics();
    app.decorate('metrics', metrics);

    app.addHook('onResponse', (request, reply, done) => {
      metrics.httpDuration.observe(
        {
          method: methodLabel(request.method),
          route: routeLabel(request.routeOptions.url),
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
      done();
    });

    const pool = app.database.pool;
    if (pool) {
      pool.onAcquire((seconds) => metrics.poolAcquire.observe(seconds));
      metrics.scrapeGauge('lajan_db_pool_connections', 'Connexions du pool PostgreSQL', (gauge) =>
        gauge.set(pool.counts().total),
      );
      metrics.scrapeGauge('lajan_db_pool_idle', 'Connexions libres du pool PostgreSQL', (gauge) =>
        gauge.set(pool.counts().idle),
      );
      metrics.scrapeGauge(
        'lajan_db_pool_waiting',
        'Demandes en attente d’une connexion du pool PostgreSQL',
        (gauge) => gauge.set(pool.counts().waiting),
      );
    }

    const reads = new ScrapeReads(app, options.clock);
    metrics.scrapeGauge(
      'lajan_metrics_database_up',
      'La base a répondu aux lectures de cette collecte (1) ou non (0)',
      async (gauge) => gauge.set((await reads.get()) ? 1 : 0),
    );
    metrics.scrapeGauge(
      'lajan_mail_outbox_backlog',
      'E-mails en attente d’envoi (ni envoyés ni abandonnés)',
      async (gauge) => {
        const read = await reads.get();
        if (read) gauge.set(read.backlog);
      },
    );
    metrics.scrapeGauge(
      'lajan_mail_outbox_oldest_age_seconds',
      'Âge du plus ancien e-mail en attente d’envoi (0 sans attente)',
      async (gauge) => {
        const read = await reads.get();
        if (read) gauge.set(read.oldestAgeSeconds);
      },
    );
    metrics.scrapeGauge(
      'lajan_sms_outbox_backlog',
      'SMS en attente d’envoi (ni envoyés ni abandonnés)',
      async (gauge) => {
        const read = await reads.get();
        if (read) gauge.set(read.smsBacklog);
      },
    );
    metrics.scrapeGauge(
      'lajan_sms_outbox_oldest_age_seconds',
      'Âge du plus ancien SMS en attente d’envoi (0 sans attente)',
      async (gauge) => {
        const read = await reads.get();
        if (read) gauge.set(read.smsOldestAgeSeconds);
      },
    );
    metrics.scrapeGauge('lajan_drawers_open', 'Tiroirs-caisses ouverts', async (gauge) => {
      const read = await reads.get();
      if (read) gauge.set(read.openDrawers);
    });

    metrics.scrapeGauge(
      'lajan_backup_last_run_success',
      'Issue de la dernière sauvegarde (npm run backup ou celle du serveur intégré) : 1 réussie, 0 échouée',
      async (gauge) => {
        const status = await readBackupStatus(options.dataDir);
        if (status) gauge.set(status.last.ok ? 1 : 0);
      },
    );
    metrics.scrapeGauge(
      'lajan_backup_last_run_timestamp_seconds',
      'Fin de la dernière sauvegarde, réussie ou non (secondes Unix)',
      async (gauge) => {
        const status = await readBackupStatus(options.dataDir);
        if (status) gauge.set(Date.parse(status.last.finishedAt) / 1000);
      },
    );
    metrics.scrapeGauge(
      'lajan_backup_last_success_timestamp_seconds',
      'Fin de la dernière sauvegarde réussie (secondes Unix)',
      async (gauge) => {
        const status = await readBackupStatus(options.dataDir);
        if (status?.lastSuccess) gauge.set(Date.parse(status.lastSuccess.finishedAt) / 1000);
      },
    );
    metrics.scrapeGauge(
      'lajan_backup_last_size_bytes',
      'Taille de la dernière sauvegarde réussie',
      async (gauge) => {
        const status = await readBackupStatus(options.dataDir);
        if (status?.lastSuccess) gauge.set(status.lastSuccess.sizeBytes);
      },
    );

    let server: http.Server | undefined;
    app.decorate('listenForScrapes', async ({ port, host }: { port: number; host: string }) => {
      if (server) throw new Error('metrics: already served');
      metrics.collectProcessMetrics();
      server = http.createServer((request, response) => void answerScrape(metrics, request, response));
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, host, () => {
          listening.off('error', reject);
          resolve();
        });
      });
      const bound = (listening.address() as AddressInfo).port;
      app.log.info({ host, port: bound }, 'métriques servies sur /metrics');
      return bound;
    });
    app.addHook('onClose', async () => {
      const listening = server;
      if (!listening) return;
      listening.closeAllConnections();
      await new Promise((resolve) => listening.close(resolve));
    });
  },
  { name: 'metrics', dependencies: ['database'] },
);

async function answerScrape(metrics: Metrics, request: http.IncomingMessage, response: http.ServerResponse) {
  const url = request.url?.split('?')[0];
  if (url !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Introuvable : /metrics\n');
    return;
  }
  try {
    const text = await metrics.registry.metrics();
    response.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' });
    response.end(request.method === 'HEAD' ? undefined : text);
  } catch {
    response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Métriques indisponibles\n');
  }
}

interface ScrapeRead {
  backlog: number;
  oldestAgeSeconds: number;
  openDrawers: number;
  smsBacklog: number;
  smsOldestAgeSeconds: number;
}

/**
 * The database's part of a scrape: one read shared by its gauges, counts on partial indexes (the unsent
 * e-mails and SMS, the open drawers), given up after `SCRAPE_QUERY_TIMEOUT_MS` (decisions 230, 240).
 */
class ScrapeReads {
  #current: Promise<ScrapeRead | undefined> | undefined;

  constructor(
    private readonly app: FastifyInstance,
    private readonly clock: Clock,
  ) {}

  /** prom-client starts every gauge's collection of a scrape at once: they share the read under way. */
  get(): Promise<ScrapeRead | undefined> {
    return (this.#current ??= this.#read().finally(() => {
      this.#current = undefined;
    }));
  }

  async #read(): Promise<ScrapeRead | undefined> {
    if (!this.app.databaseStartup.done) return undefined;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), SCRAPE_QUERY_TIMEOUT_MS);
    });
    try {
      return await Promise.race([this.#query(), timeout]);
    } catch {
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  async #query(): Promise<ScrapeRead> {
    const db = this.app.database.db;
    const [outbox] = await db
      .select({ backlog: count(), oldest: min(mailOutbox.createdAt) })
      .from(mailOutbox)
      .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt)));
    const [drawers] = await db
      .select({ open: count() })
      .from(drawerSessions)
      .where(isNull(drawerSessions.closedAt));
    const [sms] = await db
      .select({ backlog: count(), oldest: min(smsOutbox.createdAt) })
      .from(smsOutbox)
      .where(and(isNull(smsOutbox.sentAt), isNull(smsOutbox.failedAt)));
    const ageOf = (oldest: Date | null | undefined) =>
      oldest ? Math.max(0, (this.clock.now().getTime() - new Date(oldest).getTime()) / 1000) : 0;
    return {
      backlog: outbox?.backlog ?? 0,
      oldestAgeSeconds: ageOf(outbox?.oldest),
      openDrawers: drawers?.open ?? 0,
      smsBacklog: sms?.backlog ?? 0,
      smsOldestAgeSeconds: ageOf(sms?.oldest),
    };
  }
}

/** The ledger's outcomes into the metrics (decision 230); `posted` after each commit (the SMS sender). */
export function ledgerObserverOf(metrics: Metrics, posted: () => void = () => undefined): LedgerObserver {
  return {
    posting: (type, outcome) => {
      metrics.postings.inc({ type, outcome });
      if (outcome === 'posted') posted();
    },
    batch: (size, postedAlone) => {
      metrics.batchSize.observe(size);
      if (postedAlone) metrics.batchFallbacks.inc();
    },
  };
}
