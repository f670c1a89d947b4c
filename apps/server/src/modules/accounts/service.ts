import { centimesToHtg, CURRENCY, type AccountStatus, type AccountType } from '@lajan/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accounts } from '../../db/schema.js';
import { generateAccountNumber } from './numbers.js';
import { selectAccountRecords, selectHolders, type AccountRecord, type HolderRecord } from './store.js';

/**
 * An account as the API answers it (docs/contract-customers-agents.md, "Account"). `type` is
 * null only for a float account (`GET /accounts/self`); `balance` is in HTG.
 */
export interface AccountView {
  id: string;
  accountNumber: string;
  type: AccountType | null;
  currency: string;
  status: AccountStatus;
  balance: number;
  unavailableBalance: number;
  createdAt: string;
  customerIds: string[];
  customers: {
    id: string;
    firstName: string;
    lastName: string;
    idDocumentType: string;
    idDocumentNumber: string;
    principal: boolean;
  }[];
  agent: { name: string; code: string } | null;
  requestReference: string | null;
  decidedAt: string | null;
  decidedBy: { username: string } | null;
  rejectionReason: string | null;
}

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

/**
 * The float account of a new agent (DESIGN §3, §4): active, balance 0. Call it in the
 * transaction that creates the agent; the caller records the audit entry of the whole creation.
 */
export async function openFloatAccount(
  executor: Executor,
  input: { agentId: string; now: Date },
): Promise<{ id: string; accountNumber: string }> {
  return insertWithFreshNumber(executor, {
    kind: 'float',
    type: null,
    currency: CURRENCY,
    status: 'active',
    balanceCentimes: 0,
    agentId: input.agentId,
    createdAt: input.now,
    updatedAt: input.now,
  });
}

export interface FloatAccountSummary {
  id: string;
  accountNumber: string;
  status: AccountStatus;
  /** HTG. */
  balance: number;
  balanceCentimes: number;
}

/** The float of one agent, or undefined when it has none. */
export async function floatAccountOfAgent(
  executor: Executor,
  agentId: string,
): Promise<FloatAccountSummary | undefined> {
  return (await floatAccountsOfAgents(executor, [agentId])).get(agentId);
}

/** The floats of several agents (a page of the agents list), by agent id. */
export async function floatAccountsOfAgents(
  executor: Executor,
  agentIds: string[],
): Promise<Map<string, FloatAccountSummary>> {
  const result = new Map<string, FloatAccountSummary>();
  if (agentIds.length === 0) return result;
  const rows = await executor
    .select({
      id: accounts.id,
      agentId: accounts.agentId,
      accountNumber: accounts.accountNumber,
      status: accounts.status,
      balanceCentimes: accounts.balanceCentimes,
    })
    .from(accounts)
    .where(and(eq(accounts.kind, 'float'), inArray(accounts.agentId, agentIds)));
  for (const row of rows) {
    if (!row.agentId) continue;
    result.set(row.agentId, {
      id: row.id,
      accountNumber: row.accountNumber,
      status: row.status,
      balance: centimesToHtg(row.balanceCentimes),
      balanceCentimes: row.balanceCentimes,
    });
  }
  return result;
}

/** The views of these records, in their order, with their holders read in one query. */
export async function presentAccounts(executor: Executor, records: AccountRecord[]): Promise<AccountView[]> {
  const holders = await selectHolders(
    executor,
    records.map((record) => record.account.id),
  );
  const byAccount = new Map<string, HolderRecord[]>();
  for (const holder of holders) {
    const list = byAccount.get(holder.accountId) ?? [];
    list.push(holder);
    byAccount.set(holder.accountId, list);
  }
  return records.map((record) => toView(record, byAccount.get(record.account.id) ?? []));
}

function toView(record: AccountRecord, holders: HolderRecord[]): AccountView {
  const { account } = record;
  return {
    id: account.id,
    accountNumber: account.accountNumber,
    type: account.type,
    currency: account.currency,
    status: account.status,
    balance: centimesToHtg(account.balanceCentimes),
    unavailableBalance: 0,
    createdAt: account.createdAt.toISOString(),
    customerIds: holders.map((holder) => holder.person.id),
    customers: holders.map((holder) => ({
      id: holder.person.id,
      firstName: holder.person.firstName,
      lastName: holder.person.lastName,
      idDocumentType: holder.person.idDocumentType ?? '',
      idDocumentNumber: holder.person.idDocumentNumber ?? '',
      principal: holder.position === 0,
    })),
    agent: record.agent,
    requestReference: account.requestReference,
    decidedAt: account.decidedAt ? account.decidedAt.toISOString() : null,
    decidedBy: record.decidedByUsername ? { username: record.decidedByUsername } : null,
    rejectionReason: account.rejectionReason,
  };
}

/** The view of one account by id (any kind), or undefined. */
export async function accountView(executor: Executor, accountId: string): Promise<AccountView | undefined> {
  const records = await selectAccountRecords(executor, eq(accounts.id, accountId));
  const [view] = await presentAccounts(executor, records);
  return view;
}

/** The views of several accounts by id (any kind), in the order given; unknown ids are left out. */
export async function accountViews(executor: Executor, accountIds: string[]): Promise<AccountView[]> {
  if (accountIds.length === 0) return [];
  const records = await selectAccountRecords(executor, inArray(accounts.id, accountIds));
  const views = new Map((await presentAccounts(executor, records)).map((view) => [view.id, view]));
  return accountIds.flatMap((id) => views.get(id) ?? []);
}
