import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorCodes, genericMessages } from '@lajan/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import type { App } from '../../../src/app.js';
import type { ReportingDatabase } from '../../../src/db/client.js';
import { ExportRun } from '../../../src/http/one-export.js';
import { build } from '../../helpers/build.js';
import { databaseKind, queryOnce } from '../../helpers/database.js';
import { call } from '../../helpers/fixtures.js';
import { busyLedgerWorld, superAdminToken } from '../../helpers/ledger.js';

/*
 * Decision 233: reports, statements, exports and the audit log read on a reporting database (a replica, or
 * a small pool of their own), never the counter's pool; one export per user at once, across processes.
 */
const onPostgres = databaseKind === 'postgres';
type World = Awaited<ReturnType<typeof busyLedgerWorld>>;

const statementExport = (world: World) =>
  `/api/reports/accounts/${world.marieAccount.accountNumber}/statement/export?from=2025-12-01&to=2026-11-30`;

/** The last statement of each reporting connection of this database, through another connection. */
async function reportingQueries(url: string): Promise<string[]> {
  const rows = await queryOnce<{ query: string }>(
    url,
    `SELECT query FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'lajan-reporting'`,
  );
  return rows.map((row) => row.query);
}

/** Export locks held on this database: decision 233's class of advisory locks. */
async function exportLocksHeld(url: string): Promise<number> {
  const rows = await queryOnce<{ n: string }>(
    url,
    `SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND classid = 7210044 AND granted`,
  );
  return Number(rows[0]!.n);
}

/**
 * `holdExclusive` of `app` waits for the returned `open()` before handing its lease over: an export that
 * holds its slot (and, on PostgreSQL, its lock) for as long as the test says.
 */
function gateExports(app: App) {
  const reporting: ReportingDatabase = app.database.reporting;
  const original = reporting.holdExclusive.bind(reporting);
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const taken = vi.fn();
  const spy = vi.spyOn(reporting, 'holdExclusive').mockImplementationOnce(async (key: string) => {
    const lease = await original(key);
    taken(lease !== undefined);
    await gate;
    return lease;
  });
  return { open, taken, restore: () => spy.mockRestore() };
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 300; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(what);
}

