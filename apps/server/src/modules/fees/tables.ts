import { centimesToHtg, feeTypes, transactionTypeLabels, type FeeRow, type FeeType } from '@lajan/domain';
import { asc } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { feeSchedule } from '../../db/schema.js';

/** The schedule as SPEC §3 fee rows in HTG, grouped by type in the order of the fee tables. */
export async function feeGroups(
  executor: Executor,
): Promise<{ type: FeeType; label: string; rows: FeeRow[] }[]> {
  const rows = await executor
    .select()
    .from(feeSchedule)
    .orderBy(asc(feeSchedule.type), asc(feeSchedule.minAmountCentimes));
  return feeTypes.map((type) => ({
    type,
    label: transactionTypeLabels[type],
    rows: rows
      .filter((row) => row.type === type)
      .map((row) => ({
        type,
        min_amount: centimesToHtg(row.minAmountCentimes),
        max_amount: centimesToHtg(row.maxAmountCentimes),
        fee: centimesToHtg(row.feeCentimes),
        agent_share: centimesToHtg(row.agentShareCentimes),
      })),
  }));
}
