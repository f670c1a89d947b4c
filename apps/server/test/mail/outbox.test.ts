import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/db/schema.js';
import { enqueueMail } from '../../src/mail/outbox.js';
import { MAX_ATTEMPTS, retryDelayMs } from '../../src/mail/sender.js';
import { newUserMail, passwordResetMail } from '../../src/mail/templates.js';
import { build } from '../helpers/build.js';
import { Mailbox } from '../helpers/mailbox.js';

const message = passwordResetMail({
  to: 'rose@lajan.test',
  firstName: 'Rose',
  username: 'rose01',
  link: 'http://lajan.test/reset-password/abc?username=rose01',
  validForMinutes: 60,
});

describe('the mail outbox', () => {
  it('sends nothing when the transaction that queued the message rolls back', async () => {
    const mailbox = await Mailbox.start();
    try {
      const { app, clock, database } = await build({ env: { SMTP_URL: mailbox.url } });
      await expect(
        database.db.transaction(async (tx) => {
          await enqueueMail(tx, message, clock.now());
          throw new Error('annulé');
        }),
      ).rejects.toThrow('annulé');
      await app.mail.kick();
      expect(await database.db.select().from(mailOutbox)).toHaveLength(0);
      expect(mailbox.received).toHaveLength(0);
    } finally {
      await mailbox.close();
    }
  });

  it('retries a message the SMTP server refused, later, and then delivers it once', async () => {
    const mailbox = await Mailbox.start();
    try {
      const { app, clock, database } = await build({ env: { SMTP_URL: mailbox.url } });
      mailbox.refuseNext = 1;
      await enqueueMail(database.db, message, clock.now());

      await app.mail.kick();
      const [afterFailure] = await database.db.select().from(mailOutbox);
      expect(afterFailure).toMatchObject({ attempts: 1, sentAt: null, failedAt: null, lockedUntil: null });
      expect(afterFailure!.lastError).toContain('Boîte pleine');
      expect(afterFailure!.nextAttemptAt.getTime()).toBe(clock.now().getTime() + retryDelayMs(1));

      // Not due yet: a poll before the delay sends nothing.
      await app.mail.kick();
      expect(mailbox.received).toHaveLength(0);

      clock.advance(retryDelayMs(1));
      await app.mail.kick();
      expect(mailbox.received).toHaveLength(1);
      expect(mailbox.received[0]!.text).toContain('http://lajan.test/reset-password/abc?username=rose01');
      const [sent] = await database.db.select().from(mailOutbox);
      expect(sent).toMatchObject({ attempts: 2, lastError: null, textBody: '' });
      expect(sent!.sentAt?.getTime()).toBe(clock.now().getTime());

      await app.mail.kick();
      expect(mailbox.received).toHaveLength(1);
    } finally {
      await mailbox.close();
    }
  });

  it(`gives up after ${MAX_ATTEMPTS} refusals and keeps the message for an operator`, async () => {
    const mailbox = await Mailbox.start();
    try {
      const { app, clock, database } = await build({ env: { SMTP_URL: mailbox.url } });
      mailbox.refuseNext = MAX_ATTEMPTS;
      await enqueueMail(database.db, message, clock.now());
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
        await app.mail.kick();
        clock.advance(retryDelayMs(attempt));
      }
      const [row] = await database.db.select().from(mailOutbox);
      expect(row!.attempts).toBe(MAX_ATTEMPTS);
      expect(row!.failedAt).toBeInstanceOf(Date);
      expect(row!.textBody).toContain('reset-password');
      await app.mail.kick();
      expect(mailbox.received).toHaveLength(0);
    } finally {
      await mailbox.close();
    }
  });

  it('finds the messages of another process by polling', async () => {
    const mailbox = await Mailbox.start();
    try {
      const { clock, database } = await build({
        env: { SMTP_URL: mailbox.url },
        overrides: { mailPollIntervalMs: 50 },
      });
      // Queued without a kick, as another process would.
      await enqueueMail(database.db, message, clock.now());
      const [mail] = await mailbox.waitForCount(1);
      expect(mail!.to).toEqual(['rose@lajan.test']);
    } finally {
      await mailbox.close();
    }
  });
});

describe('the new-user message (DESIGN §3)', () => {
  it('holds the username, the temporary password and the sign-in link on their own lines', () => {
    const mail = newUserMail({
      to: 'rose@lajan.test',
      firstName: 'Rose',
      username: 'rose01',
      temporaryPassword: 'Tmp-9xQ2-abcd',
      signInUrl: 'http://lajan.test/login',
    });
    const lines = mail.text.split('\n');
    expect(mail.subject).toBe('Votre accès à Lajan');
    expect(lines).toContain("Nom d'utilisateur : rose01");
    expect(lines).toContain('Mot de passe temporaire : Tmp-9xQ2-abcd');
    expect(mail.text).toMatch(/^.*http:\/\/lajan\.test\/login$/m);
  });

  it('greets the person by the first name as the screens show it, whatever its case when typed', () => {
    const mail = newUserMail({
      to: 'jb@lajan.test',
      firstName: 'jean-baptiste',
      username: 'jb.pierre',
      temporaryPassword: 'Tmp-9xQ2-abcd',
      signInUrl: 'http://lajan.test/login',
    });
    expect(mail.text.split('\n')[0]).toBe('Bonjour Jean-Baptiste,');
  });
});
