import { describe, expect, it } from 'vitest';
import { call } from '../../helpers/fixtures.js';
import { ledgerWorld, superAdminToken } from '../../helpers/ledger.js';

/*
 * Review of decision 150 (fee versions): the versions' routes answer no 500 on odd input.
 */

describe('cancelling a version by its number', () => {
  it('answers 422, not 500, for a number beyond the integers the database holds', async () => {
    const world = await ledgerWorld();
    const token = await superAdminToken(world.app);
    for (const number of ['2147483648', '99999999999999']) {
      const answer = await call(world.app, 'DELETE', `/api/transactions/fees/withdrawal/versions/${number}`, {
        token,
      });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ number: ['Version du barème introuvable'] });
    }
  });
});
