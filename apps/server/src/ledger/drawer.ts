import { sql, type SQL } from 'drizzle-orm';
import type { IdempotencyScope } from './idempotency.js';

/**
 * The guard of a cash operation (decision 149): the teller's drawer session must be open, and opened at
 * or before the operation's time (so that the operation falls inside the session's window). The row is
 * locked `FOR SHARE` until the operation commits: a close (`FOR UPDATE`) waits for the operations under
 * way, and an operation that comes after the close finds no open row. Operations share the lock, so they
 * do not wait for one another.
 */
export function openDrawerOf(userId: string, at: Date): SQL {
  return sql`select id, user_id from drawer_sessions
    where user_id = ${userId}::uuid and closed_at is null and opened_at <= ${at.toISOString()}::timestamptz
    for share`;
}

/**
 * What a cash operation's one statement starts with (decision 149): `with drawer as materialized (… for
 * share), gate as materialized (…)`. `gate` has one row, the teller's id (`gate.user_id`, to be passed
 * to the posting function so that it is called after the lock, once per row), when the operation may go:
 * its teller's drawer is open (and now locked `FOR SHARE`), or its key is stored already (a retry is
 * answered as the first time, even after the close), or it turns out not to need the drawer (`needed`:
 * a condition read before the posting, such as a cancelled transfer's refund to an account). No row: the
 * function is not called, nothing is written, and the caller refuses `DrawerClosed`.
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
 * When a payout or a cancellation needs the drawer (`drawerGate`'s `needed`): the transfer exists and is
 * pending (its refusals come first); for a payout, of the amount given if any (`AmountMismatch` comes
 * first); for a cancellation, also sent in cash (its refund is paid in cash)
 * by the cancelling teller's agent (`NotSendingAgent` comes first). Read without a lock: a transfer's
 * sender and agent never change, and a status that is no longer pending never is again.
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
