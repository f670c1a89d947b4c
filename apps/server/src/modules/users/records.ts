import type { Language, Role, User } from '@lajan/domain';
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { likePattern, personNameHolds } from '../../db/name-search.js';
import { agents, persons, users } from '../../db/schema.js';

/**
 * The users as the users routes show them: each with the fields of its person and its agent's
 * code and name, read in one join (like the session in store.ts) rather than one call per row.
 */
const userColumns = {
  id: users.id,
  username: users.username,
  role: users.role,
  isSuperAdmin: users.isSuperAdmin,
  agentId: users.agentId,
  agentRole: users.agentRole,
  passwordUpdatedAt: users.passwordUpdatedAt,
  createdAt: users.createdAt,
  deletedAt: users.deletedAt,
  personId: users.personId,
  firstName: persons.firstName,
  lastName: persons.lastName,
  email: persons.email,
  phoneNumber: persons.phoneNumber,
  dob: persons.dob,
  gender: persons.gender,
  maritalStatus: persons.maritalStatus,
  address: persons.address,
  city: persons.city,
  state: persons.state,
  postalCode: persons.postalCode,
  country: persons.country,
  idDocumentType: persons.idDocumentType,
  idDocumentNumber: persons.idDocumentNumber,
  agentCode: agents.code,
  agentName: agents.name,
};

type UserRow = Awaited<ReturnType<typeof baseQuery>>[number];

/** A user as the API answers it, with the agent's id kept for the scope checks. */
export interface UserRecord {
  view: User;
  agentId: string | null;
}

function toRecord(row: UserRow): UserRecord {
  const iso = (date: Date | null) => (date ? date.toISOString() : null);
  return {
    agentId: row.agentId,
    view: {
      id: row.id,
      username: row.username,
      firstName: row.firstName ?? '',
      lastName: row.lastName ?? '',
      email: row.email ?? '',
      phoneNumber: row.phoneNumber,
      dob: row.dob,
      gender: row.gender as User['gender'],
      maritalStatus: row.maritalStatus as User['maritalStatus'],
      address: row.address,
      city: row.city,
      state: row.state,
      postalCode: row.postalCode,
      country: row.country,
      idDocumentType: row.idDocumentType as User['idDocumentType'],
      idDocumentNumber: row.idDocumentNumber,
      personId: row.personId,
      role: row.role,
      isSuperAdmin: row.isSuperAdmin ?? false,
      agent:
        row.agentCode !== null && row.agentName !== null
          ? { code: row.agentCode, name: row.agentName, role: row.agentRole ?? 'agent' }
          : null,
      passwordUpdatedAt: iso(row.passwordUpdatedAt),
      createdAt: iso(row.createdAt) ?? '',
      deletedAt: iso(row.deletedAt),
    },
  };
}

/** Whose users a signed-in person may see: all of them, or one agent's. */
export type UserScope = { kind: 'all' } | { kind: 'agent'; agentCode: string };

function scopeCondition(scope: UserScope): SQL | undefined {
  // A super administrator has no agent: an agent's scope never holds one.
  return scope.kind === 'all' ? undefined : eq(agents.code, scope.agentCode);
}

/** `%`, `_` and `\` are wildcards of LIKE: a search term is matched as typed. */
export interface UserFilters {
  role?: Role | undefined;
  agentCode?: string | undefined;
  /** Username, first or last name (either order), e-mail. */
  q?: string | undefined;
  username?: string | undefined;
  email?: string | undefined;
}

function filterConditions(filters: UserFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.role) conditions.push(eq(users.role, filters.role));
  if (filters.agentCode) conditions.push(sql`upper(${agents.code}) = upper(${filters.agentCode})`);
  if (filters.username) conditions.push(ilike(users.username, likePattern(filters.username)));
  if (filters.email) conditions.push(ilike(persons.email, likePattern(filters.email)));
  if (filters.q) {
    const pattern = likePattern(filters.q);
    const any = or(ilike(users.username, pattern), ilike(persons.email, pattern), personNameHolds(filters.q));
    if (any) conditions.push(any);
  }
  return conditions;
}

function baseQuery(executor: Executor) {
  return executor
    .select(userColumns)
    .from(users)
    .innerJoin(persons, eq(persons.id, users.personId))
    .leftJoin(agents, eq(agents.id, users.agentId));
}

