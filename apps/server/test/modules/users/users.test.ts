import { authMessages, type User } from '@lajan/domain';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, persons, users } from '../../../src/db/schema.js';
import { APP_URL, build } from '../../helpers/build.js';
import {
  activeSuperAdminToken,
  call,
  createAgent,
  createUser,
  login,
  SUPERADMIN_NEW_PASSWORD,
  tokenOf,
  userRow,
} from '../../helpers/fixtures.js';
import { Mailbox } from '../../helpers/mailbox.js';
import { insertPerson, passFirstPasswordGate, temporaryAccessIn } from '../../helpers/network.js';

let mailbox: Mailbox;
beforeEach(async () => {
  mailbox = await Mailbox.start();
});
afterEach(() => mailbox.close());

const PASSWORD = 'Guichet-2026';

/** Two agents, each with an administrator and a teller past the first-password gate. */
async function setup() {
  const t = await build({ env: { SMTP_URL: mailbox.url } });
  const db = t.database.db;
  const superToken = await activeSuperAdminToken(t.app);
  const alpha = await createAgent(db, { code: 'ALP001', name: 'Alpha Cash' });
  const beta = await createAgent(db, { code: 'BET001', name: 'Beta Transfert' });
  await createUser(db, {
    username: 'alpha.admin',
    password: PASSWORD,
    role: 'agent_admin',
    agentId: alpha.id,
  });
  await createUser(db, { username: 'alpha.guichet', password: PASSWORD, role: 'user', agentId: alpha.id });
  await createUser(db, { username: 'beta.admin', password: PASSWORD, role: 'agent_admin', agentId: beta.id });
  await createUser(db, { username: 'beta.guichet', password: PASSWORD, role: 'user', agentId: beta.id });
  const token = (username: string) => tokenOf(t.app, username, PASSWORD);
  return {
    t,
    app: t.app,
    db,
    alpha,
    beta,
    superToken,
    alphaAdmin: await token('alpha.admin'),
    alphaTeller: await token('alpha.guichet'),
    betaAdmin: await token('beta.admin'),
    betaTeller: await token('beta.guichet'),
  };
}

function usernamesOf(body: unknown): string[] {
  return (body as { data: User[] }).data.map((user) => user.username);
}

async function auditOf(db: Awaited<ReturnType<typeof setup>>['db'], action: string) {
  return db.select().from(auditLog).where(eq(auditLog.action, action));
}

