import { eq, sql } from 'drizzle-orm';
import type { App } from '../../src/app.js';
import type { Db } from '../../src/db/client.js';
import { agents, persons, users } from '../../src/db/schema.js';
import { hashPassword } from '../../src/modules/auth/passwords.js';
import { SUPERADMIN } from './build.js';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON answer, read by assertions
  body: any;
  text: string;
}

/** One call to the API, as a client makes it. */
export async function call(
  app: App,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { token?: string; body?: unknown; remoteAddress?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await app.inject({
    method,
    url,
    ...(options.body !== undefined ? { payload: options.body as Record<string, unknown> } : {}),
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  let body: unknown;
  try {
    body = response.json();
  } catch {
    body = undefined;
  }
  return {
    status: response.statusCode,
    headers: response.headers,
    body: withoutRequestId(body, response.headers),
    text: response.body,
  };
}

/**
 * Every error body carries its request's id (decision 230): checked here against `X-Request-Id`, then left
 * out, so that a test's expected body says what the test is about. `text` keeps the body as it came.
 */
function withoutRequestId(body: unknown, headers: Answer['headers']): unknown {
  if (body === null || typeof body !== 'object' || !('requestId' in body)) return body;
  const { requestId, ...rest } = body;
  if (requestId !== headers['x-request-id'])
    throw new Error(
      `requestId ${String(requestId)} is not the answer's X-Request-Id ${String(headers['x-request-id'])}`,
    );
  return rest;
}

export function login(app: App, username: string, password: string, remoteAddress?: string): Promise<Answer> {
  return call(app, 'POST', '/api/auth/login', {
    body: { username, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

export async function tokenOf(app: App, username: string, password: string): Promise<string> {
  const answer = await login(app, username, password);
  if (answer.status !== 200)
    throw new Error(`sign-in of ${username} failed: ${answer.status} ${answer.text}`);
  return answer.body.data.access_token as string;
}

export const SUPERADMIN_NEW_PASSWORD = 'Nouveau-Depart-2026';

/** The super administrator past its first-password gate, and a token for it. */
export async function activeSuperAdminToken(app: App): Promise<string> {
  const first = await tokenOf(app, SUPERADMIN.username, SUPERADMIN.password);
  const changed = await call(app, 'POST', '/api/users/update-password', {
    token: first,
    body: {
      current_password: SUPERADMIN.password,
      password: SUPERADMIN_NEW_PASSWORD,
      password_confirmation: SUPERADMIN_NEW_PASSWORD,
    },
  });
  if (changed.status !== 200) throw new Error(`password change failed: ${changed.text}`);
  return tokenOf(app, SUPERADMIN.username, SUPERADMIN_NEW_PASSWORD);
}

export async function createAgent(
  db: Db,
  agent: { code: string; name: string; suspendedAt?: Date; deletedAt?: Date },
): Promise<{ id: string }> {
  const [row] = await db
    .insert(agents)
    .values({
      code: agent.code,
      name: agent.name,
      type: 'Business',
      suspendedAt: agent.suspendedAt,
      deletedAt: agent.deletedAt,
    })
    .returning({ id: agents.id });
  return row!;
}

export interface NewTestUser {
  username: string;
  password: string;
  role: 'sudo' | 'agent_admin' | 'user';
  agentId?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  /** Default: set (the user is past the first-password gate). */
  passwordUpdatedAt?: Date | null;
  deletedAt?: Date;
}

/** A user written straight into the database, as the users issue will create them. */
export async function createUser(db: Db, user: NewTestUser): Promise<{ id: string; personId: string }> {
  // One person per e-mail address: two users behind one address share their person.
  const email = user.email ?? `${user.username}@lajan.test`;
  const [existing] = await db
    .select({ id: persons.id })
    .from(persons)
    .where(sql`lower(${persons.email}) = lower(${email})`);
  const [person] = existing
    ? [existing]
    : await db
        .insert(persons)
        .values({ firstName: user.firstName ?? 'Marie', lastName: user.lastName ?? 'Joseph', email })
        .returning({ id: persons.id });
  const [row] = await db
    .insert(users)
    .values({
      username: user.username,
      passwordHash: await hashPassword(user.password),
      personId: person!.id,
      role: user.role,
      isSuperAdmin: user.role === 'sudo',
      agentId: user.agentId ?? null,
      agentRole: user.role === 'sudo' ? null : user.role === 'agent_admin' ? 'admin' : 'agent',
      passwordUpdatedAt:
        user.passwordUpdatedAt === undefined ? new Date('2026-01-01T00:00:00Z') : user.passwordUpdatedAt,
      deletedAt: user.deletedAt,
    })
    .returning({ id: users.id });
  return { id: row!.id, personId: person!.id };
}

export async function userRow(db: Db, username: string) {
  const [row] = await db.select().from(users).where(eq(users.username, username));
  return row!;
}
