import { describe, expect, it } from 'vitest';
import { cashFeesOf, drawerMovementKinds, type DrawerTotal } from './drawer.js';
import { centimesToHtg, htgToCentimes } from './money.js';

describe('cashFeesOf', () => {
  // The walk-through's closed session: opening 17 000, expected 24 615; the ticket said 175 of fees, of which
  // the withdrawal's 60 were taken from the account, so the lines did not add up to the expected amount.
  const totals: DrawerTotal[] = [
    { type: 'deposit', count: 3, amount: 9500, fee: 75, agentShare: 30, cash: 9575 },
    { type: 'external_transfer', count: 1, amount: 3000, fee: 40, agentShare: 16, cash: 3040 },
    { type: 'withdrawal', count: 1, amount: 2000, fee: 60, agentShare: 24, cash: -2000 },
    { type: 'external_payout', count: 1, amount: 3000, fee: 0, agentShare: 0, cash: -3000 },
  ];

  it('counts the fees paid in cash into the drawer, not those taken from an account', () => {
    expect(cashFeesOf(totals)).toBe(115);
  });

  it('adds up with the opening and each line in its direction to the expected amount', () => {
    const lines = totals.reduce(
      (sum, line) => sum + drawerMovementKinds[line.type].direction * htgToCentimes(line.amount),
      0,
    );
    expect(centimesToHtg(htgToCentimes(17_000) + lines + htgToCentimes(cashFeesOf(totals)))).toBe(24_615);
  });
});
