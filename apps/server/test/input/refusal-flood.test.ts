import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { anonymousRefusals, auditLog } from '../../src/db/schema.js';
import { build } from '../helpers/build.js';
import { call, login } from '../helpers/fixtures.js';
import { counterForm, ledgerWorld } from '../helpers/ledger.js';

/*
 * Issue 39, finding 1 (decision 198): every sign-in refused with 429 wrote an audit row holding the username as
 * typed: 487 sign-ins with a 90 000-character username grew `audit_log` by 46.5 MB in 5 s, no account needed.
 * A refusal is now audited once per address and window and counted apart; a username is at most 100 characters.
 */

async function databaseBytes(db: Db): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`pg_database_size(current_database())::text` })
    .from(sql`(select 1) as one`);
  return Number(row!.bytes);
}

describe('refused anonymous requests cannot fill the disk (decision 198)', () => {
  it('audits a throttled sign-in once per address and window, and counts the others', async () => {
    const { app, database, clock } = await build();
    for (let i = 0; i < 5; i += 1)
      expect((await login(app, 'cible', `faux-${i}`, '198.51.100.1')).status).toBe(401);
    for (let i = 0; i < 30; i += 1)
      expect((await login(app, 'cible', 'faux', '198.51.100.1')).status).toBe(429);
    for (let i = 0; i < 3; i += 1)
      expect((await login(app, 'cible', 'faux', '198.51.100.2')).status).toBe(429);

    const throttled = () =>
      database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'auth.login_throttled'))
        .orderBy(auditLog.id);
    expect((await throttled()).map((row) => [row.ip, row.actorUsername])).toEqual([
      ['198.51.100.1', 'cible'],
      ['198.51.100.2', 'cible'],
    ]);
    const counted = await database.db
      .select({ ip: anonymousRefusals.ip, refused: anonymousRefusals.refused })
      .from(anonymousRefusals)
      .where(eq(anonymousRefusals.action, 'auth.login_throttled'))
      .orderBy(anonymousRefusals.ip);
    expect(counted).toEqual([
      { ip: '198.51.100.1', refused: 30 },
      { ip: '198.51.100.2', refused: 3 },
    ]);

    // The next window's first refusal is audited again.
    clock.advance(15 * 60_000);
    for (let i = 0; i < 5; i += 1) await login(app, 'cible', `faux-${i}`, '198.51.100.1');
    for (let i = 0; i < 4; i += 1)
      expect((await login(app, 'cible', 'faux', '198.51.100.1')).status).toBe(429);
    expect(await throttled()).toHaveLength(3);
    const [latest] = await database.db
      .select({ refused: anonymousRefusals.refused })
      .from(anonymousRefusals)
      .where(
        and(eq(anonymousRefusals.ip, '198.51.100.1'), eq(anonymousRefusals.action, 'auth.login_throttled')),
      )
      .orderBy(sql`${anonymousRefusals.windowStart} desc`)
      .limit(1);
    expect(latest?.refused).toBe(4);
  });

  it(
    'grows the database by less than 1 MB over 10 000 refused sign-ins from 20 addresses, a deposit answered meanwhile',
    { timeout: 120_000 },
    async () => {
      const world = await ledgerWorld();
      let deposits = 0;
      const deposit = async () => {
        const started = performance.now();
        const answer = await call(world.app, 'POST', '/api/transactions/deposit', {
          token: world.pap.teller.token,
          body: counterForm(world.marieAccount, world.marie, 100),
          headers: { 'idempotency-key': `flood-${(deposits += 1)}` },
        });
        expect(answer.status).toBe(201);
        return performance.now() - started;
      };
      const usual: number[] = [];
      for (let i = 0; i < 7; i += 1) usual.push(await deposit());
      const before = await databaseBytes(world.db);

      // 20 addresses of the loopback range, 500 sign-ins each: 450 with a 90 000-character username, and 50
      // with the longest username accepted, which the throttle refuses after the first 5 of them all.
      // Random, so that no compression of the database hides what it would store.
      const huge = { username: randomBytes(67_500).toString('base64'), password: 'faux-mot-de-passe' };
      const longest = { username: 'y'.repeat(100), password: 'faux-mot-de-passe' };
      const statuses: Record<number, number> = {};
      let flooding = true;
      const flood = Promise.all(
        Array.from({ length: 20 }, (_, source) => `127.0.0.${source + 10}`).map(async (address) => {
          for (let i = 0; i < 500; i += 1) {
            const body = i % 10 === 0 ? longest : huge;
            const { status } = await call(world.app, 'POST', '/api/auth/login', {
              body,
              remoteAddress: address,
            });
            statuses[status] = (statuses[status] ?? 0) + 1;
          }
        }),
      ).finally(() => {
        flooding = false;
      });

      const during: number[] = [];
      while (flooding) {
        during.push(await deposit());
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await flood;
      const grown = (await databaseBytes(world.db)) - before;

      expect(statuses).toEqual({ 401: 5, 413: 9_000, 429: 995 });
      expect(grown).toBeLessThan(1024 * 1024);
      // Audited once per address (one window on the test clock), the rest counted.
      const audited = await world.db
        .select({ username: auditLog.actorUsername })
        .from(auditLog)
        .where(eq(auditLog.action, 'auth.login_throttled'));
      expect(audited.length).toBe(20);
      // The counter's usual time (the median, on a machine that other work may load), and never the 503 of a
      // pool held by the flood (decision 161).
      const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
      expect(during.length).toBeGreaterThan(0);
      expect(median(during)).toBeLessThan(Math.max(1_000, 4 * median(usual)));
    },
  );
});
