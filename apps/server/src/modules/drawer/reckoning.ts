import { createHash } from 'node:crypto';
import { drawerDenominations, drawerMovementKinds, type DrawerMovementKind } from '@lajan/domain';
import type { DrawerMovement } from './store.js';

/**
 * What one cash movement changes in the drawer, in centimes. In: a deposit's amount and its fee (the
 * customer pays a deposit's fee in cash, decision 070), a cash send's amount and fee. Out: a withdrawal's
 * amount (its fee is taken from the account), a pay-out's amount, a cash refund's amount (the fee is kept).
 */
export function cashEffectCentimes(
  movement: Pick<DrawerMovement, 'type' | 'amountCentimes' | 'feeCentimes'>,
): number {
  switch (movement.type) {
    case 'deposit':
    case 'external_transfer':
      return movement.amountCentimes + movement.feeCentimes;
    case 'withdrawal':
    case 'external_payout':
    case 'external_refund':
      return -movement.amountCentimes;
  }
}

export interface DrawerTotals {
  lines: {
    type: DrawerMovementKind;
    count: number;
    amountCentimes: number;
    feeCentimes: number;
    agentShareCentimes: number;
    cashCentimes: number;
  }[];
  cashCentimes: number;
  feeCentimes: number;
  agentShareCentimes: number;
}

/** The session's totals by type, in the order of `drawerMovementKinds`; types with no movement left out. */
export function totalsOf(movements: DrawerMovement[]): DrawerTotals {
  const lines = (Object.keys(drawerMovementKinds) as DrawerMovementKind[])
    .map((type) => {
      const ofType = movements.filter((movement) => movement.type === type);
      return {
        type,
        count: ofType.length,
        amountCentimes: ofType.reduce((sum, m) => sum + m.amountCentimes, 0),
        feeCentimes: ofType.reduce((sum, m) => sum + m.feeCentimes, 0),
        agentShareCentimes: ofType.reduce((sum, m) => sum + m.agentShareCentimes, 0),
        cashCentimes: ofType.reduce((sum, m) => sum + cashEffectCentimes(m), 0),
      };
    })
    .filter((line) => line.count > 0);
  return {
    lines,
    cashCentimes: lines.reduce((sum, line) => sum + line.cashCentimes, 0),
    feeCentimes: lines.reduce((sum, line) => sum + line.feeCentimes, 0),
    agentShareCentimes: lines.reduce((sum, line) => sum + line.agentShareCentimes, 0),
  };
}

/** The canonical text of the closes made since decision 201; version 1 stays for those of before. */
export const CURRENT_FINGERPRINT_VERSION = 2;

/** What the fingerprint is taken over: the session, its count, its ledger entries, the previous fingerprint. */
export interface FingerprintInput {
  /** 1: the closes before decision 201; 2: the opening's comparison, both counts and the closer too. */
  version: number;
  sessionId: string;
  userId: string;
  agentId: string;
  openedAt: Date;
  closedAt: Date;
  openingCentimes: number;
  countedCentimes: number;
  previousFingerprint: string | null;
  movements: DrawerMovement[];
  /** Version 2 only. */
  openingCounts: Record<string, number>;
  closingCounts: Record<string, number>;
  previousCountedCentimes: number | null;
  openingDifferenceCentimes: number | null;
  closedByUserId: string | null;
}

/** A count by denomination in the list's order, every denomination said (`1000:2 500:0 …`). */
function countsLine(counts: Record<string, number>): string {
  return drawerDenominations.map((d) => `${d.key}:${counts[d.key] ?? 0}`).join(' ');
}

/**
 * The canonical text of a closed session (decision 149): one line per fact, in a fixed order, amounts in
 * whole centimes, times in UTC ISO 8601. Only what never changes after posting: a transaction's number,
 * type, time and amounts, and its entries (an external transfer's status changes later; it is left out).
 * Version 2 (decision 201) adds the opening's comparison with the previous close, both counts by
 * denomination and who closed; a session's version is stored with it, so a ticket of before still verifies.
 */
export function canonicalText(input: FingerprintInput): string {
  const v2 = input.version >= 2;
  const lines = [
    v2 ? 'lajan-drawer-v2' : 'lajan-drawer-v1',
    `session ${input.sessionId}`,
    `teller ${input.userId}`,
    `agent ${input.agentId}`,
    `opened ${input.openedAt.toISOString()}`,
    `closed ${input.closedAt.toISOString()}`,
    ...(v2 ? [`opening-counts ${countsLine(input.openingCounts)}`] : []),
    `opening ${input.openingCentimes}`,
    ...(v2
      ? [
          `previous-counted ${input.previousCountedCentimes ?? '-'}`,
          `opening-difference ${input.openingDifferenceCentimes ?? '-'}`,
          `closing-counts ${countsLine(input.closingCounts)}`,
        ]
      : []),
    `counted ${input.countedCentimes}`,
    ...(v2 ? [`closed-by ${input.closedByUserId ?? '-'}`] : []),
    `previous ${input.previousFingerprint ?? '-'}`,
  ];
  for (const movement of input.movements) {
    lines.push(
      `transaction ${movement.transactionNumber} ${movement.type} ${movement.createdAt.toISOString()} ${movement.amountCentimes} ${movement.feeCentimes} ${movement.agentShareCentimes}`,
    );
    for (const entry of movement.entries) lines.push(`entry ${entry.accountNumber} ${entry.amountCentimes}`);
  }
  return `${lines.join('\n')}\n`;
}

/** SHA-256 of the canonical text, in lowercase hex. */
export function fingerprintOf(input: FingerprintInput): string {
  return createHash('sha256').update(canonicalText(input), 'utf8').digest('hex');
}
