import { randomInt } from 'node:crypto';
import { CURRENCY, type AccountType } from '@lajan/domain';
import type { Executor } from '../../db/client.js';
import { openAccount } from '../../ledger/accounts.js';
import { insertHolders } from './store.js';

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
 * A visitor's request (`POST /auth/register`): a `pending` customer account with no agent, opened by
 * the ledger under a fresh number and a fresh reference, and its holders. Runs in the caller's
 * transaction.
 */
export async function openAccountRequest(
  executor: Executor,
  input: { type: AccountType; personIds: string[]; now: Date },
): Promise<{ id: string; accountNumber: string; requestReference: string }> {
  const row = await openAccount(
    executor,
    {
      kind: 'customer',
      type: input.type,
      currency: CURRENCY,
      status: 'pending',
      agentId: null,
      createdAt: input.now,
      updatedAt: input.now,
    },
    () => ({ requestReference: generateRequestReference() }),
  );
  if (!row.requestReference) throw new Error('accounts: a request opened without its reference');
  await insertHolders(executor, row.id, input.personIds);
  return { id: row.id, accountNumber: row.accountNumber, requestReference: row.requestReference };
}