describe(`the reporting database (${databaseKind})`, () => {
  it('serves statements, exports, reports and the audit log from the reporting handle, the counter from the primary', async () => {
    const world = await busyLedgerWorld([100, 200]);
    const reporting = world.app.database.reporting;
    expect(reporting.source).toBe(onPostgres ? 'pool' : 'shared');
    const leases = vi.spyOn(reporting, 'holdExclusive');
    const superToken = await superAdminToken(world.app);
    const exported = await call(world.app, 'GET', statementExport(world), { token: world.pap.teller.token });
    expect(exported.status).toBe(200);
    expect(leases).toHaveBeenCalledTimes(1);
    const historyExport = await call(world.app, 'GET', '/api/transactions/history/export', {
      token: world.pap.teller.token,
    });
    expect(historyExport.status).toBe(200);
    expect(historyExport.text).toContain(world.transferNumber);
    expect(leases).toHaveBeenCalledTimes(2);
    leases.mockRestore();
    if (!onPostgres) return;
    const url = new URL(world.config.databaseUrl!).toString();
    // The lease's connection: its last statement gave the lock back.
    expect(await reportingQueries(url)).toContain('select pg_advisory_unlock($1, hashtext($2))');
    const audit = await call(world.app, 'GET', '/api/audit?per_page=5', { token: superToken });
    expect(audit.status).toBe(200);
    expect((await reportingQueries(url)).some((query) => query.includes('audit_log'))).toBe(true);
    const trial = await call(world.app, 'GET', '/api/reports/trial-balance', { token: superToken });
    expect(trial.status).toBe(200);
    const page = await call(
      world.app,
      'GET',
      `/api/reports/accounts/${world.marieAccount.accountNumber}/statement`,
      { token: world.pap.teller.token },
    );
    expect(page.status).toBe(200);
    expect(page.body.data.movements.length).toBeGreaterThan(0);
    // Read-only as a replica is: a write sent there by mistake fails.
    const refused: unknown = await reporting.db
      .execute(
        sql`UPDATE accounts SET balance_centimes = balance_centimes WHERE account_number = ${world.marieAccount.accountNumber}`,
      )
      .catch((error: unknown) => error);
    const cause = (refused as { cause?: Error }).cause ?? (refused as Error);
    expect(cause.message).toMatch(/read-only/);
  });

  it('refuses a second export of the same user at once with 429 EXPORT_IN_PROGRESS, then serves it once the first ended', async () => {
    const world = await busyLedgerWorld([100, 200]);
    const token = world.pap.teller.token;
    const gate = gateExports(world.app);
    const first = call(world.app, 'GET', statementExport(world), { token });
    await until(() => gate.taken.mock.calls.length > 0, 'the first export never took its slot');
    const second = await call(world.app, 'GET', '/api/transactions/history/export', { token });
    expect(second.status).toBe(429);
    expect(second.body).toEqual({
      message: genericMessages.exportInProgress,
      code: errorCodes.exportInProgress,
    });
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    // Another teller exports meanwhile, and the same teller still reads its history.
    const other = await call(world.app, 'GET', '/api/transactions/history/export', {
      token: world.cap.teller.token,
    });
    expect(other.status).toBe(200);
    const history = await call(world.app, 'GET', '/api/transactions/history', { token });
    expect(history.status).toBe(200);
    gate.open();
    expect((await first).status).toBe(200);
    gate.restore();
    const again = await call(world.app, 'GET', '/api/transactions/history/export', { token });
    expect(again.status).toBe(200);
    if (onPostgres) expect(await exportLocksHeld(world.config.databaseUrl!)).toBe(0);
  });

  it.runIf(onPostgres)(
    'refuses the second export across two app instances (two processes’ pools), then serves it',
    async () => {
      const world = await busyLedgerWorld([100, 200]);
      const token = world.pap.teller.token;
      const other = await build({ keepData: true, ownConnection: true, clock: world.clock });
      expect(other.app.database.reporting).not.toBe(world.app.database.reporting);
      const gate = gateExports(world.app);
      const first = call(world.app, 'GET', statementExport(world), { token });
      await until(() => gate.taken.mock.calls.length > 0, 'the first export never took its lock');
      expect(gate.taken).toHaveBeenCalledWith(true);
      expect(await exportLocksHeld(world.config.databaseUrl!)).toBe(1);
      const second = await call(other.app, 'GET', statementExport(world), { token });
      expect(second.status).toBe(429);
      expect(second.body.code).toBe(errorCodes.exportInProgress);
      gate.open();
      expect((await first).status).toBe(200);
      gate.restore();
      const again = await call(other.app, 'GET', statementExport(world), { token });
      expect(again.status).toBe(200);
      expect(await exportLocksHeld(world.config.databaseUrl!)).toBe(0);
    },
  );

  it('frees the export of a client that cuts it mid-stream', async () => {
    const world = await busyLedgerWorld([100, 200]);
    const token = world.pap.teller.token;
    // The real export, followed by padding fed slowly: the stream is still running when the client leaves.
    const stream = Object.getOwnPropertyDescriptor(ExportRun.prototype, 'stream')!
      .value as ExportRun['stream'];
    const streamed = vi.fn();
    const spy = vi.spyOn(ExportRun.prototype, 'stream').mockImplementationOnce(function (
      this: ExportRun,
      chunks,
    ) {
      return stream.call(this, async function* (db) {
        yield* chunks(db);
        for (let i = 0; i < 1000; i += 1) {
          streamed(i);
          yield `${' '.repeat(65_536)}\r\n`;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      });
    });
    await world.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = world.app.server.address() as AddressInfo;
    await new Promise<void>((resolve, reject) => {
      const request = http.get(
        {
          host: '127.0.0.1',
          port,
          path: '/api/transactions/history/export',
          headers: { authorization: `Bearer ${token}` },
        },
        (response) => {
          expect(response.statusCode).toBe(200);
          response.once('data', () => {
            request.destroy();
            resolve();
          });
        },
      );
      request.on('error', () => undefined);
      request.setTimeout(10_000, () => reject(new Error('no answer')));
    });
    spy.mockRestore();
    // Freed long before the padding would have ended (ten seconds).
    let next = await call(world.app, 'GET', '/api/transactions/history/export', { token });
    for (let i = 0; next.status === 429 && i < 100; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      next = await call(world.app, 'GET', '/api/transactions/history/export', { token });
    }
    expect(next.status).toBe(200);
    expect(streamed.mock.calls.length).toBeLessThan(500);
    if (onPostgres) expect(await exportLocksHeld(world.config.databaseUrl!)).toBe(0);
  });

  it.runIf(onPostgres)('reads through DATABASE_READ_URL, the same server under another address', async () => {
    const world = await busyLedgerWorld([100, 200]);
    const replicaUrl = new URL(world.config.databaseUrl!);
    // Another address of the same server: its Unix socket instead of TCP.
    const socketUrl = `postgresql://${replicaUrl.username}@/${replicaUrl.pathname.slice(1)}?host=/var/run/postgresql`;
    const reader = await build({
      keepData: true,
      ownConnection: true,
      clock: world.clock,
      env: { DATABASE_READ_URL: socketUrl, DATABASE_READ_POOL_SIZE: '2' },
    });
    expect(reader.config.databaseReadUrl).toBe(socketUrl);
    expect(reader.app.database.reporting.source).toBe('replica');
    // The current month: the world's operations, read through the other address.
    const exported = await call(
      reader.app,
      'GET',
      `/api/reports/accounts/${world.marieAccount.accountNumber}/statement/export`,
      { token: world.pap.teller.token },
    );
    expect(exported.status).toBe(200);
    expect(exported.text).toContain('200,00');
    const audit = await call(reader.app, 'GET', '/api/audit?per_page=5', {
      token: await superAdminToken(reader.app),
    });
    expect(audit.status).toBe(200);
    const client = new pg.Client({ connectionString: world.config.databaseUrl! });
    await client.connect();
    try {
      // The reporting connections came through the socket (no client address), the counter's over TCP.
      const { rows } = await client.query<{ application_name: string; tcp: boolean }>(
        `SELECT application_name, client_addr IS NOT NULL AS tcp FROM pg_stat_activity
         WHERE datname = current_database() AND application_name IN ('lajan', 'lajan-reporting')`,
      );
      expect(rows.some((row) => row.application_name === 'lajan-reporting' && !row.tcp)).toBe(true);
      expect(rows.some((row) => row.application_name === 'lajan' && !row.tcp)).toBe(false);
    } finally {
      await client.end();
    }
  });
});
