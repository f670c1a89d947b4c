import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { decodeJwt, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { auditLog, users } from '../../../src/db/schema.js';
import { requestLanguage } from '../../../src/http/request-language.js';
import { build } from '../../helpers/build.js';
import { call, createAgent, createUser, tokenOf } from '../../helpers/fixtures.js';

/* A user's language (decision 237): kept with her user, in her session, chosen by herself. */

/** What `requestLanguage` finds, on a public route and on a signed-in one. */
const probes: FastifyPluginAsync = (api) => {
  api.get('/probe/language/public', { config: { public: true } }, (request) =>
    Promise.resolve({ data: { language: requestLanguage(request) } }),
  );
  api.get('/probe/language', { config: { signedIn: true } }, (request) =>
    Promise.resolve({ data: { language: requestLanguage(request) } }),
  );
  return Promise.resolve();
};

async function teller(options: { passwordUpdatedAt?: null } = {}) {
  const t = await build({ overrides: { routes: probes } });
  const agent = await createAgent(t.database.db, { code: 'AG-LANG', name: 'Langues' });
  const user = await createUser(t.database.db, {
    username: 'caissiere-langue',
    password: 'Guichet-2026',
    role: 'user',
    agentId: agent.id,
    ...options,
  });
  const token = await tokenOf(t.app, 'caissiere-langue', 'Guichet-2026');
  return { ...t, user, token };
}

describe('a user’s language', () => {
  it('is French until she chooses, in the sign-in answer, the token and GET /auth/user', async () => {
    const { app } = await teller();
    const signIn = await call(app, 'POST', '/api/auth/login', {
      body: { username: 'caissiere-langue', password: 'Guichet-2026' },
    });
    expect(signIn.body.data.user.language).toBe('fr');
    const token = signIn.body.data.access_token as string;
    expect((decodeJwt(token).user as { language: string }).language).toBe('fr');
    expect((await call(app, 'GET', '/api/auth/user', { token })).body.data.user.language).toBe('fr');
  });

  it('is changed by herself: kept, answered with a token that carries it, audited', async () => {
    const { app, database, token, user } = await teller();
    const before = decodeJwt(token);

    const changed = await call(app, 'PUT', '/api/auth/user/language', { token, body: { language: 'ht' } });

    expect(changed.status).toBe(200);
    expect(changed.body.data.user).toMatchObject({ username: 'caissiere-langue', language: 'ht' });
    const renewed = changed.headers['x-access-token'] as string;
    const claims = decodeJwt(renewed);
    expect((claims.user as { language: string }).language).toBe('ht');
    expect([claims.ver, claims.auth_time]).toEqual([before.ver, before.auth_time]);
    // The session goes on with either token.
    for (const current of [token, renewed]) {
      const me = await call(app, 'GET', '/api/auth/user', { token: current });
      expect(me.body.data.user.language).toBe('ht');
    }
    const [row] = await database.db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.language).toBe('ht');
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'users.update'), eq(auditLog.actorUserId, user.id)));
    expect(audit.map((entry) => [entry.target, entry.details])).toEqual([
      ['caissiere-langue', { userId: user.id, fields: ['language'], from: 'fr', to: 'ht' }],
    ]);

    // The same choice again writes nothing more.
    await call(app, 'PUT', '/api/auth/user/language', { token, body: { language: 'ht' } });
    expect(await database.db.select().from(auditLog).where(eq(auditLog.action, 'users.update'))).toHaveLength(
      1,
    );
  });

  it('may be chosen before the first password, and refuses a language Lajan does not speak', async () => {
    const { app, token } = await teller({ passwordUpdatedAt: null });
    const changed = await call(app, 'PUT', '/api/auth/user/language', { token, body: { language: 'ht' } });
    expect(changed.status).toBe(200);
    for (const body of [{ language: 'en' }, { language: 'HT' }, {}]) {
      const refused = await call(app, 'PUT', '/api/auth/user/language', { token, body });
      expect(refused.status, JSON.stringify(body)).toBe(422);
    }
    const anonymous = await call(app, 'PUT', '/api/auth/user/language', { body: { language: 'ht' } });
    expect(anonymous.status).toBe(401);
  });

  it('still reads a token signed before there were languages, as French', async () => {
    const { app, config, token } = await teller();
    const claims = decodeJwt(token);
    const { language: _dropped, ...olderUser } = claims.user as Record<string, unknown>;
    const older = await new SignJWT({ ver: claims.ver, auth_time: claims.auth_time, user: olderUser })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub!)
      .setAudience('lajan-api')
      .setIssuedAt(claims.iat)
      .setExpirationTime(claims.exp!)
      .sign(new TextEncoder().encode(config.jwtSecret));
    const me = await call(app, 'GET', '/api/auth/user', { token: older });
    expect(me.status).toBe(200);
    expect(me.body.data.user.language).toBe('fr');
  });
});

describe('requestLanguage', () => {
  it('is the signed-in user’s language, whatever Accept-Language says', async () => {
    const { app, token } = await teller();
    const headers = { 'accept-language': 'fr-FR,fr;q=0.9' };
    expect((await call(app, 'GET', '/api/probe/language', { token, headers })).body.data.language).toBe('fr');
    await call(app, 'PUT', '/api/auth/user/language', { token, body: { language: 'ht' } });
    expect((await call(app, 'GET', '/api/probe/language', { token, headers })).body.data.language).toBe('ht');
  });

  it('is what Accept-Language asks for without a session, French without the header', async () => {
    const { app } = await build({ overrides: { routes: probes } });
    const asked = (headers: Record<string, string>) =>
      call(app, 'GET', '/api/probe/language/public', { headers }).then(
        (answer) => answer.body.data.language as string,
      );
    expect(await asked({ 'accept-language': 'ht-HT,fr;q=0.8' })).toBe('ht');
    expect(await asked({ 'accept-language': 'en-US,fr;q=0.5,ht;q=0.4' })).toBe('fr');
    expect(await asked({})).toBe('fr');
  });
});
