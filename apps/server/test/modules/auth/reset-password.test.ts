import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { authMessages } from '@lajan/domain';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, passwordResetTokens } from '../../../src/db/schema.js';
import { hashResetToken } from '../../../src/modules/auth/service.js';
import { APP_URL, build, SUPERADMIN, type TestApp } from '../../helpers/build.js';
import { HOUR_MS, MINUTE_MS } from '../../helpers/clock.js';
import { call, createAgent, createUser, login, tokenOf, userRow } from '../../helpers/fixtures.js';
import { Mailbox } from '../../helpers/mailbox.js';
import { requestResetLink, resetLinkPattern } from '../../helpers/reset-link.js';

const NEW_PASSWORD = 'Lajan-Nouveau-2026';

let mailbox: Mailbox;
beforeEach(async () => {
  mailbox = await Mailbox.start();
});
afterEach(() => mailbox.close());

function buildWithSmtp() {
  return build({ env: { SMTP_URL: mailbox.url, MAIL_FROM: 'Lajan <no-reply@lajan.test>' } });
}

/** Asks for a link by username and reads it from the e-mail that a real SMTP server received. */
function requestLink(t: TestApp, username?: string, expectedMails?: number) {
  return requestResetLink(t, mailbox, username, expectedMails);
}

function reset(t: TestApp, body: Record<string, unknown>, url = '/api/reset-password') {
  return call(t.app, 'POST', url, { body });
}

describe('POST /api/forgot-password', () => {
  it('e-mails a one-hour link in French, keeping only the hash of its token', async () => {
    const t = await buildWithSmtp();

    const answer = await call(t.app, 'POST', '/api/forgot-password', {
      body: { username: SUPERADMIN.username },
    });

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: { message: 'Un lien de réinitialisation a été envoyé à votre adresse email.' },
    });
    const [mail] = await mailbox.waitForCount(1);
    expect(mail!.to).toEqual([SUPERADMIN.email]);
    expect(mail!.from).toContain('no-reply@lajan.test');
    expect(mail!.subject).toBe('Réinitialisation de votre mot de passe Lajan');
    expect(mail!.text).toContain('Bonjour Super,');
    expect(mail!.text).toContain('réinitialisation du mot de passe du compte «\u00a0superadmin\u00a0»');
    expect(mail!.text).toContain('valable 60 minutes, une seule fois');
    const match = resetLinkPattern.exec(mail!.text);
    expect(match?.[1]).toMatch(
      new RegExp(`^${APP_URL}/reset-password/[A-Za-z0-9_-]{43}\\?username=superadmin$`),
    );

    const [row] = await t.database.db.select().from(passwordResetTokens);
    expect(row!.tokenHash).toBe(hashResetToken(match![2]!));
    expect(row!.tokenHash).not.toContain(match![2]!);
    expect(row!.expiresAt.getTime() - t.clock.now().getTime()).toBe(HOUR_MS);

    // Sent, the message keeps no trace of the link in the outbox.
    await expect
      .poll(async () => (await t.database.db.select().from(mailOutbox))[0]?.sentAt)
      .toBeInstanceOf(Date);
    const [outbox] = await t.database.db.select().from(mailOutbox);
    expect(outbox!.textBody).toBe('');
    expect(t.logs.text).not.toContain(match![2]!);
  });

  it('answers the same for an unknown user, and sends nothing', async () => {
    const t = await buildWithSmtp();
    const answer = await call(t.app, 'POST', '/api/forgot-password', { body: { username: 'personne' } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: { message: authMessages.resetLinkSent } });
    await t.app.mail.kick();
    expect(mailbox.received).toHaveLength(0);
    expect(await t.database.db.select().from(mailOutbox)).toHaveLength(0);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.reset_requested'));
    expect(audit).toMatchObject({ target: 'personne', details: { links: 0 } });
  });

  it('sends nothing to a disabled user', async () => {
    const t = await buildWithSmtp();
    const agent = await createAgent(t.database.db, { code: 'PAP05', name: 'Fermé', deletedAt: new Date() });
    await createUser(t.database.db, {
      username: 'ancien01',
      password: 'Guichet-2026',
      role: 'user',
      agentId: agent.id,
    });
    const answer = await call(t.app, 'POST', '/api/forgot-password', { body: { username: 'ancien01' } });
    expect(answer.status).toBe(200);
    expect(await t.database.db.select().from(passwordResetTokens)).toHaveLength(0);
  });

  it('requires the username', async () => {
    const t = await buildWithSmtp();
    const answer = await call(t.app, 'POST', '/api/forgot-password', { body: {} });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      message: "Nom d'utilisateur requis",
      code: 'VALIDATION_ERROR',
      errors: { username: ["Nom d'utilisateur requis"] },
    });
  });

  it('after 5 requests for one username within 15 minutes answers 429 until the window passes', async () => {
    const t = await buildWithSmtp();
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await call(t.app, 'POST', '/api/forgot-password', { body: { username: 'Personne' } })).status,
      ).toBe(200);
    }
    const blocked = await call(t.app, 'POST', '/api/forgot-password', { body: { username: 'personne' } });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: authMessages.throttled, code: 'TOO_MANY_REQUESTS' });
    // The same answer for an existing user: throttling tells nothing about who exists.
    expect(
      (await call(t.app, 'POST', '/api/forgot-password', { body: { username: SUPERADMIN.username } })).status,
    ).toBe(200);

    t.clock.advance(15 * MINUTE_MS);
    expect(
      (await call(t.app, 'POST', '/api/forgot-password', { body: { username: 'personne' } })).status,
    ).toBe(200);
  });
});