/** A page of the users in scope matching the filters, by username. */
export async function listUserRecords(
  executor: Executor,
  scope: UserScope,
  filters: UserFilters,
  page: { limit: number; offset: number },
): Promise<{ records: UserRecord[]; total: number }> {
  // The system user (decision 225) is nobody to manage.
  const where = and(eq(users.system, false), scopeCondition(scope), ...filterConditions(filters));
  const [rows, totals] = await Promise.all([
    baseQuery(executor)
      .where(where)
      .orderBy(sql`lower(${users.username})`, asc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    executor
      .select({ total: count() })
      .from(users)
      .innerJoin(persons, eq(persons.id, users.personId))
      .leftJoin(agents, eq(agents.id, users.agentId))
      .where(where),
  ]);
  return { records: rows.map(toRecord), total: totals[0]?.total ?? 0 };
}

/** The user with this id, or this username whatever its case. */
export async function findUserRecord(
  executor: Executor,
  by: { id: string } | { username: string },
): Promise<UserRecord | undefined> {
  const where = 'id' in by ? eq(users.id, by.id) : sql`lower(${users.username}) = lower(${by.username})`;
  const [row] = await baseQuery(executor).where(and(where, eq(users.system, false)));
  return row ? toRecord(row) : undefined;
}

/** Any user, disabled ones included, holds its username: the unique index says so too. */
export async function usernameTaken(executor: Executor, username: string): Promise<boolean> {
  const rows = await executor
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return rows.length > 0;
}

export interface NewUser {
  username: string;
  passwordHash: string;
  personId: string;
  role: Role;
  agentId: string | null;
  now: Date;
}

/**
 * Inserts a user with no `passwordUpdatedAt` (the first-password gate). `undefined` when the
 * username is taken: skipped with `ON CONFLICT DO NOTHING`, since a failed statement would abort
 * the caller's transaction on PostgreSQL.
 */
export async function insertUser(
  executor: Executor,
  user: NewUser,
): Promise<{ id: string; language: Language } | undefined> {
  const [row] = await executor
    .insert(users)
    .values({
      username: user.username,
      passwordHash: user.passwordHash,
      personId: user.personId,
      role: user.role,
      isSuperAdmin: user.role === 'sudo',
      agentId: user.role === 'sudo' ? null : user.agentId,
      agentRole: user.role === 'sudo' ? null : user.role === 'agent_admin' ? 'admin' : 'agent',
      passwordUpdatedAt: null,
      createdAt: user.now,
      updatedAt: user.now,
    })
    .onConflictDoNothing()
    .returning({ id: users.id, language: users.language });
  return row;
}

/** Disables a user (it is never removed) and ends its sessions. */
export async function disableUser(executor: Executor, userId: string, now: Date): Promise<void> {
  await executor
    .update(users)
    .set({
      deletedAt: sql`coalesce(${users.deletedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
      tokenVersion: sql`${users.tokenVersion} + 1`,
    })
    .where(eq(users.id, userId));
}

/** Ends every session of every user of an agent (suspended or deleted). */
export async function endSessionsOfAgent(executor: Executor, agentId: string, now: Date): Promise<number> {
  const rows = await executor
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
    .where(eq(users.agentId, agentId))
    .returning({ id: users.id });
  return rows.length;
}

/** The username of each agent's first administrator (the user created with the agent). */
export async function firstAdministrators(
  executor: Executor,
  agentIds: string[],
): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  if (agentIds.length === 0) return result;
  const rows = await executor
    .selectDistinctOn([users.agentId], { agentId: users.agentId, username: users.username })
    .from(users)
    .where(and(inArray(users.agentId, agentIds), eq(users.role, 'agent_admin')))
    .orderBy(users.agentId, asc(users.createdAt), asc(users.id));
  for (const row of rows) if (row.agentId) result.set(row.agentId, row.username);
  return result;
}

/**
 * How many active administrators the agent has besides this user. The agent's administrator rows
 * are locked until the caller's transaction ends, so that two deletions cannot both see the other
 * administrator still there.
 */
export async function otherActiveAdministrators(
  executor: Executor,
  agentId: string,
  exceptUserId: string,
): Promise<number> {
  const rows = await executor
    .select({ id: users.id, deletedAt: users.deletedAt })
    .from(users)
    .where(and(eq(users.agentId, agentId), eq(users.role, 'agent_admin')))
    .orderBy(asc(users.id))
    .for('update');
  return rows.filter((row) => row.id !== exceptUserId && row.deletedAt === null).length;
}
