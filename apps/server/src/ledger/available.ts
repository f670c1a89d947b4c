import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { accounts } from '../db/schema.js';
import type { PostingFlow, SystemAccountIds } from './flows.js';
import { LedgerRefused } from './results.js';

/** Stand-ins for the system accounts: what the posting pays from them is not a payer the teller can name. */
const SYSTEM_STAND_INS: SystemAccountIds = {
  feeIncome: '\u0000fee_income',
  payout: '\u0000payout',
  treasury: '\u0000treasury',
};
const STAND_INS = new Set(Object.values(SYSTEM_STAND_INS));

/** The account a flow's posting pays from (a float or a customer's account, `#number` when named), if any. */
export function payerOf<Accounts>(flow: PostingFlow<Accounts>, accountsOfFlow: Accounts): string | undefined {
  const entries = flow.entries(accountsOfFlow, SYSTEM_STAND_INS, {
    amountCentimes: 1,
    feeCentimes: 1,
    agentShareCentimes: 0,
  });
  return entries.find((entry) => entry.amountCentimes < 0 && !STAND_INS.has(entry.accountId))?.accountId;
}

/**
 * An `InsufficientFunds` refusal with what the paying account holds (decision 176), read once the call
 * refused: a refusal is rare, and the posting's call stays one round trip. The balance is told only after
 * the refusals that come before it in DESIGN §4's order passed, the holder check among them: the person at
 * the counter showed the card of the account, or the account is the teller's own float. Without the read
 * (the database gone meanwhile), the refusal as it was.
 */
export async function withAvailableBalance(
  executor: Executor,
  refusal: LedgerRefused,
  payer: { account: string; float: boolean } | undefined,
): Promise<LedgerRefused> {
  if (payer === undefined) return refusal;
  const { account } = payer;
  const where = account.startsWith('#')
    ? eq(accounts.accountNumber, account.slice(1))
    : eq(accounts.id, account);
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
