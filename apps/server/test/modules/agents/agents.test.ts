import { authMessages, type Agent } from '@lajan/domain';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accounts, agentOwners, agents, auditLog, mailOutbox, users } from '../../../src/db/schema.js';
import { APP_URL, build } from '../../helpers/build.js';
import { activeSuperAdminToken, call, createUser, login, tokenOf, userRow } from '../../helpers/fixtures.js';
import { Mailbox } from '../../helpers/mailbox.js';
import {
  createAgentThroughApi,
  insertPerson,
  lastMailTo,
  passFirstPasswordGate,
  temporaryAccessIn,
} from '../../helpers/network.js';

/** The codes of a list answer, in order. */
function codesOf(body: unknown): string[] {
  return (body as { data: Agent[] }).data.map((agent) => agent.code);
}

let mailbox: Mailbox;
beforeEach(async () => {
  mailbox = await Mailbox.start();
});
afterEach(() => mailbox.close());

async function setup() {
  const t = await build({ env: { SMTP_URL: mailbox.url } });
  const superToken = await activeSuperAdminToken(t.app);
  return { t, app: t.app, db: t.database.db, superToken };
}

const agentInput = (personIds: string[], username = 'epicerie.admin') => ({
  name: 'Épicerie Saint-Marc',
  address: '12 rue Capois, Port-au-Prince',
  email: 'contact@epicerie.ht',
  phone: '+509 3712-3456',
  type: 'Business',
  username,
  personIds,
});

/** An agent created through the API, its administrator past the first-password gate, and a teller. */
async function agentWithStaff(
  setupResult: Awaited<ReturnType<typeof setup>>,
  name: string,
  username: string,
) {
  const { app, db, superToken } = setupResult;
  const owner = await insertPerson(db);
  const before = mailbox.received.length;
  const agent = await createAgentThroughApi(app, superToken, { name, username, personIds: [owner.id] });
  await mailbox.waitForCount(before + 1);
  const access = temporaryAccessIn(lastMailTo(mailbox.received, owner.email).text);
  const adminToken = await passFirstPasswordGate(app, access, 'Admin-Choisi-2026');
  const teller = `${username.slice(0, 4)}.guichet`;
  await createUser(db, { username: teller, password: 'Guichet-2026', role: 'user', agentId: agent.id });
  const tellerToken = await tokenOf(app, teller, 'Guichet-2026');
  return { agent, owner, adminToken, teller, tellerToken };
}

