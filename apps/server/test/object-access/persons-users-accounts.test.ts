import { authMessages, displayName, genericMessages, holderDocumentMessages, personMessages, userMessages } from '@lajan/domain';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { App } from '../../src/app.js';
import type { Db } from '../../src/db/client.js';
import { agentOwners, auditLog, mailOutbox, persons, users } from '../../src/db/schema.js';
import { throttleLimits } from '../../src/modules/auth/throttle.js';
import { build } from '../helpers/build.js';
import { activeSuperAdminToken, call, type Answer } from '../helpers/fixtures.js';
import { Mailbox, type ReceivedMail } from '../helpers/mailbox.js';
import { createAgentThroughApi, passFirstPasswordGate, temporaryAccessIn } from '../helpers/network.js';
import { personInput } from '../modules/persons/person-fixtures.js';

/**
 * Object-level access to persons, users and accounts (DESIGN §3, issue 10): a teller and an
 * administrator of agent B acting on agent A's objects, through every verb, and every link between a
 * user and its person. Built through the API, as the network builds itself: the super administrator
 * registers the owners and creates agents A and B (their first administrators stand on the owners'
 * persons) and a second super administrator; each administrator registers and creates its teller;
 * each teller registers a customer, and A's teller opens it an account.
 */

const NEW_PASSWORD = 'Objet-Acces-2026';

let mailbox: Mailbox;
beforeEach(async () => {
  mailbox = await Mailbox.start();
});
afterEach(() => mailbox.close());

/** The last e-mail of this subject received at this address, waited for (at most 10 s). */
async function mailTo(address: string, subject: string): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await vi.waitFor(
    () => {
      found = mailbox.received.filter((mail) => mail.to.includes(address) && mail.subject === subject).at(-1);
      if (!found) throw new Error(`no e-mail « ${subject} » to ${address}`);
    },
    { timeout: 10_000, interval: 20 },
  );
  return found!;
}

/** The temporary access of the new-user e-mail sent to this address. */
async function temporaryAccessOf(_db: Db, email: string) {
  return temporaryAccessIn((await mailTo(email, 'Votre accès à Lajan')).text);
}

function expectCreated(answer: Answer): { id: string } & Record<string, unknown> {
  if (answer.status !== 201) throw new Error(`expected 201, got ${answer.status} ${answer.text}`);
  return answer.body.data as { id: string };
}

async function register(app: App, token: string, n: number) {
  const input = personInput(n);
  const data = expectCreated(await call(app, 'POST', '/api/persons', { token, body: input }));
  return { id: data.id, input };
}

async function userOn(
  app: App,
  db: Db,
  token: string,
  username: string,
  role: string,
  personId: string,
  email: string,
) {
  expectCreated(await call(app, 'POST', '/api/users', { token, body: { role, username, personId } }));
  return passFirstPasswordGate(app, await temporaryAccessOf(db, email), NEW_PASSWORD);
}

async function network() {
  const t = await build({ env: { SMTP_URL: mailbox.url } });
  const { app } = t;
  const db = t.database.db;
  const superToken = await activeSuperAdminToken(app);

  const ownerA = await register(app, superToken, 101);
  const ownerB = await register(app, superToken, 102);
  const agentA = await createAgentThroughApi(app, superToken, {
    name: 'Agence Alpha',
    username: 'alpha.admin',
    personIds: [ownerA.id],
  });
  const agentB = await createAgentThroughApi(app, superToken, {
    name: 'Agence Beta',
    username: 'beta.admin',
    personIds: [ownerB.id],
  });
  const adminA = await passFirstPasswordGate(
    app,
    await temporaryAccessOf(db, ownerA.input.email),
    NEW_PASSWORD,
  );
  const adminB = await passFirstPasswordGate(
    app,
    await temporaryAccessOf(db, ownerB.input.email),
    NEW_PASSWORD,
  );

  const sudoPerson = await register(app, superToken, 103);
  await userOn(app, db, superToken, 'second.sudo', 'sudo', sudoPerson.id, sudoPerson.input.email);

  const tellerAPerson = await register(app, adminA, 104);
  const tellerA = await userOn(
    app,
    db,
    adminA,
    'alpha.guichet',
    'user',
    tellerAPerson.id,
    tellerAPerson.input.email,
  );
  const tellerBPerson = await register(app, adminB, 105);
  const tellerB = await userOn(
    app,
    db,
    adminB,
    'beta.guichet',
    'user',
    tellerBPerson.id,
    tellerBPerson.input.email,
  );

  const customerA = await register(app, tellerA, 106);
  const customerB = await register(app, tellerB, 107);
  const account = expectCreated(
    await call(app, 'POST', '/api/accounts', {
      token: tellerA,
      body: { type: 'current', currency: 'HTG', personIds: [customerA.id] },
    }),
  );
  const second = expectCreated(
    await call(app, 'POST', '/api/accounts', {
      token: tellerA,
      body: { type: 'savings', currency: 'HTG', personIds: [customerA.id] },
    }),
  );
  return {
    t,
    app,
    db,
    superToken,
    agentA,
    agentB,
    adminA,
    adminB,
    tellerA,
    tellerB,
    ownerA,
    ownerB,
    sudoPerson,
    tellerAPerson,
    tellerBPerson,
    customerA,
    customerB,
    account: account as { id: string; accountNumber: string },
    second: second as { id: string; accountNumber: string },
  };
}

type Network = Awaited<ReturnType<typeof network>>;

async function personRow(n: Network, id: string) {
  const [row] = await n.db.select().from(persons).where(eq(persons.id, id));
  return row;
}

async function auditRows(n: Network, action: string) {
  return n.db.select().from(auditLog).where(eq(auditLog.action, action));
}

async function outboxTo(n: Network, address: string) {
  return n.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));
}

const sensitive = ['dob', 'address', 'annualIncome', 'email', 'phoneNumber', 'city', 'occupation', 'mother'];

function expectMasked(view: unknown, documentNumber: string) {
  expect(view).toMatchObject({ masked: true });
  expect((view as { idDocumentNumber: string }).idDocumentNumber).toBe(`••••••${documentNumber.slice(-3)}`);
  for (const key of sensitive) expect(view).not.toHaveProperty(key);
}

