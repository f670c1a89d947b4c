import { audienceOf, type SessionUser } from '@lajan/domain';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  accountHolders,
  accounts,
  agentOwners,
  agents,
  persons,
  transactions,
  users,
} from '../../db/schema.js';

// Who may read and change a person (decision 111). A person's links are read here in read-only joins: the
// question is about the person, and one query per page answers it.

/** The signed-in user as the persons rules need it. */
export interface Viewer {
  userId: string;
  superAdmin: boolean;
  /** An agent's administrator (manages its own agent's users). */
  agentAdmin: boolean;
  /** The viewer's agent; null for the super administrator. */
  agentId: string | null;
}

export async function viewerOf(executor: Executor, session: SessionUser): Promise<Viewer> {
  let agentId: string | null = null;
  if (audienceOf(session) !== 'superAdmin' && session.agent) {
    const [agent] = await executor
      .select({ id: agents.id })
      .from(agents)
      .where(eq(agents.code, session.agent.code));
    agentId = agent?.id ?? null;
  }
  return viewerFor(session, agentId);
}

/** The viewer, its agent's id already known (the money flows keep it per process). */
export function viewerFor(session: SessionUser, agentId: string | null): Viewer {
  const audience = audienceOf(session);
  return {
    userId: session.id,
    superAdmin: audience === 'superAdmin',
    agentAdmin: audience === 'agentAdmin',
    agentId: audience === 'superAdmin' ? null : agentId,
  };
}

/** The links of one person that the rules read. */
export interface PersonLinks {
  registeredAgentId: string | null;
  /** One of the person's accounts belongs to the viewer's agent. */
  heldByViewer: boolean;
  /** The person's live (not deleted) user, if any: a person stands behind at most one. */
  liveUser: { id: string; agentId: string | null; sudo: boolean } | null;
  /** The person owns an agent. */
  owner: boolean;
  /**
   * The person holds a public request still waiting for review (no agent yet), and no account of any agent:
   * every agent may be the one the visitor walks into, and its teller compares the whole file with the card
   * (decision 111). A person an agent already holds or registered is that agent's (decision 173).
   */
  pendingRequest: boolean;
  /**
   * Something refers to the person (an account it holds, an agent it owns, a user, even deleted, or a transfer
   * it sent): its delete would be refused. Undefined where it was not read (no person's answer is built there).
   */
  referenced: boolean | undefined;
}

export interface PersonAccess {
  /** May read the whole file (documents, birth date, income, address, contacts). */
  full: boolean;
  /** May change it. */
  canEdit: boolean;
  /** May delete it now: may change it, and nothing refers to it. */
  canDelete: boolean;
  /** The person is the viewer's own (behind its user). */
  self: boolean;
  /** A live user stands behind the person: known only to who may change it (decision 214). */
  hasUser: boolean | undefined;
}

/**
 * A customer is changed by the agent that registered it or holds its accounts; a user's or owner's person
 * only by who manages that user (never a teller), and read whole only by them and itself: an account held on
 * it gives no more. Anyone else sees a file masked (decisions 111, 115).
 */
export function accessOf(viewer: Viewer, links: PersonLinks): PersonAccess {
  const self = links.liveUser?.id === viewer.userId;
  const hasUser = links.liveUser !== null;
  if (viewer.superAdmin) {
    return { full: true, canEdit: true, canDelete: links.referenced === false, self, hasUser };
  }
  // Registering or holding an account makes a customer one's own, never the person of a user or an
  // owner: otherwise a teller could open an account on a super administrator's person (picked from a
  // masked list) and read its file through that account.
  const staff = links.owner || links.liveUser !== null;
  const ownCustomer =
    !staff && viewer.agentId !== null && (links.registeredAgentId === viewer.agentId || links.heldByViewer);
  let canEdit: boolean;
  if (links.owner) canEdit = false;
  else if (links.liveUser) {
    canEdit =
      viewer.agentAdmin &&
      !links.liveUser.sudo &&
      viewer.agentId !== null &&
      links.liveUser.agentId === viewer.agentId;
  } else canEdit = ownCustomer;
  // A visitor's request still pending, on a person no agent registered or holds (decision 173).
  const reviewer =
    !staff && viewer.agentId !== null && links.pendingRequest && links.registeredAgentId === null;
  return {
    full: ownCustomer || canEdit || self || reviewer,
    canEdit,
    canDelete: canEdit && links.referenced === false,
    self,
    // Who may change the person manages its user, if any (its own agent's, or the super administrator):
    // telling it adds nothing to what `GET /users` already shows it (decision 214).
    hasUser: canEdit ? hasUser : undefined,
  };
}