describe('POST /api/auth/forgot-password', () => {
  it('e-mails a link to the live user behind that address, whatever its case, never to a deleted one', async () => {
    // One live user per person and one person per address (DESIGN §3): an address leads to one
    // account; a deleted user of the same person keeps no road back in.
    const t = await buildWithSmtp();
    const agent = await createAgent(t.database.db, { code: 'PAP06', name: 'Jacmel' });
    await createUser(t.database.db, {
      username: 'ancien06',
      password: 'Guichet-2026',
      role: 'user',
      agentId: agent.id,
      email: 'rose@lajan.test',
      deletedAt: new Date('2026-02-01T00:00:00Z'),
    });
    await createUser(t.database.db, {
      username: 'gerant06',
      password: 'Guichet-2026',
      role: 'agent_admin',
      agentId: agent.id,
      email: 'Rose@Lajan.test',
    });

    const answer = await call(t.app, 'POST', '/api/auth/forgot-password', {
      body: { email: 'ROSE@lajan.test' },
    });

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: { message: authMessages.resetLinkSent } });
    const mails = await mailbox.waitForCount(1);
    expect(mails.map((mail) => resetLinkPattern.exec(mail.text)?.[3])).toEqual(['gerant06']);
    // Queued in the request's own transaction: the outbox holds every message it would send.
    expect(await t.database.db.select().from(mailOutbox)).toHaveLength(1);
  });

  it('answers the same for an unknown address, and checks the e-mail as the form does', async () => {
    const t = await buildWithSmtp();
    const unknown = await call(t.app, 'POST', '/api/auth/forgot-password', {
      body: { email: 'nobody@lajan.test' },
    });
    expect(unknown.status).toBe(200);
    expect(unknown.body.data.message).toBe(authMessages.resetLinkSent);

    const invalid = await call(t.app, 'POST', '/api/auth/forgot-password', {
      body: { email: 'pas-un-email' },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({ email: ['Email invalide'] });
    await t.app.mail.kick();
    expect(mailbox.received).toHaveLength(0);
  });
});

