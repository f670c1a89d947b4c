import { centimesFromSql, defaultAgentShareCentimes, feeTypes, type FeeType } from '@lajan/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.js';
import { feeBands, feeSchedule, feeVersions } from '../db/schema.js';
import { bandOf, feeOf, type FeeBand, type FeeQuoteCentimes } from './fees.js';

/**
 * The default schedule (DESIGN §4b), in HTG: each band's lower bound and the fee per type; `null` where
 * the type is not offered. A band ends one centime below the next one's lower bound; the last ends at
 * 100 000 HTG, the regulator's cap on one operation.
 */
const DEFAULT_BANDS: readonly { fromHtg: number; fees: Record<FeeType, number | null> }[] = [
  { fromHtg: 20, fees: { deposit: 0, transfer: 0, withdrawal: 0, external_transfer: 6 } },
  { fromHtg: 100, fees: { deposit: 0, transfer: 0, withdrawal: 0, external_transfer: 12 } },
  { fromHtg: 250, fees: { deposit: 0, transfer: 5, withdrawal: 10, external_transfer: 15 } },
  { fromHtg: 500, fees: { deposit: 0, transfer: 10, withdrawal: 20, external_transfer: 40 } },
  { fromHtg: 1_000, fees: { deposit: 0, transfer: 25, withdrawal: 40, external_transfer: 65 } },
  { fromHtg: 2_000, fees: { deposit: 0, transfer: 35, withdrawal: 60, external_transfer: 115 } },
  { fromHtg: 4_000, fees: { deposit: 0, transfer: 50, withdrawal: 90, external_transfer: 185 } },
  { fromHtg: 8_000, fees: { deposit: 0, transfer: 60, withdrawal: 125, external_transfer: 275 } },
  { fromHtg: 12_000, fees: { deposit: 0, transfer: 70, withdrawal: 145, external_transfer: 380 } },
  { fromHtg: 20_000, fees: { deposit: 0, transfer: 75, withdrawal: 170, external_transfer: 640 } },
  { fromHtg: 40_000, fees: { deposit: 0, transfer: 100, withdrawal: 200, external_transfer: 1_050 } },
  { fromHtg: 60_000, fees: { deposit: 0, transfer: 120, withdrawal: null, external_transfer: 1_400 } },
  { fromHtg: 75_000, fees: { deposit: 0, transfer: 130, withdrawal: null, external_transfer: 1_600 } },
];
const LAST_BAND_END_HTG = 100_000;

/** The default schedule as rows: one per band and type, deposit rows included, agent share 40 % rounded down. */
export function defaultFeeBands(): FeeBand[] {
  const bands: FeeBand[] = [];
  for (const type of feeTypes) {
    DEFAULT_BANDS.forEach((band, index) => {
      const fee = band.fees[type];
      if (fee === null) return;
      const next = DEFAULT_BANDS[index + 1];
      const maxAmountCentimes = next ? next.fromHtg * 100 - 1 : LAST_BAND_END_HTG * 100;
      const feeCentimes = fee * 100;
      bands.push({
        type,
        minAmountCentimes: band.fromHtg * 100,
        maxAmountCentimes,
        feeCentimes,
        agentShareCentimes: defaultAgentShareCentimes(feeCentimes),
      });
    });
  }
  return bands;
}

/**
 * Seeds version 1 of each type at the first start only (decision 150): a restart must not bring the defaults
 * back. Of two processes starting together, the unique (type, number) lets one write version 1 and its bands.
 */
export async function seedFeeSchedule(db: Db, now: Date): Promise<void> {
  const [existing] = await db.select({ id: feeVersions.id }).from(feeVersions).limit(1);
  if (existing) return;
  await db.transaction(async (tx) => {
    const versions = await tx
      .insert(feeVersions)
      .values(feeTypes.map((type) => ({ type, number: 1, effectiveFrom: sql`now()`, createdAt: now })))
      .onConflictDoNothing()
      .returning({ id: feeVersions.id, type: feeVersions.type });
    const bands = defaultFeeBands();
    for (const version of versions) {
      await tx
        .insert(feeBands)
        .values(
          bands
            .filter((band) => band.type === version.type)
            .map((band) => ({ ...band, versionId: version.id, updatedAt: now })),
        );
    }
  });
}

/** A fee version as a quote or a posting names it: its number in its type's chain, and when it took effect. */
export interface FeeVersionRefOf {
  number: number;
  effectiveFrom: Date;
}

/** A band with its row's id and its version: what a posting names to check that its fee is still in force. */
export interface FeeBandRow extends FeeBand {
  id: string;
  /** The number of the version the band belongs to (decision 150). */
  versionNumber: number;
  versionEffectiveFrom: Date;
}

export async function readFeeBandRows(executor: Executor, type: FeeType): Promise<FeeBandRow[]> {
  const rows = await executor
    .select({
      id: feeSchedule.id,
      minAmountCentimes: feeSchedule.minAmountCentimes,
      maxAmountCentimes: feeSchedule.maxAmountCentimes,
      feeCentimes: feeSchedule.feeCentimes,
      agentShareCentimes: feeSchedule.agentShareCentimes,
      versionNumber: feeSchedule.versionNumber,
      versionEffectiveFrom: feeSchedule.versionEffectiveFrom,
    })
    .from(feeSchedule)
    .where(eq(feeSchedule.type, type))
    .orderBy(asc(feeSchedule.minAmountCentimes));
  return rows.map((row) => ({
    id: row.id,
    type,
    minAmountCentimes: centimesFromSql(row.minAmountCentimes),
    maxAmountCentimes: centimesFromSql(row.maxAmountCentimes),
    feeCentimes: centimesFromSql(row.feeCentimes),
    agentShareCentimes: centimesFromSql(row.agentShareCentimes),
    versionNumber: row.versionNumber,
    versionEffectiveFrom: row.versionEffectiveFrom,
  }));
}

/** The fee and agent share of an amount, with the version that priced it: what a quote answers (decision 150). */
export async function feeQuoteFor(
  executor: Executor,
  type: FeeType,
  amountCentimes: number,
): Promise<FeeQuoteCentimes & { version: FeeVersionRefOf }> {
  return quoteFromBands(await readFeeBandRows(executor, type), type, amountCentimes);
}

/** The quote of an amount from bands of one version (all of `rows` are of the version in force). */
export function quoteFromBands(
  rows: readonly FeeBandRow[],
  type: FeeType,
  amountCentimes: number,
): FeeQuoteCentimes & { version: FeeVersionRefOf } {
  const fee = feeOf(rows, type, amountCentimes);
  const band = bandOf(rows, type, amountCentimes)!;
  return { ...fee, version: { number: band.versionNumber, effectiveFrom: band.versionEffectiveFrom } };
}

/**
 * The schedule as this process last read it, per type. It may change at any time: the posting checks its band
 * against the rows in force and, when they differ, `forget`s the copy and reads it again (decision 150).
 */
export class FeeScheduleCache {
  readonly #bands = new Map<FeeType, Promise<FeeBandRow[]>>();

  bands(executor: Executor, type: FeeType): Promise<FeeBandRow[]> {
    let bands = this.#bands.get(type);
    if (!bands) {
      const read = readFeeBandRows(executor, type);
      bands = read;
      this.#bands.set(type, read);
      read.catch(() => {
        if (this.#bands.get(type) === read) this.#bands.delete(type);
      });
    }
    return bands;
  }

  forget(type: FeeType): void {
    this.#bands.delete(type);
  }
}
