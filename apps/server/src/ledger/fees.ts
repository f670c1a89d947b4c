import type { FeeType } from '@lajan/domain';
import { LedgerRefused } from '../http/errors.js';
import { outsideFeeBandsMessage, centimesToHtg, transactionTypeLabels } from '@lajan/domain';

/** One band of the fee schedule (DESIGN §4b), bounds included, in centimes. */
export interface FeeBand {
  type: FeeType;
  minAmountCentimes: number;
  maxAmountCentimes: number;
  feeCentimes: number;
  agentShareCentimes: number;
}

export interface FeeQuoteCentimes {
  feeCentimes: number;
  agentShareCentimes: number;
}

/**
 * The fee of DESIGN §4b, computed from a schedule and nothing else: the band of `type` with the lowest
 * lower bound that covers the amount. No band covers it: `OutsideFeeBands`, with the range the type's
 * bands do cover, for the message.
 */
export function feeOf(schedule: readonly FeeBand[], type: FeeType, amountCentimes: number): FeeQuoteCentimes {
  const bands = schedule
    .filter((band) => band.type === type)
    .sort((a, b) => a.minAmountCentimes - b.minAmountCentimes);
  const band = bands.find(
    (candidate) =>
      candidate.minAmountCentimes <= amountCentimes && amountCentimes <= candidate.maxAmountCentimes,
  );
  if (band) return { feeCentimes: band.feeCentimes, agentShareCentimes: band.agentShareCentimes };
  const min = bands.length ? Math.min(...bands.map((b) => b.minAmountCentimes)) : undefined;
  const max = bands.length ? Math.max(...bands.map((b) => b.maxAmountCentimes)) : undefined;
  const message =
    min !== undefined && max !== undefined
      ? outsideFeeBandsMessage(type, centimesToHtg(min), centimesToHtg(max))
      : `Montant hors barème : aucun barème de frais pour ${transactionTypeLabels[type].toLowerCase()}`;
  throw new LedgerRefused('OutsideFeeBands', { message, field: 'amount' });
}