describe('persons: agent B acting on agent A’s customer', () => {
  it('lists and searches it masked (no birth date, income, address, contacts) to B, whole to A and the super administrator', async () => {
    const n = await network();
    const document = n.customerA.input.idDocumentNumber;

    const listed = async (token: string, q?: string) => {
      const answer = await call(
        n.app,
        'GET',
        `/api/persons?per_page=100${q ? `&q=${encodeURIComponent(q)}` : ''}`,
        {
          token,
        },
      );
      expect(answer.status).toBe(200);
      return (answer.body.data as Record<string, unknown>[]).find((person) => person.id === n.customerA.id);
    };
    for (const token of [n.tellerB, n.adminB]) {
      const row = await listed(token);
      expectMasked(row!, document);
      expect(row!.canEdit).toBe(false);
    }
    expect(await listed(n.tellerA)).toMatchObject({
      masked: false,
      canEdit: true,
      idDocumentNumber: document,
      dob: '1990-05-14',
      annualIncome: 120_000.5,
    });
    expect(await listed(n.superToken)).toMatchObject({
      masked: false,
      canEdit: true,
      idDocumentNumber: document,
    });

    // Found network-wide by its exact document, e-mail or phone; a part of them spells nothing out.
    expectMasked((await listed(n.tellerB, document.toLowerCase()))!, document);
    expectMasked((await listed(n.tellerB, n.customerA.input.email))!, document);
    expectMasked((await listed(n.tellerB, n.customerA.input.phoneNumber))!, document);
    expect(await listed(n.tellerB, document.slice(0, -1))).toBeUndefined();
    expect(await listed(n.tellerB, n.customerA.input.email.slice(0, 9))).toBeUndefined();
    expect(await listed(n.tellerA, document.slice(0, -1))).toMatchObject({ masked: false });

    for (const url of [`/api/persons/search/${document}`, `/api/persons/search/id_card/${document}`]) {
      const found = await call(n.app, 'GET', url, { token: n.tellerB });
      expect(found.status).toBe(200);
      expectMasked(found.body.data.person, document);
    }
  });

  it('lists to an agent its own staff and every customer, but not the people behind another agent or a super administrator, unless their exact document is typed', async () => {
    const n = await network();
    const listedIds = async (token: string, q?: string) => {
      const answer = await call(
        n.app,
        'GET',
        `/api/persons?per_page=100${q ? `&q=${encodeURIComponent(q)}` : ''}`,
        { token },
      );
      expect(answer.status).toBe(200);
      expect(answer.body.meta.total).toBe(answer.body.data.length);
      return (answer.body.data as { id: string }[]).map((person) => person.id);
    };
    const elsewhere = [n.ownerB, n.tellerBPerson, n.sudoPerson];
    for (const token of [n.tellerA, n.adminA]) {
      const ids = await listedIds(token);
      for (const own of [n.ownerA, n.tellerAPerson, n.customerA, n.customerB]) expect(ids).toContain(own.id);
      for (const other of elsewhere) expect(ids).not.toContain(other.id);
      for (const other of elsewhere) {
        expect(await listedIds(token, other.input.lastName)).not.toContain(other.id);
        expect(await listedIds(token, `${other.input.firstName} ${other.input.lastName}`)).not.toContain(other.id);
      }
      // Found network-wide by its exact document, masked, as any person is.
      const byDocument = await call(
        n.app,
        'GET',
        `/api/persons?q=${encodeURIComponent(n.tellerBPerson.input.idDocumentNumber)}`,
        { token },
      );
      const found = byDocument.body.data as { id: string }[];
      expect(found.map((person) => person.id)).toEqual([n.tellerBPerson.id]);
      expectMasked(found[0], n.tellerBPerson.input.idDocumentNumber);
    }
    // Its exact e-mail and phone find it too; a part of them does not.
    for (const term of [n.tellerBPerson.input.email, n.tellerBPerson.input.phoneNumber]) {
      expect(await listedIds(n.tellerA, term)).toEqual([n.tellerBPerson.id]);
      expect(await listedIds(n.tellerA, term.slice(0, -1))).not.toContain(n.tellerBPerson.id);
    }
    const fromB = await listedIds(n.tellerB);
    expect(fromB).toContain(n.tellerBPerson.id);
    expect(fromB).not.toContain(n.tellerAPerson.id);
    expect(fromB).not.toContain(n.ownerA.id);
    const everyone = await listedIds(n.superToken);
    for (const person of [...elsewhere, n.ownerA, n.tellerAPerson]) expect(everyone).toContain(person.id);

    // B's owner also owns A: A's own, listed to A again.
    await n.db.insert(agentOwners).values({ agentId: n.agentA.id, personId: n.ownerB.id, position: 1 });
    expect(await listedIds(n.tellerA)).toContain(n.ownerB.id);
    expect(await listedIds(n.tellerA, n.ownerB.input.lastName)).toContain(n.ownerB.id);
    // B's teller's user deleted: no longer staff anywhere, a person as any other.
    const deleted = await call(n.app, 'DELETE', '/api/users/beta.guichet', { token: n.adminB });
    expect(deleted.status).toBe(200);
    expect(await listedIds(n.tellerA)).toContain(n.tellerBPerson.id);
  });

  it('reads the file masked to B (not audited), whole to A with a persons.read entry', async () => {
    const n = await network();
    const before = (await auditRows(n, 'persons.read')).length;

    const byB = await call(n.app, 'GET', `/api/persons/${n.customerA.id}`, { token: n.tellerB });
    expect(byB.status).toBe(200);
    expectMasked(byB.body.data, n.customerA.input.idDocumentNumber);
    expect(await auditRows(n, 'persons.read')).toHaveLength(before);

    const byA = await call(n.app, 'GET', `/api/persons/${n.customerA.id}`, {
      token: n.tellerA,
      remoteAddress: '10.9.9.9',
    });
    expect(byA.body.data).toMatchObject({ masked: false, canEdit: true, email: n.customerA.input.email });
    const reads = await auditRows(n, 'persons.read');
    expect(reads).toHaveLength(before + 1);
    expect(reads.at(-1)).toMatchObject({
      actorUsername: 'alpha.guichet',
      target: n.customerA.id,
      ip: '10.9.9.9',
    });
  });

  it('refuses B’s teller and administrator a change or a deletion (403), and keeps the person', async () => {
    const n = await network();
    for (const token of [n.tellerB, n.adminB]) {
      const changed = await call(n.app, 'PUT', `/api/persons/${n.customerA.id}`, {
        token,
        body: personInput(106, { email: 'pirate@exemple.ht' }),
      });
      expect(changed.status).toBe(403);
      expect(changed.body.message).toBe(personMessages.changeForbidden);
      const deleted = await call(n.app, 'DELETE', `/api/persons/${n.customerA.id}`, { token });
      expect(deleted.status).toBe(403);
      expect(deleted.body.message).toBe(personMessages.deleteForbidden);
    }
    expect((await personRow(n, n.customerA.id))?.email).toBe(n.customerA.input.email);
    expect(await auditRows(n, 'persons.deleted')).toHaveLength(0);

    // A's teller may change it; its deletion waits for nothing to refer to it (its accounts: 409).
    const byA = await call(n.app, 'PUT', `/api/persons/${n.customerA.id}`, {
      token: n.tellerA,
      body: personInput(106, { city: 'Jacmel' }),
    });
    expect(byA.status).toBe(200);
    const referenced = await call(n.app, 'DELETE', `/api/persons/${n.customerA.id}`, { token: n.tellerA });
    expect(referenced.status).toBe(409);
    expect(referenced.body.message).toBe('Cette personne est liée à un compte ou à un utilisateur');
  });

  it('lets B delete its own customer registered there, and not A', async () => {
    const n = await network();
    const byA = await call(n.app, 'DELETE', `/api/persons/${n.customerB.id}`, { token: n.tellerA });
    expect(byA.status).toBe(403);
    const byB = await call(n.app, 'DELETE', `/api/persons/${n.customerB.id}`, { token: n.tellerB });
    expect(byB.status).toBe(200);
    expect(await personRow(n, n.customerB.id)).toBeUndefined();
  });
});

