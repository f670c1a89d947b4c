import { centimesFromSql } from '@lajan/domain';
import { and, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { accounts, entries } from '../db/schema.js';

/** Whose balance: some accounts by id, or every agent's float (the network's float). */
export type BalanceScope = { accountIds: string[] } | { allFloats: true };

function accountsOf(scope: BalanceScope): SQL | undefined {
  return 'allFloats' in scope ? eq(accounts.kind, 'float') : inArray(accounts.id, scope.accountIds);
}

/**
 * The balance of `scope` at each of `instants` (ascending): the balance now minus the entries posted at or
 * after that instant (DESIGN §4: a balance is the sum of its entries). One pass over the entries after the
 * first instant, bucketed by `width_bucket` against the instants, whatever the number of days.
 */
export async function balancesAt(
  executor: Executor,
  scope: BalanceScope,
  instants: Date[],
): Promise<number[]> {
  if ('accountIds' in scope && scope.accountIds.length === 0) return instants.map(() => 0);
  const first = instants[0];
  if (!first) return [];
  const [now] = await executor
    .select({ total: sql<string | null>`sum(${accounts.balanceCentimes})` })
    .from(accounts)
    .where(accountsOf(scope));
  const balanceNowCentimes = centimesFromSql(now?.total);

  const thresholds = sql`array[${sql.join(
    instants.map((instant) => sql`${instant.toISOString()}::timestamptz`),
    sql`, `,
  )}]`;
  const bucket = sql<number>`width_bucket(${entries.createdAt}, ${thresholds})`;
  const rows = await executor
    .select({ bucket, total: sql<string>`sum(${entries.amountCentimes})` })
    .from(entries)
    .innerJoin(accounts, eq(accounts.id, entries.accountId))
    .where(and(accountsOf(scope), gte(entries.createdAt, first)))
    // By position: the expression's parameters would make a second copy of it a different expression.
    .groupBy(sql`1`);

  // Bucket j (1-based) holds the entries at or after instants[j-1] and before instants[j].
  const perBucket = new Array<number>(instants.length + 1).fill(0);
  for (const row of rows) {
    const index = Number(row.bucket);
    perBucket[index] = (perBucket[index] ?? 0) + centimesFromSql(row.total);
  }
  const balances = new Array<number>(instants.length);
  let after = 0;
  for (let k = instants.length - 1; k >= 0; k -= 1) {
    after += perBucket[k + 1] ?? 0;
    balances[k] = balanceNowCentimes - after;
  }
  return balances;
}
