import type { PersonInput } from '@lajan/domain';
import { eq, isNotNull } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountHolders, accounts, auditLog, mailOutbox, persons } from '../../../src/db/schema.js';
import { build, type TestApp } from '../../helpers/build.js';
import { HOUR_MS } from '../../helpers/clock.js';
import { call } from '../../helpers/fixtures.js';
import { Mailbox } from '../../helpers/mailbox.js';
import { agentWithStaff, personInput, registerPerson } from '../persons/person-fixtures.js';

let mailbox: Mailbox;
beforeEach(async () => {
  mailbox = await Mailbox.start();
});
afterEach(async () => {
  vi.useRealTimers();
  await mailbox.close();
});

async function setup() {
  const t = await build({ env: { SMTP_URL: mailbox.url, MAIL_FROM: 'Lajan <no-reply@lajan.test>' } });
  const a = await agentWithStaff(t.app, t.database.db, 'AG-A');
  const b = await agentWithStaff(t.app, t.database.db, 'AG-B');
  return { t, db: t.database.db, a, b };
}

function register(t: TestApp, persons: PersonInput[], options: { type?: string; ip?: string } = {}) {
  return call(t.app, 'POST', '/api/auth/register', {
    body: { type: options.type ?? 'current', currency: 'HTG', persons },
    remoteAddress: options.ip ?? '203.0.113.7',
  });
}

async function registeredPersons(t: TestApp) {
  return t.database.db.select().from(persons).where(isNotNull(persons.idDocumentType));
}

async function customerAccounts(t: TestApp) {
  return t.database.db.select().from(accounts).where(eq(accounts.kind, 'customer'));
}

async function auditOf(t: TestApp, action: string) {
  return t.database.db.select().from(auditLog).where(eq(auditLog.action, action));
}