describe('accounts: agent B acting on agent A’s account', () => {
  it('finds it by number with its holders’ documents masked to B, whole to A', async () => {
    const n = await network();
    const search = (token: string) =>
      call(n.app, 'POST', '/api/accounts/search', {
        token,
        body: { account_number: n.account.accountNumber },
      });

    const byB = await search(n.tellerB);
    expect(byB.status).toBe(200);
    expect(byB.body.data.account.customers).toEqual([
      expect.objectContaining({
        id: n.customerA.id,
        idDocumentNumber: `••••••${n.customerA.input.idDocumentNumber.slice(-3)}`,
      }),
    ]);
    expect(byB.text).not.toContain(n.customerA.input.idDocumentNumber);
    // What is on the account is A's customer's business: B learns nothing of it.
    expect(byB.body.data.account.balance).toBeNull();
    const byA = await search(n.tellerA);
    expect(byA.body.data.account.customers[0].idDocumentNumber).toBe(n.customerA.input.idDocumentNumber);
    expect(byA.body.data.account.balance).toBe(0);
  });

  it('does not let B pass the holder check with what the search showed', async () => {
    const n = await network();
    const found = await call(n.app, 'POST', '/api/accounts/search', {
      token: n.tellerB,
      body: { account_number: n.account.accountNumber },
    });
    const holder = found.body.data.account.customers[0] as {
      idDocumentType: string;
      idDocumentNumber: string;
    };
    const transfer = await call(n.app, 'POST', '/api/transactions/transfer', {
      token: n.tellerB,
      body: {
        senderAccountNumber: n.account.accountNumber,
        recipientAccountNumber: n.second.accountNumber,
        party: {
          name: 'Marie Joseph',
          idDocumentType: holder.idDocumentType,
          idDocumentNumber: holder.idDocumentNumber,
        },
        amount: 100,
      },
    });
    expect(transfer.status).toBe(403);
  });

  it('does not let B open an account on A’s customer, picked masked, without its card: the document typed must match', async () => {
    const n = await network();
    const open = (holderDocuments?: Record<string, string>) =>
      call(n.app, 'POST', '/api/accounts', {
        token: n.tellerB,
        body: { type: 'current', currency: 'HTG', personIds: [n.customerA.id], holderDocuments },
      });
    const accountsOfB = async () =>
      ((await call(n.app, 'GET', '/api/accounts?per_page=100', { token: n.tellerB })).body.data as unknown[]).length;
    const before = await accountsOfB();

    const bare = await open();
    expect(bare.status).toBe(422);
    expect(bare.body.errors).toEqual({ holderDocuments: [holderDocumentMessages.required(displayName(n.customerA.input))] });
    const masked = await open({ [n.customerA.id]: `••••••${n.customerA.input.idDocumentNumber.slice(-3)}` });
    expect(masked.status).toBe(422);
    expect(masked.body.errors).toEqual({ holderDocuments: [holderDocumentMessages.mismatch(displayName(n.customerA.input))] });
    expect(await accountsOfB()).toBe(before);
    const read = await call(n.app, 'GET', `/api/persons/${n.customerA.id}`, { token: n.tellerB });
    expect(read.body.data).toMatchObject({ masked: true, canEdit: false });

    // With the card at the counter (its number typed, in any case and spacing), the account opens and
    // the customer becomes one of B's: B reads the file whole.
    const typed = ` ${n.customerA.input.idDocumentNumber.toLowerCase()} `;
    const opened = await open({ [n.customerA.id]: typed });
    expect(opened.status).toBe(201);
    expect(await accountsOfB()).toBe(before + 1);
    const whole = await call(n.app, 'GET', `/api/persons/${n.customerA.id}`, { token: n.tellerB });
    expect(whole.body.data).toMatchObject({ masked: false, idDocumentNumber: n.customerA.input.idDocumentNumber });
  });

  it('counts wrong documents per teller: after five, a 429 even with the right one, and nothing opened', async () => {
    const n = await network();
    const open = (documentNumber: string) =>
      call(n.app, 'POST', '/api/accounts', {
        token: n.tellerB,
        body: {
          type: 'current',
          currency: 'HTG',
          personIds: [n.customerA.id],
          holderDocuments: { [n.customerA.id]: documentNumber },
        },
      });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await open(`DEVINE${attempt}`)).status).toBe(422);
    }
    const right = await open(n.customerA.input.idDocumentNumber);
    expect(right.status).toBe(429);
    expect(right.body.message).toBe(holderDocumentMessages.throttled);
    expect(right.headers['retry-after']).toBeDefined();
    expect(await auditRows(n, 'accounts.holder_check_throttled')).toHaveLength(1);
    // B's own customer needs no document and is not throttled.
    const own = await call(n.app, 'POST', '/api/accounts', {
      token: n.tellerB,
      body: { type: 'current', currency: 'HTG', personIds: [n.customerB.id] },
    });
    expect(own.status).toBe(201);
  });

  it('lets B find it by its holder’s exact phone or document, masked, but never by name or a part of a number (decision 132)', async () => {
    const n = await network();
    const search = async (token: string, q: string) => {
      const answer = await call(n.app, 'POST', '/api/accounts/search', { token, body: { q } });
      expect(answer.status).toBe(200);
      return answer;
    };
    const ids = (answer: { body: { data: { accounts: { id: string }[] } } }) =>
      answer.body.data.accounts.map((account) => account.id).sort();
    const both = [n.account.id, n.second.id].sort();
    const { phoneNumber, idDocumentNumber, lastName } = n.customerA.input;

    for (const q of [phoneNumber, idDocumentNumber.toLowerCase()]) {
      const byB = await search(n.tellerB, q);
      expect(ids(byB)).toEqual(both);
      expect(byB.body.data.accounts[0].customers[0]).toMatchObject({
        id: n.customerA.id,
        idDocumentNumber: `••••••${idDocumentNumber.slice(-3)}`,
      });
      expect(byB.text).not.toContain(idDocumentNumber);
      expect(byB.text).not.toContain(n.customerA.input.email);
      const found = byB.body.data.accounts as { balance: number | null }[];
      expect(found.map((account) => account.balance)).toEqual([null, null]);
    }
    // A name lists only one's own agent's customers; parts of a phone or a document find nothing.
    for (const q of [lastName, `Marie ${lastName}`, phoneNumber.slice(0, 9), idDocumentNumber.slice(0, 6)]) {
      expect(ids(await search(n.tellerB, q))).toEqual([]);
    }
    expect(ids(await search(n.tellerA, `${lastName} Marie`))).toEqual(both);
    const byA = await search(n.tellerA, lastName.toLowerCase());
    expect(byA.body.data.accounts[0].customers[0].idDocumentNumber).toBe(idDocumentNumber);
  });

  it('gives each teller one budget of network-wide searches: past 100, a 429 for the account and the person searches alike', async () => {
    const n = await network();
    const { phoneNumber } = n.customerA.input;
    // B's teller spent one registering its customer (decision 207).
    for (let index = 1; index < throttleLimits.lookup.perUsername; index += 1) {
      const answer = await call(n.app, 'POST', '/api/accounts/search', { token: n.tellerB, body: { q: phoneNumber } });
      expect(answer.status).toBe(200);
    }
    const accountSearch = await call(n.app, 'POST', '/api/accounts/search', {
      token: n.tellerB,
      body: { q: phoneNumber },
    });
    expect(accountSearch.status).toBe(429);
    expect(accountSearch.body.message).toBe(genericMessages.lookupThrottled);
    const personSearch = await call(n.app, 'GET', `/api/persons?q=${encodeURIComponent(phoneNumber)}`, {
      token: n.tellerB,
    });
    expect(personSearch.status).toBe(429);
    const byDocument = await call(n.app, 'GET', `/api/persons/search/${n.customerA.input.idDocumentNumber}`, {
      token: n.tellerB,
    });
    expect(byDocument.status).toBe(429);
    // The uniqueness checks tell whether anyone has a document, a phone or an e-mail: the same budget
    // (decision 171; they answered thousands of guesses a minute).
    const documentCheck = await call(
      n.app,
      'GET',
      `/api/persons/check-document-unique/${n.customerA.input.idDocumentNumber}/${n.customerA.input.idDocumentType}`,
      { token: n.tellerB },
    );
    expect(documentCheck.status).toBe(429);
    expect(documentCheck.body.message).toBe(genericMessages.lookupThrottled);
    const phoneCheck = await call(n.app, 'POST', '/api/persons/check-unique/', {
      token: n.tellerB,
      body: { field: 'phoneNumber', value: phoneNumber },
    });
    expect(phoneCheck.status).toBe(429);
    expect(await auditRows(n, 'auth.lookup_throttled')).not.toHaveLength(0);
    // A's teller has its own budget; the account number search (which finds one account) has none.
    expect((await call(n.app, 'POST', '/api/accounts/search', { token: n.tellerA, body: { q: phoneNumber } })).status).toBe(200);
    expect(
      (await call(n.app, 'POST', '/api/accounts/search', { token: n.tellerB, body: { account_number: n.account.accountNumber } }))
        .status,
    ).toBe(200);
  });

  it('counts a registration and an edit that compares a document, phone or e-mail in the same budget: past it, a guess answers 429 whether right or wrong', async () => {
    const n = await network();
    const target = n.customerA.input;
    const own = n.customerB;
    // An ordinary registration, with the form's checks while typing, goes through.
    const fresh = personInput(130);
    for (const [field, value] of [['phoneNumber', fresh.phoneNumber], ['email', fresh.email]] as const) {
      expect((await call(n.app, 'POST', '/api/persons/check-unique/', { token: n.tellerB, body: { field, value } })).status).toBe(200);
    }
    expect(
      (await call(n.app, 'GET', `/api/persons/check-document-unique/${fresh.idDocumentNumber}/id_card`, { token: n.tellerB })).status,
    ).toBe(200);
    expect((await call(n.app, 'POST', '/api/persons', { token: n.tellerB, body: fresh })).status).toBe(201);
    // Guessing A's customer's number by editing one's own customer: each guess spends the budget.
    const edit = (overrides: Partial<typeof target>) =>
      call(n.app, 'PUT', `/api/persons/${own.id}`, { token: n.tellerB, body: personInput(107, overrides) });
    const statuses: number[] = [];
    for (let guess = 0; guess <= throttleLimits.lookup.perUsername; guess += 1) {
      statuses.push((await edit({ idDocumentNumber: `CIN-9${String(guess).padStart(3, '0')}` })).status);
    }
    expect(statuses[0]).toBe(200);
    expect(statuses.at(-1)).toBe(429);
    expect(new Set(statuses)).toEqual(new Set([200, 429]));
    // Past it, the right number, phone or e-mail answers as a wrong one: 429, in French, nothing changed.
    for (const overrides of [
      { idDocumentNumber: target.idDocumentNumber },
      { idDocumentNumber: 'CIN-8888' },
      { phoneNumber: target.phoneNumber },
      { email: target.email },
    ]) {
      const answer = await edit(overrides);
      expect(answer.status).toBe(429);
      expect(answer.body.message).toBe(genericMessages.lookupThrottled);
      expect(answer.text).not.toContain('existe déjà');
    }
    const registered = await call(n.app, 'POST', '/api/persons', {
      token: n.tellerB,
      body: personInput(131, { idDocumentNumber: target.idDocumentNumber }),
    });
    expect(registered.status).toBe(429);
    expect(registered.body.message).toBe(genericMessages.lookupThrottled);
    expect((await personRow(n, own.id))?.idDocumentNumber).not.toBe(target.idDocumentNumber);
    // An edit that sends no new document, phone or e-mail compares nothing new: it still goes through.
    const address = await call(n.app, 'PUT', `/api/persons/${own.id}`, {
      token: n.tellerB,
      body: { ...personInput(107), idDocumentNumber: (await personRow(n, own.id))!.idDocumentNumber!, address: '3, rue Pavée' },
    });
    expect(address.status).toBe(200);
    // A's teller has its own budget: its registration goes through.
    expect((await call(n.app, 'POST', '/api/persons', { token: n.tellerA, body: personInput(132) })).status).toBe(201);
  });

  it('refuses B the account by id, its status change and its closing (404), and the administrator the route (403)', async () => {
    const n = await network();
    for (const [method, url, body] of [
      ['GET', `/api/accounts/${n.account.id}`, undefined],
      ['PUT', `/api/accounts/${n.account.id}`, { status: 'inactive' }],
      ['DELETE', `/api/accounts/${n.second.id}`, undefined],
    ] as const) {
      expect((await call(n.app, method, url, { token: n.tellerB, body })).status).toBe(404);
      expect((await call(n.app, method, url, { token: n.adminB, body })).status).toBe(403);
    }
    const list = await call(n.app, 'GET', '/api/accounts?per_page=100', { token: n.tellerB });
    expect((list.body.data as { id: string }[]).map((account) => account.id)).not.toContain(n.account.id);
  });
});

