import { authMessages } from '@lajan/domain';
import { decodeJwt, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/client.js';
import { auditLog, loginAttempts, users } from '../../../src/db/schema.js';
import { build } from '../../helpers/build.js';
import { HOUR_MS, MINUTE_MS } from '../../helpers/clock.js';
import { activeSuperAdminToken, call, type Answer } from '../../helpers/fixtures.js';

/**
 * Decision 110: an access token lives 30 minutes (SESSION_IDLE_MINUTES); a request in the second
 * half of its life gets a fresh one in `X-Access-Token`, never past 12 hours after sign-in, and
 * nothing is written to the database for it.
 */
const me = (app: Parameters<typeof call>[0], token: string) => call(app, 'GET', '/api/auth/user', { token });
/** What a renewal could have written: the users (version, dates), the audit trail, the attempts. */
async function writtenRows(db: Db) {
  return {
    users: await db.select().from(users).orderBy(users.id),
    audit: (await db.select().from(auditLog)).length,
    attempts: (await db.select().from(loginAttempts)).length,
  };
}
const renewed = (answer: Answer) => answer.headers['x-access-token'] as string | undefined;

describe('session renewal', () => {
  it('gives no fresh token at 10 minutes, a fresh one at 20 minutes, and the fresh one lives 30 minutes more', async () => {
    const { app, clock, database } = await build();
    const token = await activeSuperAdminToken(app);
    const signedInAt = decodeJwt(token).iat!;
    const before = await writtenRows(database.db);

    clock.advance(10 * MINUTE_MS);
    const early = await me(app, token);
    expect(early.status).toBe(200);
    expect(renewed(early)).toBeUndefined();

    clock.advance(10 * MINUTE_MS);
    const late = await me(app, token);
    expect(late.status).toBe(200);
    const fresh = renewed(late);
    expect(fresh).toBeDefined();
    const claims = decodeJwt(fresh!);
    expect(claims.iat).toBe(Math.floor(clock.now().getTime() / 1000));
    expect(claims.exp! - claims.iat!).toBe(30 * 60);
    expect(claims.auth_time).toBe(signedInAt);
    expect(claims.aud).toBe('lajan-api');
    // Nothing was written for it.
    expect(await writtenRows(database.db)).toEqual(before);

    // 35 minutes after sign-in: the first token is over, the renewed one still works.
    clock.advance(15 * MINUTE_MS);
    const old = await me(app, token);
    expect(old.status).toBe(401);
    expect(old.body).toEqual({ message: authMessages.sessionExpired, code: 'UNAUTHENTICATED' });
    expect((await me(app, fresh!)).status).toBe(200);
  });

  it('ends a session after 30 minutes without a request', async () => {
    const { app, clock } = await build();
    const token = await activeSuperAdminToken(app);

    clock.advance(30 * MINUTE_MS);
    const idle = await me(app, token);
    expect(idle.status).toBe(401);
    expect(idle.body).toEqual({ message: authMessages.sessionExpired, code: 'UNAUTHENTICATED' });
    expect(renewed(idle)).toBeUndefined();
  });

  it('keeps an active session for 12 hours after sign-in, then asks to sign in again', async () => {
    const { app, clock } = await build();
    let token = await activeSuperAdminToken(app);
    const signedInAt = clock.now().getTime();

    // A teller active all day: a request every 20 minutes, keeping each renewed token.
    while (clock.now().getTime() + 20 * MINUTE_MS < signedInAt + 12 * HOUR_MS) {
      clock.advance(20 * MINUTE_MS);
      const answer = await me(app, token);
      expect(answer.status, `${(clock.now().getTime() - signedInAt) / MINUTE_MS} min`).toBe(200);
      token = renewed(answer) ?? token;
    }
    // The last renewal stops at 12 hours after sign-in, however recent.
    expect(decodeJwt(token).exp).toBe(Math.floor(signedInAt / 1000) + 12 * 60 * 60);

    clock.advance(signedInAt + 12 * HOUR_MS - clock.now().getTime());
    const over = await me(app, token);
    expect(over.status).toBe(401);
    expect(over.body).toEqual({ message: authMessages.sessionTooOld, code: 'UNAUTHENTICATED' });
  });

  it('refuses a token without Lajan’s audience or with another one', async () => {
    const { app, config, clock } = await build();
    const token = await activeSuperAdminToken(app);
    const claims = decodeJwt(token);
    const key = new TextEncoder().encode(config.jwtSecret);
    const now = Math.floor(clock.now().getTime() / 1000);
    const signed = (audience: string | null) => {
      const jwt = new SignJWT({ ver: claims.ver, auth_time: now, user: claims.user })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub!)
        .setIssuedAt(now)
        .setExpirationTime(now + 30 * 60);
      return (audience ? jwt.setAudience(audience) : jwt).sign(key);
    };

    expect((await me(app, await signed('lajan-api'))).status).toBe(200);
    for (const audience of [null, 'lajan-mobile', 'autre']) {
      const answer = await me(app, await signed(audience));
      expect(answer.status, String(audience)).toBe(401);
      expect(answer.body).toEqual({ message: authMessages.unauthenticated, code: 'UNAUTHENTICATED' });
    }
  });

  it('follows SESSION_IDLE_MINUTES', async () => {
    const { app, clock } = await build({ env: { SESSION_IDLE_MINUTES: '10' } });
    const token = await activeSuperAdminToken(app);
    expect(decodeJwt(token).exp! - decodeJwt(token).iat!).toBe(10 * 60);
    clock.advance(6 * MINUTE_MS);
    expect(renewed(await me(app, token))).toBeDefined();
    clock.advance(4 * MINUTE_MS);
    expect((await me(app, token)).status).toBe(401);
  });
});