describe('POST /api/auth/register', () => {
  it('creates the persons and a pending request with its reference, and e-mails the principal person', async () => {
    const { t, db } = await setup();

    const answer = await register(t, [personInput(1, { firstName: 'Rose' }), personInput(2)], {
      type: 'savings',
    });

    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      data: { user: null, token: null, reference: expect.stringMatching(/^DEM-[A-HJ-NP-Z2-9]{6}$/) },
    });
    const reference = answer.body.data.reference as string;
    const [account] = await customerAccounts(t);
    expect(account).toMatchObject({
      status: 'pending',
      type: 'savings',
      agentId: null,
      requestReference: reference,
      createdByUserId: null,
      decidedAt: null,
    });
    const created = await registeredPersons(t);
    expect(created.map((person) => person.email).sort()).toEqual([
      'client0001@exemple.ht',
      'client0002@exemple.ht',
    ]);
    expect(created.find((person) => person.email === 'client0001@exemple.ht')?.phoneNumber).toBe(
      '+50937120001',
    );
    const holders = await db.select().from(accountHolders).where(eq(accountHolders.accountId, account!.id));
    const principal = holders.find((holder) => holder.position === 0);
    expect(created.find((person) => person.id === principal?.personId)?.email).toBe('client0001@exemple.ht');

    const [mail] = await mailbox.waitForCount(1);
    expect(mail!.to).toEqual(['client0001@exemple.ht']);
    expect(mail!.subject).toBe(`Votre demande d'ouverture de compte Lajan (${reference})`);
    expect(mail!.text).toContain('Bonjour Rose,');
    expect(mail!.text).toContain(`Référence de la demande : ${reference}`);
    expect(mail!.text).toContain("d'un compte épargne en HTG");
    // What happens next, at a cash point; the teller is « caissier », never « agent » (decision 213).
    expect(mail!.text).toContain(
      "présentez-vous dans un point de service Lajan avec l'original de la pièce d'identité indiquée dans la demande et cette référence : un caissier vérifiera votre pièce et ouvrira votre compte.",
    );
    expect(mail!.text).not.toMatch(/\bagents?\b/i);
    const [audit] = await auditOf(t, 'accounts.request_received');
    expect(audit).toMatchObject({ actorUserId: null, ip: '203.0.113.7', target: account!.accountNumber });
  });

  it('reuses a person already registered with the same document and name, and writes to the address on file', async () => {
    const { t, db, a } = await setup();
    const known = await registerPerson(
      t.app,
      a.teller.token,
      personInput(1, { firstName: 'Rosé', lastName: 'Dorcé' }),
    );

    const answer = await register(t, [
      personInput(9, {
        firstName: 'rose',
        lastName: 'DORCE',
        idDocumentType: 'id_card',
        idDocumentNumber: 'cin-0001',
      }),
    ]);

    expect(answer.status).toBe(201);
    expect(await registeredPersons(t)).toHaveLength(1);
    const [account] = await customerAccounts(t);
    const holders = await db.select().from(accountHolders).where(eq(accountHolders.accountId, account!.id));
    expect(holders).toEqual([{ accountId: account!.id, personId: known.id, position: 0 }]);
    const [mail] = await mailbox.waitForCount(1);
    expect(mail!.to).toEqual(['client0001@exemple.ht']);
    const [audit] = await auditOf(t, 'accounts.request_received');
    expect(audit?.details).toMatchObject({ reusedPersons: 1, holders: 1 });
  });

  it("opens nothing of another agent's customer that a request reuses: masked to agent B, activated only by its agent", async () => {
    const { t, a, b } = await setup();
    const known = await registerPerson(
      t.app,
      a.teller.token,
      personInput(1, { firstName: 'Rose', lastName: 'Dorcé' }),
    );
    const answer = await register(t, [
      personInput(9, {
        firstName: 'Rose',
        lastName: 'Dorcé',
        idDocumentType: 'id_card',
        idDocumentNumber: 'CIN-0001',
      }),
    ]);
    expect(answer.status).toBe(201);
    const [request] = await customerAccounts(t);

    // Decision 173: the request does not make A's customer every agent's to read (the review changed her
    // phone from another agent that way).
    const person = await call(t.app, 'GET', `/api/persons/${known.id}`, { token: b.teller.token });
    expect(person.status).toBe(200);
    expect(person.body.data.masked).toBe(true);
    expect(person.text).not.toContain('CIN-0001');
    const pending = await call(t.app, 'GET', '/api/accounts?status=pending', { token: b.teller.token });
    expect(pending.text).not.toContain('CIN-0001');
    expect(person.body.data.canEdit).toBe(false);

    const byB = await call(t.app, 'POST', `/api/accounts/${request!.id}/activate`, {
      token: b.teller.token,
      body: {},
    });
    expect(byB.status).toBe(409);
    expect(byB.body.message).toBe(
      'Un titulaire de cette demande est déjà client d’un autre agent : ouvrez-lui un compte depuis «\u00a0Créer un compte\u00a0» avec sa pièce d’identité, puis refusez cette demande.',
    );
    expect((await customerAccounts(t))[0]).toMatchObject({ status: 'pending', agentId: null });
    const byA = await call(t.app, 'POST', `/api/accounts/${request!.id}/activate`, {
      token: a.teller.token,
      body: {},
    });
    expect(byA.status).toBe(200);
  });

  it('answers a document registered under another name, or an e-mail or phone already taken, as any request: no oracle (decision 198)', async () => {
    const { t, a } = await setup();
    await registerPerson(t.app, a.teller.token, personInput(1, { firstName: 'Rose' }));
    await registerPerson(t.app, a.teller.token, personInput(2, { firstName: 'Paul' }));

    const answer = await register(t, [
      personInput(5, { firstName: 'Autre', idDocumentNumber: 'CIN-0001' }),
      personInput(6, { email: 'CLIENT0002@exemple.ht', phoneNumber: '+509 3712 0001' }),
    ]);

    // The answer of any request: nothing tells that CIN-0001 is a customer's.
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      data: { user: null, token: null, reference: expect.stringMatching(/^DEM-[A-HJ-NP-Z2-9]{6}$/) },
    });
    // Nothing opened, nobody created or changed.
    expect(await registeredPersons(t)).toHaveLength(2);
    expect(await customerAccounts(t)).toHaveLength(0);
    // The persons on file are told, at their own address; the visitor's address gets the usual acknowledgement.
    const mails = await mailbox.waitForCount(3);
    const to = (address: string) => mails.find((mail) => mail.to.includes(address));
    for (const [address, name] of [
      ['client0001@exemple.ht', 'Rose'],
      ['client0002@exemple.ht', 'Paul'],
    ] as const) {
      expect(to(address)?.subject).toBe("Une demande d'ouverture de compte Lajan avec vos informations");
      expect(to(address)?.text).toContain(`Bonjour ${name},`);
      expect(to(address)?.text).not.toContain('CIN-0001');
      expect(to(address)?.text).toContain('un caissier ouvrira votre compte');
      expect(to(address)?.text).not.toMatch(/\bagents?\b/i);
    }
    expect(to('client0005@exemple.ht')?.subject).toBe(
      `Votre demande d'ouverture de compte Lajan (${answer.body.data.reference as string})`,
    );
    const [audit] = await auditOf(t, 'accounts.request_duplicate');
    expect(audit).toMatchObject({ actorUserId: null, ip: '203.0.113.7' });
    expect(await auditOf(t, 'accounts.request_received')).toHaveLength(0);
  });

  it('writes to a person on file whose phone migration 0036 kept in its earlier form (decisions 198, 204)', async () => {
    const { t, db, a } = await setup();
    const rose = await registerPerson(t.app, a.teller.token, personInput(3, { firstName: 'Rose' }));
    await db.update(persons).set({ phoneNumber: '37120003' }).where(eq(persons.id, rose.id));

    const answer = await register(t, [personInput(7, { phoneNumber: '+509 3712 0003' })]);

    expect(answer.status).toBe(201);
    expect(await registeredPersons(t)).toHaveLength(1);
    const mails = await mailbox.waitForCount(2);
    expect(mails.find((mail) => mail.to.includes('client0003@exemple.ht'))?.subject).toBe(
      "Une demande d'ouverture de compte Lajan avec vos informations",
    );
  });

  it('greets the visitor by a short first name of letters only, never echoing other text (decision 198)', async () => {
    const { t } = await setup();
    const answer = await register(t, [
      personInput(1, { firstName: 'Rose Appelez Vite Le Service Client', lastName: 'Gagnant' }),
    ]);
    expect(answer.status).toBe(201);
    const [mail] = await mailbox.waitForCount(1);
    expect(mail!.text).toContain('Bonjour Rose,');
    expect(mail!.text).not.toContain('Appelez');
    expect(mail!.text).not.toContain('Gagnant');
  });

  it('takes an e-mail only when the OpenAPI document’s `format: email` does (decision 198)', async () => {
    const { t } = await setup();
    const answer = await register(t, [personInput(1, { email: 'paul@exa-.ht' })]);
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ 'persons.0.email': ['Email invalide'] });
    expect(await registeredPersons(t)).toHaveLength(0);
  });

  it('refuses the same e-mail, phone or document twice in one request (422), and a person under 18', async () => {
    const { t } = await setup();

    const repeated = await register(t, [personInput(1), personInput(2, { email: 'Client0001@exemple.ht' })]);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T17:00:00Z'));
    const minor = await register(t, [personInput(3), personInput(4, { dob: '2008-11-23' })]);
    const adult = await register(t, [personInput(3), personInput(4, { dob: '2008-11-22' })]);
    vi.useRealTimers();

    expect(repeated.status).toBe(422);
    expect(repeated.body.errors).toEqual({ 'persons.1.email': ['Cette adresse e-mail existe déjà'] });
    expect(minor.status).toBe(422);
    expect(minor.body.errors).toEqual({ 'persons.1.dob': ['Vous devez avoir au moins 18 ans'] });
    expect(adult.status).toBe(201);
    expect(await customerAccounts(t)).toHaveLength(1);
    expect(await registeredPersons(t)).toHaveLength(2);
  });

  it('answers 429 in French after 10 requests an hour from one address, whatever they held', async () => {
    const { t } = await setup();

    expect((await register(t, [personInput(1)])).status).toBe(201);
    for (let i = 0; i < 9; i += 1) expect((await register(t, [])).status).toBe(422);
    const throttled = await register(t, [personInput(2)]);
    const otherAddress = await register(t, [personInput(3)], { ip: '198.51.100.4' });

    expect(throttled.status).toBe(429);
    expect(throttled.body).toEqual({
      message: 'Trop de tentatives. Veuillez réessayer dans quelques minutes.',
      code: 'TOO_MANY_REQUESTS',
    });
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(3500);
    expect(otherAddress.status).toBe(201);
    expect((await customerAccounts(t)).map((account) => account.status)).toEqual(['pending', 'pending']);

    t.clock.advance(HOUR_MS);
    expect((await register(t, [personInput(2)])).status).toBe(201);
  });

  it('lets no more than 10 of 30 concurrent requests from one address through (counted before the work)', async () => {
    const { t } = await setup();

    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => register(t, [personInput(100 + i)], { ip: '192.0.2.77' })),
    );

    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    expect(await customerAccounts(t)).toHaveLength(10);
  });
});

