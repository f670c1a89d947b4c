import type { FeeType } from '@lajan/domain';
import { LedgerRefused } from './results.js';

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
 * lower bound that covers the amount. No band covers it: `OutsideFeeBands`, with the amounts the
 * type's bands do cover, for the message.
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
  const range =
    bands.length === 0
      ? null
      : {
          minCentimes: Math.min(...bands.map((b) => b.minAmountCentimes)),
          maxCentimes: Math.max(...bands.map((b) => b.maxAmountCentimes)),
        };
  throw new LedgerRefused('OutsideFeeBands', { field: 'amount', feeBands: { type, range } });
}