describe('POST /api/agents', () => {
  it('creates the agent, its owners, its float at 0 and its first administrator, and mails the first owner', async () => {
    const s = await setup();
    const owner = await insertPerson(s.db, { firstName: 'Roseline', email: 'roseline@exemple.ht' });
    const second = await insertPerson(s.db);

    const answer = await call(s.app, 'POST', '/api/agents', {
      token: s.superToken,
      body: agentInput([owner.id, second.id]),
      remoteAddress: '10.9.8.7',
    });

    expect(answer.status).toBe(201);
    const agent = answer.body.data as Agent;
    expect(agent).toMatchObject({
      name: 'Épicerie Saint-Marc',
      email: 'contact@epicerie.ht',
      phone: '+50937123456',
      address: '12 rue Capois, Port-au-Prince',
      city: null,
      type: 'Business',
      status: 'active',
      personIds: [owner.id, second.id],
      username: 'epicerie.admin',
      balance: 0,
      deletedAt: null,
      suspendedAt: null,
    });
    expect(agent.code).toMatch(/^EPI\d{3}$/);
    expect(agent.owners.map((o) => o.id)).toEqual([owner.id, second.id]);
    expect(agent.owners[0]).toEqual({
      id: owner.id,
      firstName: 'Roseline',
      lastName: owner.lastName,
      idDocumentType: 'id_card',
      idDocumentNumber: expect.stringMatching(/^NIF-/),
    });

    // What the database holds: the agent, its owners in order, one float at 0, one administrator.
    const [row] = await s.db.select().from(agents).where(eq(agents.id, agent.id));
    expect(row).toMatchObject({ code: agent.code, deletedAt: null, suspendedAt: null });
    const owners = await s.db.select().from(agentOwners).where(eq(agentOwners.agentId, agent.id));
    expect(owners.sort((a, b) => a.position - b.position).map((o) => o.personId)).toEqual([
      owner.id,
      second.id,
    ]);
    const floats = await s.db.select().from(accounts).where(eq(accounts.agentId, agent.id));
    expect(floats).toHaveLength(1);
    expect(floats[0]).toMatchObject({
      kind: 'float',
      status: 'active',
      balanceCentimes: 0,
      accountNumber: agent.accountNumber,
    });
    const admin = await userRow(s.db, 'epicerie.admin');
    expect(admin).toMatchObject({
      role: 'agent_admin',
      agentRole: 'admin',
      agentId: agent.id,
      personId: owner.id,
      isSuperAdmin: false,
      passwordUpdatedAt: null,
      deletedAt: null,
    });

    // The first owner receives the two lines of DESIGN §3 through a real SMTP server.
    const [mail] = await mailbox.waitForCount(1);
    expect(mail!.to).toEqual(['roseline@exemple.ht']);
    expect(mail!.subject).toBe('Votre accès à Lajan');
    expect(mail!.text).toContain("Nom d'utilisateur : epicerie.admin");
    expect(mail!.text).toMatch(/^Mot de passe temporaire : [A-Za-z0-9]{22}$/m);
    expect(mail!.text).toContain(`${APP_URL}/login`);
    const access = temporaryAccessIn(mail!.text);
    expect(admin.passwordHash).not.toContain(access.password);

    // The temporary password signs in, and the first-password gate stops everything else.
    const signIn = await login(s.app, 'epicerie.admin', access.password);
    expect(signIn.status).toBe(200);
    expect(signIn.body.data.user).toMatchObject({
      role: 'agent_admin',
      passwordUpdatedAt: null,
      agent: { code: agent.code, name: 'Épicerie Saint-Marc', role: 'admin' },
    });
    const gated = await call(s.app, 'GET', '/api/agents', { token: signIn.body.data.access_token });
    expect(gated.status).toBe(403);
    expect(gated.body.code).toBe('PASSWORD_CHANGE_REQUIRED');
    const adminToken = await passFirstPasswordGate(s.app, access, 'Admin-Choisi-2026');
    const own = await call(s.app, 'GET', '/api/agents', { token: adminToken });
    expect(own.status).toBe(200);
    expect(codesOf(own.body)).toEqual([agent.code]);

    // Recorded: who, what, from where.
    const [audit] = await s.db.select().from(auditLog).where(eq(auditLog.action, 'agents.create'));
    expect(audit).toMatchObject({ actorUsername: 'superadmin', target: agent.code, ip: '10.9.8.7' });
    expect(audit!.details).toMatchObject({ username: 'epicerie.admin', accountNumber: agent.accountNumber });
    expect(JSON.stringify(audit)).not.toContain(access.password);
    // Sent, the outbox keeps no temporary password.
    await expect.poll(async () => (await s.db.select().from(mailOutbox))[0]?.textBody).toBe('');
    // The longest test of the file, and the first: it also pays for the database and many password hashes.
  }, 120_000);

  it('answers 409 on a username already taken, whatever its case, and writes nothing', async () => {
    const s = await setup();
    const owner = await insertPerson(s.db);

    const answer = await call(s.app, 'POST', '/api/agents', {
      token: s.superToken,
      body: agentInput([owner.id], 'SuperAdmin'),
    });

    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      message: "Ce nom d'utilisateur existe déjà",
      code: 'CONFLICT',
      errors: { username: ["Ce nom d'utilisateur existe déjà"] },
    });
    expect(await s.db.select().from(agents)).toHaveLength(0);
    expect(await s.db.select().from(accounts).where(eq(accounts.kind, 'float'))).toHaveLength(0);
    expect(await s.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it('answers 422 for an owner who is not a registered person, or one given twice, and writes nothing', async () => {
    const s = await setup();
    const owner = await insertPerson(s.db);

    const unknown = await call(s.app, 'POST', '/api/agents', {
      token: s.superToken,
      body: agentInput([owner.id, '6f1c4a52-8d0e-4b7a-9a55-3d2f7c1e0b99']),
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ personIds: ['Personne introuvable'] });

    const twice = await call(s.app, 'POST', '/api/agents', {
      token: s.superToken,
      body: agentInput([owner.id, owner.id]),
    });
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toEqual({ personIds: ["Une personne ne peut être sélectionnée qu'une fois"] });

    expect(await s.db.select().from(agents)).toHaveLength(0);
    expect(await s.db.select().from(users).where(eq(users.system, false))).toHaveLength(1);
  });

  it('answers 422 in French, not 500, for an owner id that is not a UUID, and writes nothing', async () => {
    const s = await setup();
    const owner = await insertPerson(s.db);
    const answer = await call(s.app, 'POST', '/api/agents', {
      token: s.superToken,
      body: agentInput([owner.id, 'pas-un-uuid']),
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ personIds: ['Personne introuvable'] });
    expect(await s.db.select().from(agents)).toHaveLength(0);
    expect(await s.db.select().from(users).where(eq(users.system, false))).toHaveLength(1);
    expect(await s.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it('answers every missing field in the words of SPEC §5', async () => {
    const s = await setup();
    const answer = await call(s.app, 'POST', '/api/agents', { token: s.superToken, body: {} });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({
      name: ['Le nom est requis'],
      address: ["L'adresse est requise"],
      email: ["L'email est requis"],
      phone: ['Le téléphone est requis'],
      type: ['Type invalide'],
      username: ["Le nom d'utilisateur est requis"],
      personIds: ['Les personnes sont requises'],
    });
  });

  it('gives each agent its own code, even with the same name', async () => {
    const s = await setup();
    const codes = new Set<string>();
    for (let i = 0; i < 4; i += 1) {
      const owner = await insertPerson(s.db);
      const agent = await createAgentThroughApi(s.app, s.superToken, {
        name: 'Boutique du Marché',
        username: `boutique${i}.admin`,
        personIds: [owner.id],
      });
      expect(agent.code).toMatch(/^BOU\d{3}$/);
      codes.add(agent.code);
    }
    expect(codes.size).toBe(4);
  });

  it('is the super administrator’s alone', async () => {
    const s = await setup();
    const a = await agentWithStaff(s, 'Alpha Cash', 'alpha.admin');
    const owner = await insertPerson(s.db);
    for (const token of [a.adminToken, a.tellerToken]) {
      const answer = await call(s.app, 'POST', '/api/agents', { token, body: agentInput([owner.id]) });
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe('FORBIDDEN');
    }
    expect(await s.db.select().from(agents)).toHaveLength(1);
  });
});

describe('GET /api/agents, GET /api/agents/{code}, POST /api/agents/search', () => {
  it('lists every agent for the super administrator, with the float balance, paged, newest first', async () => {
    const s = await setup();
    const a = await agentWithStaff(s, 'Alpha Cash', 'alpha.admin');
    s.t.clock.advance(1000);
    const b = await agentWithStaff(s, 'Beta Transfert', 'beta.admin');

    const all = await call(s.app, 'GET', '/api/agents', { token: s.superToken });
    expect(all.status).toBe(200);
    expect(all.body.meta).toEqual({ total: 2, page: 1, per_page: 10 });
    expect(codesOf(all.body)).toEqual([b.agent.code, a.agent.code]);
    expect(all.body.data[0]).toMatchObject({ balance: 0, username: 'beta.admin', status: 'active' });

    const second = await call(s.app, 'GET', '/api/agents?page=2&per_page=1', { token: s.superToken });
    expect(second.body).toMatchObject({ meta: { total: 2, page: 2, per_page: 1 } });
    expect(codesOf(second.body)).toEqual([a.agent.code]);

    const search = await call(s.app, 'GET', '/api/agents?q=beta', { token: s.superToken });
    expect(codesOf(search.body)).toEqual([b.agent.code]);
    // The name with its case and accents set aside (decision 175).
    const accented = await call(s.app, 'GET', `/api/agents?q=${encodeURIComponent('BÉTA TRANSFÈRT')}`, {
      token: s.superToken,
    });
    expect(codesOf(accented.body)).toEqual([b.agent.code]);
    const byCode = await call(s.app, 'GET', `/api/agents?q=${a.agent.code.toLowerCase()}`, {
      token: s.superToken,
    });
    expect(codesOf(byCode.body)).toEqual([a.agent.code]);

    await call(s.app, 'POST', `/api/agents/${a.agent.code}/suspend`, { token: s.superToken });
    const suspended = await call(s.app, 'GET', '/api/agents?status=suspended', { token: s.superToken });
    expect(codesOf(suspended.body)).toEqual([a.agent.code]);
    const active = await call(s.app, 'GET', '/api/agents?status=active', { token: s.superToken });
    expect(codesOf(active.body)).toEqual([b.agent.code]);
    const bad = await call(s.app, 'GET', '/api/agents?status=perdu', { token: s.superToken });
    expect(bad.status).toBe(422);
  });

  it('shows an administrator or a teller its own agent only, with its balance', async () => {
    const s = await setup();
    const a = await agentWithStaff(s, 'Alpha Cash', 'alpha.admin');
    const b = await agentWithStaff(s, 'Beta Transfert', 'beta.admin');

    for (const token of [a.adminToken, a.tellerToken]) {
      const list = await call(s.app, 'GET', '/api/agents', { token });
      expect(list.body.meta.total).toBe(1);
      expect(list.body.data).toHaveLength(1);
      expect(list.body.data[0]).toMatchObject({ code: a.agent.code, balance: 0 });

      const own = await call(s.app, 'GET', `/api/agents/${a.agent.code}`, { token });
      expect(own.status).toBe(200);
      expect(own.body.data).toMatchObject({
        code: a.agent.code,
        balance: 0,
        accountNumber: expect.any(String),
      });

      const other = await call(s.app, 'GET', `/api/agents/${b.agent.code}`, { token });
      expect(other.status).toBe(404);
      expect(other.body).toEqual({ message: 'Agent introuvable', code: 'NOT_FOUND' });

      const found = await call(s.app, 'POST', '/api/agents/search', { token, body: { code: a.agent.code } });
      expect(found.status).toBe(200);
      expect(found.body.data.agent.code).toBe(a.agent.code);
      const hidden = await call(s.app, 'POST', '/api/agents/search', { token, body: { code: b.agent.code } });
      expect(hidden.status).toBe(404);
    }
  });

  it('reads an agent by its code whatever the case, and answers 404 for an unknown code', async () => {
    const s = await setup();
    const a = await agentWithStaff(s, 'Alpha Cash', 'alpha.admin');

    const lower = await call(s.app, 'GET', `/api/agents/${a.agent.code.toLowerCase()}`, {
      token: s.superToken,
    });
    expect(lower.status).toBe(200);
    expect(lower.body.data).toMatchObject({
      code: a.agent.code,
      owners: [{ id: a.owner.id }],
      username: 'alpha.admin',
      balance: 0,
    });
    const search = await call(s.app, 'POST', '/api/agents/search', {
      token: s.superToken,
      body: { code: ` ${a.agent.code.toLowerCase()} ` },
    });
    expect(search.body.data.agent.id).toBe(a.agent.id);

    expect((await call(s.app, 'GET', '/api/agents/ZZZ999', { token: s.superToken })).status).toBe(404);
    const empty = await call(s.app, 'POST', '/api/agents/search', {
      token: s.superToken,
      body: { code: '' },
    });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ code: ["Le code de l'agent est requis"] });
  });
});

describe('suspending, deleting and reactivating an agent', () => {
  it('suspend stops the agent’s users at once, live tokens included; activate lets them sign in again', async () => {
    const s = await setup();
    const a = await agentWithStaff(s, 'Alpha Cash', 'alpha.admin');
    const b = await agentWithStaff(s, 'Beta Transfert', 'beta.admin');
    const versionBefore = (await userRow(s.db, a.teller)).tokenVersion;

    const suspended = await call(s.app, 'POST', `/api/agents/${a.agent.code}/suspend`, {
      token: s.superToken,
      remoteAddress: '10.0.0.5',
    });
    expect(suspended.status).toBe(200);
    expect(suspended.body.data).toMatchObject({ code: a.agent.code, status: 'suspended', deletedAt: null });
    expect(suspended.body.data.suspendedAt).toEqual(s.t.clock.now().toISOString());

    // Live tokens stop working on their next request; sign-in is refused.
    for (const token of [a.adminToken, a.tellerToken]) {
      const refused = await call(s.app, 'GET', '/api/auth/user', { token });
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ message: authMessages.accountDisabled, code: 'UNAUTHENTICATED' });
    }
    const signIn = await login(s.app, a.teller, 'Guichet-2026');
    expect(signIn.status).toBe(401);
    expect(signIn.body.message).toBe(authMessages.accountDisabled);
    expect((await userRow(s.db, a.teller)).tokenVersion).toBe(versionBefore + 1);
    // The other agent is untouched.
    expect((await call(s.app, 'GET', '/api/auth/user', { token: b.tellerToken })).status).toBe(200);

    const [audit] = await s.db.select().from(auditLog).where(eq(auditLog.action, 'agents.suspend'));
    expect(audit).toMatchObject({ actorUsername: 'superadmin', target: a.agent.code, ip: '10.0.0.5' });
    expect(audit!.details).toMatchObject({ before: 'active', after: 'suspended', sessionsEnded: 2 });

    const activated = await call(s.app, 'POST', `/api/agents/${a.agent.code}/activate`, {
      token: s.superToken,
    });
    expect(activated.status).toBe(200);
    expect(activated.body.data).toMatchObject({ status: 'active', suspendedAt: null, deletedAt: null });
    expect((await login(s.app, a.teller, 'Guichet-2026')).status).toBe(200);
    // The sessions that suspension ended stay ended.
    expect((await call(s.app, 'GET', '/api/auth/user', { token: a.tellerToken })).status).toBe(401);
    expect(await s.db.select().from(auditLog).where(eq(auditLog.action, 'agents.activate'))).toHaveLength(1);
  });

  it('delete makes the agent inactive but keeps it, its float and its users; activate restores it', async () => {
    const s = await setup();
    const a = await agentWithStaff(s, 'Alpha Cash', 'alpha.admin');

    const deleted = await call(s.app, 'DELETE', `/api/agents/${a.agent.code}`, { token: s.superToken });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toMatchObject({ code: a.agent.code, status: 'inactive', suspendedAt: null });
    expect(deleted.body.data.deletedAt).toEqual(s.t.clock.now().toISOString());

    const [row] = await s.db.select().from(agents).where(eq(agents.id, a.agent.id));
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect(await s.db.select().from(accounts).where(eq(accounts.agentId, a.agent.id))).toHaveLength(1);
    expect(
      await s.db
        .select()
        .from(users)
        .where(and(eq(users.agentId, a.agent.id))),
    ).toHaveLength(2);

    expect((await call(s.app, 'GET', '/api/agents', { token: a.adminToken })).status).toBe(401);
    expect((await login(s.app, 'alpha.admin', 'Admin-Choisi-2026')).status).toBe(401);
    const listed = await call(s.app, 'GET', '/api/agents?status=inactive', { token: s.superToken });
    expect(codesOf(listed.body)).toEqual([a.agent.code]);

    // A second delete keeps the first date.
    s.t.clock.advance(60_000);
    const again = await call(s.app, 'DELETE', `/api/agents/${a.agent.code}`, { token: s.superToken });
    expect(again.body.data.deletedAt).toBe(deleted.body.data.deletedAt);

    const activated = await call(s.app, 'POST', `/api/agents/${a.agent.code}/activate`, {
      token: s.superToken,
    });
    expect(activated.body.data).toMatchObject({ status: 'active', deletedAt: null });
    expect((await login(s.app, 'alpha.admin', 'Admin-Choisi-2026')).status).toBe(200);
    expect(await s.db.select().from(auditLog).where(eq(auditLog.action, 'agents.delete'))).toHaveLength(2);
  });

  it('answers 404 for an unknown code and 403 to anyone but the super administrator', async () => {
    const s = await setup();
    const a = await agentWithStaff(s, 'Alpha Cash', 'alpha.admin');
    for (const [method, url] of [
      ['POST', '/api/agents/NOPE00/suspend'],
      ['POST', '/api/agents/NOPE00/activate'],
      ['DELETE', '/api/agents/NOPE00'],
    ] as const) {
      expect((await call(s.app, method, url, { token: s.superToken })).status).toBe(404);
    }
    for (const [method, url] of [
      ['POST', `/api/agents/${a.agent.code}/suspend`],
      ['POST', `/api/agents/${a.agent.code}/activate`],
      ['DELETE', `/api/agents/${a.agent.code}`],
    ] as const) {
      expect((await call(s.app, method, url, { token: a.adminToken })).status).toBe(403);
    }
    const [row] = await s.db.select().from(agents).where(eq(agents.id, a.agent.id));
    expect(row).toMatchObject({ deletedAt: null, suspendedAt: null });
  });
});
