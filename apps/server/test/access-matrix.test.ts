/**
 * The access matrix (issue 4): every `/api` route of the real app, called as anonymous, a teller,
 * an administrator, the super administrator and a teller of another agent, against what the
 * permission table of `@lajan/domain` says. The routes come from the app itself (the onRoute
 * registry, checked against Fastify's own route tree), so a route added later is called too.
 */
import { randomUUID } from 'node:crypto';
import { permissions, type Audience } from '@lajan/domain';
import { inArray } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { agents, users } from '../src/db/schema.js';
import { requireCapability } from '../src/modules/auth/plugin.js';
import type { DeclaredRoute } from '../src/modules/auth/route-access.js';
import { TokenService } from '../src/modules/auth/tokens.js';
import { findUserById, toSessionUser } from '../src/modules/auth/credentials.js';
import { build, type TestApp } from './helpers/build.js';
import { activeSuperAdminToken, call, createUser } from './helpers/fixtures.js';
import { createAgentThroughApi, insertPerson } from './helpers/network.js';

type Caller = 'anonymous' | 'teller' | 'administrator' | 'superAdministrator' | 'otherAgentTeller';
const callers: Caller[] = ['anonymous', 'teller', 'administrator', 'superAdministrator', 'otherAgentTeller'];
const audienceOf: Record<Exclude<Caller, 'anonymous'>, Audience> = {
  teller: 'teller',
  administrator: 'agentAdmin',
  superAdministrator: 'superAdmin',
  otherAgentTeller: 'teller',
};

/**
 * Object-level refusals on top of the table, with the fixtures below: a route whose parameters
 * name agent Alpha's objects must not answer 2xx to a teller of agent Beta, and a route listed in
 * `objectForbidden` may answer 403 to a caller that holds its capability.
 */
const alphaScoped = (url: string) =>
  url.startsWith('/api/agents/:code') ||
  /^\/api\/users\/:/.test(url) ||
  // A statement of agent Alpha's customer account (decision 148): 404 to agent Beta.
  url.startsWith('/api/reports/accounts/:accountNumber');
const objectForbidden: Record<string, Caller[]> = {
  // Any signed-in user may change its own contact fields; a teller may not change a colleague's.
  'PUT /api/users/:usernameOrId': ['teller', 'otherAgentTeller'],
  // A person registered at agent Alpha is changed and deleted by Alpha (or the super administrator)
  // only (DESIGN §3); object-level cases in test/object-access/persons-users-accounts.test.ts.
  'PUT /api/persons/:id': ['otherAgentTeller'],
  'DELETE /api/persons/:id': ['otherAgentTeller'],
};

interface Fixtures {
  t: TestApp;
  alphaCode: string;
  targetUserId: string;
  person: { id: string; documentNumber: string };
  accountId: string | undefined;
  accountNumber: string | undefined;
  fixtureAgentIds: string[];
  fixtureUsernames: string[];
  usernames: Record<Exclude<Caller, 'anonymous'>, string>;
}

const PASSWORD = 'Matrice-2026';

async function fixtures(): Promise<Fixtures> {
  const t = await build();
  const { app } = t;
  const db = t.database.db;
  const superToken = await activeSuperAdminToken(app);
  const alpha = await createAgentThroughApi(app, superToken, {
    name: 'Alpha Cash',
    username: 'alpha.admin',
    personIds: [(await insertPerson(db)).id],
  });
  const beta = await createAgentThroughApi(app, superToken, {
    name: 'Beta Transfert',
    username: 'beta.admin',
    personIds: [(await insertPerson(db)).id],
  });
  // Past the first-password gate, so that each call reaches the permission layer.
  await db
    .update(users)
    .set({ passwordUpdatedAt: new Date('2026-01-01T00:00:00Z') })
    .where(inArray(users.username, ['alpha.admin', 'beta.admin']));
  await createUser(db, { username: 'alpha.guichet', password: PASSWORD, role: 'user', agentId: alpha.id });
  await createUser(db, { username: 'beta.guichet', password: PASSWORD, role: 'user', agentId: beta.id });
  // The user that the `:username`, `:usernameOrId` and `:id` of the users routes name (agent Alpha's).
  const target = await createUser(db, {
    username: 'alpha.cible',
    password: PASSWORD,
    role: 'user',
    agentId: alpha.id,
  });
  const person = await insertPerson(db);

  // A customer account of agent Alpha, when the accounts routes are there to open one.
  let accountId: string | undefined;
  let accountNumber: string | undefined;
  if (app.declaredRoutes.some((route) => route.method === 'POST' && route.url === '/api/accounts')) {
    const tellerToken = await tokenFor(t, 'alpha.guichet');
    const opened = await call(app, 'POST', '/api/accounts', {
      token: tellerToken,
      // The person was registered by no agent: its card proves it is at the counter (decision 115).
      body: {
        type: 'current',
        currency: 'HTG',
        personIds: [person.id],
        holderDocuments: { [person.id]: person.idDocumentNumber },
      },
    });
    if (opened.status === 201) {
      accountId = opened.body.data.id as string;
      accountNumber = opened.body.data.accountNumber as string;
    }
  }

  return {
    t,
    alphaCode: alpha.code,
    targetUserId: target.id,
    person: { id: person.id, documentNumber: person.idDocumentNumber },
    accountId,
    accountNumber,
    fixtureAgentIds: [alpha.id, beta.id],
    fixtureUsernames: [
      'superadmin',
      'alpha.admin',
      'beta.admin',
      'alpha.guichet',
      'beta.guichet',
      'alpha.cible',
    ],
    usernames: {
      teller: 'alpha.guichet',
      administrator: 'alpha.admin',
      superAdministrator: 'superadmin',
      otherAgentTeller: 'beta.guichet',
    },
  };
}

