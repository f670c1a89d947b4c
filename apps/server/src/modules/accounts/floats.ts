import { centimesToHtg, CURRENCY, type AccountStatus } from '@lajan/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accounts } from '../../db/schema.js';
import { insertWithFreshNumber } from './opening.js';

/* Agents' floats (DESIGN §3, §4): one per agent, opened with it, read by the agents list and "Mon Compte". */

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
