/**
 * Security events in the log (ASVS 16.3.2, 16.3.3): a refused authentication, authorization,
 * throttled attempt or input leaves one line that says who, on which route, and why, and never
 * the token or the values that were refused.
 */
import { describe, expect, it } from 'vitest';
import { build } from './helpers/build.js';
import { call, createAgent, createUser, login, tokenOf } from './helpers/fixtures.js';

const PASSWORD = 'Evenements-2026';

function refusals(entries: Record<string, unknown>[], event: string) {
  return entries.filter((entry) => entry.event === event);
}

describe('the log of refused requests', () => {
  it('names the user and the route of a refused authorization, without its token', async () => {
    const { app, database, logs } = await build();
    const agent = await createAgent(database.db, { code: 'EVT01', name: 'Evenements' });
    const teller = await createUser(database.db, {
      username: 'guichet.evt',
      password: PASSWORD,
      role: 'user',
      agentId: agent.id,
    });
    const token = await tokenOf(app, 'guichet.evt', PASSWORD);

    const answer = await call(app, 'POST', '/api/agents', { token, body: { name: 'Intrus' } });

    expect(answer.status).toBe(403);
    const [entry] = refusals(logs.entries(), 'authorization_refused');
    expect(entry).toMatchObject({
      level: 40,
      status: 403,
      code: 'FORBIDDEN',
      route: 'POST /api/agents',
      userId: teller.id,
      username: 'guichet.evt',
    });
    expect(logs.text).not.toContain(token);
    expect(logs.text).not.toContain(token.split('.')[2]!);
  });

  it('records refused authentications, throttled sign-ins and refused input, with field names only', async () => {
    const { app, logs } = await build();

    expect((await call(app, 'GET', '/api/persons')).status).toBe(401);
    const [anonymous] = refusals(logs.entries(), 'authentication_refused');
    expect(anonymous).toMatchObject({ level: 40, route: 'GET /api/persons', userId: null });

    for (let i = 0; i < 6; i += 1) await login(app, 'inconnu.evt', `Faux-Secret-${i}`, '192.0.2.50');
    expect(refusals(logs.entries(), 'throttled')).toHaveLength(1);
    expect(logs.text).not.toContain('Faux-Secret');

    const refused = await call(app, 'POST', '/api/auth/forgot-password', {
      body: { email: 'pas-une-adresse-secrete' },
    });
    expect(refused.status).toBe(422);
    const [input] = refusals(logs.entries(), 'input_refused');
    expect(input).toMatchObject({ level: 30, fields: ['email'], route: 'POST /api/auth/forgot-password' });
    expect(logs.text).not.toContain('pas-une-adresse-secrete');
  });
});
