import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  accounts,
  agents,
  auditLog,
  drawerSessions,
  payoutIdentifications,
  persons,
  transactions,
  users,
} from '../../db/schema.js';

/** How much of an approved cancellation's reason a trail line carries (decision 205). */
export const APPROVAL_REASON_IN_TRAIL = 200;

/** What `GET /audit` filters on (decision 133); every field optional. */
export interface AuditFilter {
  /** A username, any case. */
  username?: string | undefined;
  /** An action (`transactions.deposit`) or a whole domain (`transactions`). */
  action?: string | undefined;
  /** An agent's code: the lines of that agent. */
  agentCode?: string | undefined;
  /** From this instant (included) to that one (excluded). */
  fromAt?: Date | undefined;
  untilAt?: Date | undefined;
}

/** One line of the trail, as read from both sources, with the names that the screen shows. */
export interface AuditTrailRow {
  id: string;
  at: Date;
  action: string;
  actorUsername: string | null;
  actorFirstName: string | null;
  actorLastName: string | null;
  /** The agent of the acting user (null: the super administrator, an anonymous or unknown actor). */
  actorAgentCode: string | null;
  target: string | null;
  /** The names found behind the target: a person's or a user's, an agent's. */
  targetFirstName: string | null;
  targetLastName: string | null;
  targetAgentName: string | null;
  agentCode: string | null;
  agentName: string | null;
  ip: string | null;
  details: Record<string, unknown>;
}

/**
 * The trail is the union of `audit_log` and the ledger's postings, which already say who, when and how much:
 * reading them here costs the hot path nothing and cannot miss a posting (decision 133). A line belongs to
 * its actor's agent, else to the agent it acted upon.
 */
function trail(filter: AuditFilter) {
  const lineAgent = sql`coalesce(actor.agent_id, target_agent.id, target_user.agent_id, target_account.agent_id)`;
  const agentId = filter.agentCode
    ? sql`(select id from ${agents} where code = ${filter.agentCode})`
    : undefined;
  return sql`
    select a.id::text as id, a.id as seq, a.at, a.action, a.actor_user_id, a.actor_username, a.target, a.ip, a.details,
      ${lineAgent} as agent_id,
      coalesce(target_person.first_name, target_user_person.first_name, drawer_person.first_name) as target_first_name,
      coalesce(target_person.last_name, target_user_person.last_name, drawer_person.last_name) as target_last_name,
      target_agent.name as target_agent_name
    from ${auditLog} as a
    left join ${users} as actor on actor.id = a.actor_user_id
    left join ${agents} as target_agent on a.action like 'agents.%' and target_agent.code = a.target
    left join ${users} as target_user
      on (a.action like 'users.%' or a.action like 'auth.%') and lower(target_user.username) = lower(a.target)
    left join ${persons} as target_user_person on target_user_person.id = target_user.person_id
    left join ${accounts} as target_account on a.action like 'accounts.%' and target_account.account_number = a.target
    left join ${persons} as target_person on a.action like 'persons.%' and target_person.id::text = a.target
    left join ${drawerSessions} as target_drawer on a.action like 'drawer.%' and target_drawer.id::text = a.target
    left join ${users} as drawer_user on drawer_user.id = target_drawer.user_id
    left join ${persons} as drawer_person on drawer_person.id = drawer_user.person_id
    where ${auditLogConditions(filter, agentId ? sql`${lineAgent} = ${agentId}` : undefined)}
    union all
    select 'tx:' || t.transaction_number, null::bigint, t.created_at, 'transactions.' || t.type, t.created_by_user_id,
      creator.username, t.transaction_number, null,
      jsonb_build_object(
        'amountCentimes', t.amount_centimes, 'feeCentimes', t.fee_centimes, 'status', t.status,
        'accountNumber', coalesce(account.account_number, sender.account_number),
        'recipientAccountNumber', recipient.account_number)
        -- An approved cancellation carries the administrator's reason, cut to 200 characters (decision 205).
        || case when t.type = 'external_refund' then jsonb_strip_nulls(jsonb_build_object('reason',
          (select left(approval.presented->>'reason', ${sql.raw(String(APPROVAL_REASON_IN_TRAIL))})
            from ${payoutIdentifications} as approval
            where approval.transaction_id = t.related_transaction_id and approval.outcome = 'approved'
              and approval.presented->>'refund' = t.transaction_number
            limit 1))) else '{}'::jsonb end,
      t.agent_id, null, null, null
    from ${transactions} as t
    join ${users} as creator on creator.id = t.created_by_user_id
    left join ${accounts} as account on account.id = t.account_id
    left join ${accounts} as sender on sender.id = t.sender_account_id
    left join ${accounts} as recipient on recipient.id = t.recipient_account_id
    where ${postingConditions(filter, agentId ? sql`t.agent_id = ${agentId}` : undefined)}`;
}