describe('POST /api/users', () => {
  it('lets an administrator create a teller of its agent, mailed a temporary password that must be changed', async () => {
    const s = await setup();
    const person = await insertPerson(s.db, {
      firstName: 'Nadège',
      email: 'nadege@exemple.ht',
      registeredAgentId: s.alpha.id,
    });

    const answer = await call(s.app, 'POST', '/api/users', {
      token: s.alphaAdmin,
      body: { role: 'user', username: 'nadege.guichet', personId: person.id },
      remoteAddress: '10.1.1.1',
    });

    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      username: 'nadege.guichet',
      firstName: 'Nadège',
      lastName: person.lastName,
      email: 'nadege@exemple.ht',
      phoneNumber: expect.stringMatching(/^\+509/),
      idDocumentType: 'id_card',
      personId: person.id,
      role: 'user',
      isSuperAdmin: false,
      agent: { code: 'ALP001', name: 'Alpha Cash', role: 'agent' },
      passwordUpdatedAt: null,
      deletedAt: null,
    });
    const row = await userRow(s.db, 'nadege.guichet');
    expect(row).toMatchObject({
      role: 'user',
      agentRole: 'agent',
      agentId: s.alpha.id,
      personId: person.id,
      isSuperAdmin: false,
      passwordUpdatedAt: null,
    });

    const [mail] = await mailbox.waitForCount(1);
    expect(mail!.to).toEqual(['nadege@exemple.ht']);
    expect(mail!.text).toContain('Bonjour Nadège,');
    expect(mail!.text).toContain("Nom d'utilisateur : nadege.guichet");
    expect(mail!.text).toMatch(/^Mot de passe temporaire : [A-Za-z0-9]{22}$/m);
    expect(mail!.text).toContain(`${APP_URL}/login`);
    const access = temporaryAccessIn(mail!.text);

    const first = await login(s.app, 'nadege.guichet', access.password);
    expect(first.status).toBe(200);
    expect(first.body.data.user.passwordUpdatedAt).toBeNull();
    const gated = await call(s.app, 'GET', '/api/users', { token: first.body.data.access_token });
    expect(gated.status).toBe(403);
    expect(gated.body.code).toBe('PASSWORD_CHANGE_REQUIRED');
    const token = await passFirstPasswordGate(s.app, access, 'Mon-Propre-2026');
    expect((await call(s.app, 'GET', '/api/users', { token })).status).toBe(200);

    const [audit] = await auditOf(s.db, 'users.create');
    expect(audit).toMatchObject({ actorUsername: 'alpha.admin', target: 'nadege.guichet', ip: '10.1.1.1' });
    expect(audit!.details).toMatchObject({ role: 'user', agentCode: 'ALP001', personId: person.id });
    expect(JSON.stringify(audit)).not.toContain(access.password);
    // The longest test of the file, and the first: it also pays for the database and many password hashes.
  }, 120_000);

  it('lets an administrator create another administrator of its agent', async () => {
    const s = await setup();
    const person = await insertPerson(s.db, { registeredAgentId: s.alpha.id });
    const answer = await call(s.app, 'POST', '/api/users', {
      token: s.alphaAdmin,
      body: { role: 'agent_admin', username: 'second.admin', personId: person.id },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data.agent).toEqual({ code: 'ALP001', name: 'Alpha Cash', role: 'admin' });
    expect(await userRow(s.db, 'second.admin')).toMatchObject({ role: 'agent_admin', agentRole: 'admin' });
  });

  it('refuses an administrator who asks for a super administrator (403) and writes nothing', async () => {
    const s = await setup();
    const person = await insertPerson(s.db);
    const answer = await call(s.app, 'POST', '/api/users', {
      token: s.alphaAdmin,
      body: { role: 'sudo', username: 'pirate.sudo', personId: person.id },
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({
      message: 'Seul le super administrateur peut créer un super administrateur.',
      code: 'FORBIDDEN',
    });
    expect(await s.db.select().from(users).where(eq(users.username, 'pirate.sudo'))).toHaveLength(0);
    expect(await s.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it('lets the super administrator create super administrators only', async () => {
    const s = await setup();
    const person = await insertPerson(s.db, { email: 'second.sudo@exemple.ht' });

    const created = await call(s.app, 'POST', '/api/users', {
      token: s.superToken,
      body: { role: 'sudo', username: 'second.sudo', personId: person.id },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ role: 'sudo', isSuperAdmin: true, agent: null });
    expect(await userRow(s.db, 'second.sudo')).toMatchObject({ isSuperAdmin: true, agentId: null });
    const [mail] = await mailbox.waitForCount(1);
    expect(mail!.to).toEqual(['second.sudo@exemple.ht']);

    const teller = await call(s.app, 'POST', '/api/users', {
      token: s.superToken,
      body: { role: 'user', username: 'not.allowed', personId: person.id },
    });
    expect(teller.status).toBe(403);
    expect(await s.db.select().from(users).where(eq(users.username, 'not.allowed'))).toHaveLength(0);
  });

  it('is refused to a teller', async () => {
    const s = await setup();
    const person = await insertPerson(s.db);
    const answer = await call(s.app, 'POST', '/api/users', {
      token: s.alphaTeller,
      body: { role: 'user', username: 'collegue.guichet', personId: person.id },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('FORBIDDEN');
  });

  it('checks the role, the username (at least 8, unique whatever its case) and the person', async () => {
    const s = await setup();
    const person = await insertPerson(s.db, { registeredAgentId: s.alpha.id });

    const empty = await call(s.app, 'POST', '/api/users', { token: s.alphaAdmin, body: {} });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors as object)).toEqual(['role', 'username', 'personId']);
    expect(empty.body.errors.username).toEqual(["Le nom d'utilisateur est requis"]);

    const short = await call(s.app, 'POST', '/api/users', {
      token: s.alphaAdmin,
      body: { role: 'user', username: 'court', personId: person.id },
    });
    expect(short.status).toBe(422);
    expect(short.body.errors).toEqual({
      username: ["Le nom d'utilisateur doit contenir au moins 8 caractères"],
    });

    const taken = await call(s.app, 'POST', '/api/users', {
      token: s.alphaAdmin,
      body: { role: 'user', username: 'BETA.Guichet', personId: person.id },
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({
      message: "Ce nom d'utilisateur existe déjà",
      code: 'CONFLICT',
      errors: { username: ["Ce nom d'utilisateur existe déjà"] },
    });

    const unknown = await call(s.app, 'POST', '/api/users', {
      token: s.alphaAdmin,
      body: { role: 'user', username: 'inconnu.guichet', personId: '6f1c4a52-8d0e-4b7a-9a55-3d2f7c1e0b99' },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ personId: ['Personne introuvable'] });
    expect(await s.db.select().from(users).where(eq(users.system, false))).toHaveLength(5);
  });

  it('answers 422 in French, not 500, for a person id that is not a UUID, and writes nothing', async () => {
    const s = await setup();
    const answer = await call(s.app, 'POST', '/api/users', {
      token: s.alphaAdmin,
      body: { role: 'user', username: 'mauvais.guichet', personId: 'pas-un-uuid' },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ personId: ['Personne introuvable'] });
    expect(await s.db.select().from(users).where(eq(users.system, false))).toHaveLength(5);
    expect(await s.db.select().from(mailOutbox)).toHaveLength(0);
  });
});

describe('POST /api/users/check-unique/', () => {
  it('says whether a username is taken, whatever its case, to any signed-in user', async () => {
    const s = await setup();
    for (const url of ['/api/users/check-unique/', '/api/users/check-unique']) {
      const taken = await call(s.app, 'POST', url, {
        token: s.alphaTeller,
        body: { field: 'username', value: 'Beta.Admin' },
      });
      expect(taken.status).toBe(200);
      expect(taken.body).toEqual({ data: { exists: true } });
      const free = await call(s.app, 'POST', url, {
        token: s.alphaTeller,
        body: { field: 'username', value: 'personne.libre' },
      });
      expect(free.body).toEqual({ data: { exists: false } });
    }
    const wrong = await call(s.app, 'POST', '/api/users/check-unique/', {
      token: s.alphaTeller,
      body: { field: 'email', value: 'x' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ field: ['Champ invalide'] });
    expect(
      (await call(s.app, 'POST', '/api/users/check-unique/', { body: { field: 'username', value: 'x' } }))
        .status,
    ).toBe(401);
  });
});

describe('GET /api/users', () => {
  it('lists every user for the super administrator, with filters and meta.total', async () => {
    const s = await setup();

    const all = await call(s.app, 'GET', '/api/users', { token: s.superToken });
    expect(all.status).toBe(200);
    expect(all.body.meta).toEqual({ total: 5, page: 1, per_page: 10 });
    expect(usernamesOf(all.body)).toEqual([
      'alpha.admin',
      'alpha.guichet',
      'beta.admin',
      'beta.guichet',
      'superadmin',
    ]);
    expect(all.body.data[4]).toMatchObject({
      role: 'sudo',
      isSuperAdmin: true,
      agent: null,
      firstName: 'Super',
    });

    const admins = await call(s.app, 'GET', '/api/users?role=agent_admin', { token: s.superToken });
    expect(usernamesOf(admins.body)).toEqual(['alpha.admin', 'beta.admin']);
    expect(admins.body.meta.total).toBe(2);
    const sudo = await call(s.app, 'GET', '/api/users?role=sudo', { token: s.superToken });
    expect(usernamesOf(sudo.body)).toEqual(['superadmin']);
    const beta = await call(s.app, 'GET', '/api/users?agentCode=bet001', { token: s.superToken });
    expect(usernamesOf(beta.body)).toEqual(['beta.admin', 'beta.guichet']);
    const q = await call(s.app, 'GET', '/api/users?q=GUICHET', { token: s.superToken });
    expect(usernamesOf(q.body)).toEqual(['alpha.guichet', 'beta.guichet']);
    const byEmail = await call(s.app, 'GET', '/api/users?q=beta.admin%40lajan', { token: s.superToken });
    expect(usernamesOf(byEmail.body)).toEqual(['beta.admin']);
    const blank = await call(s.app, 'GET', '/api/users?role=&q=', { token: s.superToken });
    expect(blank.body.meta.total).toBe(5);

    const page = await call(s.app, 'GET', '/api/users?page=2&per_page=2', { token: s.superToken });
    expect(page.body.meta).toEqual({ total: 5, page: 2, per_page: 2 });
    expect(usernamesOf(page.body)).toEqual(['beta.admin', 'beta.guichet']);
    const lowered = await call(s.app, 'GET', '/api/users?per_page=500', { token: s.superToken });
    expect(lowered.body.meta.per_page).toBe(100);

    const bad = await call(s.app, 'GET', '/api/users?role=roi', { token: s.superToken });
    expect(bad.status).toBe(422);
  });

  it('shows an administrator or a teller its own agent’s users only', async () => {
    const s = await setup();
    for (const token of [s.alphaAdmin, s.alphaTeller]) {
      const list = await call(s.app, 'GET', '/api/users', { token });
      expect(usernamesOf(list.body)).toEqual(['alpha.admin', 'alpha.guichet']);
      expect(list.body.meta.total).toBe(2);
      const other = await call(s.app, 'GET', '/api/users?agentCode=BET001', { token });
      expect(other.body).toEqual({ data: [], meta: { total: 0, page: 1, per_page: 10 } });
      const sudo = await call(s.app, 'GET', '/api/users?role=sudo', { token });
      expect(sudo.body.data).toEqual([]);
    }
  });
});

describe('GET /api/users/{usernameOrId} and GET /api/users/search', () => {
  it('reads a user by username (any case) or by id, within scope', async () => {
    const s = await setup();
    const teller = await userRow(s.db, 'alpha.guichet');

    const byName = await call(s.app, 'GET', '/api/users/Alpha.Guichet', { token: s.alphaAdmin });
    expect(byName.status).toBe(200);
    expect(byName.body.data).toMatchObject({ id: teller.id, username: 'alpha.guichet', role: 'user' });
    const byId = await call(s.app, 'GET', `/api/users/${teller.id}`, { token: s.alphaTeller });
    expect(byId.body.data.username).toBe('alpha.guichet');

    for (const [token, target] of [
      [s.alphaAdmin, 'beta.guichet'],
      [s.alphaAdmin, 'superadmin'],
      [s.betaTeller, teller.id],
      [s.superToken, 'personne.inconnue'],
    ] as const) {
      const hidden = await call(s.app, 'GET', `/api/users/${target}`, { token });
      expect(hidden.status).toBe(404);
      expect(hidden.body).toEqual({ message: 'Utilisateur introuvable', code: 'NOT_FOUND' });
    }
    expect((await call(s.app, 'GET', '/api/users/beta.guichet', { token: s.superToken })).status).toBe(200);
  });

  it('searches by q, username or e-mail, within scope', async () => {
    const s = await setup();
    const q = await call(s.app, 'GET', '/api/users/search?q=admin', { token: s.superToken });
    expect(q.status).toBe(200);
    expect(usernamesOf(q.body)).toEqual(['alpha.admin', 'beta.admin', 'superadmin']);
    const scoped = await call(s.app, 'GET', '/api/users/search?q=admin', { token: s.betaTeller });
    expect(usernamesOf(scoped.body)).toEqual(['beta.admin']);
    const username = await call(s.app, 'GET', '/api/users/search?username=guichet', { token: s.alphaAdmin });
    expect(usernamesOf(username.body)).toEqual(['alpha.guichet']);
    const email = await call(s.app, 'GET', '/api/users/search?email=superadmin%40', { token: s.superToken });
    expect(usernamesOf(email.body)).toEqual(['superadmin']);
    const none = await call(s.app, 'GET', '/api/users/search?q=zzz', { token: s.superToken });
    expect(none.body).toEqual({ data: [] });
  });
});

describe('PUT /api/users/{id}', () => {
  it('lets anyone change its own contact fields (on its person), and nothing else', async () => {
    const s = await setup();
    const teller = await userRow(s.db, 'alpha.guichet');

    const answer = await call(s.app, 'PUT', `/api/users/${teller.id}`, {
      token: s.alphaTeller,
      body: {
        email: 'nouvelle@exemple.ht',
        phoneNumber: '+509 3999-1234',
        address: '7 rue Lamarre',
        city: 'Jacmel',
        state: 'Sud-Est',
        role: 'sudo',
        isSuperAdmin: true,
        username: 'autre.nom',
        // Its own e-mail: confirmed with its password (DESIGN §3).
        current_password: PASSWORD,
      },
      remoteAddress: '10.2.2.2',
    });

    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      username: 'alpha.guichet',
      role: 'user',
      isSuperAdmin: false,
      email: 'nouvelle@exemple.ht',
      phoneNumber: '+50939991234',
      address: '7 rue Lamarre',
      city: 'Jacmel',
      state: 'Sud-Est',
    });
    const [person] = await s.db.select().from(persons).where(eq(persons.id, teller.personId));
    expect(person).toMatchObject({
      email: 'nouvelle@exemple.ht',
      phoneNumber: '+50939991234',
      city: 'Jacmel',
    });
    expect(await userRow(s.db, 'alpha.guichet')).toMatchObject({ role: 'user', isSuperAdmin: false });
    const [audit] = await auditOf(s.db, 'users.update');
    expect(audit).toMatchObject({ actorUsername: 'alpha.guichet', target: 'alpha.guichet', ip: '10.2.2.2' });
    expect(audit!.details).toMatchObject({ fields: ['email', 'phoneNumber', 'address', 'city', 'state'] });

    // The super administrator's own person has only a name and an e-mail: it may change it too.
    const sudo = await userRow(s.db, 'superadmin');
    const own = await call(s.app, 'PUT', `/api/users/${sudo.id}`, {
      token: s.superToken,
      body: { email: 'direction@lajan.test', current_password: SUPERADMIN_NEW_PASSWORD },
    });
    expect(own.status).toBe(200);
    expect(own.body.data.email).toBe('direction@lajan.test');
  });

  it('lets an administrator change its agent’s users, the super administrator anyone, and no one else', async () => {
    const s = await setup();
    const alphaTeller = await userRow(s.db, 'alpha.guichet');
    const alphaAdmin = await userRow(s.db, 'alpha.admin');
    const sudo = await userRow(s.db, 'superadmin');

    const byAdmin = await call(s.app, 'PUT', `/api/users/${alphaTeller.id}`, {
      token: s.alphaAdmin,
      body: { city: 'Cap-Haïtien' },
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.data.city).toBe('Cap-Haïtien');
    const bySuper = await call(s.app, 'PUT', `/api/users/${alphaTeller.id}`, {
      token: s.superToken,
      body: { city: 'Hinche' },
    });
    expect(bySuper.body.data.city).toBe('Hinche');

    const colleague = await call(s.app, 'PUT', `/api/users/${alphaAdmin.id}`, {
      token: s.alphaTeller,
      body: { city: 'Ailleurs' },
    });
    expect(colleague.status).toBe(403);
    for (const [token, id] of [
      [s.betaAdmin, alphaTeller.id],
      [s.alphaAdmin, sudo.id],
    ] as const) {
      const refused = await call(s.app, 'PUT', `/api/users/${id}`, { token, body: { city: 'Ailleurs' } });
      expect(refused.status).toBe(404);
    }
    const [person] = await s.db.select().from(persons).where(eq(persons.id, alphaTeller.personId));
    expect(person!.city).toBe('Hinche');
  });

  it('answers 409 for an e-mail or phone of another person, and 422 for a bad one', async () => {
    const s = await setup();
    const teller = await userRow(s.db, 'alpha.guichet');
    const other = await insertPerson(s.db, { email: 'prise@exemple.ht' });

    const taken = await call(s.app, 'PUT', `/api/users/${teller.id}`, {
      token: s.alphaTeller,
      body: { email: 'PRISE@exemple.ht', current_password: PASSWORD },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual({ email: ['Cette adresse e-mail existe déjà'] });
    const [otherRow] = await s.db.select().from(persons).where(eq(persons.id, other.id));
    const phone = await call(s.app, 'PUT', `/api/users/${teller.id}`, {
      token: s.alphaTeller,
      body: { phoneNumber: otherRow!.phoneNumber },
    });
    expect(phone.status).toBe(409);
    expect(phone.body.errors).toEqual({ phoneNumber: ['Ce numéro de téléphone existe déjà'] });

    const bad = await call(s.app, 'PUT', `/api/users/${teller.id}`, {
      token: s.alphaTeller,
      body: { email: 'pas-un-email', address: 'x' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      email: ['Email invalide'],
      address: ["L'adresse doit contenir au moins 5 caractères"],
    });
    expect((await userRow(s.db, 'alpha.guichet')).personId).toBe(teller.personId);
    const [person] = await s.db.select().from(persons).where(eq(persons.id, teller.personId));
    expect(person!.email).toBe('alpha.guichet@lajan.test');
  });
});

describe('DELETE /api/users/{username}', () => {
  it('disables the user, ends its sessions at once and stops its sign-in; the row stays', async () => {
    const s = await setup();
    const before = await userRow(s.db, 'alpha.guichet');

    const answer = await call(s.app, 'DELETE', '/api/users/alpha.guichet', {
      token: s.alphaAdmin,
      remoteAddress: '10.3.3.3',
    });

    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      username: 'alpha.guichet',
      deletedAt: s.t.clock.now().toISOString(),
    });
    const after = await userRow(s.db, 'alpha.guichet');
    expect(after.deletedAt).toBeInstanceOf(Date);
    expect(after.tokenVersion).toBe(before.tokenVersion + 1);

    const live = await call(s.app, 'GET', '/api/auth/user', { token: s.alphaTeller });
    expect(live.status).toBe(401);
    expect(live.body.message).toBe(authMessages.accountDisabled);
    const signIn = await login(s.app, 'alpha.guichet', PASSWORD);
    expect(signIn.status).toBe(401);
    expect(signIn.body.message).toBe(authMessages.accountDisabled);

    const list = await call(s.app, 'GET', '/api/users', { token: s.alphaAdmin });
    const disabled = (list.body as { data: User[] }).data.find((user) => user.username === 'alpha.guichet');
    expect(disabled?.deletedAt).not.toBeNull();
    const [audit] = await auditOf(s.db, 'users.delete');
    expect(audit).toMatchObject({ actorUsername: 'alpha.admin', target: 'alpha.guichet', ip: '10.3.3.3' });
  });

  it('never deletes oneself', async () => {
    const s = await setup();
    for (const [token, username] of [
      [s.alphaAdmin, 'alpha.admin'],
      [s.superToken, 'superadmin'],
    ] as const) {
      const answer = await call(s.app, 'DELETE', `/api/users/${username}`, { token });
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({
        message: 'Vous ne pouvez pas supprimer votre propre compte',
        code: 'VALIDATION_ERROR',
        errors: { username: ['Vous ne pouvez pas supprimer votre propre compte'] },
      });
      expect((await userRow(s.db, username)).deletedAt).toBeNull();
    }
  });

  it('never deletes an agent’s last active administrator', async () => {
    const s = await setup();
    const last = await call(s.app, 'DELETE', '/api/users/alpha.admin', { token: s.superToken });
    expect(last.status).toBe(422);
    expect(last.body.errors).toEqual({
      username: ["C'est le dernier administrateur actif de cet agent : il ne peut pas être supprimé."],
    });
    expect((await userRow(s.db, 'alpha.admin')).deletedAt).toBeNull();

    await createUser(s.db, {
      username: 'alpha.admin2',
      password: PASSWORD,
      role: 'agent_admin',
      agentId: s.alpha.id,
    });
    expect((await call(s.app, 'DELETE', '/api/users/alpha.admin', { token: s.superToken })).status).toBe(200);
    const now = await call(s.app, 'DELETE', '/api/users/alpha.admin2', { token: s.superToken });
    expect(now.status).toBe(422);
  });

  it('keeps an administrator to its own agent’s users, and tellers out', async () => {
    const s = await setup();
    expect((await call(s.app, 'DELETE', '/api/users/beta.guichet', { token: s.alphaAdmin })).status).toBe(
      404,
    );
    expect((await call(s.app, 'DELETE', '/api/users/superadmin', { token: s.alphaAdmin })).status).toBe(404);
    const teller = await call(s.app, 'DELETE', '/api/users/alpha.admin', { token: s.alphaTeller });
    expect(teller.status).toBe(403);
    for (const username of ['beta.guichet', 'superadmin', 'alpha.admin'])
      expect((await userRow(s.db, username)).deletedAt).toBeNull();

    // The super administrator may disable anyone but itself, by username or by id.
    const beta = await userRow(s.db, 'beta.guichet');
    expect((await call(s.app, 'DELETE', `/api/users/${beta.id}`, { token: s.superToken })).status).toBe(200);
    expect((await userRow(s.db, 'beta.guichet')).deletedAt).toBeInstanceOf(Date);
  });
});

describe('POST /api/users/{username}/end-sessions', () => {
  it('ends every session of the user at once, keeps it active, and lets it sign in again', async () => {
    const s = await setup();
    const second = await tokenOf(s.app, 'alpha.guichet', PASSWORD);

    const answer = await call(s.app, 'POST', '/api/users/alpha.guichet/end-sessions', {
      token: s.alphaAdmin,
      remoteAddress: '10.5.5.5',
    });

    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ username: 'alpha.guichet', deletedAt: null });
    for (const token of [s.alphaTeller, second]) {
      const live = await call(s.app, 'GET', '/api/auth/user', { token });
      expect(live.status).toBe(401);
      expect(live.body.message).toBe(authMessages.sessionExpired);
    }
    expect((await login(s.app, 'alpha.guichet', PASSWORD)).status).toBe(200);
    expect((await call(s.app, 'GET', '/api/auth/user', { token: s.alphaAdmin })).status).toBe(200);
    const [audit] = await auditOf(s.db, 'users.sessions_ended');
    expect(audit).toMatchObject({ actorUsername: 'alpha.admin', target: 'alpha.guichet', ip: '10.5.5.5' });
  });

  it('keeps an administrator to its own agent’s users, and tellers out', async () => {
    const s = await setup();
    const before = await userRow(s.db, 'beta.guichet');
    expect(
      (await call(s.app, 'POST', '/api/users/beta.guichet/end-sessions', { token: s.alphaAdmin })).status,
    ).toBe(404);
    expect(
      (await call(s.app, 'POST', '/api/users/superadmin/end-sessions', { token: s.alphaAdmin })).status,
    ).toBe(404);
    const teller = await call(s.app, 'POST', '/api/users/alpha.admin/end-sessions', { token: s.alphaTeller });
    expect(teller.status).toBe(403);
    expect((await userRow(s.db, 'beta.guichet')).tokenVersion).toBe(before.tokenVersion);
    expect((await call(s.app, 'GET', '/api/auth/user', { token: s.betaTeller })).status).toBe(200);

    // The super administrator may end anyone's sessions.
    const ended = await call(s.app, 'POST', '/api/users/beta.guichet/end-sessions', { token: s.superToken });
    expect(ended.status).toBe(200);
    expect((await call(s.app, 'GET', '/api/auth/user', { token: s.betaTeller })).status).toBe(401);
  });
});