describe('a public request, reviewed by any agent until one takes it', () => {
  it('shows its holder whole to every agent’s teller while pending, then only to the agent that activated it', async () => {
    const n = await network();
    const visitor = personInput(130);
    const registered = await call(n.app, 'POST', '/api/auth/register', {
      body: { type: 'current', currency: 'HTG', persons: [visitor] },
    });
    expect(registered.status).toBe(201);
    const pending = await call(n.app, 'GET', '/api/accounts?status=pending', { token: n.tellerB });
    const request = (
      pending.body.data as { id: string; customers: { id: string; idDocumentNumber: string }[] }[]
    )[0]!;
    expect(request.customers[0]!.idDocumentNumber).toBe(visitor.idDocumentNumber);
    const file = await call(n.app, 'GET', `/api/persons/${request.customers[0]!.id}`, { token: n.tellerB });
    expect(file.body.data).toMatchObject({ masked: false, canEdit: false, dob: visitor.dob });

    expect(
      (await call(n.app, 'POST', `/api/accounts/${request.id}/activate`, { token: n.tellerA })).status,
    ).toBe(200);
    const afterwards = await call(n.app, 'GET', `/api/persons/${request.customers[0]!.id}`, {
      token: n.tellerB,
    });
    expectMasked(afterwards.body.data, visitor.idDocumentNumber);
    const byA = await call(n.app, 'GET', `/api/persons/${request.customers[0]!.id}`, { token: n.tellerA });
    expect(byA.body.data).toMatchObject({ masked: false, canEdit: true });
  });
});

