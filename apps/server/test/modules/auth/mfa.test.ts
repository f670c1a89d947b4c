import { authMessages, errorCodes, mfaMessages } from '@lajan/domain';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, recoveryCodes, secondFactors } from '../../../src/db/schema.js';
import { currentCode } from '../../helpers/totp.js';
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
} from '../../helpers/fixtures.js';
import { Mailbox } from '../../helpers/mailbox.js';
import { requestResetLink } from '../../helpers/reset-link.js';

/**
 * Issue 39 item 7, decision 203: administrators and super administrators may enrol a second factor
 * (RFC 6238 codes, ten single-use recovery codes); once enrolled, sign-in needs a code after the
 * password. `MFA_REQUIRED=1` makes the super administrator enrol at its next sign-in.
 */
const ADMIN = { username: 'admin.pap', password: 'Gerant-Lakou-2026' };
const TELLER = { username: 'caisse.pap', password: 'Guichet-Lakou-2026' };

async function network(env: Record<string, string> = {}) {
  const t = await build({ env });
  const agent = await createAgent(t.database.db, { code: 'PAP01', name: 'Kay Lajan Pétion-Ville' });
  await createUser(t.database.db, { ...ADMIN, role: 'agent_admin', agentId: agent.id });
  await createUser(t.database.db, { ...TELLER, role: 'user', agentId: agent.id });
  return t;
}

/** Enrols the signed-in user as a person does: QR, then the app's first code. */
async function enrol(t: TestApp, token: string) {
  const started = await call(t.app, 'POST', '/api/auth/mfa/enrol', { token });
  expect(started.status).toBe(200);
  const secret = started.body.data.secret as string;
  const confirmed = await call(t.app, 'POST', '/api/auth/mfa/enrol/confirm', {
    token,
    body: { code: currentCode(secret, t.clock.now()) },
  });
  expect(confirmed.status).toBe(200);
  // The first code's step is spent: the next code comes from the next step.
  t.clock.advance(30_000);
  return { secret, recoveryCodes: confirmed.body.data.recovery_codes as string[] };
}

