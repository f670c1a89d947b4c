import { authMessages, errorCodes, genericMessages } from '@lajan/domain';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { agents, auditLog, persons, users } from '../../../src/db/schema.js';
import {
  findSessionAccount,
  SESSION_READ_MIN_IDS,
  SESSION_READ_STALL_MS,
  SESSION_READS_IN_FLIGHT,
} from '../../../src/modules/auth/credentials.js';
import { requireCapability } from '../../../src/modules/auth/plugin.js';
import { build, SUPERADMIN } from '../../helpers/build.js';
import { MINUTE_MS } from '../../helpers/clock.js';
import { databaseKind, freshDatabase } from '../../helpers/database.js';
import {
  activeSuperAdminToken,
  call,
  createAgent,
  createUser,
  tokenOf,
  type Answer,
} from '../../helpers/fixtures.js';
import { StallingProxy } from '../../helpers/stalling-proxy.js';

/** Routes that later issues will add, reduced to what the session rules need. */
const laterRoutes: FastifyPluginAsync = (api) => {
  api.get('/probe/signed-in', { config: { signedIn: true } }, () => Promise.resolve({ data: { ok: true } }));
  api.get('/probe/agents', { preHandler: requireCapability('agents.manage') }, () =>
    Promise.resolve({ data: { ok: true } }),
  );
  api.get('/probe/counter', { preHandler: requireCapability('transactions.operate') }, () =>
    Promise.resolve({ data: { ok: true } }),
  );
  return Promise.resolve();
};

const unauthenticated = { message: authMessages.unauthenticated, code: 'UNAUTHENTICATED' };

describe('GET /api/auth/user', () => {
  it('answers the signed-in user, read from the database', async () => {
    const { app } = await build();
    const token = await activeSuperAdminToken(app);

    const answer = await call(app, 'GET', '/api/auth/user', { token });

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: {
        user: {
          id: expect.any(String),
          username: 'superadmin',
          firstName: 'Super',
          lastName: 'Administrateur',
          email: SUPERADMIN.email,
          role: 'sudo',
          isSuperAdmin: true,
          passwordUpdatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          agent: null,
          language: 'fr',
        },
      },
    });
  });

  it('answers 401 UNAUTHENTICATED without a token, with a malformed one, or one signed with another secret', async () => {
    const { app } = await build();
    const forged = await new SignJWT({ ver: 0, user: {} })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('00000000-0000-0000-0000-000000000000')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-of-an-attacker-0123456789'));

    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer pas.un.jeton' },
      { authorization: `Bearer ${forged}` },
      { authorization: 'Basic abc' },
    ]) {
      const answer = await call(app, 'GET', '/api/auth/user', { headers });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(unauthenticated);
    }
  });

  it('refuses a token once its 30 minutes are over (no request renewed it)', async () => {
    const { app, clock } = await build();
    const token = await activeSuperAdminToken(app);

    clock.advance(30 * MINUTE_MS - 1000);
    expect((await call(app, 'GET', '/api/auth/user', { token })).status).toBe(200);
    clock.advance(1000);
    const expired = await call(app, 'GET', '/api/auth/user', { token });
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ message: authMessages.sessionExpired, code: 'UNAUTHENTICATED' });
  });

  it('ends the session of a user disabled meanwhile, and of the users of an agent suspended meanwhile', async () => {
    const { app, database } = await build();
    const agent = await createAgent(database.db, { code: 'PAP02', name: 'Delmas' });
    await createUser(database.db, {
      username: 'teller02',
      password: 'Guichet-2026',
      role: 'user',
      agentId: agent.id,
    });
    await createUser(database.db, {
      username: 'teller03',
      password: 'Guichet-2026',
      role: 'user',
      agentId: agent.id,
    });
    const disabledToken = await tokenOf(app, 'teller02', 'Guichet-2026');
    const colleagueToken = await tokenOf(app, 'teller03', 'Guichet-2026');

    await database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.username, 'teller02'));
    const disabled = await call(app, 'GET', '/api/auth/user', { token: disabledToken });
    expect(disabled.status).toBe(401);
    expect(disabled.body.message).toBe(authMessages.accountDisabled);
    expect((await call(app, 'GET', '/api/auth/user', { token: colleagueToken })).status).toBe(200);

    await database.db.update(agents).set({ suspendedAt: new Date() }).where(eq(agents.id, agent.id));
    expect((await call(app, 'GET', '/api/auth/user', { token: colleagueToken })).status).toBe(401);
  });
});

