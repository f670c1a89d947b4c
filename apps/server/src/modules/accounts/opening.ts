import { randomInt } from 'node:crypto';
import { CURRENCY, type AccountType } from '@lajan/domain';
import type { Executor } from '../../db/client.js';
import { accounts } from '../../db/schema.js';
import { generateAccountNumber } from '../../ledger/numbers.js';
import { insertHolders } from './store.js';

/*
 * An account's insertion under a fresh random number, which every opening shares: a customer's at the
 * counter, a visitor's request, an agent's float.
 */

/** How many fresh numbers to try before giving up: ten random digits almost never collide twice. */
const NUMBER_ATTEMPTS = 5;

/**
 * Inserts an account under a fresh random number. A collision on the number is skipped with
 * `ON CONFLICT DO NOTHING` rather than caught, because a failed statement would abort the
 * caller's transaction on PostgreSQL; any other conflict (a second float for one agent) fails.
 */
export async function insertWithFreshNumber(
  executor: Executor,
  values: Omit<typeof accounts.$inferInsert, 'accountNumber'>,
): Promise<{ id: string; accountNumber: string }> {
  for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt += 1) {
    const [row] = await executor
      .insert(accounts)
      .values({ ...values, accountNumber: generateAccountNumber() })
      .onConflictDoNothing({ target: accounts.accountNumber })
      .returning({ id: accounts.id, accountNumber: accounts.accountNumber });
    if (row) return row;
  }
  throw new Error(`accounts: no free account number after ${NUMBER_ATTEMPTS} attempts`);
}

const referenceAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A public request's reference, `DEM-7K4QZP`: six characters without the look-alikes 0/O and
 * 1/I, read aloud at the counter (32⁶ ≈ 10⁹, unique by constraint, retried on a collision).
 */
export function generateRequestReference(): string {
  let code = '';
  for (let i = 0; i < 6; i += 1) code += referenceAlphabet[randomInt(referenceAlphabet.length)];
  return `DEM-${code}`;
}

/**
 * A visitor's request (`POST /auth/register`): a `pending` customer account with no agent,
 * its holders, and a fresh reference. Runs in the caller's transaction.
 */
export async function openAccountRequest(
  executor: Executor,
  input: { type: AccountType; personIds: string[]; now: Date },
): Promise<{ id: string; accountNumber: string; requestReference: string }> {
  for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt += 1) {
    // A customer account meets no other unique index than its number and its reference:
    // skipping any conflict retries both.
    const [row] = await executor
      .insert(accounts)
      .values({
        accountNumber: generateAccountNumber(),
        requestReference: generateRequestReference(),
        kind: 'customer',
        type: input.type,
        currency: CURRENCY,
        status: 'pending',
        agentId: null,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .onConflictDoNothing()
      .returning({
        id: accounts.id,
        accountNumber: accounts.accountNumber,
        requestReference: accounts.requestReference,
      });
    if (row?.requestReference) {
      await insertHolders(executor, row.id, input.personIds);
      return { id: row.id, accountNumber: row.accountNumber, requestReference: row.requestReference };
    }
  }
  throw new Error(`accounts: no free number or reference after ${NUMBER_ATTEMPTS} attempts`);
}
