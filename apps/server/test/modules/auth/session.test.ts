import { authMessages } from '@lajan/domain';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { agents, auditLog, users } from '../../../src/db/schema.js';
import { requireCapability } from '../../../src/modules/auth/plugin.js';
import { build, SUPERADMIN } from '../../helpers/build.js';
import { MINUTE_MS } from '../../helpers/clock.js';
import { activeSuperAdminToken, call, createAgent, createUser, tokenOf } from '../../helpers/fixtures.js';

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
});

describe('POST /api/auth/logout', () => {
  it('answers the French message and ends every token of the user', async () => {
    const { app, database } = await build();
    const token = await activeSuperAdminToken(app);
    const other = await tokenOf(app, SUPERADMIN.username, 'Nouveau-Depart-2026');

    const answer = await call(app, 'POST', '/api/auth/logout', { token });

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: { message: 'Déconnexion réussie' } });
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
