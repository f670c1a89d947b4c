import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { payoutIdentifications, type transactions } from '../../db/schema.js';

/**
 * The failed identifications of a transfer since its last unlock (decision 112): ordered by id, which
 * the transfer's row lock makes the order of the tries.
 */
export function failuresSinceUnlockSql(transactionId: SQL | typeof transactions.id): SQL<number> {
  return sql<number>`(select count(*)::int from payout_identifications f
    where f.transaction_id = ${transactionId} and f.outcome = 'failed'
      and f.id > coalesce((select max(u.id) from payout_identifications u
        where u.transaction_id = ${transactionId} and u.outcome = 'unlocked'), 0))`;
}

/** Failed identifications since the last unlock; read under the transfer's row lock to be exact. */
export async function failedIdentificationsSinceUnlock(
  executor: Executor,
  transactionId: string,
): Promise<number> {
  const [row] = await executor
    .select({ failures: failuresSinceUnlockSql(sql`${transactionId}::uuid`) })
    .from(sql`(select 1) as one`);
  return Number(row?.failures ?? 0);
}

/** One line of `payout_identifications`: a failed identification, or the sending agent's unlock. */
export async function recordPayoutIdentification(
  executor: Executor,
  entry: {
    transactionId: string;
    outcome: 'failed' | 'unlocked';
    userId: string;
    agentId: string | null;
    presented: Record<string, unknown> | null;
    at: Date;
  },
): Promise<void> {
  await executor.insert(payoutIdentifications).values(entry);
}
