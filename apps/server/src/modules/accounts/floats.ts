import { centimesToHtg, type AccountStatus } from '@lajan/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accounts } from '../../db/schema.js';

/* Agents' floats: one per agent, opened with it, read by the agents list and "Mon Compte". */

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
