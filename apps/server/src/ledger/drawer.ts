import { sql, type SQL } from 'drizzle-orm';
import type { IdempotencyScope } from './idempotency.js';

/**
 * The guard of a cash operation (decision 149): the teller's drawer is open since the operation's time and
 * locked `FOR SHARE` until it commits, so a close (`FOR UPDATE`) waits for the operations under way, later
 * ones find no open row, and operations do not wait for one another.
 */
export function openDrawerOf(userId: string, at: Date): SQL {
  return sql`select id, user_id from drawer_sessions
    where user_id = ${userId}::uuid and closed_at is null and opened_at <= ${at.toISOString()}::timestamptz
    for share`;
}

/**
 * A cash operation's statement starts `with drawer as materialized (…), gate as …` (decision 149): `gate`
 * holds the teller's id, passed to the posting so it runs after the lock, when the drawer is open, the key
 * is stored (a retry) or `needed` is false; no row: nothing is written and the caller refuses `DrawerClosed`.
 */
export function drawerGate(input: {
  userId: string;
  at: Date;
  key: IdempotencyScope | undefined;
  needed?: SQL | undefined;
}): SQL {
  const { userId, at, key } = input;
  const stored = key
    ? sql`exists (select 1 from idempotency_keys k
        where k.user_id = ${key.userId}::uuid and k.route = ${key.route} and k.key = ${key.key})`
    : sql`false`;
  const notNeeded = input.needed ? sql`not (${input.needed})` : sql`false`;
  return sql`with drawer as materialized (${openDrawerOf(userId, at)}),
    gate as materialized (select ${userId}::uuid as user_id
      where exists (select 1 from drawer) or ${stored} or ${notNeeded})`;
}

/**
 * When a pending payout or cancellation needs the drawer (`drawerGate`'s `needed`, decision 149): for a
 * cancellation, only a cash send by the teller's agent. Read without a lock: a transfer's sender and agent
 * never change, and a status no longer pending never is again.
 */
export function pendingTransferNeedsDrawer(
  transactionNumber: string,
  which: { cancelledBy: string } | { paidAmountCentimes: number | null },
): SQL {
  const cancel =
    'cancelledBy' in which
      ? sql` and t.sender_account_id is null and t.agent_id = ${which.cancelledBy}::uuid`
      : which.paidAmountCentimes === null
        ? sql``
        : sql` and t.amount_centimes = ${which.paidAmountCentimes}::bigint`;
  return sql`exists (select 1 from transactions t where t.transaction_number = ${transactionNumber}
    and t.type = 'external_transfer' and t.status = 'pending'${cancel})`;
}

/** When a cash external transfer needs the drawer: its sender person exists (`PersonNotFound` comes first). */
export function senderPersonNeedsDrawer(senderId: string): SQL {
  return sql`exists (select 1 from persons p where p.id::text = ${senderId})`;
}