/**
 * The filter inside each branch of the trail, so that each reads only its own rows by its own indexes
 * (`audit_log.at`, `transactions (agent_id, created_at)`) instead of the union of everything filtered after.
 */
function auditLogConditions(filter: AuditFilter, agent: SQL | undefined): SQL {
  const where = [sql`true`];
  if (filter.username) where.push(sql`lower(a.actor_username) = lower(${filter.username})`);
  if (filter.action) {
    where.push(
      filter.action.includes('.')
        ? sql`a.action = ${filter.action}`
        : sql`a.action like ${`${filter.action.replace(/[\\%_]/g, '\\$&')}.%`}`,
    );
  }
  if (agent) where.push(agent);
  if (filter.fromAt) where.push(sql`a.at >= ${filter.fromAt.toISOString()}::timestamptz`);
  if (filter.untilAt) where.push(sql`a.at < ${filter.untilAt.toISOString()}::timestamptz`);
  return sql.join(where, sql` and `);
}

function postingConditions(filter: AuditFilter, agent: SQL | undefined): SQL {
  const where = [sql`true`];
  if (filter.username) where.push(sql`lower(creator.username) = lower(${filter.username})`);
  if (filter.action) {
    // A posting's action is `transactions.<type>`: an action names one type, a domain all or none.
    if (filter.action.includes('.'))
      where.push(
        filter.action.startsWith('transactions.')
          ? sql`t.type = ${filter.action.slice('transactions.'.length)}`
          : sql`false`,
      );
    else if (filter.action !== 'transactions') where.push(sql`false`);
  }
  if (agent) where.push(agent);
  if (filter.fromAt) where.push(sql`t.created_at >= ${filter.fromAt.toISOString()}::timestamptz`);
  if (filter.untilAt) where.push(sql`t.created_at < ${filter.untilAt.toISOString()}::timestamptz`);
  return sql.join(where, sql` and `);
}

interface RawTrailRow {
  id: string;
  at: Date | string;
  action: string;
  actor_username: string | null;
  actor_first_name: string | null;
  actor_last_name: string | null;
  actor_agent_code: string | null;
  target: string | null;
  target_first_name: string | null;
  target_last_name: string | null;
  target_agent_name: string | null;
  agent_code: string | null;
  agent_name: string | null;
  ip: string | null;
  details: Record<string, unknown> | string | null;
}

/** A page of the audit trail, newest first (`GET /audit`), and how many lines the filter keeps. */
export async function listAuditEntries(
  executor: Executor,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AuditTrailRow[]; total: number }> {
  const from = sql`
    from (${trail(filter)}) as line
    left join ${agents} as line_agent on line_agent.id = line.agent_id
    left join ${users} as actor_user on actor_user.id = line.actor_user_id
    left join ${persons} as actor_person on actor_person.id = actor_user.person_id
    left join ${agents} as actor_agent on actor_agent.id = actor_user.agent_id`;
  const [rows, totals] = await Promise.all([
    executor.execute(sql`
      select line.id, line.at, line.action, line.actor_username, actor_person.first_name as actor_first_name,
        actor_person.last_name as actor_last_name, actor_agent.code as actor_agent_code, line.target,
        line.target_first_name, line.target_last_name, line.target_agent_name,
        line_agent.code as agent_code, line_agent.name as agent_name, line.ip, line.details
      ${from}
      order by line.at desc, line.seq desc nulls last, line.id desc
      limit ${page.limit} offset ${page.offset}`),
    executor.execute(sql`select count(*)::int as total ${from}`),
  ]);
  const total = (totals as { rows: { total: number | string }[] }).rows[0]?.total ?? 0;
  return {
    rows: (rows as { rows: RawTrailRow[] }).rows.map((row) => ({
      id: row.id,
      at: row.at instanceof Date ? row.at : new Date(row.at),
      action: row.action,
      actorUsername: row.actor_username,
      actorFirstName: row.actor_first_name,
      actorLastName: row.actor_last_name,
      actorAgentCode: row.actor_agent_code,
      target: row.target,
      targetFirstName: row.target_first_name,
      targetLastName: row.target_last_name,
      targetAgentName: row.target_agent_name,
      agentCode: row.agent_code,
      agentName: row.agent_name,
      ip: row.ip,
      // node-postgres parses jsonb; PGlite may hand it over as text.
      details: (typeof row.details === 'string' ? JSON.parse(row.details) : (row.details ?? {})) as Record<
        string,
        unknown
      >,
    })),
    total: Number(total),
  };
}
