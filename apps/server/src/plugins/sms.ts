import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runOutboxSender } from './outbox-sender.js';
import type { Clock } from '../clock.js';
import { SmsSender, type SmsSenderOptions } from '../sms/sender.js';
import { SmppTransport } from '../sms/smpp.js';
import { spoolSmsTransport } from '../sms/transport.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The SMS outbox's sender (decision 240): `kick()` after a commit that queued an SMS. */
    sms: SmsSender;
  }
}

export interface SmsPluginOptions {
  smppUrl: string | undefined;
  /** The source address (`SMS_SENDER`). */
  sender: string;
  /** Without `smppUrl`, where each SMS is written (`DATA_DIR/sms-spool`). */
  spoolDir: string;
  clock: Clock;
  pollIntervalMs: number;
  /** Tests: connect, bind and `submit_sm` give up after this. */
  smppTimeoutMs?: number | undefined;
  onDelivery?: SmsSenderOptions['onDelivery'];
  onPart?: SmsSenderOptions['onPart'];
  onReport?: SmsSenderOptions['onReport'];
}

/** The SMS sender, as mail's: started once the database answers, stopped before it closes. */
export const smsPlugin = fp(
  (app: FastifyInstance, options: SmsPluginOptions) => {
    const log = app.log.child({ module: 'sms' });
    const transport = options.smppUrl
      ? new SmppTransport({
          url: options.smppUrl,
          sender: options.sender,
          log,
          onReport: (report) => sender.recordReport(report),
          ...(options.smppTimeoutMs === undefined ? {} : { timeoutMs: options.smppTimeoutMs }),
        })
      : spoolSmsTransport(options.spoolDir, options.sender, log);
    const sender: SmsSender = new SmsSender({
      db: app.database.db,
      transport,
      clock: options.clock,
      log,
      pollIntervalMs: options.pollIntervalMs,
      onDelivery: options.onDelivery,
      onPart: options.onPart,
      onReport: options.onReport,
    });
    app.decorate('sms', sender);
    runOutboxSender(app, sender);
  },
  { name: 'sms', dependencies: ['database'] },
);
