import { describe, expect, it } from 'vitest';
import { accountById, refKey } from '../../src/ledger/account-ref.js';
import type { Entry } from '../../src/ledger/flows.js';
import { negated, postedEntries } from '../../src/ledger/reversal.js';
import { databaseKind } from '../helpers/database.js';
import { ledgerFlows } from '../helpers/ledger-flows.js';
import { ledgerWorld, partyOf } from '../helpers/ledger.js';

/** Each account's net amount, by its reference. */
function net(entries: readonly Entry[]): Map<string, number> {
  const sums = new Map<string, number>();
  for (const entry of entries)
    sums.set(refKey(entry.account), (sums.get(refKey(entry.account)) ?? 0) + entry.amountCentimes);
  return sums;
}

describe(`a posted transaction's entries, read back and negated (${databaseKind}, decision 217)`, () => {
  it('reads the entries any flow wrote, by the transaction number, and negates them into entries that undo it', async () => {
    const world = await ledgerWorld();
    const flows = ledgerFlows(world.app.services.ledger);
    const actor = {
      userId: world.pap.teller.id,
      agent: { id: world.pap.id, floatAccountId: world.pap.floatAccountId },
    };
    const withdrawal = await flows.withdraw(world.db, {
      actor,
      party: partyOf(world.marie),
      amountCentimes: 1_000_00,
      accountId: world.marieAccount.id,
      at: world.clock.now(),
    });
    const sent = await flows.externalTransfer(world.db, {
      actor,
      party: partyOf(world.marie),
      amountCentimes: 500_00,
      senderAccountId: null,
      senderPersonId: world.marie.id,
      recipient: { firstName: 'Paul', lastName: 'Délice' },
      at: world.clock.now(),
    });

    for (const movement of [withdrawal, sent]) {
      const posted = await postedEntries(world.db, movement.posted.transactionNumber);
      expect(posted).toBeDefined();
      // What the movement moved: the payer gave the amount and the fee, the rest went where DESIGN §4 says.
      expect(posted!.reduce((sum, entry) => sum + entry.amountCentimes, 0)).toBe(0);
      expect(posted!.length).toBeGreaterThanOrEqual(2);
      const undo = negated(posted!);
      expect(undo.reduce((sum, entry) => sum + entry.amountCentimes, 0)).toBe(0);
      const together = net([...posted!, ...undo]);
      for (const [account, amount] of together) expect(amount, account).toBe(0);
    }
    const withdrawn = net((await postedEntries(world.db, withdrawal.posted.transactionNumber))!);
    expect(withdrawn.get(refKey(accountById(world.marieAccount.id)))).toBe(
      -(withdrawal.amountCentimes + withdrawal.feeCentimes),
    );
    expect(await postedEntries(world.db, '000000000000')).toBeUndefined();
  });
});
