import { authMessages } from '@lajan/domain';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, loginAttempts } from '../../../src/db/schema.js';
import { hashPassword } from '../../../src/modules/auth/passwords.js';
import { build, SUPERADMIN, type TestApp } from '../../helpers/build.js';
import { MINUTE_MS } from '../../helpers/clock.js';
import {
  activeSuperAdminToken,
  call,
  createAgent,
  createUser,
  login,
  SUPERADMIN_NEW_PASSWORD,
  tokenOf,
  userRow,
} from '../../helpers/fixtures.js';
import { Mailbox } from '../../helpers/mailbox.js';
import { requestResetLink } from '../../helpers/reset-link.js';

/**
 * Issue 10 §3 and §6: `reset-password` looked nothing up before hashing the new password and was
 * not throttled; `update-password` let wrong current passwords be tried without limit; common
 * passwords were accepted. Decision 110.
 */
const NEW_PASSWORD = 'Lajan-Nouveau-2026';

let mailbox: Mailbox;
beforeEach(async () => {
  mailbox = await Mailbox.start();
});
afterEach(() => mailbox.close());

/** The app with a hash whose calls are counted (argon2id underneath). */
async function buildCounting(env: Record<string, string> = {}) {
  const hashed: string[] = [];
  const t = await build({
    env: { SMTP_URL: mailbox.url, MAIL_FROM: 'Lajan <no-reply@lajan.test>', ...env },
    overrides: {
      hashPassword: (password) => {
        hashed.push(password);
        return hashPassword(password);
      },
    },
  });
  return { ...t, hashed };
}

/** A reset link's token and username, from the e-mail that a real SMTP server received. */
async function requestLink(t: TestApp) {
  const { token, username } = await requestResetLink(t, mailbox);
  return { token, username };
}

function reset(
  t: TestApp,
  body: { username: string; token: string; password?: string },
  remoteAddress = '203.0.113.50',
  url = '/api/reset-password',
) {
  const password = body.password ?? NEW_PASSWORD;
  return call(t.app, 'POST', url, {
    body: { ...body, password, password_confirmation: password },
    remoteAddress,
  });
}

function updatePassword(t: TestApp, token: string, current: string, password = NEW_PASSWORD) {
  return call(t.app, 'POST', '/api/users/update-password', {
    token,
    body: { current_password: current, password, password_confirmation: password },
  });
}

describe('POST /api/reset-password: the link before the hash, 10 tries per address', () => {
  it('never hashes for an invalid link, and answers 429 from the 11th try of an address in 15 minutes', async () => {
    const t = await buildCounting();
    const bogus = 'A'.repeat(43);

    for (let i = 0; i < 10; i += 1) {
      const url = i % 2 === 0 ? '/api/reset-password' : '/api/auth/reset-password';
      const answer = await reset(
        t,
        { username: i < 5 ? SUPERADMIN.username : `inconnu${i}`, token: bogus },
        undefined,
        url,
      );
      expect(answer.status, `try ${i + 1}`).toBe(422);
      expect(answer.body.errors).toEqual({ token: [authMessages.resetInvalid] });
    }
    for (let i = 0; i < 10; i += 1) {
      const answer = await reset(t, { username: SUPERADMIN.username, token: bogus });
      expect(answer.status).toBe(429);
      expect(answer.body).toEqual({ message: authMessages.throttled, code: 'TOO_MANY_REQUESTS' });
      expect(Number(answer.headers['retry-after'])).toBe(15 * 60);
    }
    expect(t.hashed).toEqual([]);

    // A valid link is refused too from that address while throttled, and works from another one.
    const link = await requestLink(t);
    expect((await reset(t, link)).status).toBe(429);
    expect(t.hashed).toEqual([]);
    const fromElsewhere = await reset(t, link, '198.51.100.60');
    expect(fromElsewhere.status).toBe(200);
    expect(t.hashed).toEqual([NEW_PASSWORD]);
    expect((await login(t.app, SUPERADMIN.username, NEW_PASSWORD)).status).toBe(200);

    t.clock.advance(15 * MINUTE_MS);
    expect((await reset(t, { username: SUPERADMIN.username, token: bogus })).status).toBe(422);
  });

  it('answers 20 invalid tries quickly: no argon2 is spent on them', async () => {
    const t = await buildCounting();
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        reset(t, { username: SUPERADMIN.username, token: `faux-jeton-${i}` }, '192.0.2.77'),
      ),
    );
    const elapsed = performance.now() - started;
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array<number>(10).fill(422), ...Array<number>(10).fill(429)]);
    expect(t.hashed).toEqual([]);
    // 20 argon2id hashes alone take well over a second on this machine's two cores.
    expect(elapsed).toBeLessThan(5_000);
    const tries = await t.database.db
      .select()
      .from(loginAttempts)
      .where(and(eq(loginAttempts.kind, 'reset_confirm'), eq(loginAttempts.ip, '192.0.2.77')));
    expect(tries).toHaveLength(10);
  });

  it('refuses a common password under its field, keeps the link usable and hashes nothing', async () => {
    const t = await buildCounting();
    const link = await requestLink(t);

    for (const common of ['password', 'Azertyui', 'MOTDEPASSE', '12345678']) {
      const answer = await reset(t, { ...link, password: common });
      expect(answer.status, common).toBe(422);
      expect(answer.body.errors).toEqual({ password: [authMessages.commonPassword] });
    }
    expect(t.hashed).toEqual([]);
    expect((await reset(t, link)).status).toBe(200);
  });
});

