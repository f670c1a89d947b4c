import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accounts, agents } from '../../db/schema.js';

export interface AgentWithFloat {
  id: string;
  code: string;
  name: string;
  active: boolean;
  floatAccountId: string | null;
}

/** An agent and its float account, by code. */
export async function agentWithFloatByCode(
  executor: Executor,
  code: string,
): Promise<AgentWithFloat | undefined> {
  const [row] = await executor
    .select({
      id: agents.id,
      code: agents.code,
      name: agents.name,
      deletedAt: agents.deletedAt,
      suspendedAt: agents.suspendedAt,
      floatAccountId: accounts.id,
    })
    .from(agents)
    .leftJoin(accounts, and(eq(accounts.agentId, agents.id), eq(accounts.kind, 'float')))
    .where(eq(agents.code, code));
  if (!row) return undefined;
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    active: row.deletedAt === null && row.suspendedAt === null,
    floatAccountId: row.floatAccountId,
  };
}
