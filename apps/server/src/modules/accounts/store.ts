import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
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
  };
}

/**
 * Accounts with their agent's code and name and the deciding user's name. Those two come from
 * the agents and users tables in the same read-only join (as `users/store.ts` reads the agent of
 * a session): one query per page of a list, never a write to another module's table
 * (docs/decisions/050).
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
    })
    .from(accountHolders)
    .innerJoin(persons, eq(persons.id, accountHolders.personId))
    .where(inArray(accountHolders.accountId, accountIds))
    .orderBy(asc(accountHolders.accountId), asc(accountHolders.position));
  return rows.map(({ accountId, position, ...person }) => ({ accountId, position, person }));
}
