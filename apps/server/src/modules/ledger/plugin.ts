import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../../clock.js';
import { seedFeeSchedule } from '../fees/schedule.js';
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
  async (app: FastifyInstance, options: { clock: Clock }) => {
    const now = options.clock.now();
    const system = await ensureSystemAccounts(app.database.db, now);
    await seedFeeSchedule(app.database.db, now);
    app.decorate('ledger', new LedgerService(system));
  },
  { name: 'ledger', dependencies: ['database'] },
);
