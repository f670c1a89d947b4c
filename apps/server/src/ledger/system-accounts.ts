import { CURRENCY } from '@lajan/domain';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { accounts } from '../db/schema.js';
import { generateAccountNumber } from './numbers.js';

export const systemAccountCodes = ['fee_income', 'payout', 'treasury'] as const;
export type SystemAccountCode = (typeof systemAccountCodes)[number];

export interface SystemAccount {
  id: string;
  accountNumber: string;
}
/** The provider's own accounts (DESIGN §4): fee income, external transfers to pay out, treasury. */
export type SystemAccounts = Record<SystemAccountCode, SystemAccount>;

/**
 * Creates the system accounts that do not exist yet and answers all three. Idempotent, and safe when
 * several processes start together: `ON CONFLICT DO NOTHING` lets the unique `system_code` index keep
 * one row per code (and skips a random-number collision), and the loop reads back whoever won.
 */
export async function ensureSystemAccounts(db: Db, now: Date): Promise<SystemAccounts> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const rows = await db
      .select({ id: accounts.id, accountNumber: accounts.accountNumber, systemCode: accounts.systemCode })
      .from(accounts)
      .where(inArray(accounts.systemCode, [...systemAccountCodes]));
    const found = new Map(
      rows.map((row) => [row.systemCode, { id: row.id, accountNumber: row.accountNumber }]),
    );
    const missing = systemAccountCodes.filter((code) => !found.has(code));
    if (missing.length === 0) {
      return {
        fee_income: found.get('fee_income')!,
        payout: found.get('payout')!,
        treasury: found.get('treasury')!,
      };
    }
    await db
      .insert(accounts)
      .values(
        missing.map((systemCode) => ({
          accountNumber: generateAccountNumber(),
          kind: 'system' as const,
          type: null,
          currency: CURRENCY,
          status: 'active' as const,
          balanceCentimes: 0,
          systemCode,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing();
  }
  throw new Error('ledger: the system accounts could not be created');
}
