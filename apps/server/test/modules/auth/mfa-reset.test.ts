import { errorCodes, mfaResetMessages } from '@lajan/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, secondFactors } from '../../../src/db/schema.js';
import { MfaResetError, resetSecondFactor, runMfaReset } from '../../../src/modules/auth/mfa-reset.js';
import { currentCode } from '../../helpers/totp.js';
import { build, SUPERADMIN, type TestApp } from '../../helpers/build.js';
import { databaseKind } from '../../helpers/database.js';
import { call, login } from '../../helpers/fixtures.js';

/**
 * `npm run mfa:reset -- USERNAME` (issue 39 item 7, decision 203): the operator's way back in for the
 * last super administrator whose phone is lost.
 */

/** MFA_REQUIRED=1: the super administrator enrols at its first sign-in, as a person does. */
async function enrolledSuperAdmin() {
  const t = await build({ env: { MFA_REQUIRED: '1' } });
  const first = await login(t.app, SUPERADMIN.username, SUPERADMIN.password);
  const started = await call(t.app, 'POST', '/api/auth/login/mfa/enrol', {
    body: { challenge: first.body.challenge },
  });
  const confirmed = await call(t.app, 'POST', '/api/auth/login/mfa/enrol/confirm', {
    body: {
      challenge: first.body.challenge,
      code: currentCode(started.body.data.secret as string, t.clock.now()),
    },
  });
  expect(confirmed.status).toBe(200);
  return { t, token: confirmed.body.data.access_token as string };
}

async function expectResetDone(t: TestApp, token: string) {
  expect(await t.database.db.select().from(secondFactors)).toEqual([]);
  // Its sessions are ended, and the next sign-in asks for a new factor, not for a code.
  expect((await call(t.app, 'GET', '/api/auth/user', { token })).status).toBe(401);
  const next = await login(t.app, SUPERADMIN.username, SUPERADMIN.password);
  expect(next.body.code).toBe(errorCodes.mfaEnrolmentRequired);
  const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'auth.mfa_reset'));
  expect(audit.map((row) => row.target)).toEqual([SUPERADMIN.username]);
}

describe('npm run mfa:reset -- USERNAME', () => {
  it('removes the factor of the super administrator, ends its sessions; it enrols anew at its next sign-in', async () => {
    const { t, token } = await enrolledSuperAdmin();
    expect(await resetSecondFactor(t.database.db, 'SuperAdmin', t.clock.now())).toBe(
      mfaResetMessages.done(SUPERADMIN.username),
    );
    await expectResetDone(t, token);
  });

  it('says so in French for an unknown user, a user without a factor, or no username', async () => {
    const t = await build();
    await expect(resetSecondFactor(t.database.db, 'personne', t.clock.now())).rejects.toThrow(
      new MfaResetError(mfaResetMessages.unknownUser('personne')),
    );
    await expect(resetSecondFactor(t.database.db, SUPERADMIN.username, t.clock.now())).rejects.toThrow(
      new MfaResetError(mfaResetMessages.noFactor(SUPERADMIN.username)),
    );
    await expect(runMfaReset({}, [])).rejects.toThrow(new MfaResetError(mfaResetMessages.usage));
    await expect(runMfaReset({}, ['a', 'b'])).rejects.toThrow(new MfaResetError(mfaResetMessages.usage));
  });
});

// The command opens its own connection: a PostgreSQL server (the embedded one is started the same way).
if (databaseKind === 'postgres') {
  describe('npm run mfa:reset -- USERNAME (PostgreSQL)', () => {
    it('works on the database of DATABASE_URL', async () => {
      const { t, token } = await enrolledSuperAdmin();
      const said = await runMfaReset({ DATABASE_URL: t.config.databaseUrl! }, [SUPERADMIN.username]);
      expect(said).toBe(mfaResetMessages.done(SUPERADMIN.username));
      await expectResetDone(t, token);
    });
  });
}