describe('the session reads of concurrent requests (decision 159)', () => {
  it('answers each request its own user, and refuses at once a user disabled or signed out just before', async () => {
    const { app, database } = await build();
    const agent = await createAgent(database.db, { code: 'PAP04', name: 'Pétion-Ville' });
    const names = ['teller04', 'teller05', 'teller06'];
    for (const username of names)
      await createUser(database.db, { username, password: 'Guichet-2026', role: 'user', agentId: agent.id });
    const tokens = await Promise.all(names.map((username) => tokenOf(app, username, 'Guichet-2026')));
    const burst = () =>
      Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          call(app, 'GET', '/api/auth/user', { token: tokens[i % names.length] }).then((answer) => ({
            name: names[i % names.length],
            answer,
          })),
        ),
      );

    for (const { name, answer } of await burst()) {
      expect(answer.status, name).toBe(200);
      expect(answer.body.data.user.username, name).toBe(name);
    }

    await database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.username, 'teller04'));
    expect((await call(app, 'POST', '/api/auth/logout', { token: tokens[1] })).status).toBe(200);
    for (const { name, answer } of await burst()) {
      if (name === 'teller04') {
        expect(answer.status, name).toBe(401);
        expect(answer.body.message, name).toBe(authMessages.accountDisabled);
      } else if (name === 'teller05') {
        expect(answer.status, name).toBe(401);
        expect(answer.body.message, name).toBe(authMessages.sessionExpired);
      } else {
        expect(answer.status, name).toBe(200);
        expect(answer.body.data.user.username, name).toBe(name);
      }
    }
  });

  it(`reads groups smaller and larger than the ${SESSION_READ_MIN_IDS} ids a read sends at least: each its own row, none for an unknown id`, async () => {
    const { database } = await build();
    const agent = await createAgent(database.db, { code: 'PAP07', name: 'Delmas' });
    const count = SESSION_READ_MIN_IDS + 4;
    const people = await database.db
      .insert(persons)
      .values(Array.from({ length: count }, (_, i) => ({ firstName: `Prénom${i}`, lastName: `Nom${i}` })))
      .returning({ id: persons.id });
    const created = await database.db
      .insert(users)
      .values(
        people.map((person, i) => ({
          username: `groupe${i}`,
          passwordHash: 'not-a-hash',
          personId: person.id,
          role: 'user' as const,
          agentId: agent.id,
          agentRole: 'agent' as const,
        })),
      )
      .returning({ id: users.id, username: users.username });
    const unknown = '00000000-0000-4000-8000-000000000000';
    // Each burst's first read goes alone; the others wait for it, then go as one group: of 5 ids (filled up),
    // then of count + 1 (one user asked twice).
    for (const ask of [created.slice(0, 4), created]) {
      const asked = [...ask.map((user) => user.id), ask[2]!.id, unknown];
      const answers = await Promise.all(asked.map((id) => findSessionAccount(database.db, id)));
      asked.forEach((id, i) => {
        const user = created.find((candidate) => candidate.id === id);
        if (!user) expect(answers[i], id).toBeUndefined();
        else {
          expect(answers[i]?.id, user.username).toBe(id);
          expect(answers[i]?.username, user.username).toBe(user.username);
          expect(answers[i]?.person.firstName, user.username).toBe(`Prénom${user.username.slice(6)}`);
        }
      });
    }
  });
});

/** What a request answers when the database is unavailable (DESIGN §6). */
const UNAVAILABLE = { message: genericMessages.unavailable, code: errorCodes.unavailable };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves with `promise`'s value, or with 'still waiting' after `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | 'still waiting'> {
  return Promise.race([promise, sleep(ms).then(() => 'still waiting' as const)]);
}

/** Polls `condition` every 5 ms, up to 5 s. */
async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await sleep(5);
  }
}

