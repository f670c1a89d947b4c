import { authMessages, sessionUserSchema } from '@lajan/domain';
import { and, desc, eq } from 'drizzle-orm';
import { hash } from '@node-rs/argon2';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { auditLog, loginAttempts, users } from '../../../src/db/schema.js';
import { build, SUPERADMIN } from '../../helpers/build.js';
import { MINUTE_MS } from '../../helpers/clock.js';
import { call, createAgent, createUser, login, userRow } from '../../helpers/fixtures.js';

describe('POST /api/auth/login', () => {
  it('signs in and answers a 30-minute bearer token for Lajan whose user claim is the session user', async () => {
    const { app, clock, database } = await build();
    const agent = await createAgent(database.db, { code: 'PAP01', name: 'Kay Lajan Pétion-Ville' });
    await createUser(database.db, {
      username: 'teller01',
      password: 'Guichet-2026',
      role: 'user',
      agentId: agent.id,
      firstName: 'Jean',
      lastName: 'Baptiste',
      email: 'jean@lajan.test',
    });

    const answer = await login(app, 'teller01', 'Guichet-2026');

    expect(answer.status).toBe(200);
    const { access_token, token_type, expires_in, user } = answer.body.data;
    expect(token_type).toBe('Bearer');
    expect(expires_in).toBe(30 * 60);
    expect(user).toEqual({
      id: expect.any(String),
      username: 'teller01',
      firstName: 'Jean',
      lastName: 'Baptiste',
      email: 'jean@lajan.test',
      role: 'user',
      isSuperAdmin: false,
      passwordUpdatedAt: '2026-01-01T00:00:00.000Z',
      agent: { code: 'PAP01', name: 'Kay Lajan Pétion-Ville', role: 'agent' },
      language: 'fr',
    });

    const claims = decodeJwt(access_token as string);
    expect(claims.sub).toBe(user.id);
    expect(claims.ver).toBe(0);
    expect(claims.exp! - claims.iat!).toBe(30 * 60);
    expect(claims.iat).toBe(Math.floor(clock.now().getTime() / 1000));
    expect(claims.auth_time).toBe(claims.iat);
    expect(claims.aud).toBe('lajan-api');
    expect(sessionUserSchema.strict().parse(claims.user)).toEqual(user);
    expect(answer.text).not.toContain('argon2');

    const [attempt] = await database.db.select().from(loginAttempts);
    expect(attempt).toMatchObject({ kind: 'login', username: 'teller01', succeeded: true, ip: '127.0.0.1' });
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.action, 'auth.login'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: user.id, actorUsername: 'teller01', ip: '127.0.0.1' });
  });

  it('keeps passwords as argon2id hashes', async () => {
    const { database } = await build();
    const row = await userRow(database.db, SUPERADMIN.username);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain(SUPERADMIN.password);
  });

  it('rehashes a password made with weaker settings at the next sign-in, and ends no session', async () => {
    const { app, database } = await build();
    const weak = await hash(SUPERADMIN.password, { memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await database.db.update(users).set({ passwordHash: weak }).where(eq(users.username, SUPERADMIN.username));
    const before = await userRow(database.db, SUPERADMIN.username);

    const first = await login(app, SUPERADMIN.username, SUPERADMIN.password);
    expect(first.status).toBe(200);
    const after = await userRow(database.db, SUPERADMIN.username);
    expect(after.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(after.tokenVersion).toBe(before.tokenVersion);
    expect(after.passwordUpdatedAt).toEqual(before.passwordUpdatedAt);
    expect((await call(app, 'GET', '/api/auth/user', { token: first.body.data.access_token })).status).toBe(200);
    expect((await login(app, SUPERADMIN.username, SUPERADMIN.password)).status).toBe(200);
    expect((await userRow(database.db, SUPERADMIN.username)).passwordHash).toBe(after.passwordHash);
  });

  it('finds the username whatever its case', async () => {
    const { app } = await build();
    const answer = await login(app, 'SuperAdmin', SUPERADMIN.password);
    expect(answer.status).toBe(200);
    expect(answer.body.data.user.username).toBe('superadmin');
  });

  it('refuses a wrong password and an unknown user with the same French message', async () => {
    const { app, database } = await build();

    const wrong = await login(app, SUPERADMIN.username, 'pas-le-bon-mot');
    const unknown = await login(app, 'personne', 'pas-le-bon-mot');

    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        message: "Nom d'utilisateur ou mot de passe incorrect",
        code: 'UNAUTHENTICATED',
      });
    }
    const failures = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.login_failed'))
      .orderBy(auditLog.id);
    expect(failures.map((row) => row.actorUsername)).toEqual([SUPERADMIN.username, 'personne']);
    expect(JSON.stringify(failures)).not.toContain('pas-le-bon-mot');
  });

  it('says which field is missing, as the form does', async () => {
    const { app } = await build();

    const empty = await call(app, 'POST', '/api/auth/login', { body: { username: '  ', password: '' } });
    expect(empty.status).toBe(422);
    expect(empty.body).toEqual({
      message: 'Veuillez corriger les erreurs du formulaire',
      code: 'VALIDATION_ERROR',
      errors: { username: ["Nom d'utilisateur requis"], password: ['Mot de passe requis'] },
    });

    const noBody = await call(app, 'POST', '/api/auth/login');
    expect(noBody.status).toBe(422);
    expect(noBody.body.errors).toEqual({
      username: ["Nom d'utilisateur requis"],
      password: ['Mot de passe requis'],
    });

    const onlyPassword = await call(app, 'POST', '/api/auth/login', { body: { username: 'superadmin' } });
    expect(onlyPassword.status).toBe(422);
    expect(onlyPassword.body).toEqual({
      message: 'Mot de passe requis',
      code: 'VALIDATION_ERROR',
      errors: { password: ['Mot de passe requis'] },
    });
  });

  it('refuses a disabled user, and users of a suspended or deleted agent, once the password is right', async () => {
    const { app, database } = await build();
    const suspended = await createAgent(database.db, {
      code: 'SUS01',
      name: 'Suspendu',
      suspendedAt: new Date(),
    });
    const deleted = await createAgent(database.db, {
      code: 'DEL01',
      name: 'Supprimé',
      deletedAt: new Date(),
    });
    const open = await createAgent(database.db, { code: 'OPN01', name: 'Ouvert' });
    await createUser(database.db, {
      username: 'suspendu1',
      password: 'Guichet-2026',
      role: 'user',
      agentId: suspended.id,
    });
    await createUser(database.db, {
      username: 'supprime1',
      password: 'Guichet-2026',
      role: 'agent_admin',
      agentId: deleted.id,
    });
    await createUser(database.db, {
      username: 'desactive',
      password: 'Guichet-2026',
      role: 'user',
      agentId: open.id,
      deletedAt: new Date(),
    });

    for (const username of ['suspendu1', 'supprime1', 'desactive']) {
      const answer = await login(app, username, 'Guichet-2026');
      expect(answer.status, username).toBe(401);
      expect(answer.body).toEqual({ message: authMessages.accountDisabled, code: 'UNAUTHENTICATED' });
      // Without the password, nothing tells that the account exists.
      const guess = await login(app, username, 'autre-chose');
      expect(guess.body.message).toBe("Nom d'utilisateur ou mot de passe incorrect");
    }
  });

  describe('throttling', () => {
    it('after 5 failures for a username answers 429, even to the right password, until the window passes', async () => {
      const { app, clock, database } = await build();
      for (let i = 0; i < 5; i += 1) {
        expect((await login(app, SUPERADMIN.username, `faux-${i}`)).status).toBe(401);
        clock.advance(MINUTE_MS);
      }

      const blocked = await login(app, SUPERADMIN.username, SUPERADMIN.password);
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({ message: authMessages.throttled, code: 'TOO_MANY_REQUESTS' });
      // The first failure was 5 minutes ago: it leaves the window in 10 minutes.
      expect(blocked.headers['retry-after']).toBe(String(10 * 60));
      // A throttled attempt is not a failure: it does not push the window further.
      const failures = await database.db
        .select()
        .from(loginAttempts)
        .where(and(eq(loginAttempts.username, SUPERADMIN.username), eq(loginAttempts.succeeded, false)));
      expect(failures).toHaveLength(5);
      const [audit] = await database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
      expect(audit?.action).toBe('auth.login_throttled');

      // Another username from the same address is not concerned.
      expect((await login(app, 'quelquun', 'faux')).status).toBe(401);

      clock.advance(10 * MINUTE_MS - 1000);
      expect((await login(app, SUPERADMIN.username, SUPERADMIN.password)).status).toBe(429);
      clock.advance(1000);
      expect((await login(app, SUPERADMIN.username, SUPERADMIN.password)).status).toBe(200);
    });

    it('counts a username again from its last successful sign-in', async () => {
      const { app } = await build();
      for (let i = 0; i < 4; i += 1) await login(app, SUPERADMIN.username, 'faux');
      expect((await login(app, SUPERADMIN.username, SUPERADMIN.password)).status).toBe(200);
      for (let i = 0; i < 4; i += 1) expect((await login(app, SUPERADMIN.username, 'faux')).status).toBe(401);
      expect((await login(app, SUPERADMIN.username, SUPERADMIN.password)).status).toBe(200);
    });

    it('after 50 failures from one address answers 429 to that address only', async () => {
      const { app, clock } = await build();
      for (let i = 0; i < 50; i += 1) {
        const answer = await login(app, `inconnu${i % 25}`, 'faux', '203.0.113.7');
        expect(answer.status).toBe(401);
      }
      const blocked = await login(app, SUPERADMIN.username, SUPERADMIN.password, '203.0.113.7');
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toBe(authMessages.throttled);

      expect((await login(app, SUPERADMIN.username, SUPERADMIN.password, '198.51.100.4')).status).toBe(200);

      clock.advance(15 * MINUTE_MS);
      expect((await login(app, SUPERADMIN.username, SUPERADMIN.password, '203.0.113.7')).status).toBe(200);
    });

    it('never limits successful sign-ins', async () => {
      const { app } = await build();
      for (let i = 0; i < 12; i += 1) {
        expect((await login(app, SUPERADMIN.username, SUPERADMIN.password)).status).toBe(200);
      }
    });
  });
});
