import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../clock.js';
import { logTransport, MailSender, smtpTransport } from '../mail/sender.js';

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailSender;
  }
}

export interface MailPluginOptions {
  smtpUrl: string | undefined;
  mailFrom: string;
  clock: Clock;
  pollIntervalMs: number;
}

/** The outbox sender (DESIGN §8): started with the app, stopped before the database closes. */
export const mailPlugin = fp(
  (app: FastifyInstance, options: MailPluginOptions) => {
    const log = app.log.child({ module: 'mail' });
    const transport = options.smtpUrl ? smtpTransport(options.smtpUrl, options.mailFrom) : logTransport(log);
    const sender = new MailSender({
      db: app.database.db,
      transport,
      clock: options.clock,
      log,
      pollIntervalMs: options.pollIntervalMs,
    });
    app.decorate('mail', sender);
    app.addHook('onReady', () => {
      sender.start();
      return Promise.resolve();
    });
    app.addHook('onClose', () => sender.stop());
  },
  { name: 'mail', dependencies: ['database'] },
);
