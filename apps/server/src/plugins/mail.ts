import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../clock.js';
import { MailSender, smtpTransport, spoolTransport, type MailSenderOptions } from '../mail/sender.js';

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailSender;
  }
}

export interface MailPluginOptions {
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Without `smtpUrl`, where each message is written (`DATA_DIR/mail-spool`, decision 231). */
  spoolDir: string;
  clock: Clock;
  pollIntervalMs: number;
  onDelivery?: MailSenderOptions['onDelivery'];
}

/** How long a stop waits for the last e-mails to go. */
const FLUSH_ON_CLOSE_MS = 5_000;

/** The outbox sender: started with the app, stopped before the database closes. */
export const mailPlugin = fp(
  (app: FastifyInstance, options: MailPluginOptions) => {
    const log = app.log.child({ module: 'mail' });
    const transport = options.smtpUrl
      ? smtpTransport(options.smtpUrl, options.mailFrom)
      : spoolTransport(options.spoolDir, options.mailFrom, log);
    const sender = new MailSender({
      db: app.database.db,
      transport,
      clock: options.clock,
      log,
      pollIntervalMs: options.pollIntervalMs,
      onDelivery: options.onDelivery,
    });
    app.decorate('mail', sender);
    // Once the database is migrated and answers (decision 120).
    let started = false;
    app.databaseStartup.afterwards(() => {
      started = true;
      sender.start();
    });
    app.addHook('onClose', async () => {
      // A stop sends what the requests just finished have queued (decision 120), for a few seconds
      // at most; what is left waits in the outbox for the next start.
      if (started) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          sender.kick(),
          new Promise((resolve) => (timer = setTimeout(resolve, FLUSH_ON_CLOSE_MS))),
        ]);
        clearTimeout(timer);
      }
      await sender.stop();
    });
  },
  { name: 'mail', dependencies: ['database'] },
);
