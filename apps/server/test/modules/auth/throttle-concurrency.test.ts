import { authMessages } from '@lajan/domain';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loginAttempts, passwordResetTokens } from '../../../src/db/schema.js';
import { build, SUPERADMIN } from '../../helpers/build.js';
import { databaseKind } from '../../helpers/database.js';
import { activeSuperAdminToken, call, login } from '../../helpers/fixtures.js';
import { agentWithStaff } from '../persons/person-fixtures.js';

/**
 * Issue 10 §2: the failure count was read, argon2 ran, then the failure was written, so 120
 * concurrent wrong passwords got 77 answers of 401 before the 429s. Each attempt is now
 * counted (under an advisory lock per username and per address) before its password is
 * verified. On PostgreSQL the requests really run at once (a pool of 10 connections); on
 * PGlite the one connection serializes the transactions, and the test must pass there too.
 */
function tally(statuses: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const status of statuses) out[status] = (out[status] ?? 0) + 1;
  return out;
}

describe('throttling under concurrency', () => {
  it('answers at most 5 × 401 to 120 concurrent wrong passwords for one username from one address', async () => {
    const { app, database } = await build();

    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, i) => login(app, SUPERADMIN.username, `faux-${i}`, '203.0.113.9')),
    );

    const counts = tally(answers.map((answer) => answer.status));
    expect(counts).toEqual({ 401: 5, 429: 115 });
    for (const answer of answers.filter((a) => a.status === 429)) {
      expect(answer.body.message).toBe(authMessages.throttled);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    const failures = await database.db
      .select()
      .from(loginAttempts)
      .where(and(eq(loginAttempts.username, SUPERADMIN.username), eq(loginAttempts.succeeded, false)));
    expect(failures).toHaveLength(5);

    // The right password is refused too until the window passes.
    expect((await login(app, SUPERADMIN.username, SUPERADMIN.password, '203.0.113.9')).status).toBe(429);
  });

  it('answers at most 50 × 401 to 120 concurrent wrong passwords for many usernames from one address', async () => {
    const { app, database } = await build();

    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, i) => login(app, `inconnu${i}`, 'faux-mot', '198.51.100.23')),
    );

    const counts = tally(answers.map((answer) => answer.status));
    expect(counts).toEqual({ 401: 50, 429: 70 });
    const failures = await database.db
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.ip, '198.51.100.23'));
    expect(failures).toHaveLength(50);

    // Another address is not concerned.
    expect((await login(app, SUPERADMIN.username, SUPERADMIN.password, '192.0.2.1')).status).toBe(200);
  });

  it('sends at most 5 reset links to 20 concurrent requests for one username', async () => {
    const { app, database } = await build();

    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(app, 'POST', '/api/forgot-password', { body: { username: SUPERADMIN.username } }),
      ),
    );

    expect(tally(answers.map((answer) => answer.status))).toEqual({ 200: 5, 429: 15 });
    expect(await database.db.select().from(passwordResetTokens)).toHaveLength(5);
  });

  /**
   * Holds the advisory lock of one address's sign-in attempts (`lockAttempt`'s address class) from a
   * connection of its own, so that every counting transaction of the flood waits on it, as a slow one would.
   */
  async function holdSignInLock(database: { db: unknown }, ip: string): Promise<() => Promise<void>> {
    const { connectionString } = (database.db as { $client: pg.Pool }).$client.options;
    const locker = new pg.Client({ connectionString });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('SELECT pg_advisory_xact_lock(110002, hashtext($1))', [`login:${ip}`]);
    return async () => {
      await locker.query('COMMIT');
      await locker.end();
    };
  }

  // On PGlite the one connection serializes everything anyway: the pool is PostgreSQL's.
  describe.runIf(databaseKind === 'postgres')('a flood of sign-ins waiting on each other (postgres)', () => {
    it('leaves the pool to the counter: a signed-in request is answered while 120 sign-ins wait', async () => {
      const { app, database } = await build();
      const token = await activeSuperAdminToken(app);
      const release = await holdSignInLock(database, '203.0.113.7');

      const flood = Array.from({ length: 120 }, (_, i) => login(app, 'cible', `faux-${i}`, '203.0.113.7'));
      // Without the gate, the flood's waiting transactions held all ten connections: this request waited
      // the pool's 3 s and was answered 503.
      const started = Date.now();
      const counter = await call(app, 'GET', '/api/transactions/fees', { token });
      const waited = Date.now() - started;
      await release();
      const statuses = (await Promise.all(flood)).map((answer) => answer.status);

      expect(counter.status).toBe(200);
      expect(waited).toBeLessThan(2_000);
      // The flood was still counted exactly once the lock was free.
      expect(tally(statuses)).toEqual({ 401: 5, 429: 115 });
    });

    it('lets a teller’s network search through: the signed-in users’ attempts have their own gate', async () => {
      const { app, database } = await build();
      const staff = await agentWithStaff(app, database.db, 'AG-A');
      const release = await holdSignInLock(database, '203.0.113.8');

      const flood = Array.from({ length: 120 }, (_, i) => login(app, 'cible', `faux-${i}`, '203.0.113.8'));
      // A search as one talks is counted (decision 115): behind the flood in one shared gate, it waited for
      // the lock, then 6 s, and was answered 503.
      const started = Date.now();
      const search = await call(app, 'POST', '/api/accounts/search', {
        token: staff.teller.token,
        body: { q: '12345678903' },
      });
      const waited = Date.now() - started;
      await release();
      await Promise.all(flood);

      expect(search.status).toBe(200);
      expect(search.body.data.accounts).toEqual([]);
      expect(waited).toBeLessThan(2_000);
    });
  });
});