/** A fresh token of the user's current version: a logout or a disabled user earlier in the run does not matter. */
async function tokenFor(t: TestApp, username: string): Promise<string> {
  const [row] = await t.database.db
    .select()
    .from(users)
    .where(inArray(users.username, [username]));
  const account = await findUserById(t.database.db, row!.id);
  return new TokenService(t.config.jwtSecret!, t.clock).sign(toSessionUser(account!), account!.tokenVersion);
}

/** Plausible values for a route's parameters, taken from the fixtures, so that the call reaches its checks. */
function fillParams(f: Fixtures, url: string): string {
  return url.replace(/:(\w+)/g, (_match, name: string) => {
    switch (name) {
      case 'code':
        return f.alphaCode;
      case 'username':
      case 'usernameOrId':
        return 'alpha.cible';
      case 'id':
        if (url.startsWith('/api/users/')) return f.targetUserId;
        if (url.startsWith('/api/persons/')) return f.person.id;
        if (url.startsWith('/api/accounts/')) return f.accountId ?? randomUUID();
        return randomUUID();
      case 'documentNumber':
      case 'number':
        return f.person.documentNumber;
      case 'type':
        return 'id_card';
      case 'transactionNumber':
        return '4000000000000000';
      case 'accountNumber':
        return f.accountNumber ?? '0000000000';
      default:
        return name.toLowerCase().endsWith('id') ? randomUUID() : 'valeur';
    }
  });
}

/** Undoes what a call may have changed for the next one: a suspended or deleted agent, a disabled user. */
async function repair(f: Fixtures): Promise<void> {
  const db = f.t.database.db;
  await db
    .update(agents)
    .set({ deletedAt: null, suspendedAt: null })
    .where(inArray(agents.id, f.fixtureAgentIds));
  await db.update(users).set({ deletedAt: null }).where(inArray(users.username, f.fixtureUsernames));
}

function allowedFor(route: DeclaredRoute, caller: Caller): boolean {
  if (route.access.kind === 'none') return false;
  if (route.access.kind === 'public') return true;
  if (caller === 'anonymous') return false;
  if (route.access.kind === 'signedIn') return true;
  const allowed: readonly Audience[] = permissions[route.access.capability];
  return allowed.includes(audienceOf[caller]);
}

/** What the table (and the object rules above) say of one answer; undefined when it agrees. */
function disagreement(
  route: DeclaredRoute,
  caller: Caller,
  status: number,
  code: unknown,
): string | undefined {
  const key = `${route.method} ${route.url}`;
  if (status >= 500) return `${status} (never a 5xx)`;
  if (route.access.kind !== 'public' && caller === 'anonymous') {
    return status === 401 ? undefined : `${status}, expected 401`;
  }
  if (!allowedFor(route, caller)) {
    return status === 403 && code === 'FORBIDDEN'
      ? undefined
      : `${status} ${String(code)}, expected 403 FORBIDDEN`;
  }
  if (status === 401) return '401 for a caller the table allows';
  if (status === 403 && !objectForbidden[key]?.includes(caller))
    return `403 ${String(code)} for a caller the table allows`;
  if (caller === 'otherAgentTeller' && alphaScoped(route.url) && status < 300) {
    return `${status}: agent Alpha's object answered to a teller of agent Beta`;
  }
  return undefined;
}

/** The `/api` routes of Fastify's own route tree (`printRoutes`), parameters reduced to `:`. */
function routesOfTree(app: App): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join('');
    if (!match[3] || !path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const method of match[3].split(', ')) found.push(`${method} ${normalise(path)}`);
  }
  return found.sort();
}

function normalise(path: string): string {
  return path.replace(/:[^/|]+(\|:[^/|]+)*/g, ':');
}

