import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runOutboxSender } from './outbox-sender.js';
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
    runOutboxSender(app, sender);
  },
  { name: 'mail', dependencies: ['database'] },
);
