import type { Language } from '@lajan/domain';
import { asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { likePattern, personNameHolds } from '../../db/name-search.js';
import { accountHolders, accounts, agents, persons, users } from '../../db/schema.js';

export type AccountRow = typeof accounts.$inferSelect;

/** An account row with what its view needs from the agent and the deciding user. */
export interface AccountRecord {
  account: AccountRow;
  agent: { code: string; name: string } | null;
  decidedByUsername: string | null;
}

export interface HolderRecord {
  accountId: string;
  position: number;
  person: {
    id: string;
    firstName: string;
    lastName: string;
    email: string | null;
    idDocumentType: string | null;
    idDocumentNumber: string | null;
    /** Her e-mails' language (decision 237). */
    preferredLanguage: Language;
  };
}

/**
 * Accounts with their agent's code and name and the deciding user's name, read in the same read-only join:
 * one query per page, never a write to another module's table (decision 050).
 */
export async function selectAccountRecords(
  executor: Executor,
  where: SQL | undefined,
  page?: { limit: number; offset: number; orderBy: SQL[] },
): Promise<AccountRecord[]> {
  const query = executor
    .select({
      account: accounts,
      agentCode: agents.code,
      agentName: agents.name,
      decidedByUsername: users.username,
    })
    .from(accounts)
    .leftJoin(agents, eq(agents.id, accounts.agentId))
    .leftJoin(users, eq(users.id, accounts.decidedByUserId))
    .where(where)
    .$dynamic();
  const rows = page
    ? await query
        .orderBy(...page.orderBy)
        .limit(page.limit)
        .offset(page.offset)
    : await query;
  return rows.map((row) => ({
    account: row.account,
    agent:
      row.agentCode !== null && row.agentName !== null ? { code: row.agentCode, name: row.agentName } : null,
    decidedByUsername: row.decidedByUsername,
  }));
}

/** The holders of these accounts, principal (position 0) first. */
export async function selectHolders(executor: Executor, accountIds: string[]): Promise<HolderRecord[]> {
  if (accountIds.length === 0) return [];
  const rows = await executor
    .select({
      accountId: accountHolders.accountId,
      position: accountHolders.position,
      id: persons.id,
      firstName: persons.firstName,
      lastName: persons.lastName,
      email: persons.email,
      idDocumentType: persons.idDocumentType,
      idDocumentNumber: persons.idDocumentNumber,
      preferredLanguage: persons.preferredLanguage,
    })
    .from(accountHolders)
    .innerJoin(persons, eq(persons.id, accountHolders.personId))
    .where(inArray(accountHolders.accountId, accountIds))
    .orderBy(asc(accountHolders.accountId), asc(accountHolders.position));
  return rows.map(({ accountId, position, ...person }) => ({ accountId, position, person }));
}

/** `selectAccountRecords` for one page, with the total of the whole selection. */
export async function pageAccountRecords(
  executor: Executor,
  where: SQL | undefined,
  page: { limit: number; offset: number; orderBy: SQL[] },
): Promise<{ records: AccountRecord[]; total: number }> {
  const [records, [counted]] = await Promise.all([
    selectAccountRecords(executor, where, page),
    executor.select({ total: count() }).from(accounts).where(where),
  ]);
  return { records, total: counted?.total ?? 0 };
}

/** The holders of an account, principal first: position i is `personIds[i]`. */
export async function insertHolders(
  executor: Executor,
  accountId: string,
  personIds: string[],
): Promise<void> {
  await executor
    .insert(accountHolders)
    .values(personIds.map((personId, position) => ({ accountId, personId, position })));
}

/**
 * Accounts one of whose holders has `term` in a name (decision 175) or in the document number: the `q` of
 * the accounts list.
 */
export function holderMatches(term: string): SQL {
  return holderWhere(
    sql`(${personNameHolds(term)} or ${persons.idDocumentNumber} ilike ${likePattern(term)})`,
  );
}

/** Accounts one of whose holders satisfies `condition` (on `persons`). */
function holderWhere(condition: SQL): SQL {
  return sql`exists (select 1 from ${accountHolders} inner join ${persons} on ${persons.id} = ${accountHolders.personId}
    where ${accountHolders.accountId} = ${accounts.id} and ${condition})`;
}

/** Accounts a holder of which has `term` in a name, first name and last name in either order (decision 175). */
export function holderNameMatches(term: string): SQL {
  return holderWhere(personNameHolds(term));
}

/** Accounts a holder of which has exactly this document number (any type, whatever its case). */
export function holderDocumentIs(number: string): SQL {
  return holderWhere(sql`upper(${persons.idDocumentNumber}) = upper(${number})`);
}

/** Accounts a holder of which has one of these phone numbers, in their normal form. */
export function holderPhoneIn(phones: string[]): SQL {
  return holderWhere(inArray(persons.phoneNumber, phones));
}

/**
 * The signed-in user's agent, by its code, whatever its case: read here, in the read-only way of
 * `selectAccountRecords`, rather than through the agents module, which opens its float through this one.
 */
export async function agentByCode(
  executor: Executor,
  code: string,
): Promise<{ id: string; code: string; name: string } | undefined> {
  const [row] = await executor
    .select({ id: agents.id, code: agents.code, name: agents.name })
    .from(agents)
    .where(eq(agents.code, code.trim().toUpperCase()));
  return row;
}
