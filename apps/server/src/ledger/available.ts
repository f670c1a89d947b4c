import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { accounts } from '../db/schema.js';
import type { AccountRef } from './account-ref.js';
import type { AccountsOf, PostingFlow, Roles } from './flows.js';
import { LedgerRefused } from './results.js';

/** The account a flow's posting pays from (a float or a customer's account), if it is not a system one. */
export function payerOf<R extends Roles>(
  flow: PostingFlow<R>,
  accountsOfFlow: AccountsOf<R>,
): AccountRef | undefined {
  // The system accounts stand in as null: what the posting pays from them is not a payer the teller can name.
  const entries = flow.entries<AccountRef | null>(
    accountsOfFlow,
    { feeIncome: null, payout: null, treasury: null },
    { amountCentimes: 1, feeCentimes: 1, agentShareCentimes: 0 },
  );
  return entries.find((entry) => entry.amountCentimes < 0 && entry.account !== null)?.account ?? undefined;
}

/**
 * An `InsufficientFunds` refusal with what the paying account holds (decision 176), read only once the call
 * refused, so a posting stays one round trip; the refusals before it (the holder check) have passed.
 * Without the read (the database gone meanwhile), the refusal as it was.
 */
export async function withAvailableBalance(
  executor: Executor,
  refusal: LedgerRefused,
  payer: { account: AccountRef; float: boolean } | undefined,
): Promise<LedgerRefused> {
  if (payer === undefined || payer.account.by === 'flow') return refusal;
  const { account } = payer;
  const where =
    account.by === 'number' ? eq(accounts.accountNumber, account.accountNumber) : eq(accounts.id, account.id);
  try {
    const [row] = await executor
      .select({ balanceCentimes: accounts.balanceCentimes })
      .from(accounts)
      .where(where)
      .limit(1);
    if (!row) return refusal;
    return new LedgerRefused('InsufficientFunds', {
      ...refusal.details,
      availableCentimes: Math.max(0, row.balanceCentimes),
      ...(payer.float ? { floatShort: true as const } : {}),
    });
  } catch {
    return refusal;
  }
}
