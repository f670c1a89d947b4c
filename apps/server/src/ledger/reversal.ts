import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { entries, transactions } from '../db/schema.js';
import { accountById } from './account-ref.js';
import type { Entry } from './flows.js';

/**
 * The entries a posted transaction wrote, by its number, in the order they were written; undefined when
 * the number is not one. What a correction starts from (decision 217): whatever the flow that posted it.
 */
export async function postedEntries(
  executor: Executor,
  transactionNumber: string,
): Promise<Entry[] | undefined> {
  const rows = await executor
    .select({
      transactionId: transactions.id,
      accountId: entries.accountId,
      amountCentimes: entries.amountCentimes,
    })
    .from(transactions)
    .leftJoin(entries, eq(entries.transactionId, transactions.id))
    .where(eq(transactions.transactionNumber, transactionNumber))
    .orderBy(asc(entries.id));
  if (rows.length === 0) return undefined;
  return rows.flatMap((row) =>
    row.accountId === null || row.amountCentimes === null
      ? []
      : [{ account: accountById(row.accountId), amountCentimes: Number(row.amountCentimes) }],
  );
}

/** The entries that undo `posted`: each account gets back what it gave, and gives back what it got. */
export function negated<A>(posted: readonly Entry<A>[]): Entry<A>[] {
  return posted.map((entry) => ({ account: entry.account, amountCentimes: -entry.amountCentimes }));
}
