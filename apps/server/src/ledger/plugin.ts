import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../clock.js';
import { seedFeeSchedule } from './fee-schedule.js';
import { LedgerService } from './service.js';
import { ensureSystemAccounts } from './system-accounts.js';

declare module 'fastify' {
  interface FastifyInstance {
    ledger: LedgerService;
  }
}

/**
 * The ledger at start: the system accounts (fee income, to pay out, treasury) and the default fee
 * schedule are created when missing, idempotently, before any route can post.
 */
export const ledgerPlugin = fp(
  (app: FastifyInstance, options: { clock: Clock }) => {
    const ledger = new LedgerService();
    app.decorate('ledger', ledger);
    // Once the migrations have run (at start, or when the database first answers: decision 120).
    app.databaseStartup.step(async () => {
      const now = options.clock.now();
      ledger.useSystemAccounts(await ensureSystemAccounts(app.database.db, now));
      await seedFeeSchedule(app.database.db, now);
    });
    return Promise.resolve();
  },
  { name: 'ledger', dependencies: ['database'] },
);
