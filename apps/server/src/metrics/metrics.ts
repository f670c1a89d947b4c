import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * What `/metrics` shows (decision 230), one registry per app: a test builds many apps in one process, and
 * each counts only its own. The names are those of `docs/grafana-lajan.json` and of docs/operations.md's
 * alerts: renaming one breaks both.
 */
export class Metrics {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'lajan_http_request_duration_seconds',
    help: 'Durée des requêtes HTTP, par méthode, modèle de route et statut',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly postings = new Counter({
    name: 'lajan_postings_total',
    help: 'Mouvements présentés au grand livre, par type et issue (posted, replayed, refused, failed)',
    labelNames: ['type', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly batchSize = new Histogram({
    name: 'lajan_ledger_batch_size',
    help: 'Mouvements par lot du group commit (un mouvement seul est un lot de un)',
    buckets: [1, 2, 4, 8, 16, 32, 64, 100],
    registers: [this.registry],
  });

  readonly batchFallbacks = new Counter({
    name: 'lajan_ledger_batch_fallbacks_total',
    help: 'Lots refusés en bloc puis présentés mouvement par mouvement',
    registers: [this.registry],
  });

  readonly refusals = new Counter({
    name: 'lajan_refusals_total',
    help: 'Réponses d’erreur 4xx, par code du corps et statut',
    labelNames: ['code', 'status'] as const,
    registers: [this.registry],
  });

  readonly poolAcquire = new Histogram({
    name: 'lajan_db_pool_acquire_seconds',
    help: 'Attente d’une connexion du pool PostgreSQL',
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 3],
    registers: [this.registry],
  });

  readonly mail = new Counter({
    name: 'lajan_mail_deliveries_total',
    help: 'Essais d’envoi des e-mails, par issue (sent, retry, abandoned)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly smsDeliveries = new Counter({
    name: 'lajan_sms_deliveries_total',
    help: 'Essais d’envoi des SMS, par sorte et issue (sent, retry, abandoned, disabled)',
    labelNames: ['kind', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly smsParts = new Counter({
    name: 'lajan_sms_parts_total',
    help: 'Parties de SMS acceptées par le SMSC (ou déposées sans SMPP_URL), par sorte et codage',
    labelNames: ['kind', 'encoding'] as const,
    registers: [this.registry],
  });

  readonly smsCost = new Counter({
    name: 'lajan_sms_cost_centimes_total',
    help: 'Coût des SMS envoyés, en centimes : parties × SMS_PART_COST_CENTIMES, par sorte',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  readonly smsReports = new Counter({
    name: 'lajan_sms_delivery_reports_total',
    help: 'Accusés de réception des SMS enregistrés, par statut du SMSC (DELIVRD, UNDELIV…)',
    labelNames: ['status'] as const,
    registers: [this.registry],
  });

  readonly expiryRuns = new Counter({
    name: 'lajan_expiry_runs_total',
    help: 'Passages du job d’expiration des transferts, par issue (done, busy, failed)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly expiredTransfers = new Counter({
    name: 'lajan_expiry_transfers_total',
    help: 'Transferts expirés, par suite (refunded, to_refund_in_cash)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });

  readonly expiryLastSuccess = new Gauge({
    name: 'lajan_expiry_last_success_timestamp_seconds',
    help: 'Fin du dernier passage réussi du job d’expiration (secondes Unix)',
    registers: [this.registry],
  });

  /** Node's own (CPU, memory, event loop), once the metrics are served: a test's app does without. */
  collectProcessMetrics(): void {
    collectDefaultMetrics({ register: this.registry });
  }

  /**
   * A gauge read at each scrape (decision 230): `read` sets it, or leaves it absent (not 0: a backlog or a
   * backup that could not be read is unknown, not nil).
   */
  scrapeGauge(name: string, help: string, read: (gauge: Gauge) => Promise<void> | void): Gauge {
    return new Gauge({
      name,
      help,
      registers: [this.registry],
      async collect() {
        // prom-client keeps a gauge without labels at 0 even after `reset()`.
        this.remove({});
        await read(this);
      },
    });
  }
}

/** The route's template (`/api/accounts/:accountNumber`), never the URL a client sent: bounded labels. */
export function routeLabel(template: string | undefined): string {
  return template ?? 'unmatched';
}

const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export function methodLabel(method: string): string {
  return knownMethods.has(method) ? method : 'OTHER';
}