describe('POST /api/users/update-password: wrong current passwords counted', () => {
  it('at the 5th wrong current password in 15 minutes ends every session, then answers 429 until the window passes', async () => {
    const t = await buildCounting();
    const token = await activeSuperAdminToken(t.app);
    const other = await tokenOf(t.app, SUPERADMIN.username, SUPERADMIN_NEW_PASSWORD);
    t.clock.advance(1000);

    for (let i = 0; i < 4; i += 1) {
      const answer = await updatePassword(t, token, `pas-le-bon-${i}`);
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ current_password: [authMessages.wrongCurrentPassword] });
      t.clock.advance(MINUTE_MS);
    }
    const fifth = await updatePassword(t, token, 'pas-le-bon-5');
    expect(fifth.status).toBe(401);
    expect(fifth.body).toEqual({ message: authMessages.passwordChecksExceeded, code: 'UNAUTHENTICATED' });
    // Every session of the user is over, this one and the other one.
    for (const old of [token, other]) {
      expect((await call(t.app, 'GET', '/api/auth/user', { token: old })).status).toBe(401);
    }
    const [locked] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.password_check_locked'));
    expect(locked?.actorUsername).toBe(SUPERADMIN.username);

    // Signing in again works (the sign-in has its own count); the change stays blocked, even with the right password.
    const again = await tokenOf(t.app, SUPERADMIN.username, SUPERADMIN_NEW_PASSWORD);
    const blocked = await updatePassword(t, again, SUPERADMIN_NEW_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: authMessages.throttled, code: 'TOO_MANY_REQUESTS' });
    // The first failure was 4 minutes ago: it leaves the window in 11 minutes.
    expect(blocked.headers['retry-after']).toBe(String(11 * 60));
    expect((await userRow(t.database.db, SUPERADMIN.username)).passwordUpdatedAt).not.toBeNull();
    expect(t.hashed).toEqual([SUPERADMIN_NEW_PASSWORD]);

    t.clock.advance(11 * MINUTE_MS);
    const later = await tokenOf(t.app, SUPERADMIN.username, SUPERADMIN_NEW_PASSWORD);
    expect((await updatePassword(t, later, SUPERADMIN_NEW_PASSWORD)).status).toBe(200);
  });

  it('counts per user: another user is not concerned, and a right current password starts the count again', async () => {
    const t = await buildCounting();
    const agent = await createAgent(t.database.db, { code: 'PAP10', name: 'Delmas' });
    for (const username of ['caisse10', 'caisse11']) {
      await createUser(t.database.db, {
        username,
        password: 'Guichet-2026',
        role: 'user',
        agentId: agent.id,
      });
    }
    const first = await tokenOf(t.app, 'caisse10', 'Guichet-2026');
    const second = await tokenOf(t.app, 'caisse11', 'Guichet-2026');

    for (let i = 0; i < 4; i += 1) expect((await updatePassword(t, first, 'faux-mot-10')).status).toBe(422);
    for (let i = 0; i < 4; i += 1) expect((await updatePassword(t, second, 'faux-mot-11')).status).toBe(422);
    // A right current password with a refused new one: the count starts again.
    t.clock.advance(1000);
    expect((await updatePassword(t, first, 'Guichet-2026', 'Guichet-2026')).status).toBe(422);
    t.clock.advance(1000);
    for (let i = 0; i < 4; i += 1) expect((await updatePassword(t, first, 'faux-mot-10')).status).toBe(422);
    expect((await call(t.app, 'GET', '/api/auth/user', { token: first })).status).toBe(200);
    expect((await updatePassword(t, second, 'faux-mot-11')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/auth/user', { token: first })).status).toBe(200);
  });

  it('lets at most 5 of 20 concurrent wrong current passwords be checked', async () => {
    const t = await buildCounting();
    const token = await activeSuperAdminToken(t.app);
    t.clock.advance(1000);

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => updatePassword(t, token, `faux-courant-${i}`)),
    );
    const statuses = answers.map((answer) => answer.status);
    // Five were checked (422, or 401 once the fifth failure was counted), the others refused unchecked.
    expect(statuses.filter((status) => status === 422 || status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    const failures = await t.database.db
      .select()
      .from(loginAttempts)
      .where(and(eq(loginAttempts.kind, 'password_check'), eq(loginAttempts.succeeded, false)));
    expect(failures).toHaveLength(5);
    expect((await call(t.app, 'GET', '/api/auth/user', { token })).status).toBe(401);
  });

  it('refuses a common password, first password included, whatever its case', async () => {
    const t = await buildCounting();
    const first = await tokenOf(t.app, SUPERADMIN.username, SUPERADMIN.password);

    for (const common of ['Password', '12345678', 'AZERTYUI', 'motdepasse', 'Azertyuiop', 'haiti1804']) {
      const answer = await updatePassword(t, first, SUPERADMIN.password, common);
      expect(answer.status, common).toBe(422);
      expect(answer.body).toEqual({
        message: authMessages.commonPassword,
        code: 'VALIDATION_ERROR',
        errors: { password: [authMessages.commonPassword] },
      });
    }
    expect(t.hashed).toEqual([]);
    expect((await userRow(t.database.db, SUPERADMIN.username)).passwordUpdatedAt).toBeNull();
    expect((await updatePassword(t, first, SUPERADMIN.password)).status).toBe(200);
  });

  it('refuses « password1234 » and other guessable variants that the list misses (zxcvbn, score < 3)', async () => {
    const t = await buildCounting();
    const first = await tokenOf(t.app, SUPERADMIN.username, SUPERADMIN.password);

    for (const weak of ['password1234', 'Motdepasse2024', 'azerty123456', 'lajanlajan1', 'ayiti-2024']) {
      const answer = await updatePassword(t, first, SUPERADMIN.password, weak);
      expect(answer.status, weak).toBe(422);
      expect(answer.body).toEqual({
        message: authMessages.weakPassword,
        code: 'VALIDATION_ERROR',
        errors: { password: [authMessages.weakPassword] },
      });
    }
    expect(t.hashed).toEqual([]);
    expect((await userRow(t.database.db, SUPERADMIN.username)).passwordUpdatedAt).toBeNull();
    expect((await updatePassword(t, first, SUPERADMIN.password, 'Kalbas-Dlo-7319')).status).toBe(200);
  });

  it('judges a reset password the same way, keeping the link usable', async () => {
    const t = await buildCounting();
    const link = await requestLink(t);
    for (const weak of ['password1234', 'Qwerty2025!']) {
      const answer = await reset(t, { ...link, password: weak });
      expect(answer.status, weak).toBe(422);
      expect(answer.body.errors, weak).toEqual({ password: [authMessages.weakPassword] });
    }
    expect(t.hashed).toEqual([]);
    expect((await reset(t, link)).status).toBe(200);
  });

  it("refuses a password that holds the user's own username or names, whatever their case and accents", async () => {
    const t = await buildCounting();
    const first = await tokenOf(t.app, SUPERADMIN.username, SUPERADMIN.password);

    // The super administrator is « Super Administrateur », user name « superadmin ».
    for (const personal of [
      'SuperAdmin-2026!',
      'mon-super-Secret-42',
      'ADMINISTRATEUR.9741',
      'Àdministrateur#12',
    ]) {
      const answer = await updatePassword(t, first, SUPERADMIN.password, personal);
      expect(answer.status, personal).toBe(422);
      expect(answer.body.errors).toEqual({ password: [authMessages.personalPassword] });
    }
    expect(t.hashed).toEqual([]);
    expect((await updatePassword(t, first, SUPERADMIN.password, 'Kalbas-Dlo-7319')).status).toBe(200);
  });
});
