import type { Transaction } from '@lajan/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accountHolders, accounts, persons } from '../../db/schema.js';

type Holders = { firstName: string; lastName: string }[];

/**
 * The history's account references with their holders' names, principal first (decision 186); no more
 * than typing the number already tells. One read per page, none for a page without an account.
 */
export async function holderNamesOf(
  executor: Executor,
  transactions: Transaction[],
): Promise<Map<string, Holders>> {
  const numbers = new Set<string>();
  for (const transaction of transactions)
    for (const ref of [transaction.account, transaction.senderAccount, transaction.recipientAccount])
      // Account numbers are digits (`generateAccountNumber`): anything else would not read as one element
      // of the array literal below, so it is not looked up.
      if (ref && /^\d+$/.test(ref.accountNumber)) numbers.add(ref.accountNumber);
  const holdersOf = new Map<string, Holders>();
  if (numbers.size === 0) return holdersOf;
  // One statement text whatever the number of accounts (`= any($1)`): one generic plan.
  const rows = await executor
    .select({
      accountNumber: accounts.accountNumber,
      firstName: persons.firstName,
      lastName: persons.lastName,
    })
    .from(accountHolders)
    .innerJoin(accounts, eq(accounts.id, accountHolders.accountId))
    .innerJoin(persons, eq(persons.id, accountHolders.personId))
    .where(sql`${accounts.accountNumber} = any(${`{${[...numbers].join(',')}}`}::text[])`)
    .orderBy(asc(accounts.accountNumber), asc(accountHolders.position));
  for (const { accountNumber, firstName, lastName } of rows) {
    const holders = holdersOf.get(accountNumber) ?? [];
    holders.push({ firstName, lastName });
    holdersOf.set(accountNumber, holders);
  }
  return holdersOf;
}

/** `transaction` with its accounts' holders as `holderNamesOf` read them. */
export function withHolderNames(transaction: Transaction, holdersOf: Map<string, Holders>): Transaction {
  const named = (ref: Transaction['account']) => {
    const holders = ref ? holdersOf.get(ref.accountNumber) : undefined;
    return ref && holders ? { ...ref, holders } : ref;
  };
  return {
    ...transaction,
    account: named(transaction.account),
    senderAccount: named(transaction.senderAccount),
    recipientAccount: named(transaction.recipientAccount),
  };
}
