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
  const band = bandOf(schedule, type, amountCentimes);
  if (band) return { feeCentimes: band.feeCentimes, agentShareCentimes: band.agentShareCentimes };
  const bands = schedule.filter((candidate) => candidate.type === type);
  const range =
    bands.length === 0
      ? null
      : {
          minCentimes: Math.min(...bands.map((b) => b.minAmountCentimes)),
          maxCentimes: Math.max(...bands.map((b) => b.maxAmountCentimes)),
        };
  throw new LedgerRefused('OutsideFeeBands', { field: 'amount', feeBands: { type, range } });
}

/** The band `feeOf` charges by: of `type`, the lowest lower bound that covers the amount. */
export function bandOf<Band extends FeeBand>(
  schedule: readonly Band[],
  type: FeeType,
  amountCentimes: number,
): Band | undefined {
  return schedule
    .filter((band) => band.type === type)
    .sort((a, b) => a.minAmountCentimes - b.minAmountCentimes)
    .find((band) => band.minAmountCentimes <= amountCentimes && amountCentimes <= band.maxAmountCentimes);
}
