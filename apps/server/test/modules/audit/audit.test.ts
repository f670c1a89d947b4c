import type { AuditEntryView } from '@lajan/domain';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../../src/db/schema.js';
import { build } from '../../helpers/build.js';
import { MINUTE_MS } from '../../helpers/clock.js';
import { activeSuperAdminToken, call, createAgent, createUser, tokenOf } from '../../helpers/fixtures.js';
import { Mailbox } from '../../helpers/mailbox.js';
import {
  createAgentThroughApi,
  insertPerson,
  lastMailTo,
  passFirstPasswordGate,
  temporaryAccessIn,
} from '../../helpers/network.js';

let mailbox: Mailbox;
beforeEach(async () => {
  mailbox = await Mailbox.start();
});
afterEach(() => mailbox.close());

function entriesOf(body: unknown): AuditEntryView[] {
  return (body as { data: AuditEntryView[] }).data;
}

describe('GET /api/audit', () => {
  it('records every write of the agent network with who, when, what and from where, newest first', async () => {
    const t = await build({ env: { SMTP_URL: mailbox.url } });
    const { app, clock } = t;
    const db = t.database.db;
    const superToken = await activeSuperAdminToken(app);
    const owner = await insertPerson(db);
    const from = (ip: string) => ({ token: superToken, remoteAddress: ip });

    clock.advance(MINUTE_MS);
    const agent = await createAgentThroughApi(app, superToken, {
      name: 'Alpha Cash',
      username: 'alpha.admin',
      personIds: [owner.id],
    });
    await mailbox.waitForCount(1);
    const access = temporaryAccessIn(lastMailTo(mailbox.received, owner.email).text);
    clock.advance(MINUTE_MS);
    const adminToken = await passFirstPasswordGate(app, access, 'Admin-Choisi-2026');
    clock.advance(MINUTE_MS);
    // Registered at the administrator's agent: a user is created only on a person its creator may change.
    const person = await insertPerson(db, { registeredAgentId: agent.id });
    const created = await call(app, 'POST', '/api/users', {
      token: adminToken,
      body: { role: 'user', username: 'alpha.guichet', personId: person.id },
      remoteAddress: '10.0.0.2',
    });
    expect(created.status).toBe(201);
    clock.advance(MINUTE_MS);
    await call(app, 'PUT', `/api/users/${created.body.data.id}`, {
      token: adminToken,
      body: { city: 'Jacmel' },
      remoteAddress: '10.0.0.3',
    });
    clock.advance(MINUTE_MS);
    await call(app, 'DELETE', '/api/users/alpha.guichet', { token: adminToken, remoteAddress: '10.0.0.4' });
    clock.advance(MINUTE_MS);
    await call(app, 'POST', `/api/agents/${agent.code}/suspend`, from('10.0.0.5'));
    clock.advance(MINUTE_MS);
    await call(app, 'POST', `/api/agents/${agent.code}/activate`, from('10.0.0.6'));
    clock.advance(MINUTE_MS);
    await call(app, 'DELETE', `/api/agents/${agent.code}`, from('10.0.0.7'));

    const answer = await call(app, 'GET', '/api/audit?per_page=100', { token: superToken });
    expect(answer.status).toBe(200);
    const entries = entriesOf(answer.body);
    expect(answer.body.meta).toEqual({
      total: (await db.select().from(auditLog)).length,
      page: 1,
      per_page: 100,
    });
    const ofNetwork = entries.filter((entry) => /^(agents|users)\.(?!super)/.test(entry.action));
    expect(ofNetwork.map((entry) => [entry.action, entry.actorUsername, entry.target, entry.ip])).toEqual([
      ['agents.delete', 'superadmin', agent.code, '10.0.0.7'],
      ['agents.activate', 'superadmin', agent.code, '10.0.0.6'],
      ['agents.suspend', 'superadmin', agent.code, '10.0.0.5'],
      ['users.delete', 'alpha.admin', 'alpha.guichet', '10.0.0.4'],
      ['users.update', 'alpha.admin', 'alpha.guichet', '10.0.0.3'],
      ['users.create', 'alpha.admin', 'alpha.guichet', '10.0.0.2'],
      ['agents.create', 'superadmin', agent.code, '127.0.0.1'],
    ]);
    expect(ofNetwork[0]!.at).toBe(clock.now().toISOString());
    expect(ofNetwork[0]!.id).toMatch(/^\d+$/);
    // The password events are there too: the first-password change of each administrator.
    const passwords = entries.filter((entry) => entry.action === 'auth.password_changed');
    expect(passwords.map((entry) => entry.actorUsername)).toEqual(['alpha.admin', 'superadmin']);
    expect(passwords.every((entry) => entry.ip === '127.0.0.1')).toBe(true);
    // Never a password.
    expect(answer.text).not.toContain(access.password);
    expect(answer.text).not.toContain('Admin-Choisi-2026');

    const page = await call(app, 'GET', '/api/audit?page=2&per_page=3', { token: superToken });
    expect(page.body.meta).toMatchObject({ page: 2, per_page: 3 });
    expect(entriesOf(page.body).map((entry) => entry.id)).toEqual(
      entries.slice(3, 6).map((entry) => entry.id),
    );
    // The longest test of the file, and the first: it also pays for the database and many password hashes.
  }, 120_000);

  it('is refused to a teller and to anonymous callers; an administrator reads its own agent’s (decision 133)', async () => {
    const { app, database } = await build();
    const alpha = await createAgent(database.db, { code: 'ALP001', name: 'Alpha Cash' });
    await createUser(database.db, {
      username: 'alpha.guichet',
      password: 'Guichet-2026',
      role: 'user',
      agentId: alpha.id,
    });
    const refused = await call(app, 'GET', '/api/audit', { token: await tokenOf(app, 'alpha.guichet', 'Guichet-2026') });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');

    await createUser(database.db, {
      username: 'alpha.admin',
      password: 'Guichet-2026',
      role: 'agent_admin',
      agentId: alpha.id,
    });
    const own = await call(app, 'GET', '/api/audit?per_page=100', {
      token: await tokenOf(app, 'alpha.admin', 'Guichet-2026'),
    });
    expect(own.status).toBe(200);
    const lines = entriesOf(own.body);
    expect(lines.map((entry) => entry.actorUsername)).toEqual(['alpha.admin', 'alpha.guichet']);
    expect(lines.every((entry) => entry.agent?.code === 'ALP001')).toBe(true);
    expect((await call(app, 'GET', '/api/audit')).status).toBe(401);
  });
});

describe('the audit trail in the database', () => {
  it('refuses to change or delete a row once written, even to the application itself', async () => {
    const t = await build();
    const db = t.database.db;
    await activeSuperAdminToken(t.app);
    const [entry] = await db.select().from(auditLog).limit(1);
    expect(entry).toBeDefined();
    const refusal = (write: Promise<unknown>) =>
      write.then(
        () => 'written',
        (error: Error & { cause?: Error }) => (error.cause ?? error).message,
      );
    expect(await refusal(db.update(auditLog).set({ action: 'auth.nothing' }))).toMatch(/append-only/);
    expect(await refusal(db.delete(auditLog))).toMatch(/append-only/);
    const [after] = await db.select().from(auditLog).where(eq(auditLog.id, entry!.id));
    expect(after).toEqual(entry);
  });
});
