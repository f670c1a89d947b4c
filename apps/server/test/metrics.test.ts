import { isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recordBackupStatus, type BackupOutcome } from '../src/backup/base-backup.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { drawerSessions, mailOutbox, smsOutbox } from '../src/db/schema.js';
import type { App } from '../src/app.js';
import { build } from './helpers/build.js';
import { databaseKind } from './helpers/database.js';
import { call } from './helpers/fixtures.js';
import { counterForm, ledgerWorld } from './helpers/ledger.js';

/** Serves the app's metrics on a free port of 127.0.0.1, as `METRICS_PORT=0` would. */
async function scraper(app: App) {
  const port = await app.listenForScrapes({ port: 0, host: '127.0.0.1' });
  return async () => {
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return response.text();
  };
}

/** The value of one sample of Prometheus's text format; 0 when the series is not there. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/([a-zA-Z_]+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1], pair[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return 0;
}

describe(`/metrics (decision 230, ${databaseKind})`, () => {
  it('counts a deposit and a refusal exactly once, by route template, type, outcome and code', async () => {
    const world = await ledgerWorld();
    const scrape = await scraper(world.app);
    const post = (url: string, body: unknown) =>
      call(world.app, 'POST', `/api${url}`, { token: world.pap.teller.token, body });
    const deposit = { type: 'deposit', outcome: 'posted' };
    const depositRoute = { method: 'POST', route: '/api/transactions/deposit', status_code: '201' };

    const before = await scrape();
    const posted = await post('/transactions/deposit', counterForm(world.marieAccount, world.marie, 250));
    expect(posted.status).toBe(201);
    const afterDeposit = await scrape();
    expect(sample(afterDeposit, 'lajan_postings_total', deposit)).toBe(
      sample(before, 'lajan_postings_total', deposit) + 1,
    );
    expect(sample(afterDeposit, 'lajan_http_request_duration_seconds_count', depositRoute)).toBe(
      sample(before, 'lajan_http_request_duration_seconds_count', depositRoute) + 1,
    );

    // Jean holds 5 000 HTG: a withdrawal of 6 000 HTG is refused by the ledger.
    const refused = await post('/transactions/withdraw', counterForm(world.jeanAccount, world.jean, 6_000));
    expect(refused.body.code).toBe('INSUFFICIENT_FUNDS');
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    const code = refused.body.code as string;
    const refusal = { code, status: String(refused.status) };
    const afterRefusal = await scrape();
    expect(sample(afterRefusal, 'lajan_refusals_total', refusal)).toBe(
      sample(afterDeposit, 'lajan_refusals_total', refusal) + 1,
    );
    const withdrawal = { type: 'withdrawal', outcome: 'refused' };
    expect(sample(afterRefusal, 'lajan_postings_total', withdrawal)).toBe(
      sample(afterDeposit, 'lajan_postings_total', withdrawal) + 1,
    );
    expect(sample(afterRefusal, 'lajan_postings_total', deposit)).toBe(
      sample(afterDeposit, 'lajan_postings_total', deposit),
    );
    // The group commit's batches: the world's fundings went through it.
    expect(sample(afterRefusal, 'lajan_ledger_batch_size_count')).toBeGreaterThan(0);

    // A route's template, never the account number a client sent.
    await call(world.app, 'GET', `/api/accounts/${world.marieAccount.accountNumber}`, {
      token: world.pap.teller.token,
    });
    const afterRead = await scrape();
    expect(afterRead).not.toContain(world.marieAccount.accountNumber);
    expect(afterRead).toMatch(/route="\/api\/accounts\/:[A-Za-z]+"/);
    // Node's own numbers come with a served registry.
    expect(afterRead).toContain('process_cpu_seconds_total');
  });

  it('reads the outbox, the open drawers and the pool at scrape time', async () => {
    const world = await ledgerWorld();
    const scrape = await scraper(world.app);
    // What the world's set-up queued is sent first: the counts below must not move meanwhile.
    await world.app.mail.kick();
    const minutesAgo = new Date(world.clock.now().getTime() - 10 * 60_000);
    await world.db.insert(mailOutbox).values({
      kind: 'test',
      toAddress: 'quelqu.un@lajan.test',
      subject: 'Essai',
      textBody: 'Bonjour',
      createdAt: minutesAgo,
      // Not due before the test ends: the sender leaves it.
      nextAttemptAt: new Date(world.clock.now().getTime() + 3_600_000),
    });
    await world.app.sms.kick();
    await world.db.insert(smsOutbox).values({
      kind: 'receipt',
      toNumber: '+50937001234',
      language: 'fr',
      textBody: 'Essai',
      createdAt: minutesAgo,
      nextAttemptAt: new Date(world.clock.now().getTime() + 3_600_000),
    });
    const [unsentSms] = await world.db
      .select({ n: sql<number>`count(*)::int` })
      .from(smsOutbox)
      .where(sql`${smsOutbox.sentAt} is null and ${smsOutbox.failedAt} is null`);
    const [unsent] = await world.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(sql`${mailOutbox.sentAt} is null and ${mailOutbox.failedAt} is null`);
    const [open] = await world.db
      .select({ n: sql<number>`count(*)::int` })
      .from(drawerSessions)
      .where(isNull(drawerSessions.closedAt));

    const text = await scrape();
    expect(sample(text, 'lajan_metrics_database_up')).toBe(1);
    expect(sample(text, 'lajan_mail_outbox_backlog')).toBe(unsent!.n);
    expect(sample(text, 'lajan_mail_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(600);
    expect(sample(text, 'lajan_sms_outbox_backlog')).toBe(unsentSms!.n);
    expect(unsentSms!.n).toBeGreaterThan(0);
    expect(sample(text, 'lajan_sms_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(600);
    expect(sample(text, 'lajan_drawers_open')).toBe(open!.n);
    expect(open!.n).toBeGreaterThan(0);
    if (databaseKind === 'postgres') {
      expect(text).toContain('lajan_db_pool_connections ');
      expect(text).toContain('lajan_db_pool_waiting 0');
      expect(sample(text, 'lajan_db_pool_acquire_seconds_count')).toBeGreaterThan(0);
    }
  });

  it('gives the expiry job and the last backup', async () => {
    const t = await build();
    const scrape = await scraper(t.app);
    // No backup has run: its gauges are absent, not 0.
    expect(await scrape()).not.toMatch(/^lajan_backup_last_run_success /m);

    await t.app.expiry.run();
    const outcome = (ok: boolean, sizeBytes: number): BackupOutcome => ({
      kind: 'base',
      ok,
      startedAt: new Date().toISOString(),
      finishedAt: new Date().toISOString(),
      durationMs: 1,
      sizeBytes,
    });
    await recordBackupStatus(t.config.dataDir, outcome(true, 1234));
    let text = await scrape();
    expect(sample(text, 'lajan_expiry_runs_total', { outcome: 'done' })).toBe(1);
    expect(sample(text, 'lajan_expiry_last_success_timestamp_seconds')).toBeGreaterThan(0);
    expect(sample(text, 'lajan_backup_last_run_success')).toBe(1);
    expect(sample(text, 'lajan_backup_last_size_bytes')).toBe(1234);
    const succeededAt = sample(text, 'lajan_backup_last_success_timestamp_seconds');
    expect(Math.abs(succeededAt - Date.now() / 1000)).toBeLessThan(60);

    await recordBackupStatus(t.config.dataDir, { ...outcome(false, 0), error: 'disque plein' });
    text = await scrape();
    expect(sample(text, 'lajan_backup_last_run_success')).toBe(0);
    expect(sample(text, 'lajan_backup_last_success_timestamp_seconds')).toBe(succeededAt);
    expect(sample(text, 'lajan_backup_last_size_bytes')).toBe(1234);
  });

  it('answers only /metrics on its port, and nothing of it on the API’s', async () => {
    const t = await build();
    const port = await t.app.listenForScrapes({ port: 0, host: '127.0.0.1' });
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
    expect((await call(t.app, 'GET', '/metrics')).text).not.toContain('lajan_');
    expect((await call(t.app, 'GET', '/api/metrics')).status).toBe(404);
  });
});

describe('METRICS_PORT and METRICS_HOST', () => {
  it('serve no metrics by default, and 127.0.0.1 once a port is given', () => {
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '' }).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({
      port: 9464,
      host: '10.0.0.5',
    });
  });

  it('refuses a port that is not one, or the API’s own, in French', () => {
    expect(() => loadConfig({ METRICS_PORT: 'neuf' })).toThrow(
      'Configuration invalide : METRICS_PORT doit être un entier entre 0 et 65535',
    );
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(
      'METRICS_PORT doit être différent de PORT',
    );
  });
});