/** Whether one of the person's accounts belongs to this agent. */
export function heldBy(agentId: string | null): SQL<boolean> {
  if (agentId === null) return sql<boolean>`false`;
  return sql<boolean>`exists (select 1 from ${accountHolders} inner join ${accounts} on ${accounts.id} = ${accountHolders.accountId}
    where ${accountHolders.personId} = ${persons.id} and ${accounts.agentId} = ${agentId})`;
}

/**
 * The columns that `linksOf` turns into `PersonLinks`, to select next to a person's row; the query
 * must `leftJoin(users, liveUserJoin)` (at most one live user per person: no row is repeated).
 */
export function linkColumns(viewer: Viewer) {
  return {
    heldByViewer: heldBy(viewer.agentId),
    owner: sql<boolean>`exists (select 1 from ${agentOwners} where ${agentOwners.personId} = ${persons.id})`,
    // Only a person nobody holds yet: a visitor's request that reuses another agent's customer (the same
    // name and document, decision 052) opens nothing of that customer's file (decision 173).
    pendingRequest: sql<boolean>`(exists (select 1 from ${accountHolders} inner join ${accounts} on ${accounts.id} = ${accountHolders.accountId}
      where ${accountHolders.personId} = ${persons.id} and ${accounts.agentId} is null and ${accounts.status} = 'pending')
      and not exists (select 1 from ${accountHolders} inner join ${accounts} on ${accounts.id} = ${accountHolders.accountId}
      where ${accountHolders.personId} = ${persons.id} and ${accounts.agentId} is not null))`,
    liveUserId: users.id,
    liveUserAgentId: users.agentId,
    liveUserSudo: users.isSuperAdmin,
  };
}

/**
 * What refuses a person's delete (the foreign keys of users, even deleted, agent_owners and account_holders; the
 * ledger's guard on a transfer's sender): selected, as `referenced`, only where a person's answer is built.
 */
export const referencedSql = sql<boolean>`(exists (select 1 from ${accountHolders} where ${accountHolders.personId} = ${persons.id})
  or exists (select 1 from ${agentOwners} where ${agentOwners.personId} = ${persons.id})
  or exists (select 1 from ${users} where ${users.personId} = ${persons.id})
  or exists (select 1 from ${transactions} where ${transactions.senderPersonId} = ${persons.id}))`;

export const liveUserJoin = and(eq(users.personId, persons.id), isNull(users.deletedAt));

export interface LinkRow {
  heldByViewer: boolean | null;
  owner: boolean | null;
  pendingRequest: boolean | null;
  referenced?: boolean | null;
  liveUserId: string | null;
  liveUserAgentId: string | null;
  liveUserSudo: boolean | null;
}

export function linksOf(registeredAgentId: string | null, row: LinkRow): PersonLinks {
  return {
    registeredAgentId,
    heldByViewer: Boolean(row.heldByViewer),
    owner: Boolean(row.owner),
    pendingRequest: Boolean(row.pendingRequest),
    referenced: row.referenced === undefined || row.referenced === null ? undefined : row.referenced,
    liveUser: row.liveUserId
      ? { id: row.liveUserId, agentId: row.liveUserAgentId, sudo: Boolean(row.liveUserSudo) }
      : null,
  };
}

