import { centimesFromSql } from '@lajan/domain';
import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { accountDayTotals, accounts } from '../db/schema.js';

/** Whose balance: some accounts by id, or every agent's float (the network's float). */
export type BalanceScope = { accountIds: string[] } | { allFloats: true };

function accountsOf(scope: BalanceScope): SQL | undefined {
  return 'allFloats' in scope ? eq(accounts.kind, 'float') : inArray(accounts.id, scope.accountIds);
}

/**
 * The per-day rows of `scope`'s accounts, as ranges of the primary key `(account_id, day, slot)`: for the
 * network's float, `= any(array(…))` of the float accounts, so that the plan reads each float's days by its
 * key instead of joining every customer account's days.
 */
function dayTotalsOf(scope: BalanceScope): SQL {
  return 'allFloats' in scope
    ? sql`${accountDayTotals.accountId} = any(array(select ${accounts.id} from ${accounts} where ${accounts.kind} = 'float'))`
    : inArray(accountDayTotals.accountId, scope.accountIds);
}

/**
 * The closing balance of `scope` at the end of each of `days` (Haiti's, `YYYY-MM-DD`, ascending): the balance
 * now minus the later days' sums in `account_day_totals` (decision 144), so the read costs a row per account
 * and day, whatever the number of entries.
 */
export async function closingBalances(
  executor: Executor,
  scope: BalanceScope,
  days: string[],
): Promise<number[]> {
  if ('accountIds' in scope && scope.accountIds.length === 0) return days.map(() => 0);
  const first = days[0];
  if (first === undefined) return [];
  const [now] = await executor
    .select({ total: sql<string | null>`sum(${accounts.balanceCentimes})` })
    .from(accounts)
    .where(accountsOf(scope));
  const balanceNowCentimes = centimesFromSql(now?.total);

  const rows = await executor
    .select({
      day: accountDayTotals.day,
      total: sql<string>`sum(${accountDayTotals.amountCentimes})`,
    })
    .from(accountDayTotals)
    .where(and(dayTotalsOf(scope), gt(accountDayTotals.day, first)))
    .groupBy(accountDayTotals.day);
  const perDay = new Map(rows.map((row) => [row.day, centimesFromSql(row.total)]));

  // Walk back from the newest day: the closing of day k is the balance now minus every day after it,
  // including days after the last one asked (a later day, if the clock is behind a posting).
  let after = 0;
  for (const [day, total] of perDay) if (day > (days.at(-1) ?? first)) after += total;
  const balances = new Array<number>(days.length);
  for (let k = days.length - 1; k >= 0; k -= 1) {
    balances[k] = balanceNowCentimes - after;
    after += perDay.get(days[k] ?? '') ?? 0;
  }
  return balances;
}
