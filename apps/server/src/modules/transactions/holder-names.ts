import type { Transaction } from '@lajan/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accountHolders, accounts, persons } from '../../db/schema.js';

type Holders = { firstName: string; lastName: string }[];

/**
 * The history's account references with their holders' names, principal first (decision 186): a row that a
 * search by a holder's name found says whose account it is, not only its number. It tells no one more than
 * the number already does: any teller who types an account's number reads its holders' names
 * (`POST /accounts/search`, DESIGN §3), and a history only lists its own agent's transactions (all of them
 * for the super administrator). One read for the page, by the numbers it names; none for a page without an
 * account. An account without a holder (none here: floats are never a reference) keeps its number alone.
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
