/**
 * Object-level access to agents (issue 10): a teller and an administrator of agent Beta, acting on
 * agent Alpha through every agents route, learn nothing of Alpha and change nothing of it. The
 * route-level matrix (`access-matrix.test.ts`) checks the permission table; this file checks the
 * scope on top of it, route by route, with what each answer would have leaked.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { agents, users } from '../../src/db/schema.js';
import { build, type TestApp } from '../helpers/build.js';
import { activeSuperAdminToken, call, createUser, tokenOf } from '../helpers/fixtures.js';
import { createAgentThroughApi, insertPerson } from '../helpers/network.js';

const PASSWORD = 'Portee-Agents-2026';

interface World {
  t: TestApp;
  superToken: string;
  alpha: { id: string; code: string };
  beta: { id: string; code: string };
  tokens: { betaTeller: string; betaAdmin: string; alphaTeller: string };
}

async function world(): Promise<World> {
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
  await createUser(db, { username: 'alpha.guichet', password: PASSWORD, role: 'user', agentId: alpha.id });
  await createUser(db, { username: 'beta.guichet', password: PASSWORD, role: 'user', agentId: beta.id });
  await createUser(db, { username: 'beta.gerant', password: PASSWORD, role: 'agent_admin', agentId: beta.id });
  return {
    t,
    superToken,
    alpha: { id: alpha.id, code: alpha.code },
    beta: { id: beta.id, code: beta.code },
    tokens: {
      betaTeller: await tokenOf(app, 'beta.guichet', PASSWORD),
      betaAdmin: await tokenOf(app, 'beta.gerant', PASSWORD),
      alphaTeller: await tokenOf(app, 'alpha.guichet', PASSWORD),
    },
  };
}

describe('agents, as a user of another agent', () => {
  // Each test builds its own app and world: the test setup closes the apps after every test.
  let w: World;
  beforeEach(async () => {
    w = await world();
  });

  for (const who of ['betaTeller', 'betaAdmin'] as const) {
    describe(who === 'betaTeller' ? 'a teller of Beta' : 'an administrator of Beta', () => {
      it('reads neither Alpha by its code nor through the search (404, as an unknown code)', async () => {
        const token = w.tokens[who];
        const byCode = await call(w.t.app, 'GET', `/api/agents/${w.alpha.code}`, { token });
        expect(byCode.status).toBe(404);
        expect(byCode.text).not.toContain('Alpha Cash');
        const unknown = await call(w.t.app, 'GET', '/api/agents/ZZZ999', { token });
        expect(byCode.body).toEqual(unknown.body);

        const search = await call(w.t.app, 'POST', '/api/agents/search', {
          token,
          body: { code: w.alpha.code },
        });
        expect(search.status).toBe(404);
        expect(search.text).not.toContain('Alpha Cash');
      });

      it('finds only its own agent in the list, whatever it searches', async () => {
        const token = w.tokens[who];
        for (const url of ['/api/agents', `/api/agents?q=${w.alpha.code}`, '/api/agents?q=Alpha']) {
          const list = await call(w.t.app, 'GET', url, { token });
          expect(list.status).toBe(200);
          const codes = (list.body.data as { code: string }[]).map((agent) => agent.code);
          expect(codes).not.toContain(w.alpha.code);
          expect(list.text).not.toContain('Alpha Cash');
        }
        const own = await call(w.t.app, 'GET', '/api/agents', { token });
        expect((own.body.data as { code: string }[]).map((agent) => agent.code)).toEqual([w.beta.code]);
      });

      it('cannot suspend, activate, delete or fund Alpha, and Alpha stays as it was', async () => {
        const token = w.tokens[who];
        const attempts = [
          call(w.t.app, 'POST', `/api/agents/${w.alpha.code}/suspend`, { token }),
          call(w.t.app, 'POST', `/api/agents/${w.alpha.code}/activate`, { token }),
          call(w.t.app, 'DELETE', `/api/agents/${w.alpha.code}`, { token }),
          call(w.t.app, 'POST', '/api/agents/deposit', {
            token,
            body: {
              code: w.alpha.code,
              amount: 1000,
              party: { name: 'Jean Dupont', idDocumentType: 'id_card', idDocumentNumber: 'AB12345' },
            },
          }),
          call(w.t.app, 'POST', '/api/agents', {
            token,
            body: { name: 'Intrus', personIds: [] },
          }),
        ];
        for (const answer of await Promise.all(attempts)) {
          expect(answer.status).toBe(403);
          expect(answer.body.code).toBe('FORBIDDEN');
        }
        const [row] = await w.t.database.db.select().from(agents).where(eq(agents.id, w.alpha.id));
        expect(row!.suspendedAt).toBeNull();
        expect(row!.deletedAt).toBeNull();
        const alpha = await call(w.t.app, 'GET', `/api/agents/${w.alpha.code}`, { token: w.superToken });
        expect(alpha.body.data.balance).toBe(0);
      });
    });
  }

  it("shows an agent's float balance to its own users and to the super administrator only", async () => {
    const own = await call(w.t.app, 'GET', `/api/agents/${w.alpha.code}`, { token: w.tokens.alphaTeller });
    expect(own.status).toBe(200);
    expect(own.body.data.balance).toBe(0);
    const asSuper = await call(w.t.app, 'GET', '/api/agents', { token: w.superToken });
    const codes = (asSuper.body.data as { code: string }[]).map((agent) => agent.code);
    expect(codes).toEqual(expect.arrayContaining([w.alpha.code, w.beta.code]));
  });

  it("ends the sessions of a suspended agent's users, and only that agent's", async () => {
    const suspended = await call(w.t.app, 'POST', `/api/agents/${w.alpha.code}/suspend`, {
      token: w.superToken,
    });
    expect(suspended.status).toBe(200);
    const alphaAfter = await call(w.t.app, 'GET', '/api/auth/user', { token: w.tokens.alphaTeller });
    expect(alphaAfter.status).toBe(401);
    const betaAfter = await call(w.t.app, 'GET', '/api/auth/user', { token: w.tokens.betaTeller });
    expect(betaAfter.status).toBe(200);
    const [teller] = await w.t.database.db.select().from(users).where(eq(users.username, 'alpha.guichet'));
    expect(teller!.deletedAt).toBeNull();
  });
});