describe('the access matrix', () => {
  it('answers every /api route, to every kind of caller, as the permission table says', async () => {
    const f = await fixtures();
    const { app } = f.t;
    const routes = app.declaredRoutes.filter((route) => route.method !== 'HEAD');
    // Sanity: the matrix sees the routes of every module, this issue's and the others'.
    expect(routes.length).toBeGreaterThan(20);
    for (const url of ['/api/agents/:code', '/api/users/:usernameOrId', '/api/audit', '/api/auth/login'])
      expect(routes.map((route) => route.url)).toContain(url);

    const problems: string[] = [];
    const seen: string[] = [];
    for (const route of routes) {
      const url = fillParams(f, route.url);
      for (const caller of callers) {
        const token = caller === 'anonymous' ? undefined : await tokenFor(f.t, f.usernames[caller]);
        const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
        const answer = await call(app, method, url, {
          ...(token ? { token } : {}),
          ...(method === 'POST' || method === 'PUT' ? { body: {} } : {}),
        });
        seen.push(`${route.method} ${route.url} ${caller} ${answer.status}`);
        const problem = disagreement(route, caller, answer.status, answer.body?.code);
        if (problem)
          problems.push(`${route.method} ${url} as ${caller}: ${problem} — ${answer.text.slice(0, 160)}`);
        await repair(f);
      }
    }
    expect(problems).toEqual([]);
    expect(seen).toHaveLength(routes.length * callers.length);
  }, 300_000);

  it('lists every /api route that Fastify knows, each once', async () => {
    const { app } = await build();
    const declared = app.declaredRoutes.map((route) => `${route.method} ${normalise(route.url)}`).sort();
    expect(declared).toEqual(routesOfTree(app));
    expect(new Set(declared).size).toBe(declared.length);
  });
});

describe('the API documentation', () => {
  it('documents every /api route with its answers, and the parameters, query and body it reads', async () => {
    const { app } = await build();
    const json = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    interface Operation {
      parameters?: { in: string; name: string }[];
      requestBody?: unknown;
      responses: Record<string, unknown>;
    }
    const spec = json.json<{ paths: Record<string, Record<string, Operation>> }>();
    const missing: string[] = [];
    for (const route of app.declaredRoutes.filter((declared) => declared.method !== 'HEAD')) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const operation = spec.paths[path]?.[route.method.toLowerCase()];
      if (!operation) {
        missing.push(`${route.method} ${path}: absent`);
        continue;
      }
      const statuses = Object.keys(operation.responses);
      if (!statuses.some((status) => status.startsWith('2')))
        missing.push(`${route.method} ${path}: no 2xx answer`);
      if (route.access.kind !== 'public' && !statuses.includes('401'))
        missing.push(`${route.method} ${path}: no 401 answer`);
      // 403: a role without the capability, or a user before its first password change.
      const canBeForbidden =
        route.access.kind === 'capability'
          ? permissions[route.access.capability].length < 3 || !route.allowBeforePasswordChange
          : false;
      if (canBeForbidden && !statuses.includes('403')) missing.push(`${route.method} ${path}: no 403 answer`);
      for (const name of [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!)) {
        if (!operation.parameters?.some((parameter) => parameter.in === 'path' && parameter.name === name))
          missing.push(`${route.method} ${path}: parameter ${name} undocumented`);
      }
    }
    expect(missing).toEqual([]);

    // This routes in detail: the query filters and the bodies of the forms.
    const names = (operation: Operation | undefined) => (operation?.parameters ?? []).map((p) => p.name);
    expect(names(spec.paths['/api/users']?.get)).toEqual(
      expect.arrayContaining(['page', 'per_page', 'role', 'agentCode', 'q']),
    );
    expect(names(spec.paths['/api/agents']?.get)).toEqual(
      expect.arrayContaining(['page', 'per_page', 'q', 'status']),
    );
    expect(names(spec.paths['/api/audit']?.get)).toEqual(expect.arrayContaining(['page', 'per_page']));
    for (const [path, method] of [
      ['/api/agents', 'post'],
      ['/api/agents/search', 'post'],
      ['/api/users', 'post'],
      ['/api/users/{usernameOrId}', 'put'],
      ['/api/users/check-unique/', 'post'],
    ] as const) {
      expect(spec.paths[path]?.[method]?.requestBody, `${method} ${path}`).toBeDefined();
    }
  });
});

describe('declaring who may call a route', () => {
  const undeclared: FastifyPluginAsync = (api) => {
    api.get('/probe/oubliee', () => Promise.resolve({ data: 'fuite' }));
    return Promise.resolve();
  };
  const twice: FastifyPluginAsync = (api) => {
    api.get('/probe/double', { config: { public: true }, preHandler: requireCapability('audit.read') }, () =>
      Promise.resolve({ data: 'ambigu' }),
    );
    return Promise.resolve();
  };

  it('stops the start when an /api route names no entry of the permission table', async () => {
    await expect(build({ overrides: { routes: undeclared } })).rejects.toThrow(
      'GET /api/probe/oubliee : aucune entrée de la table des permissions',
    );
  });

  it('stops the start when a route declares two kinds of access', async () => {
    await expect(build({ overrides: { routes: twice } })).rejects.toThrow(
      'GET /api/probe/double : déclare plusieurs accès',
    );
  });

  it('refuses a caller without the capability before reading its body', async () => {
    const f = await fixtures();
    const token = await tokenFor(f.t, 'alpha.guichet');
    const answer = await call(f.t.app, 'POST', '/api/agents', { token, body: { name: '' } });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({
      message: "Vous n'avez pas la permission d'effectuer cette action.",
      code: 'FORBIDDEN',
    });
  });
});
