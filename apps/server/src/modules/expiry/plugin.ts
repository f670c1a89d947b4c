import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../../clock.js';
import { ExpiryJob, type ExpiryJobDeps } from './job.js';
import { ensureSystemUser } from './store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The expiry job of pending transfers (decision 225). */
    expiry: ExpiryJob;
  }
}

export interface ExpiryPluginOptions {
  clock: Clock;
  days: number;
  intervalMs: number;
  /** False: the job runs only when called (tests). */
  autoStart: boolean;
  onRun?: ExpiryJobDeps['onRun'];
}

/** The expiry job: its system user made sure of at start, then a look every interval, stopped at close. */
export const expiryPlugin = fp(
  (app: FastifyInstance, options: ExpiryPluginOptions) => {
    const job = new ExpiryJob({
      db: app.database.db,
      ledger: app.services.ledger,
      clock: options.clock,
      kickMail: () => app.mail.kick(),
      kickSms: () => app.sms.kick(),
      days: options.days,
      log: app.log.child({ module: 'expiry' }),
      onRun: options.onRun,
    });
    app.decorate('expiry', job);
    app.databaseStartup.step(async () => {
      await ensureSystemUser(app.database.db, options.clock.now());
    });
    app.databaseStartup.afterwards(() => {
      if (options.autoStart) job.start(options.intervalMs);
    });
    app.addHook('onClose', () => job.stop());
  },
  { name: 'expiry', dependencies: ['database', 'mail'] },
);