/** `challenge` as the 401 carried it (read from a JSON answer). */
function secondStep(t: TestApp, challenge: unknown, code: string, remoteAddress?: string) {
  return call(t.app, 'POST', '/api/auth/login/mfa', {
    body: { challenge, code },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

describe('a second factor for administrators and super administrators', () => {
  it('leaves the sign-in of a user without a factor as it was: 200 and a session at once', async () => {
    const t = await network();
    const answer = await login(t.app, ADMIN.username, ADMIN.password);
    expect(answer.status).toBe(200);
    expect(answer.body.data.token_type).toBe('Bearer');
    expect(answer.body.data.challenge).toBeUndefined();
  });

  it('enrols with a QR code and a first code, shows ten recovery codes once, and keeps the secret sealed', async () => {
    const t = await network();
    const token = await tokenOf(t.app, ADMIN.username, ADMIN.password);

    const started = await call(t.app, 'POST', '/api/auth/mfa/enrol', { token });
    expect(started.status).toBe(200);
    expect(started.body.data.otpauth_url).toMatch(/^otpauth:\/\/totp\/Lajan:admin\.pap\?.*secret=/);
    expect(started.body.data.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const secret = started.body.data.secret as string;

    const wrong = await call(t.app, 'POST', '/api/auth/mfa/enrol/confirm', {
      token,
      body: { code: '000000' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ code: [mfaMessages.codeInvalid] });

    const confirmed = await call(t.app, 'POST', '/api/auth/mfa/enrol/confirm', {
      token,
      body: { code: currentCode(secret, t.clock.now()) },
    });
    expect(confirmed.status).toBe(200);
    const codes = confirmed.body.data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{5}(-[A-Z2-9]{5}){4}$/);

    expect((await call(t.app, 'GET', '/api/auth/mfa', { token })).body.data).toEqual({
      enrolled: true,
      required: false,
      recovery_codes_left: 10,
    });
    // Enrolled: no second QR, and the database holds neither the secret nor a recovery code in clear.
    expect((await call(t.app, 'POST', '/api/auth/mfa/enrol', { token })).status).toBe(409);
    const [factor] = await t.database.db.select().from(secondFactors);
    expect(factor!.secret).not.toContain(secret);
    const stored = await t.database.db.select().from(recoveryCodes);
    expect(stored.map((row) => row.codeHash)).not.toContain(codes[0]);
    expect(stored).toHaveLength(10);
  });

  it('with a factor, a right password answers 401 MFA_REQUIRED and a challenge; only a right code gives the session', async () => {
    const t = await network();
    const { secret } = await enrol(t, await tokenOf(t.app, ADMIN.username, ADMIN.password));

    const first = await login(t.app, ADMIN.username, ADMIN.password);
    expect(first.status).toBe(401);
    expect(first.body).toEqual({
      message: mfaMessages.required,
      code: errorCodes.mfaRequired,
      challenge: expect.any(String),
    });
    // A wrong password still says only that.
    const badPassword = await login(t.app, ADMIN.username, 'Pas-Le-Bon-2026');
    expect(badPassword.body).toEqual({ message: authMessages.invalidCredentials, code: 'UNAUTHENTICATED' });
    // The challenge is no access token.
    expect((await call(t.app, 'GET', '/api/auth/user', { token: first.body.challenge })).status).toBe(401);

    const wrong = await secondStep(t, first.body.challenge, '123456');
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ code: [mfaMessages.codeInvalid] });

    const code = currentCode(secret, t.clock.now());
    const right = await secondStep(t, first.body.challenge, code);
    expect(right.status).toBe(200);
    const session = await call(t.app, 'GET', '/api/auth/user', { token: right.body.data.access_token });
    expect(session.body.data.user.username).toBe(ADMIN.username);

    // A code works once, even with a new challenge.
    const again = await login(t.app, ADMIN.username, ADMIN.password);
    expect((await secondStep(t, again.body.challenge, code)).status).toBe(422);
    // A challenge lives 5 minutes.
    t.clock.advance(5 * MINUTE_MS + 1000);
    const late = await secondStep(t, again.body.challenge, currentCode(secret, t.clock.now()));
    expect(late.status).toBe(401);
    expect(late.body.message).toBe(mfaMessages.challengeExpired);
  });

  it('counts wrong codes like passwords: the 6th code in 15 minutes answers 429, a right password does not reset the count', async () => {
    const t = await network();
    const { secret } = await enrol(t, await tokenOf(t.app, ADMIN.username, ADMIN.password));

    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const { body } = await login(t.app, ADMIN.username, ADMIN.password);
      statuses.push((await secondStep(t, body.challenge as string, '000000')).status);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422]);

    const { body } = await login(t.app, ADMIN.username, ADMIN.password);
    const blocked = await secondStep(t, body.challenge as string, currentCode(secret, t.clock.now()));
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const throttled = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.mfa_throttled'));
    expect(throttled).toHaveLength(1);

    t.clock.advance(15 * MINUTE_MS + 1000);
    const later = await login(t.app, ADMIN.username, ADMIN.password);
    expect((await secondStep(t, later.body.challenge, currentCode(secret, t.clock.now()))).status).toBe(200);
  });

  it('takes a recovery code once, in any case and spacing', async () => {
    const t = await network();
    const { recoveryCodes: codes } = await enrol(t, await tokenOf(t.app, ADMIN.username, ADMIN.password));
    const code = codes[3]!;

    const first = await login(t.app, ADMIN.username, ADMIN.password);
    const used = await secondStep(t, first.body.challenge, ` ${code.toLowerCase().replaceAll('-', ' ')} `);
    expect(used.status).toBe(200);
    const recovery = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.mfa_recovery_used'));
    expect(recovery).toHaveLength(1);

    const second = await login(t.app, ADMIN.username, ADMIN.password);
    expect((await secondStep(t, second.body.challenge, code)).status).toBe(422);
    const token = used.body.data.access_token as string;
    expect((await call(t.app, 'GET', '/api/auth/mfa', { token })).body.data.recovery_codes_left).toBe(9);
  });

  it('refuses a teller: tellers keep a password', async () => {
    const t = await network();
    const token = await tokenOf(t.app, TELLER.username, TELLER.password);
    expect((await call(t.app, 'POST', '/api/auth/mfa/enrol', { token })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/auth/mfa', { token })).status).toBe(403);
    expect(await t.database.db.select().from(secondFactors)).toEqual([]);
  });

  it('disables with the password and a code, then sign-in is a password again', async () => {
    const t = await network();
    const token = await tokenOf(t.app, ADMIN.username, ADMIN.password);
    const { secret } = await enrol(t, token);

    const noCode = await call(t.app, 'POST', '/api/auth/mfa/disable', {
      token,
      body: { password: ADMIN.password, code: '000000' },
    });
    expect(noCode.status).toBe(422);
    const badPassword = await call(t.app, 'POST', '/api/auth/mfa/disable', {
      token,
      body: { password: 'Pas-Le-Bon-2026', code: currentCode(secret, t.clock.now()) },
    });
    expect(badPassword.body.errors).toEqual({ password: [authMessages.wrongCurrentPassword] });
    const done = await call(t.app, 'POST', '/api/auth/mfa/disable', {
      token,
      body: { password: ADMIN.password, code: currentCode(secret, t.clock.now()) },
    });
    expect(done.status).toBe(200);
    expect(done.body.data.message).toBe(mfaMessages.disabled);
    expect((await login(t.app, ADMIN.username, ADMIN.password)).status).toBe(200);
    expect(await t.database.db.select().from(recoveryCodes)).toEqual([]);
  });
});

describe('a change or a reset of the password keeps the factor', () => {
  let mailbox: Mailbox;
  beforeEach(async () => {
    mailbox = await Mailbox.start();
  });
  afterEach(() => mailbox.close());

  it('asks for the code after a password change and after a reset by link', async () => {
    const t = await build({ env: { SMTP_URL: mailbox.url, MAIL_FROM: 'Lajan <no-reply@lajan.test>' } });
    const token = await activeSuperAdminToken(t.app);
    const { secret } = await enrol(t, token);

    const changed = await call(t.app, 'POST', '/api/users/update-password', {
      token,
      body: {
        current_password: SUPERADMIN_NEW_PASSWORD,
        password: 'Kalbas-Dlo-7319',
        password_confirmation: 'Kalbas-Dlo-7319',
      },
    });
    expect(changed.status).toBe(200);
    const afterChange = await login(t.app, SUPERADMIN.username, 'Kalbas-Dlo-7319');
    expect(afterChange.status).toBe(401);
    expect(afterChange.body.code).toBe(errorCodes.mfaRequired);

    const link = await requestResetLink(t, mailbox);
    const reset = await call(t.app, 'POST', '/api/reset-password', {
      body: { ...link, password: 'Pye-Bwa-Lakou-5821', password_confirmation: 'Pye-Bwa-Lakou-5821' },
    });
    expect(reset.status).toBe(200);
    const afterReset = await login(t.app, SUPERADMIN.username, 'Pye-Bwa-Lakou-5821');
    expect(afterReset.body.code).toBe(errorCodes.mfaRequired);
    // A challenge from before the reset is void (its sessions ended).
    expect((await secondStep(t, afterChange.body.challenge, currentCode(secret, t.clock.now()))).status).toBe(
      401,
    );
    expect((await secondStep(t, afterReset.body.challenge, currentCode(secret, t.clock.now()))).status).toBe(
      200,
    );
  });
});

describe('MFA_REQUIRED=1', () => {
  it('makes the super administrator enrol at its next sign-in, before any session, and keeps the factor on', async () => {
    const t = await network({ MFA_REQUIRED: '1' });

    const first = await login(t.app, SUPERADMIN.username, SUPERADMIN.password);
    expect(first.status).toBe(401);
    expect(first.body).toEqual({
      message: mfaMessages.enrolmentRequired,
      code: errorCodes.mfaEnrolmentRequired,
      challenge: expect.any(String),
    });
    // That challenge opens no session with a code, only the enrolment.
    expect((await secondStep(t, first.body.challenge, '123456')).status).toBe(401);

    const started = await call(t.app, 'POST', '/api/auth/login/mfa/enrol', {
      body: { challenge: first.body.challenge },
    });
    expect(started.status).toBe(200);
    const secret = started.body.data.secret as string;
    const confirmed = await call(t.app, 'POST', '/api/auth/login/mfa/enrol/confirm', {
      body: { challenge: first.body.challenge, code: currentCode(secret, t.clock.now()) },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.recovery_codes).toHaveLength(10);
    const firstToken = confirmed.body.data.access_token as string;
    expect((await call(t.app, 'GET', '/api/auth/user', { token: firstToken })).body.data.user.username).toBe(
      SUPERADMIN.username,
    );
    expect((await login(t.app, SUPERADMIN.username, SUPERADMIN.password)).body.code).toBe(
      errorCodes.mfaRequired,
    );

    // Its first password chosen, as any new user.
    const changed = await call(t.app, 'POST', '/api/users/update-password', {
      token: firstToken,
      body: {
        current_password: SUPERADMIN.password,
        password: SUPERADMIN_NEW_PASSWORD,
        password_confirmation: SUPERADMIN_NEW_PASSWORD,
      },
    });
    const token = changed.body.data.access_token as string;
    expect((await call(t.app, 'GET', '/api/auth/mfa', { token })).body.data.required).toBe(true);
    t.clock.advance(30_000);
    const disable = await call(t.app, 'POST', '/api/auth/mfa/disable', {
      token,
      body: { password: SUPERADMIN_NEW_PASSWORD, code: currentCode(secret, t.clock.now()) },
    });
    expect(disable.status).toBe(403);
    expect(disable.body.message).toBe(mfaMessages.cannotDisableRequired);

    // An agent's administrator may enrol, and is not made to.
    expect((await login(t.app, ADMIN.username, ADMIN.password)).status).toBe(200);
    const enrolled = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.mfa_enrolled'), eq(auditLog.actorUsername, SUPERADMIN.username)));
    expect(enrolled).toHaveLength(1);
    expect(await t.database.db.select().from(secondFactors)).toHaveLength(1);
  });
});
