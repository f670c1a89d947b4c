import { describe, expect, it } from 'vitest';
import {
  cashFeesOf,
  differenceKindOfCentimes,
  differenceNeedsAcknowledgement,
  drawerCountsSchema,
  drawerDenominations,
  drawerDifferenceKind,
  drawerDifferenceText,
  drawerMovementKinds,
  drawerTotalCentimes,
  roundingExplanation,
  SMALLEST_COIN_CENTIMES,
  type DrawerTotal,
} from './drawer.js';
import { translate } from './i18n.js';
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

describe('cash the drawer can count (decision 212)', () => {
  /** The fewest pieces for an amount, largest first: what a teller hands over or counts. */
  function piecesFor(centimes: number): Record<string, number> {
    let left = centimes;
    const counts: Record<string, number> = {};
    for (const d of drawerDenominations) {
      const pieces = Math.floor(left / d.centimes);
      counts[d.key] = pieces;
      left -= pieces * d.centimes;
    }
    return counts;
  }

  it('counts a day of cash operations of odd centimes to a difference of exactly zero', () => {
    // Opening 2 000; in: deposits of 125,75 and 3,05, a cash send of 1 000,10 and its 65 of fee; out: a
    // withdrawal of 48,40 and a pay-out of 310,15. The 50 centimes coin alone left 0,25 that no count reached.
    const movements = [2000, 125.75, 3.05, 1000.1, 65, -48.4, -310.15];
    const expected = movements.reduce((sum, amount) => sum + htgToCentimes(amount), 0);
    expect(centimesToHtg(expected)).toBe(2835.35);
    const counts = drawerCountsSchema.parse(piecesFor(expected));
    expect(counts).toMatchObject({ '0.20': 1, '0.10': 1, '0.05': 1 });
    const difference = drawerTotalCentimes(counts) - expected;
    expect(difference).toBe(0);
    expect(differenceKindOfCentimes(difference)).toBe('none');
    expect(drawerDifferenceText(centimesToHtg(difference))).toBe('0,00\u00a0HTG (aucun écart)');
  });

  it('lists every circulating coin beside the notes', () => {
    const coins = drawerDenominations.filter((d) => d.kind === 'coin').map((d) => translate(d.label));
    expect(coins).toEqual([
      'Pièce de 5 HTG',
      'Pièce de 1 HTG',
      'Pièce de 50 centimes',
      'Pièce de 20 centimes',
      'Pièce de 10 centimes',
      'Pièce de 5 centimes',
    ]);
    expect(SMALLEST_COIN_CENTIMES).toBe(5);
    // A count of before, with the denominations of then, still reads.
    expect(drawerTotalCentimes(drawerCountsSchema.parse({ '1000': 2, '0.50': 3 }))).toBe(2001_50);
  });

  it('says a difference below the smallest coin is a rounding, never a shortage nor acknowledged', () => {
    // 125,78 expected, 125,75 counted: the nearest count is 0,02 or 0,03 away.
    expect(drawerDifferenceKind(-0.03)).toBe('rounding');
    expect(drawerDifferenceKind(0.04)).toBe('rounding');
    expect(drawerDifferenceText(-0.03)).toBe('−0,03\u00a0HTG (arrondi)');
    expect(differenceNeedsAcknowledgement(-3, 0)).toBe(false);
    expect(roundingExplanation()).toBe(
      'Moins que la plus petite pièce (0,05\u00a0HTG) : un arrondi, ni manquant ni excédent.',
    );
  });

  it('says 0,05 and more a shortage or a surplus, acknowledged above the threshold', () => {
    expect(drawerDifferenceKind(-0.05)).toBe('shortage');
    expect(drawerDifferenceKind(0.05)).toBe('surplus');
    expect(drawerDifferenceText(-0.05)).toBe('−0,05\u00a0HTG (manquant)');
    expect(drawerDifferenceText(600)).toBe('+600,00\u00a0HTG (excédent)');
    expect(differenceNeedsAcknowledgement(-5, 0)).toBe(true);
    expect(differenceNeedsAcknowledgement(-500_00, 500_00)).toBe(false);
    expect(differenceNeedsAcknowledgement(500_01, 500_00)).toBe(true);
  });
});
