import { errorCodes, genericMessages } from '@lajan/domain';
import { describe, expect, it } from 'vitest';
import { databaseKind } from '../../helpers/database.js';
import { call } from '../../helpers/fixtures.js';
import { busyLedgerWorld } from '../../helpers/ledger.js';

/*
 * Issue 39: fifty year-long statement exports sent at once by one teller took the pool, and another
 * teller's history went from a p95 of 5 ms to 2 s. A user runs at most two report screens (decision 199) and
 * one export (decision 233) at once; the others are refused at once, in French, without reading anything.
 */
describe(`statements and exports, a few at once per user (${databaseKind})`, () => {
  it(
    'answers 429 in French to a teller past one export at once, serves another teller meanwhile, and frees them once done',
    { timeout: 90_000 },
    async () => {
      const world = await busyLedgerWorld([100, 200]);
      const token = world.pap.teller.token;
      const yearLong = `/api/reports/accounts/${world.marieAccount.accountNumber}/statement/export?from=2025-12-01&to=2026-11-30`;
      const burst = Promise.all(
        Array.from({ length: 50 }, () => call(world.app, 'GET', yearLong, { token })),
      );
      const history = await call(world.app, 'GET', '/api/transactions/history', {
        token: world.cap.teller.token,
      });
      const answers = await burst;
      expect(history.status).toBe(200);
      const refused = answers.filter((answer) => answer.status === 429);
      expect(answers.every((answer) => answer.status === 200 || answer.status === 429)).toBe(true);
      expect(refused.length).toBeGreaterThanOrEqual(40);
      expect(refused[0]!.body).toEqual({
        message: genericMessages.exportInProgress,
        code: errorCodes.exportInProgress,
      });
      expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
      // The history's export and the statement's page count too; once the burst is over, all are open again.
      const exportAgain = await call(world.app, 'GET', yearLong, { token });
      expect(exportAgain.status).toBe(200);
      const historyExport = await call(world.app, 'GET', '/api/transactions/history/export', { token });
      expect(historyExport.status).toBe(200);
    },
  );
});
