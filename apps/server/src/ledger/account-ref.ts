/**
 * How a posting names an account (decision 217): by id, by the number the request typed (found by the
 * database), or as an account the flow's own reads find there (the funded agent's float, a refund's).
 */
export type AccountRef =
  | { by: 'id'; id: string }
  | { by: 'number'; accountNumber: string }
  | { by: 'flow'; found: 'float' | 'destination' };

export const accountById = (id: string): AccountRef => ({ by: 'id', id });
export const accountByNumber = (accountNumber: string): AccountRef => ({ by: 'number', accountNumber });
export const accountFoundByFlow = (found: 'float' | 'destination'): AccountRef => ({ by: 'flow', found });

/** One text per account, for a map's key or a comparison: two refs with one key name one account. */
export function refKey(account: AccountRef | string): string {
  if (typeof account === 'string') return account;
  if (account.by === 'id') return `id:${account.id}`;
  if (account.by === 'number') return `number:${account.accountNumber}`;
  return `flow:${account.found}`;
}

export const sameAccount = (a: AccountRef | string, b: AccountRef | string): boolean =>
  refKey(a) === refKey(b);

/**
 * The text `ledger_post_movements` and `ledger_post_flow` read in an entry's or a record's account:
 * `#number` and `@found` are their wire form (`sql/ledger_post_movements.sql`, `ledger_post_flow.sql`),
 * written only here.
 */
export function refText(account: AccountRef): string {
  if (account.by === 'id') return account.id;
  if (account.by === 'number') return `#${account.accountNumber}`;
  return `@${account.found}`;
}