if (databaseKind === 'postgres') {
  describe('a stalled session read (decision 162)', () => {
    let proxy: StallingProxy | undefined;
    afterEach(async () => {
      await proxy?.close();
      proxy = undefined;
    });

    /** The app on PostgreSQL through a proxy that can stall the session reads, and two tellers signed in. */
    async function stallableApp() {
      const { url } = await freshDatabase();
      proxy = await StallingProxy.start();
      const { app, database } = await build({
        ownConnection: true,
        env: { DATABASE_URL: proxy.urlFor(url!) },
      });
      const agent = await createAgent(database.db, { code: 'PAP07', name: 'Delmas 33' });
      for (const username of ['teller07', 'teller08'])
        await createUser(database.db, {
          username,
          password: 'Guichet-2026',
          role: 'user',
          agentId: agent.id,
        });
      const tokens = {
        teller07: await tokenOf(app, 'teller07', 'Guichet-2026'),
        teller08: await tokenOf(app, 'teller08', 'Guichet-2026'),
      };
      for (const token of Object.values(tokens))
        expect((await call(app, 'GET', '/api/auth/user', { token })).status).toBe(200);
      const me = (token: string) => {
        const startedAt = Date.now();
        return call(app, 'GET', '/api/auth/user', { token }).then((answer) => ({
          ...answer,
          ms: Date.now() - startedAt,
        }));
      };
      return { app, database, proxy, tokens, me };
    }

    it('answers the requests that arrive 300 ms into a stalled read by reads of their own, seeing what committed before them', async () => {
      const { database, proxy, tokens, me } = await stallableApp();

      // teller07's read reaches PostgreSQL, runs, and its answer is held back: the connection hangs.
      proxy.stall('lajan_session_account', 1);
      let stalledDone = false;
      const stalled = me(tokens.teller07).finally(() => (stalledDone = true));
      await until(() => proxy.stalled === 1);
      const arrivedAt = Date.now();
      await until(() => proxy.answered === 1);

      // teller07 is disabled once that read has run; two requests arrive 300 ms into the stall.
      await database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.username, 'teller07'));
      await sleep(300 - (Date.now() - arrivedAt));
      const later = await within(Promise.all([me(tokens.teller07), me(tokens.teller08)]), 2_000);
      try {
        expect(later, 'the requests behind the stalled read waited for it').not.toBe('still waiting');
        if (later === 'still waiting') return;
        const [disabled, colleague] = later;
        // Read afresh, after the disable: refused, though the stalled read started before it.
        expect(disabled.status).toBe(401);
        expect(disabled.body.message).toBe(authMessages.accountDisabled);
        expect(colleague.status).toBe(200);
        expect(colleague.body.data.user.username).toBe('teller08');
        // At most the bound plus their own read, while the stalled read is still held.
        for (const answer of later) expect(answer.ms).toBeLessThan(SESSION_READ_STALL_MS + 750);
        expect(stalledDone).toBe(false);
        expect(proxy.stalled).toBe(1);
      } finally {
        proxy.release();
      }

      // The stalled read ends: its request arrived before the disable, and is answered as it was then.
      const first = await stalled;
      expect(first.status).toBe(200);
      expect(first.body.data.user.username).toBe('teller07');
      expect(first.ms).toBeGreaterThanOrEqual(300);
      expect((await me(tokens.teller07)).status).toBe(401);
    });

    it(`keeps ${SESSION_READS_IN_FLIGHT} reads in flight at most while the database stalls, and answers 503 at once to the requests waiting for a turn when those reads are lost`, async () => {
      const { proxy, tokens, me } = await stallableApp();

      // Every session read stalls; a request every 150 ms for 1 s.
      proxy.stall('lajan_session_account');
      const answers: Promise<Answer & { ms: number }>[] = [];
      for (let i = 0; i < 8; i += 1) {
        answers.push(me(i % 2 === 0 ? tokens.teller07 : tokens.teller08));
        await sleep(150);
      }
      await sleep(500);
      // One read, then one more each time the newest had been stalled for the bound; then no more.
      expect(proxy.stalled).toBe(SESSION_READS_IN_FLIGHT);
      expect(proxy.binds).toBe(SESSION_READS_IN_FLIGHT);

      // The stalled connections are lost (as a timeout would end them): every request is answered 503 now,
      // those of the lost reads and those that waited for a turn, without a fourth stalled read.
      proxy.cut();
      const settled = await within(Promise.all(answers), 2_000);
      expect(settled, 'a request waited for another stalled read').not.toBe('still waiting');
      if (settled === 'still waiting') return;
      for (const answer of settled) {
        expect(answer.status).toBe(503);
        expect(answer.body).toEqual(UNAVAILABLE);
      }
      expect(proxy.binds).toBe(SESSION_READS_IN_FLIGHT);

      // The database answers again: so do the session reads.
      proxy.release();
      const again = await Promise.all([me(tokens.teller07), me(tokens.teller08)]);
      expect(again.map((answer) => answer.status)).toEqual([200, 200]);
    });
  });
}