describe('every link between a user and its person', () => {
  it('refuses a teller the person of a super administrator, so the reset link still goes to its own address', async () => {
    const n = await network();
    for (const token of [n.tellerB, n.tellerA, n.adminA, n.adminB]) {
      const answer = await call(n.app, 'PUT', `/api/persons/${n.sudoPerson.id}`, {
        token,
        body: personInput(103, { email: 'pirate@exemple.ht' }),
      });
      expect(answer.status).toBe(403);
    }
    expect((await personRow(n, n.sudoPerson.id))?.email).toBe(n.sudoPerson.input.email);

    const reset = await call(n.app, 'POST', '/api/forgot-password', { body: { username: 'second.sudo' } });
    expect(reset.status).toBeLessThan(300);
    expect(await outboxTo(n, 'pirate@exemple.ht')).toHaveLength(0);
    expect((await outboxTo(n, n.sudoPerson.input.email)).map((mail) => mail.kind)).toContain(
      'password_reset',
    );
  });

  it('refuses anyone but the super administrator the person of an agent’s owner and first administrator', async () => {
    const n = await network();
    for (const token of [n.tellerA, n.tellerB, n.adminB, n.adminA]) {
      const answer = await call(n.app, 'PUT', `/api/persons/${n.ownerA.id}`, {
        token,
        body: personInput(101, { email: 'pirate@exemple.ht' }),
      });
      expect(answer.status).toBe(403);
      expect((await call(n.app, 'DELETE', `/api/persons/${n.ownerA.id}`, { token })).status).toBe(403);
    }
    const bySuper = await call(n.app, 'PUT', `/api/persons/${n.ownerA.id}`, {
      token: n.superToken,
      body: personInput(101, { email: 'alpha.proprietaire@exemple.ht' }),
    });
    expect(bySuper.status).toBe(200);
    // The first administrator's e-mail changed: recorded and told to the old address.
    const [change] = await auditRows(n, 'users.email_changed');
    expect(change).toMatchObject({ actorUsername: 'superadmin', target: 'alpha.admin' });
    expect(change!.details).toMatchObject({
      from: n.ownerA.input.email,
      to: 'alpha.proprietaire@exemple.ht',
      via: 'persons',
    });
    expect((await outboxTo(n, n.ownerA.input.email)).map((mail) => mail.kind)).toContain('email_changed');
    const told = await mailTo(n.ownerA.input.email, 'Votre adresse e-mail Lajan a été modifiée');
    expect(told.text).toContain('Votre adresse e-mail a été modifiée pour le compte «\u00a0alpha.admin\u00a0»');
    expect(told.text).not.toContain('alpha.proprietaire@exemple.ht');
  });

  it('refuses a second administrator of A the sessions and the disabling of the owner’s user, and lets it act on A’s teller', async () => {
    const n = await network();
    const secondPerson = await register(n.app, n.adminA, 140);
    const secondAdmin = await userOn(
      n.app,
      n.db,
      n.adminA,
      'alpha.second',
      'agent_admin',
      secondPerson.id,
      secondPerson.input.email,
    );
    for (const [method, url] of [
      ['POST', '/api/users/alpha.admin/end-sessions'],
      ['DELETE', '/api/users/alpha.admin'],
    ] as const) {
      const refused = await call(n.app, method, url, { token: secondAdmin });
      expect(refused.status).toBe(403);
    }
    // The owner's sessions go on, and it stays active.
    expect((await call(n.app, 'GET', '/api/auth/user', { token: n.adminA })).status).toBe(200);
    expect(await auditRows(n, 'users.sessions_ended')).toHaveLength(0);
    const ended = await call(n.app, 'POST', '/api/users/alpha.guichet/end-sessions', { token: secondAdmin });
    expect(ended.status).toBe(200);
    expect((await call(n.app, 'GET', '/api/auth/user', { token: n.tellerA })).status).toBe(401);
  });

  it('refuses a teller the person of a colleague or its own (the road for its own is PUT /users), and another agent’s administrator the person of A’s teller', async () => {
    const n = await network();
    for (const token of [n.tellerA, n.tellerB, n.adminB]) {
      const answer = await call(n.app, 'PUT', `/api/persons/${n.tellerAPerson.id}`, {
        token,
        body: personInput(104, { email: 'pirate@exemple.ht' }),
      });
      expect(answer.status).toBe(403);
    }
    expect(await auditRows(n, 'users.email_changed')).toHaveLength(0);

    // A's administrator manages its teller: the change is recorded and told to the old address.
    const byAdmin = await call(n.app, 'PUT', `/api/persons/${n.tellerAPerson.id}`, {
      token: n.adminA,
      body: personInput(104, { email: 'alpha.guichet.nouveau@exemple.ht' }),
    });
    expect(byAdmin.status).toBe(200);
    expect(await auditRows(n, 'users.email_changed')).toHaveLength(1);
    expect((await outboxTo(n, n.tellerAPerson.input.email)).map((mail) => mail.kind)).toContain(
      'email_changed',
    );
  });

  it('refuses an administrator a user on a super administrator’s person, on another agent’s customer, on a person behind another user', async () => {
    const n = await network();
    const create = (personId: string, username: string) =>
      call(n.app, 'POST', '/api/users', {
        token: n.adminA,
        body: { role: 'agent_admin', username, personId },
      });

    // One answer for whoever one may not change: it tells nothing of a user behind them (decision 207).
    const onSudo = await create(n.sudoPerson.id, 'pirate.alpha');
    expect(onSudo.status).toBe(422);
    expect(onSudo.body.errors).toEqual({ personId: [userMessages.personNotManaged] });
    const onOwnerB = await create(n.ownerB.id, 'pirate.alpha2');
    expect(onOwnerB.body.errors).toEqual({ personId: [userMessages.personNotManaged] });
    const onTellerB = await create(n.tellerBPerson.id, 'pirate.alpha4');
    expect(onTellerB.status).toBe(422);
    expect(onTellerB.body.errors).toEqual({ personId: [userMessages.personNotManaged] });
    const onCustomerB = await create(n.customerB.id, 'pirate.alpha3');
    expect(onCustomerB.status).toBe(422);
    expect(onCustomerB.body.errors).toEqual({ personId: [userMessages.personNotManaged] });
    const users_ = await n.db.select().from(users);
    expect(users_.map((user) => user.username)).not.toEqual(
      expect.arrayContaining(['pirate.alpha', 'pirate.alpha2', 'pirate.alpha3', 'pirate.alpha4']),
    );

    // The super administrator cannot either: one live user per person.
    const sudoOnTeller = await call(n.app, 'POST', '/api/users', {
      token: n.superToken,
      body: { role: 'sudo', username: 'double.sudo', personId: n.tellerAPerson.id },
    });
    expect(sudoOnTeller.status).toBe(422);
    expect(sudoOnTeller.body.errors).toEqual({ personId: [userMessages.personAlreadyUser] });
    // Nor make an agent whose first owner (its first user) already stands behind a user.
    const agent = await call(n.app, 'POST', '/api/agents', {
      token: n.superToken,
      body: {
        name: 'Agence Gamma',
        address: '1 rue du Centre, Port-au-Prince',
        email: 'gamma@agents.ht',
        phone: '+509 3456-7000',
        type: 'Business',
        username: 'gamma.admin',
        personIds: [n.sudoPerson.id],
      },
    });
    expect(agent.status).toBe(422);
    expect(agent.body.errors).toEqual({ personIds: ['La première personne est déjà liée à un utilisateur'] });
  });

  it('tells whether a user stands behind a person only to who may change it, so a wizard says it at the pick (decision 214)', async () => {
    const n = await network();
    const read = async (token: string, id: string) =>
      (await call(n.app, 'GET', `/api/persons/${id}`, { token })).body.data as Record<string, unknown>;

    expect(await read(n.superToken, n.tellerAPerson.id)).toMatchObject({ canEdit: true, hasUser: true });
    expect(await read(n.superToken, n.customerA.id)).toMatchObject({ canEdit: true, hasUser: false });
    expect(await read(n.adminA, n.tellerAPerson.id)).toMatchObject({ canEdit: true, hasUser: true });
    expect(await read(n.adminA, n.customerA.id)).toMatchObject({ canEdit: true, hasUser: false });
    // Who may not change the person learns nothing of a user behind it: not B, not the teller itself.
    for (const [token, id] of [
      [n.adminB, n.tellerAPerson.id],
      [n.adminB, n.ownerA.id],
      [n.adminA, n.sudoPerson.id],
      [n.tellerA, n.tellerAPerson.id],
      [n.tellerB, n.customerA.id],
    ] as const) {
      const view = await read(token, id);
      expect(view).toMatchObject({ canEdit: false });
      expect(view).not.toHaveProperty('hasUser');
    }
    const listed = await call(
      n.app,
      'GET',
      `/api/persons?q=${encodeURIComponent(n.tellerAPerson.input.idDocumentNumber)}`,
      { token: n.adminB },
    );
    expect(listed.body.data).toHaveLength(1);
    expect((listed.body.data as unknown[])[0]).not.toHaveProperty('hasUser');
  });

  it('names the holder of a taken document, phone or e-mail only to who may change it: B learns « exists » as before (decision 214)', async () => {
    const n = await network();
    const { idDocumentNumber, idDocumentType, phoneNumber, email } = n.customerA.input;
    const checks = (token: string) =>
      Promise.all([
        call(n.app, 'GET', `/api/persons/check-document-unique/${idDocumentNumber}/${idDocumentType}`, { token }),
        call(n.app, 'POST', '/api/persons/check-unique/', { token, body: { field: 'phoneNumber', value: phoneNumber } }),
        call(n.app, 'POST', '/api/persons/check-unique/', { token, body: { field: 'email', value: email } }),
      ]);
    for (const answer of await checks(n.tellerA)) {
      expect(answer.body).toEqual({ data: { exists: true, id: n.customerA.id } });
    }
    for (const token of [n.tellerB, n.adminB]) {
      for (const answer of await checks(token)) expect(answer.body).toEqual({ data: { exists: true } });
    }
    // The people behind users: their administrator is told, a teller (the person's own included) is not.
    const tellerPerson = (token: string) =>
      call(n.app, 'POST', '/api/persons/check-unique/', {
        token,
        body: { field: 'email', value: n.tellerAPerson.input.email },
      });
    expect((await tellerPerson(n.adminA)).body).toEqual({ data: { exists: true, id: n.tellerAPerson.id } });
    expect((await tellerPerson(n.tellerA)).body).toEqual({ data: { exists: true } });
    expect((await tellerPerson(n.adminB)).body).toEqual({ data: { exists: true } });
  });

  it('tells a teller nothing of another agent’s people, by any route that answers a person or a holder: the same keys, user or not (decision 214)', async () => {
    const n = await network();
    const enc = encodeURIComponent;
    /** Every answer a person's document, phone or e-mail gets from these routes, by this token. */
    const answers = async (token: string, person: { id: string; input: ReturnType<typeof personInput> }) => {
      const { idDocumentNumber, idDocumentType, phoneNumber, email } = person.input;
      const got = await Promise.all([
        call(n.app, 'GET', `/api/persons/${person.id}`, { token }),
        call(n.app, 'GET', `/api/persons?q=${enc(idDocumentNumber)}`, { token }),
        call(n.app, 'GET', `/api/persons?q=${enc(phoneNumber)}`, { token }),
        call(n.app, 'GET', `/api/persons/search/${enc(idDocumentNumber)}`, { token }),
        call(n.app, 'GET', `/api/persons/search/${idDocumentType}/${enc(idDocumentNumber)}`, { token }),
        call(n.app, 'GET', `/api/persons/check-document-unique/${enc(idDocumentNumber)}/${idDocumentType}`, {
          token,
        }),
        call(n.app, 'POST', '/api/persons/check-unique/', {
          token,
          body: { field: 'phoneNumber', value: phoneNumber },
        }),
        call(n.app, 'POST', '/api/persons/check-unique/', { token, body: { field: 'email', value: email } }),
      ]);
      for (const answer of got) expect(answer.status).toBe(200);
      const [read, byDocument, byPhone, searched, searchedTyped, ...checks] = got.map(
        (answer) => answer.body.data as Record<string, unknown>,
      );
      const listed = [byDocument, byPhone].map((list) => (list as unknown as Record<string, unknown>[])[0]);
      const found = [searched, searchedTyped].map((data) => data!.person as Record<string, unknown>);
      return { views: [read!, ...listed, ...found] as Record<string, unknown>[], checks };
    };
    /** A view as another agent may learn it: its keys, its flags, never its own values. */
    const shape = (view: Record<string, unknown>) => ({
      keys: Object.keys(view).sort(),
      masked: view.masked,
      canEdit: view.canEdit,
      canDelete: view.canDelete,
    });

    // A's teller on its own customer: told there is no user and who holds each value (the control).
    const own = await answers(n.tellerA, n.customerA);
    for (const view of own.views)
      expect(view).toMatchObject({ id: n.customerA.id, canEdit: true, hasUser: false });
    for (const check of own.checks) expect(check).toEqual({ exists: true, id: n.customerA.id });

    // A's teller on B's customer, B's teller and B's owner (the first two a user or not), and B's on A's.
    for (const [token, people] of [
      [n.tellerA, [n.customerB, n.tellerBPerson, n.ownerB]],
      [n.tellerB, [n.customerA, n.tellerAPerson, n.ownerA]],
      [n.adminB, [n.customerA, n.tellerAPerson, n.ownerA]],
    ] as const) {
      const [customer, ...staff] = await Promise.all(people.map((person) => answers(token, person)));
      for (const { views, checks } of [customer!, ...staff]) {
        for (const view of views) {
          expect(view).toMatchObject({ masked: true });
          expect(view).not.toHaveProperty('hasUser');
        }
        for (const check of checks) expect(check).toEqual({ exists: true });
      }
      // The people behind a user or an agent read exactly as a customer does: no key tells them apart.
      for (const other of staff) expect(other.views.map(shape)).toEqual(customer!.views.map(shape));
    }
  });

  it('lets only one of two racing creations of a user on one person win, the other a 422 on personId', async () => {
    const n = await network();
    const person = await register(n.app, n.adminA, 120);
    const answers = await Promise.all(
      ['course.un', 'course.deux'].map((username) =>
        call(n.app, 'POST', '/api/users', {
          token: n.adminA,
          body: { role: 'user', username, personId: person.id },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
    const loser = answers.find((answer) => answer.status === 422)!;
    expect(loser.body.errors).toEqual({ personId: [userMessages.personAlreadyUser] });
    expect(await n.db.select().from(users).where(eq(users.personId, person.id))).toHaveLength(1);
  });

  it('keeps B’s administrator out of A’s users and the super administrators (404), and audits A’s change of its teller’s e-mail', async () => {
    const n = await network();
    for (const username of ['alpha.guichet', 'alpha.admin', 'second.sudo']) {
      const answer = await call(n.app, 'PUT', `/api/users/${username}`, {
        token: n.adminB,
        body: { email: 'pirate@exemple.ht' },
      });
      expect(answer.status).toBe(404);
    }
    // A's administrator may not change the e-mail of A's first administrator either: an owner is the super administrator's.
    expectCreated(
      await call(n.app, 'POST', '/api/users', {
        token: n.adminA,
        body: {
          role: 'agent_admin',
          username: 'alpha.second',
          personId: (await register(n.app, n.adminA, 121)).id,
        },
      }),
    );
    const second = await passFirstPasswordGate(
      n.app,
      await temporaryAccessOf(n.db, personInput(121).email),
      NEW_PASSWORD,
    );
    const onOwner = await call(n.app, 'PUT', '/api/users/alpha.admin', {
      token: second,
      body: { email: 'pirate@exemple.ht' },
    });
    expect(onOwner.status).toBe(403);

    const answer = await call(n.app, 'PUT', '/api/users/alpha.guichet', {
      token: n.adminA,
      body: { email: 'guichet.alpha@exemple.ht' },
      remoteAddress: '10.4.4.4',
    });
    expect(answer.status).toBe(200);
    const [change] = await auditRows(n, 'users.email_changed');
    expect(change).toMatchObject({ actorUsername: 'alpha.admin', target: 'alpha.guichet', ip: '10.4.4.4' });
    expect(change!.details).toMatchObject({
      from: n.tellerAPerson.input.email,
      to: 'guichet.alpha@exemple.ht',
      via: 'users',
      self: false,
    });
    expect((await outboxTo(n, n.tellerAPerson.input.email)).map((mail) => mail.kind)).toContain(
      'email_changed',
    );
  });

  it('makes a user confirm a change of its own e-mail with its current password', async () => {
    const n = await network();
    const change = (body: Record<string, unknown>) =>
      call(n.app, 'PUT', '/api/users/alpha.guichet', { token: n.tellerA, body });

    const missing = await change({ email: 'moi@exemple.ht' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ current_password: [userMessages.currentPasswordRequired] });
    const wrong = await change({ email: 'moi@exemple.ht', current_password: 'pas-le-bon-2026' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ current_password: [authMessages.wrongCurrentPassword] });
    expect((await personRow(n, n.tellerAPerson.id))?.email).toBe(n.tellerAPerson.input.email);
    // Another contact field needs no password.
    expect((await change({ city: 'Jacmel' })).status).toBe(200);

    const right = await change({ email: 'moi@exemple.ht', current_password: NEW_PASSWORD });
    expect(right.status).toBe(200);
    expect((await personRow(n, n.tellerAPerson.id))?.email).toBe('moi@exemple.ht');
    const [audit] = await auditRows(n, 'users.email_changed');
    expect(audit!.details).toMatchObject({ self: true, via: 'users' });
    expect((await outboxTo(n, n.tellerAPerson.input.email)).map((mail) => mail.kind)).toContain(
      'email_changed',
    );

    // The same through PUT /persons, for an administrator's own person it may change.
    const adminPerson = await register(n.app, n.adminA, 122);
    expectCreated(
      await call(n.app, 'POST', '/api/users', {
        token: n.adminA,
        body: { role: 'agent_admin', username: 'alpha.troisieme', personId: adminPerson.id },
      }),
    );
    const third = await passFirstPasswordGate(
      n.app,
      await temporaryAccessOf(n.db, adminPerson.input.email),
      NEW_PASSWORD,
    );
    const noPassword = await call(n.app, 'PUT', `/api/persons/${adminPerson.id}`, {
      token: third,
      body: personInput(122, { email: 'troisieme@exemple.ht' }),
    });
    expect(noPassword.status).toBe(422);
    expect(noPassword.body.errors).toEqual({ current_password: [userMessages.currentPasswordRequired] });
    const withPassword = await call(n.app, 'PUT', `/api/persons/${adminPerson.id}`, {
      token: third,
      body: { ...personInput(122, { email: 'troisieme@exemple.ht' }), current_password: NEW_PASSWORD },
    });
    expect(withPassword.status).toBe(200);
  });

  it("counts wrong passwords of an e-mail change with the password change's: the fifth ends the session", async () => {
    const n = await network();
    // Tries count after the last new password (the first-password gate, at the test clock's instant).
    n.t.clock.advance(60_000);
    const change = (body: Record<string, unknown>) =>
      call(n.app, 'PUT', '/api/users/alpha.guichet', { token: n.tellerA, body });

    for (let i = 0; i < 2; i += 1) {
      const wrong = await call(n.app, 'POST', '/api/users/update-password', {
        token: n.tellerA,
        body: {
          current_password: `faux-${i}-2026`,
          password: 'Autre-Chose-2026',
          password_confirmation: 'Autre-Chose-2026',
        },
      });
      expect(wrong.status).toBe(422);
    }
    for (let i = 0; i < 2; i += 1) {
      const wrong = await change({ email: 'vole@exemple.ht', current_password: `devine-${i}-2026` });
      expect(wrong.status).toBe(422);
    }
    const fifth = await change({ email: 'vole@exemple.ht', current_password: 'devine-5-2026' });
    expect(fifth.status).toBe(401);
    expect(fifth.body.message).toBe(authMessages.passwordChecksExceeded);
    expect((await call(n.app, 'GET', '/api/auth/user', { token: n.tellerA })).status).toBe(401);
    expect((await personRow(n, n.tellerAPerson.id))?.email).toBe(n.tellerAPerson.input.email);
  });

  it("does not let a teller read a super administrator's file by opening an account on its person", async () => {
    const n = await network();
    const listed = await call(n.app, 'GET', `/api/persons?q=${n.sudoPerson.input.idDocumentNumber}`, {
      token: n.tellerB,
    });
    const sudo = (listed.body.data as { id: string; masked: boolean }[]).find(
      (person) => person.id === n.sudoPerson.id,
    );
    expect(sudo?.masked).toBe(true);
    const opened = await call(n.app, 'POST', '/api/accounts', {
      token: n.tellerB,
      // Even with the card in hand (its document typed), holding the account opens no staff file.
      body: {
        type: 'current',
        currency: 'HTG',
        personIds: [n.sudoPerson.id],
        holderDocuments: { [n.sudoPerson.id]: n.sudoPerson.input.idDocumentNumber },
      },
    });
    expect(opened.status).toBe(201);

    const read = await call(n.app, 'GET', `/api/persons/${n.sudoPerson.id}`, { token: n.tellerB });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ masked: true, canEdit: false });
    expect(read.body.data.dob).toBeUndefined();
    const sudoRow = await personRow(n, n.sudoPerson.id);
    expect(read.text).not.toContain(sudoRow!.email);
    expect(read.text).not.toContain(sudoRow!.idDocumentNumber);
    // Now a holder at B: listed to B as its customer, still masked; a part of its e-mail, phone or document
    // finds it no more than before (the row's presence would spell them out).
    for (const part of [
      sudoRow!.email!.slice(0, 8),
      sudoRow!.phoneNumber!.slice(0, -2),
      sudoRow!.idDocumentNumber!.slice(0, -1),
    ]) {
      const partly = await call(n.app, 'GET', `/api/persons?q=${encodeURIComponent(part)}`, { token: n.tellerB });
      expect((partly.body.data as { id: string }[]).map((person) => person.id)).not.toContain(n.sudoPerson.id);
    }
    const holders = await call(n.app, 'GET', '/api/persons?per_page=100', { token: n.tellerB });
    const holderRows = holders.body.data as { id: string }[];
    expect(holderRows.find((person) => person.id === n.sudoPerson.id)).toMatchObject({ masked: true });
    const account = await call(n.app, 'GET', `/api/accounts/${opened.body.data.id as string}`, {
      token: n.tellerB,
    });
    expect(account.text).not.toContain(sudoRow!.idDocumentNumber);
  });

  it('shows a teller its colleagues without their identity file, and itself whole', async () => {
    const n = await network();
    const colleague = await call(n.app, 'GET', '/api/users/alpha.admin', { token: n.tellerA });
    expect(colleague.status).toBe(200);
    expect(colleague.body.data).toMatchObject({
      username: 'alpha.admin',
      dob: null,
      address: null,
      idDocumentNumber: `••••••${n.ownerA.input.idDocumentNumber.slice(-3)}`,
    });
    const listed = await call(n.app, 'GET', '/api/users', { token: n.tellerA });
    expect(listed.text).not.toContain(n.ownerA.input.idDocumentNumber);
    const self = await call(n.app, 'GET', '/api/users/alpha.guichet', { token: n.tellerA });
    expect(self.body.data).toMatchObject({
      dob: '1990-05-14',
      idDocumentNumber: n.tellerAPerson.input.idDocumentNumber,
    });
    const byAdmin = await call(n.app, 'GET', '/api/users/alpha.guichet', { token: n.adminA });
    expect(byAdmin.body.data.idDocumentNumber).toBe(n.tellerAPerson.input.idDocumentNumber);
  });

  it('shows an agent’s owners masked to whoever may not read their file', async () => {
    const n = await network();
    const byTeller = await call(n.app, 'GET', `/api/agents/${n.agentA.code}`, { token: n.tellerA });
    expect(byTeller.body.data.owners[0].idDocumentNumber).toBe(
      `••••••${n.ownerA.input.idDocumentNumber.slice(-3)}`,
    );
    const bySuper = await call(n.app, 'GET', `/api/agents/${n.agentA.code}`, { token: n.superToken });
    expect(bySuper.body.data.owners[0].idDocumentNumber).toBe(n.ownerA.input.idDocumentNumber);
    // The super administrator may change an owner's person, never delete it: its agent names it (decision 185).
    const file = await call(n.app, 'GET', `/api/persons/${n.ownerA.id}`, { token: n.superToken });
    expect(file.body.data).toMatchObject({ canEdit: true, canDelete: false });
  });
});
