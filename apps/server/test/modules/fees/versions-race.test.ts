import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { feeVersions } from '../../../src/db/schema.js';
import { call } from '../../helpers/fixtures.js';
import { databaseKind, untilALockIsWaitedFor } from '../../helpers/database.js';
import { ledgerSnapshot, ledgerWorld, partyOf } from '../../helpers/ledger.js';

/*
 * A transaction records the fee version it was charged with (decision 150). On the one posting path the band
 * is checked once the rows are locked (decision 216): a version committed during the wait refuses the old quote.
 */

describe.runIf(databaseKind === 'postgres')(
  'a version in force now, committed during a posting (postgres)',
  () => {
    it('a version committed while the posting waits for its row refuses the old quote, recording nothing', async () => {
      const world = await ledgerWorld();
      // Two connections of their own (the app's pool stays the app's).
      const { connectionString } = (world.db as unknown as { $client: pg.Pool }).$client.options;
      const locker = new pg.Client({ connectionString });
      const editor = new pg.Client({ connectionString });
      await locker.connect();
      await editor.connect();
      try {
        const before = await ledgerSnapshot(world.db);
        // Another movement holds Marie's account: the transfer's call checks its fee, then waits for the row.
        await locker.query('BEGIN');
        await locker.query('SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE', [world.marieAccount.id]);
        // The super administrator's change "now" (as createFeeVersion writes it): effective from its
        // transaction's start, visible at its commit.
        await editor.query('BEGIN');
        const {
          rows: [version],
        } = await editor.query<{ id: string }>(
          `INSERT INTO fee_versions (type, number, effective_from) VALUES ('transfer', 2, now()) RETURNING id`,
        );
        await editor.query(
          `INSERT INTO fee_bands (type, min_amount_centimes, max_amount_centimes, fee_centimes, agent_share_centimes,
           updated_at, version_id) VALUES ('transfer', 2000, 10000000, 9900, 0, now(), $1)`,
          [version!.id],
        );
        await new Promise((resolve) => setTimeout(resolve, 20));

        const transfer = call(world.app, 'POST', '/api/transactions/transfer', {
          token: world.pap.teller.token,
          body: {
            senderAccountNumber: world.marieAccount.accountNumber,
            recipientAccountNumber: world.jeanAccount.accountNumber,
            party: partyOf(world.marie),
            amount: 1500,
            feeVersion: 1,
          },
        });
        // Wait until the transfer's call waits for the account's row (its fee check is behind it).
        await untilALockIsWaitedFor(locker, 'the transfer never waited for the row');
        await editor.query('COMMIT');
        await locker.query('COMMIT');
        const answer = await transfer;
        expect(answer.status).toBe(409);
        // Refused with version 2's quote (99 HTG), never charged version 1's fee under version 2.
        expect(answer.body).toMatchObject({
          code: 'FEES_CHANGED',
          quote: { type: 'transfer', amount: 1500, fee: 99, feeVersion: { number: 2 } },
        });
        expect(await ledgerSnapshot(world.db)).toEqual(before);
        const [recorded] = await world.db
          .select({ number: feeVersions.number })
          .from(feeVersions)
          .where(eq(feeVersions.type, 'transfer'))
          .orderBy(sql`${feeVersions.number} desc`);
        expect(recorded!.number).toBe(2);
      } finally {
        await locker.query('ROLLBACK').catch(() => undefined);
        await editor.query('ROLLBACK').catch(() => undefined);
        await locker.end();
        await editor.end();
      }
    });
  },
);