describe('reviewing public requests: POST /api/accounts/{id}/activate and /reject', () => {
  async function pendingRequest(t: TestApp) {
    const answer = await register(t, [personInput(1, { firstName: 'Rose' }), personInput(2)]);
    expect(answer.status).toBe(201);
    await mailbox.waitForCount(1);
    const [account] = await customerAccounts(t);
    return {
      id: account!.id,
      accountNumber: account!.accountNumber,
      reference: answer.body.data.reference as string,
    };
  }

  it('lists the pending requests to every teller; activation gives the account to the teller’s agent and e-mails its number', async () => {
    const { t, db, a, b } = await setup();
    const request = await pendingRequest(t);

    for (const staff of [a, b]) {
      const list = await call(t.app, 'GET', '/api/accounts?status=pending', { token: staff.teller.token });
      expect(list.status).toBe(200);
      expect(list.body.meta.total).toBe(1);
      expect(list.body.data[0]).toMatchObject({
        id: request.id,
        requestReference: request.reference,
        agent: null,
      });
      const one = await call(t.app, 'GET', `/api/accounts/${request.id}`, { token: staff.teller.token });
      expect(one.status).toBe(200);
    }

    const answer = await call(t.app, 'POST', `/api/accounts/${request.id}/activate`, {
      token: a.teller.token,
      remoteAddress: '10.0.0.5',
    });

    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      id: request.id,
      status: 'active',
      agent: { code: 'AG-A', name: 'Agence AG-A' },
      decidedBy: { username: a.teller.username },
      decidedAt: t.clock.now().toISOString(),
      requestReference: request.reference,
      rejectionReason: null,
    });
    const [row] = await db.select().from(accounts).where(eq(accounts.id, request.id));
    expect(row).toMatchObject({
      status: 'active',
      agentId: a.agent.id,
      decidedByUserId: a.teller.id,
      decidedAt: t.clock.now(),
    });
    const [, mail] = await mailbox.waitForCount(2);
    expect(mail!.to).toEqual(['client0001@exemple.ht']);
    expect(mail!.subject).toBe(`Votre compte Lajan est ouvert (${request.reference})`);
    expect(mail!.text).toContain(`Numéro de compte : ${request.accountNumber}`);
    expect(mail!.text).toContain('Point de service : Agence AG-A (AG-A)');
    expect(mail!.text).toContain('Conservez précieusement ce numéro pour accéder à votre compte.');
    const [audit] = await auditOf(t, 'accounts.request_activated');
    expect(audit).toMatchObject({
      actorUsername: a.teller.username,
      ip: '10.0.0.5',
      target: request.accountNumber,
    });

    // Now it is agent A's account: listed there, no longer pending, out of agent B's reach.
    const pending = await call(t.app, 'GET', '/api/accounts?status=pending', { token: b.teller.token });
    expect(pending.body.meta.total).toBe(0);
    const listA = await call(t.app, 'GET', '/api/accounts', { token: a.teller.token });
    expect((listA.body as { data: { id: string }[] }).data.map((account) => account.id)).toEqual([
      request.id,
    ]);
    expect((await call(t.app, 'GET', `/api/accounts/${request.id}`, { token: b.teller.token })).status).toBe(
      404,
    );
  });

  it('rejects with a reason: the request is closed, the decision recorded and the reason e-mailed', async () => {
    const { t, db, a } = await setup();
    const request = await pendingRequest(t);

    const noReason = await call(t.app, 'POST', `/api/accounts/${request.id}/reject`, {
      token: a.teller.token,
      body: {},
    });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors).toEqual({ reason: ['Le motif est requis'] });

    const answer = await call(t.app, 'POST', `/api/accounts/${request.id}/reject`, {
      token: a.teller.token,
      body: { reason: 'Photo de la pièce illisible' },
    });

    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      status: 'closed',
      agent: null,
      decidedBy: { username: a.teller.username },
      rejectionReason: 'Photo de la pièce illisible',
    });
    const [row] = await db.select().from(accounts).where(eq(accounts.id, request.id));
    expect(row).toMatchObject({
      status: 'closed',
      rejectionReason: 'Photo de la pièce illisible',
      decidedByUserId: a.teller.id,
    });
    const [, mail] = await mailbox.waitForCount(2);
    expect(mail!.to).toEqual(['client0001@exemple.ht']);
    expect(mail!.text).toContain(`Votre demande ${request.reference} n'a pas pu être acceptée.`);
    expect(mail!.text).toContain('Motif : Photo de la pièce illisible');
    expect(mail!.text).toContain('dans un point de service Lajan');
    expect(await auditOf(t, 'accounts.request_rejected')).toHaveLength(1);
  });

  it('decides a request once: a second activation or rejection is 409 and changes nothing, sends nothing', async () => {
    const { t, db, a, b } = await setup();
    const request = await pendingRequest(t);
    expect(
      (await call(t.app, 'POST', `/api/accounts/${request.id}/activate`, { token: a.teller.token })).status,
    ).toBe(200);
    await mailbox.waitForCount(2);

    const again = await call(t.app, 'POST', `/api/accounts/${request.id}/activate`, {
      token: a.teller.token,
    });
    const reject = await call(t.app, 'POST', `/api/accounts/${request.id}/reject`, {
      token: a.teller.token,
      body: { reason: 'Trop tard' },
    });
    const byOther = await call(t.app, 'POST', `/api/accounts/${request.id}/activate`, {
      token: b.teller.token,
    });

    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Cette demande a déjà été traitée');
    expect(reject.status).toBe(409);
    // Agent A's account now: not a request agent B can see at all.
    expect(byOther.status).toBe(404);
    const [row] = await db.select().from(accounts).where(eq(accounts.id, request.id));
    expect(row).toMatchObject({ status: 'active', agentId: a.agent.id, rejectionReason: null });
    expect(await db.select().from(mailOutbox)).toHaveLength(2);
    expect(await auditOf(t, 'accounts.request_activated')).toHaveLength(1);
  });

  it('keeps a pending request out of PUT and DELETE, and answers 404 for an account that is not a request', async () => {
    const { t, a } = await setup();
    const request = await pendingRequest(t);
    const rose = await registerPerson(t.app, a.teller.token, personInput(7));
    const opened = await call(t.app, 'POST', '/api/accounts', {
      token: a.teller.token,
      body: { type: 'current', currency: 'HTG', personIds: [rose.id] },
    });

    const put = await call(t.app, 'PUT', `/api/accounts/${request.id}`, {
      token: a.teller.token,
      body: { status: 'active' },
    });
    const del = await call(t.app, 'DELETE', `/api/accounts/${request.id}`, { token: a.teller.token });
    const activateOpen = await call(
      t.app,
      'POST',
      `/api/accounts/${opened.body.data.id as string}/activate`,
      {
        token: a.teller.token,
      },
    );
    const activateUnknown = await call(
      t.app,
      'POST',
      '/api/accounts/00000000-0000-4000-8000-000000000000/activate',
      {
        token: a.teller.token,
      },
    );

    // A pending request has no agent: it is not among the teller's accounts to change.
    expect(put.status).toBe(404);
    expect(del.status).toBe(404);
    expect(activateOpen.status).toBe(404);
    expect(activateUnknown.status).toBe(404);
    expect((await customerAccounts(t)).find((account) => account.id === request.id)?.status).toBe('pending');
    expect(
      (await call(t.app, 'POST', `/api/accounts/${request.id}/activate`, { token: a.admin.token })).status,
    ).toBe(403);
  });
});