describe('POST /api/auth/logout', () => {
  it('answers the French message and ends every token of the user', async () => {
    const { app, database } = await build();
    const token = await activeSuperAdminToken(app);
    const other = await tokenOf(app, SUPERADMIN.username, 'Nouveau-Depart-2026');

    const answer = await call(app, 'POST', '/api/auth/logout', { token });

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: { message: 'Déconnexion réussie' } });
    // The browser empties its HTTP cache for the next person, and keeps the sealed held operations (decision 206).
    expect(answer.headers['clear-site-data']).toBe('"cache"');
    expect(answer.headers['cache-control']).toBe('no-store');
    for (const old of [token, other]) {
      const after = await call(app, 'GET', '/api/auth/user', { token: old });
      expect(after.status).toBe(401);
      expect(after.body).toEqual({ message: authMessages.sessionExpired, code: 'UNAUTHENTICATED' });
    }
    expect((await call(app, 'POST', '/api/auth/logout', { token })).status).toBe(401);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.action, 'auth.logout'));
    expect(audit).toHaveLength(1);

    // A new sign-in works as before.
    const fresh = await tokenOf(app, SUPERADMIN.username, 'Nouveau-Depart-2026');
    expect((await call(app, 'GET', '/api/auth/user', { token: fresh })).status).toBe(200);
  });

  it('accepts a JSON content type with no body', async () => {
    const { app } = await build();
    const token = await activeSuperAdminToken(app);
    const answer = await call(app, 'POST', '/api/auth/logout', {
      token,
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const { app } = await build();
    const answer = await call(app, 'POST', '/api/auth/logout');
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(unauthenticated);
  });
});

describe('the first-password gate', () => {
  it('lets a user without passwordUpdatedAt read itself and sign out, and refuses everything else with 403', async () => {
    const { app } = await build({ overrides: { routes: laterRoutes } });
    const token = await tokenOf(app, SUPERADMIN.username, SUPERADMIN.password);

    const me = await call(app, 'GET', '/api/auth/user', { token });
    expect(me.status).toBe(200);
    expect(me.body.data.user.passwordUpdatedAt).toBeNull();

    for (const url of ['/api/probe/signed-in', '/api/probe/agents']) {
      const refused = await call(app, 'GET', url, { token });
      expect(refused.status, url).toBe(403);
      expect(refused.body).toEqual({
        message: authMessages.passwordChangeRequired,
        code: 'PASSWORD_CHANGE_REQUIRED',
      });
    }
    expect((await call(app, 'POST', '/api/auth/logout', { token })).status).toBe(200);
  });

  it('opens once the password is changed', async () => {
    const { app } = await build({ overrides: { routes: laterRoutes } });
    const token = await activeSuperAdminToken(app);
    expect((await call(app, 'GET', '/api/probe/signed-in', { token })).status).toBe(200);
  });
});

describe('requireCapability', () => {
  it('lets through the roles the permission table names and answers 403 FORBIDDEN to the others', async () => {
    const { app, database } = await build({ overrides: { routes: laterRoutes } });
    const agent = await createAgent(database.db, { code: 'PAP03', name: 'Carrefour' });
    await createUser(database.db, {
      username: 'teller04',
      password: 'Guichet-2026',
      role: 'user',
      agentId: agent.id,
    });
    await createUser(database.db, {
      username: 'admin04',
      password: 'Guichet-2026',
      role: 'agent_admin',
      agentId: agent.id,
    });
    const superAdmin = await activeSuperAdminToken(app);
    const teller = await tokenOf(app, 'teller04', 'Guichet-2026');
    const admin = await tokenOf(app, 'admin04', 'Guichet-2026');

    const statuses = async (url: string) =>
      Promise.all(
        [superAdmin, admin, teller].map(async (token) => (await call(app, 'GET', url, { token })).status),
      );

    expect(await statuses('/api/probe/agents')).toEqual([200, 403, 403]);
    expect(await statuses('/api/probe/counter')).toEqual([403, 403, 200]);
    const refused = await call(app, 'GET', '/api/probe/agents', { token: teller });
    expect(refused.body).toEqual({ message: authMessages.forbidden, code: 'FORBIDDEN' });
    expect((await call(app, 'GET', '/api/probe/agents')).status).toBe(401);
  });
});
