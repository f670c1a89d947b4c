import type { AgentStatus, AgentType } from '@lajan/domain';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { likePattern, nameHolds } from '../../db/name-search.js';
import { agentOwners, agents } from '../../db/schema.js';
import { candidateCode } from './codes.js';

export type AgentRow = typeof agents.$inferSelect;

/** Whose agents a signed-in person may see: all of them, or its own. */
export type AgentScope = { kind: 'all' } | { kind: 'own'; agentCode: string };

function scopeCondition(scope: AgentScope): SQL | undefined {
  return scope.kind === 'all' ? undefined : eq(agents.code, scope.agentCode);
}

function statusCondition(status: AgentStatus | undefined): SQL | undefined {
  switch (status) {
    case undefined:
      return undefined;
    case 'inactive':
      return isNotNull(agents.deletedAt);
    case 'suspended':
      return and(isNull(agents.deletedAt), isNotNull(agents.suspendedAt));
    case 'active':
      return and(isNull(agents.deletedAt), isNull(agents.suspendedAt));
  }
}

/** `%`, `_` and `\` are wildcards of LIKE: a search term is matched as typed. */
/** A page of agents in scope, newest first. `q` matches the code, name, e-mail and phone. */
export async function listAgentRows(
  executor: Executor,
  scope: AgentScope,
  filters: { q?: string | undefined; status?: AgentStatus | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: AgentRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [scopeCondition(scope), statusCondition(filters.status)];
  if (filters.q) {
    const pattern = likePattern(filters.q);
    conditions.push(
      or(
        ilike(agents.code, pattern),
        nameHolds(sql`${agents.name}`, filters.q),
        ilike(agents.email, pattern),
        ilike(agents.phone, likePattern(filters.q.replace(/[\s-]/g, ''))),
      ),
    );
  }
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    executor
      .select()
      .from(agents)
      .where(where)
      .orderBy(desc(agents.createdAt), asc(agents.code))
      .limit(page.limit)
      .offset(page.offset),
    executor.select({ total: count() }).from(agents).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** An agent by code, whatever the case the code was typed in. */
export async function findAgentByCode(executor: Executor, code: string): Promise<AgentRow | undefined> {
  const [row] = await executor.select().from(agents).where(eq(agents.code, code.trim().toUpperCase()));
  return row;
}

export interface NewAgent {
  name: string;
  type: AgentType;
  email: string;
  phone: string;
  address: string;
  createdByUserId: string;
  now: Date;
}

/** Three digits give a thousand codes per prefix; the last attempts widen to four. */
const CODE_ATTEMPTS = 12;

/**
 * Inserts an agent under a fresh readable code. A taken code is skipped with
 * `ON CONFLICT DO NOTHING` (a failed statement would abort the caller's transaction) and
 * another one tried. `drawCode` is the random draw (a test gives a fixed one).
 */
export async function insertAgent(
  executor: Executor,
  agent: NewAgent,
  drawCode: (name: string, digits: number) => string = candidateCode,
): Promise<AgentRow> {
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
    const [row] = await executor
      .insert(agents)
      .values({
        code: drawCode(agent.name, attempt < CODE_ATTEMPTS - 4 ? 3 : 4),
        name: agent.name,
        type: agent.type,
        email: agent.email,
        phone: agent.phone,
        address: agent.address,
        createdByUserId: agent.createdByUserId,
        createdAt: agent.now,
        updatedAt: agent.now,
      })
      .onConflictDoNothing({ target: agents.code })
      .returning();
    if (row) return row;
  }
  throw new Error(`agents: no free code after ${CODE_ATTEMPTS} attempts`);
}

export async function insertOwners(executor: Executor, agentId: string, personIds: string[]): Promise<void> {
  if (personIds.length === 0) return;
  await executor
    .insert(agentOwners)
    .values(personIds.map((personId, position) => ({ agentId, personId, position })));
}

/** The owners' person ids of each agent, first owner first. */
export async function ownerIdsOf(executor: Executor, agentIds: string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (agentIds.length === 0) return result;
  const rows = await executor
    .select({ agentId: agentOwners.agentId, personId: agentOwners.personId })
    .from(agentOwners)
    .where(inArray(agentOwners.agentId, agentIds))
    .orderBy(asc(agentOwners.agentId), asc(agentOwners.position));
  for (const row of rows) {
    const list = result.get(row.agentId) ?? [];
    list.push(row.personId);
    result.set(row.agentId, list);
  }
  return result;
}

/**
 * Sets or clears the agent's suspension and deletion marks. A mark already set keeps its first
 * date. Returns the agent as it now is.
 */
export async function setAgentMarks(
  executor: Executor,
  agentId: string,
  marks: { suspended?: boolean; deleted?: boolean },
  now: Date,
): Promise<AgentRow | undefined> {
  const stamp = sql`${now.toISOString()}::timestamptz`;
  const values: Record<string, unknown> = { updatedAt: now };
  if (marks.suspended !== undefined)
    values.suspendedAt = marks.suspended ? sql`coalesce(${agents.suspendedAt}, ${stamp})` : null;
  if (marks.deleted !== undefined)
    values.deletedAt = marks.deleted ? sql`coalesce(${agents.deletedAt}, ${stamp})` : null;
  const [row] = await executor.update(agents).set(values).where(eq(agents.id, agentId)).returning();
  return row;
}