/** The links of one person (registered or not), or undefined when there is no such person. */
export async function personLinks(
  executor: Executor,
  viewer: Viewer,
  personId: string,
): Promise<PersonLinks | undefined> {
  const [row] = await executor
    .select({ registeredAgentId: persons.registeredAgentId, ...linkColumns(viewer) })
    .from(persons)
    .leftJoin(users, liveUserJoin)
    .where(eq(persons.id, personId));
  return row ? linksOf(row.registeredAgentId, row) : undefined;
}

/**
 * The persons among `personIds` whose file this viewer may read whole (the holders of an account
 * shown to another agent, the owners of an agent). One query for the whole list.
 */
export async function readablePersonIds(
  executor: Executor,
  viewer: Viewer,
  personIds: string[],
): Promise<Set<string>> {
  const unique = [...new Set(personIds)];
  if (viewer.superAdmin) return new Set(unique);
  if (unique.length === 0) return new Set();
  const rows = await executor
    .select({ id: persons.id, registeredAgentId: persons.registeredAgentId, ...linkColumns(viewer) })
    .from(persons)
    .leftJoin(users, liveUserJoin)
    .where(inArray(persons.id, unique));
  return new Set(
    rows.filter((row) => accessOf(viewer, linksOf(row.registeredAgentId, row)).full).map((row) => row.id),
  );
}

/**
 * In SQL, the persons this viewer registered or holds one of the accounts of (every person for the super
 * administrator): its customers, listed by name even when they are staff elsewhere (decision 184).
 */
export function ownCustomerSql(viewer: Viewer): SQL {
  if (viewer.superAdmin) return sql`true`;
  if (viewer.agentId === null) return sql`false`;
  return sql`(${persons.registeredAgentId} = ${viewer.agentId} or ${heldBy(viewer.agentId)})`;
}

/** In SQL, a person behind a live user or an agent owner (`accessOf`'s staff). */
const staffSql = sql`(exists (select 1 from ${users} where ${users.personId} = ${persons.id} and ${users.deletedAt} is null)
  or exists (select 1 from ${agentOwners} where ${agentOwners.personId} = ${persons.id}))`;

/**
 * The persons whose whole file this viewer reads, in SQL: the partial searches of `GET /persons` reach only
 * those, so the rows they answer spell out nothing of another file (decision 111).
 */
export function partlySearchableSql(viewer: Viewer): SQL {
  if (viewer.superAdmin) return sql`true`;
  if (viewer.agentId === null) return sql`false`;
  const managed = viewer.agentAdmin
    ? sql`or exists (select 1 from ${users} where ${users.personId} = ${persons.id} and ${users.deletedAt} is null
        and not ${users.isSuperAdmin} and ${users.agentId} = ${viewer.agentId})`
    : sql``;
  return sql`((not ${staffSql} and ${ownCustomerSql(viewer)})
    or exists (select 1 from ${users} where ${users.personId} = ${persons.id} and ${users.deletedAt} is null
      and ${users.id} = ${viewer.userId})
    ${managed})`;
}

/**
 * The persons behind staff elsewhere (a super administrator, another agent's user or owner), whose names a
 * list or a name search does not show this viewer; an exact document still finds them, masked (decision 184).
 */
export function otherScopeStaffSql(viewer: Viewer): SQL | undefined {
  if (viewer.superAdmin) return undefined;
  // Staff of this viewer's agent too (an owner of two agents, an owner here and a teller there) is its own.
  return sql`((exists (select 1 from ${users} where ${users.personId} = ${persons.id} and ${users.deletedAt} is null
      and (${users.isSuperAdmin} or ${users.agentId} is distinct from ${viewer.agentId}))
    or exists (select 1 from ${agentOwners} where ${agentOwners.personId} = ${persons.id}
      and ${agentOwners.agentId} is distinct from ${viewer.agentId}))
    and not exists (select 1 from ${users} where ${users.personId} = ${persons.id} and ${users.deletedAt} is null
      and not ${users.isSuperAdmin} and ${users.agentId} = ${viewer.agentId})
    and not exists (select 1 from ${agentOwners} where ${agentOwners.personId} = ${persons.id}
      and ${agentOwners.agentId} = ${viewer.agentId}))`;
}
