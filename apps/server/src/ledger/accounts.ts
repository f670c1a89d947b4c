import { CURRENCY } from '@lajan/domain';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { accounts, transactions } from '../db/schema.js';
import { generateAccountNumber } from './numbers.js';

/*
 * Opening an account: the ledger's own row, under a fresh number, with a balance of zero that only a
 * posting changes. The accounts module adds the lifecycle around it (holders, a request's reference, the
 * status); the agents module opens a float with each agent.
 */

/** How many fresh numbers to try before giving up: ten random digits almost never collide twice. */
const NUMBER_ATTEMPTS = 5;

type AccountValues = Omit<typeof accounts.$inferInsert, 'accountNumber' | 'balanceCentimes'>;

/**
 * Opens an account under a fresh random number; a collision is skipped (`ON CONFLICT DO NOTHING`), not
 * caught, since a failed statement aborts the caller's transaction (decision 050). With `fresh`, the other
 * unique values (a request's reference) are drawn again too, so any conflict is skipped and retried.
 */
export async function openAccount(
  executor: Executor,
  values: AccountValues,
  fresh?: () => Partial<AccountValues>,
): Promise<{ id: string; accountNumber: string; requestReference: string | null }> {
  for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt += 1) {
    const insert = executor
      .insert(accounts)
      .values({ ...values, ...fresh?.(), accountNumber: generateAccountNumber(), balanceCentimes: 0 });
    const [row] = await (
      fresh ? insert.onConflictDoNothing() : insert.onConflictDoNothing({ target: accounts.accountNumber })
    ).returning({
      id: accounts.id,
      accountNumber: accounts.accountNumber,
      requestReference: accounts.requestReference,
    });
    if (row) return row;
  }
  throw new Error(`ledger: no free account number after ${NUMBER_ATTEMPTS} attempts`);
}

/**
 * The float account of a new agent (DESIGN §3, §4): active, balance 0. Call it in the transaction that
 * creates the agent; the caller records the audit entry of the whole creation.
 */
export async function openFloatAccount(
  executor: Executor,
  input: { agentId: string; now: Date },
): Promise<{ id: string; accountNumber: string }> {
  const { id, accountNumber } = await openAccount(executor, {
    kind: 'float',
    type: null,
    currency: CURRENCY,
    status: 'active',
    agentId: input.agentId,
    createdAt: input.now,
    updatedAt: input.now,
  });
  return { id, accountNumber };
}

/**
 * Whether an external transfer sent from the account still waits to be paid out: its cancellation gives
 * the money back to that account (ledger/flows.ts), which must then still take it. Read under the
 * account's row lock, which every posting on the account also takes.
 */
export async function hasPendingTransferFrom(executor: Executor, accountId: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.senderAccountId, accountId),
        eq(transactions.type, 'external_transfer'),
        eq(transactions.status, 'pending'),
      ),
    )
    .limit(1);
  return row !== undefined;
}