describe('POST /api/reset-password', () => {
  it('sets the password, its date, ends every session, and the old password stops working', async () => {
    const t = await buildWithSmtp();
    const sessionBefore = await tokenOf(t.app, SUPERADMIN.username, SUPERADMIN.password);
    const { token, username } = await requestLink(t);
    t.clock.advance(10 * MINUTE_MS);

    const answer = await reset(t, {
      username,
      token,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: { message: 'Mot de passe réinitialisé avec succès' } });
    const row = await userRow(t.database.db, SUPERADMIN.username);
    expect(row.passwordUpdatedAt?.toISOString()).toBe(t.clock.now().toISOString());
    expect((await call(t.app, 'GET', '/api/auth/user', { token: sessionBefore })).status).toBe(401);
    expect((await login(t.app, SUPERADMIN.username, SUPERADMIN.password)).status).toBe(401);
    expect((await login(t.app, SUPERADMIN.username, NEW_PASSWORD)).status).toBe(200);
    const [tokenRow] = await t.database.db.select().from(passwordResetTokens);
    expect(tokenRow!.usedAt?.toISOString()).toBe(t.clock.now().toISOString());
  });

  it('works once: a second use of the link is refused under the token field', async () => {
    const t = await buildWithSmtp();
    const { token, username } = await requestLink(t);
    expect(
      (await reset(t, { username, token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD }))
        .status,
    ).toBe(200);

    const second = await reset(t, {
      username,
      token,
      password: 'Encore-Autre-2026',
      password_confirmation: 'Encore-Autre-2026',
    });

    expect(second.status).toBe(422);
    expect(second.body).toEqual({
      message: 'Ce lien de réinitialisation est invalide ou a expiré.',
      code: 'VALIDATION_ERROR',
      errors: { token: ['Ce lien de réinitialisation est invalide ou a expiré.'] },
    });
    expect((await login(t.app, SUPERADMIN.username, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a link older than one hour', async () => {
    const t = await buildWithSmtp();
    const { token, username } = await requestLink(t);
    t.clock.advance(HOUR_MS);

    const answer = await reset(t, {
      username,
      token,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });

    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ token: [authMessages.resetInvalid] });
    expect((await login(t.app, SUPERADMIN.username, SUPERADMIN.password)).status).toBe(200);
  });

  it('refuses a link used for another username, an unknown token, and a link once a newer one was used', async () => {
    const t = await buildWithSmtp();
    await createUser(t.database.db, { username: 'autreadmin', password: 'Guichet-2026', role: 'sudo' });
    const first = await requestLink(t, SUPERADMIN.username, 1);
    const second = await requestLink(t, SUPERADMIN.username, 2);

    const otherUser = await reset(t, {
      username: 'autreadmin',
      token: first.token,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(otherUser.status).toBe(422);
    const unknown = await reset(t, {
      username: SUPERADMIN.username,
      token: 'x'.repeat(43),
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(unknown.status).toBe(422);
    const nobody = await reset(t, {
      username: 'personne',
      token: first.token,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(nobody.status).toBe(422);
    expect(nobody.body.errors).toEqual({ token: [authMessages.resetInvalid] });

    expect(
      (
        await reset(t, {
          username: SUPERADMIN.username,
          token: second.token,
          password: NEW_PASSWORD,
          password_confirmation: NEW_PASSWORD,
        })
      ).status,
    ).toBe(200);
    const stale = await reset(t, {
      username: SUPERADMIN.username,
      token: first.token,
      password: 'Encore-Autre-2026',
      password_confirmation: 'Encore-Autre-2026',
    });
    expect(stale.status).toBe(422);
    expect((await login(t.app, 'autreadmin', 'Guichet-2026')).status).toBe(200);
  });

  it('voids the links already sent once the sessions end, the password changes or the e-mail changes', async () => {
    const t = await buildWithSmtp();
    const db = t.database.db;
    const agent = await createAgent(db, { code: 'PAP01', name: 'Kay Lajan' });
    await createUser(db, {
      username: 'admin.pap',
      password: 'Admin-Guichet-2026',
      role: 'agent_admin',
      agentId: agent.id,
    });
    const teller = await createUser(db, {
      username: 'guichet.pap',
      password: 'Guichet-2026',
      role: 'user',
      agentId: agent.id,
    });
    const admin = await tokenOf(t.app, 'admin.pap', 'Admin-Guichet-2026');
    // A link asked now: the mails of the steps before (the notice of a changed address) sent first.
    const linkNow = async () => {
      await t.app.mail.kick();
      return requestLink(t, 'guichet.pap', mailbox.received.length + 1);
    };
    const use = (link: { token: string; username: string }, password: string) =>
      reset(t, { username: link.username, token: link.token, password, password_confirmation: password });

    // The administrator ends the teller's sessions (a stolen phone, a mailbox read by someone else).
    const beforeEnd = await linkNow();
    const ended = await call(t.app, 'POST', '/api/users/guichet.pap/end-sessions', { token: admin });
    expect(ended.status).toBe(200);
    const afterEnd = await use(beforeEnd, 'Pirate-Choisi-2026');
    expect(afterEnd.status).toBe(422);
    expect(afterEnd.body.errors).toEqual({ token: [authMessages.resetInvalid] });

    // The teller changes its password.
    const beforeChange = await linkNow();
    const own = await tokenOf(t.app, 'guichet.pap', 'Guichet-2026');
    const changed = await call(t.app, 'POST', '/api/users/update-password', {
      token: own,
      body: {
        current_password: 'Guichet-2026',
        password: 'Guichet-Nouveau-2026',
        password_confirmation: 'Guichet-Nouveau-2026',
      },
    });
    expect(changed.status).toBe(200);
    expect((await use(beforeChange, 'Pirate-Choisi-2026')).status).toBe(422);

    // The administrator changes the teller's address: the link sent to the old one is void.
    const toOld = await linkNow();
    const moved = await call(t.app, 'PUT', `/api/users/${teller.id}`, {
      token: admin,
      body: { email: 'nouvelle.adresse@lajan.test' },
    });
    expect(moved.status).toBe(200);
    expect((await use(toOld, 'Pirate-Choisi-2026')).status).toBe(422);
    expect((await login(t.app, 'guichet.pap', 'Pirate-Choisi-2026')).status).toBe(401);
    expect((await login(t.app, 'guichet.pap', 'Guichet-Nouveau-2026')).status).toBe(200);

    // A link sent to the new address works.
    const toNew = await linkNow();
    expect(mailbox.received.at(-1)!.to).toEqual(['nouvelle.adresse@lajan.test']);
    expect((await use(toNew, 'Guichet-Retrouve-2026')).status).toBe(200);
    expect((await login(t.app, 'guichet.pap', 'Guichet-Retrouve-2026')).status).toBe(200);
  });

  it('checks the form as the web app does', async () => {
    const t = await buildWithSmtp();
    const answer = await reset(t, {
      username: SUPERADMIN.username,
      token: '',
      password: 'court',
      password_confirmation: 'court',
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({
      token: ['Lien de réinitialisation invalide'],
      password: ['Au moins 8 caractères'],
    });
    const mismatch = await reset(t, {
      username: SUPERADMIN.username,
      token: 'abc',
      password: NEW_PASSWORD,
      password_confirmation: 'Autre-2026-xx',
    });
    expect(mismatch.body).toEqual({
      message: 'Les mots de passe doivent correspondre',
      code: 'VALIDATION_ERROR',
      errors: { password_confirmation: ['Les mots de passe doivent correspondre'] },
    });
  });

  it('answers the same at /api/auth/reset-password', async () => {
    const t = await buildWithSmtp();
    const { token, username } = await requestLink(t);
    const answer = await reset(
      t,
      { username, token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      '/api/auth/reset-password',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.message).toBe(authMessages.resetSuccess);
    expect((await login(t.app, SUPERADMIN.username, NEW_PASSWORD)).status).toBe(200);
  });
});

describe('without SMTP_URL', () => {
  it('writes the message to a 0600 file of DATA_DIR/mail-spool, logs only where, and marks it sent', async () => {
    const t = await build({ env: { SMTP_URL: undefined } });

    expect(
      (await call(t.app, 'POST', '/api/forgot-password', { body: { username: SUPERADMIN.username } })).status,
    ).toBe(200);

    await expect.poll(() => t.logs.entries().some((line) => typeof line.spooled === 'string')).toBe(true);
    const entry = t.logs.entries().find((line) => typeof line.spooled === 'string')!;
    const file = entry.spooled as string;
    const spoolDir = path.join(t.config.dataDir, 'mail-spool');
    expect(path.dirname(file)).toBe(spoolDir);
    expect(path.basename(file)).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f-]{36}\.eml$/);
    expect(statSync(spoolDir).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Nothing half-written is left beside it.
    expect(readdirSync(spoolDir)).toEqual([path.basename(file)]);

    const content = readFileSync(file, 'utf8');
    expect(content).toMatch(new RegExp(`^To: ${SUPERADMIN.email}$`, 'm'));
    expect(content).toMatch(/^Subject: Réinitialisation de votre mot de passe Lajan$/m);
    const token = resetLinkPattern.exec(content)![2]!;
    // The log names the file, never the link nor its token (decision 231).
    expect(t.logs.text).not.toContain(token);
    expect(t.logs.text).not.toContain('/reset-password/');
    expect(
      (
        await reset(t, {
          username: SUPERADMIN.username,
          token,
          password: NEW_PASSWORD,
          password_confirmation: NEW_PASSWORD,
        })
      ).status,
    ).toBe(200);
    await expect
      .poll(async () => (await t.database.db.select().from(mailOutbox))[0]?.sentAt)
      .toBeInstanceOf(Date);
  });
});
