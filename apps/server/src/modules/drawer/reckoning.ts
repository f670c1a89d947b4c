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
    // A correction undoes its original (decision 226): its fee, the original's returned, is negative.
    case 'deposit_reversal':
      return -movement.amountCentimes + movement.feeCentimes;
    case 'withdrawal_reversal':
      return movement.amountCentimes;
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

/**
 * The canonical text of the closes made since decision 212 (the counts with every coin); version 2 (decision
 * 201) and version 1 stay for those of before, so that their tickets still verify.
 */
export const CURRENT_FINGERPRINT_VERSION = 3;

/** What the fingerprint is taken over: the session, its count, its ledger entries, the previous fingerprint. */
export interface FingerprintInput {
  /**
   * 1: the closes before decision 201; 2: the opening's comparison, both counts and the closer too; 3: the
   * same, the counts with every denomination of decision 212.
   */
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
  /** Version 2 and later. */
  openingCounts: Record<string, number>;
  closingCounts: Record<string, number>;
  previousCountedCentimes: number | null;
  openingDifferenceCentimes: number | null;
  closedByUserId: string | null;
}

/** The denominations a version 2 text says: those of decision 149, down to 50 centimes, as they were then. */
const VERSION_2_DENOMINATIONS = ['1000', '500', '250', '100', '50', '25', '20', '10', '5', '1', '0.50'];

/** A count by denomination in the list's order, every denomination said (`1000:2 500:0 …`). */
function countsLine(counts: Record<string, number>, version: number): string {
  const keys = version >= 3 ? drawerDenominations.map((d) => d.key) : VERSION_2_DENOMINATIONS;
  return keys.map((key) => `${key}:${counts[key] ?? 0}`).join(' ');
}

/**
 * The canonical text a closed session's fingerprint signs: only what never changes after posting
 * (decision 149). Version 2 adds the opening's comparison and the counts (decision 201), version 3 every coin
 * (decision 212); each session keeps its version, so an older ticket still verifies.
 */
export function canonicalText(input: FingerprintInput): string {
  const v2 = input.version >= 2;
  const lines = [
    `lajan-drawer-v${input.version}`,
    `session ${input.sessionId}`,
    `teller ${input.userId}`,
    `agent ${input.agentId}`,
    `opened ${input.openedAt.toISOString()}`,
    `closed ${input.closedAt.toISOString()}`,
    ...(v2 ? [`opening-counts ${countsLine(input.openingCounts, input.version)}`] : []),
    `opening ${input.openingCentimes}`,
    ...(v2
      ? [
          `previous-counted ${input.previousCountedCentimes ?? '-'}`,
          `opening-difference ${input.openingDifferenceCentimes ?? '-'}`,
          `closing-counts ${countsLine(input.closingCounts, input.version)}`,
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
