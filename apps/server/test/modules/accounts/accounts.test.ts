import { accountSchema, floatAccountSchema } from '@lajan/domain';
import { and, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountHolders, accounts, auditLog, persons } from '../../../src/db/schema.js';
import { isValidNumber } from '../../../src/ledger/numbers.js';
import { openFloatAccount } from '../../../src/ledger/accounts.js';
import { build, type TestApp } from '../../helpers/build.js';
import { activeSuperAdminToken, call, createUser } from '../../helpers/fixtures.js';
import { agentWithStaff, personInput, registerPerson } from '../persons/person-fixtures.js';

type Staff = Awaited<ReturnType<typeof agentWithStaff>>;

async function setup() {
  const t = await build();
  const a = await agentWithStaff(t.app, t.database.db, 'AG-A');
  const b = await agentWithStaff(t.app, t.database.db, 'AG-B');
  return { t, db: t.database.db, a, b };
}

async function customers(t: TestApp, token: string, ...ns: number[]) {
  const list = [];
  for (const n of ns) list.push(await registerPerson(t.app, token, personInput(n)));
  return list;
}

async function open(t: TestApp, staff: Staff, personIds: string[], type: 'current' | 'savings' = 'current') {
  const answer = await call(t.app, 'POST', '/api/accounts', {
    token: staff.teller.token,
    body: { type, currency: 'HTG', personIds },
  });
  if (answer.status !== 201) throw new Error(`POST /accounts: ${answer.status} ${answer.text}`);
  return answer.body.data as { id: string; accountNumber: string; status: string };
}

async function customerAccounts(t: TestApp) {
  return t.database.db.select().from(accounts).where(eq(accounts.kind, 'customer'));
}

async function auditOf(t: TestApp, action: string) {
  return t.database.db.select().from(auditLog).where(eq(auditLog.action, action));
}

function numbersOf(body: unknown): string[] {
  return (body as { data: { accountNumber: string }[] }).data.map((account) => account.accountNumber);
}

describe('POST /api/accounts', () => {
  it('opens an active HTG account of the teller’s agent, the first person principal', async () => {
    const { t, db, a } = await setup();
    const [rose, paul] = await customers(t, a.teller.token, 1, 2);

    const answer = await call(t.app, 'POST', '/api/accounts', {
      token: a.teller.token,
      body: { type: 'savings', currency: 'htg', personIds: [paul!.id, rose!.id] },
      remoteAddress: '10.9.8.7',
    });

    expect(answer.status).toBe(201);
    const account = answer.body.data;
    expect(isValidNumber(account.accountNumber as string, 11)).toBe(true);
    expect(account).toMatchObject({
      type: 'savings',
      currency: 'HTG',
      status: 'active',
      balance: 0,
      unavailableBalance: 0,
      customerIds: [paul!.id, rose!.id],
      agent: { code: 'AG-A', name: 'Agence AG-A' },
      requestReference: null,
      decidedAt: null,
      decidedBy: null,
      rejectionReason: null,
    });
    expect(account.customers).toEqual([
      expect.objectContaining({
        id: paul!.id,
        principal: true,
        idDocumentType: 'id_card',
        idDocumentNumber: 'CIN-0002',
      }),
      expect.objectContaining({ id: rose!.id, principal: false }),
    ]);

    const [row] = await customerAccounts(t);
    expect(row).toMatchObject({
      id: account.id,
      kind: 'customer',
      status: 'active',
      currency: 'HTG',
      agentId: a.agent.id,
      createdByUserId: a.teller.id,
      balanceCentimes: 0,
    });
    const holders = await db
      .select()
      .from(accountHolders)
      .where(eq(accountHolders.accountId, account.id as string));
    expect(holders.sort((x, y) => x.position - y.position).map((h) => [h.personId, h.position])).toEqual([
      [paul!.id, 0],
      [rose!.id, 1],
    ]);
    const [audit] = await auditOf(t, 'accounts.created');
    expect(audit).toMatchObject({
      actorUsername: a.teller.username,
      target: account.accountNumber,
      ip: '10.9.8.7',
    });
  });

  it('refuses persons that do not exist (or are not registered), and writes nothing', async () => {
    const { t, db, a } = await setup();
    const [rose] = await customers(t, a.teller.token, 1);
    const bare = await createUser(db, {
      username: 'sans-dossier',
      password: 'x-long-password',
      role: 'sudo',
    });

    for (const personIds of [
      [rose!.id, '00000000-0000-4000-8000-000000000000'],
      ['pas-un-id'],
      [bare.personId],
    ]) {
      const answer = await call(t.app, 'POST', '/api/accounts', {
        token: a.teller.token,
        body: { type: 'current', currency: 'HTG', personIds },
      });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ personIds: ['Un client sélectionné est introuvable'] });
    }
    expect(await customerAccounts(t)).toHaveLength(0);
    expect(await db.select().from(accountHolders)).toHaveLength(0);
    expect(await auditOf(t, 'accounts.created')).toHaveLength(0);
  });

  it('answers the form’s messages for a missing type, a wrong currency and no client', async () => {
    const { t, a } = await setup();

    const empty = await call(t.app, 'POST', '/api/accounts', {
      token: a.teller.token,
      body: { personIds: [] },
    });
    const usd = await call(t.app, 'POST', '/api/accounts', {
      token: a.teller.token,
      body: { type: 'current', currency: 'US', personIds: ['00000000-0000-4000-8000-000000000000'] },
    });

    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      type: ['Le type de compte est obligatoire'],
      currency: ['La devise est obligatoire'],
      personIds: ['Au moins un client doit être sélectionné'],
    });
    expect(usd.body.errors.currency[0]).toBe('La devise doit avoir 3 caractères');
    const eur = await call(t.app, 'POST', '/api/accounts', {
      token: a.teller.token,
      body: { type: 'current', currency: 'EUR', personIds: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect(eur.body.errors).toEqual({ currency: ['Seule la devise HTG est acceptée'] });
    expect(await customerAccounts(t)).toHaveLength(0);
  });

  it('is the tellers’ alone: 403 for an administrator and the super administrator, 401 without a token', async () => {
    const { t, a } = await setup();
    const [rose] = await customers(t, a.teller.token, 1);
    const body = { type: 'current', currency: 'HTG', personIds: [rose!.id] };

    expect((await call(t.app, 'POST', '/api/accounts', { token: a.admin.token, body })).status).toBe(403);
    const superAdmin = await activeSuperAdminToken(t.app);
    expect((await call(t.app, 'POST', '/api/accounts', { token: superAdmin, body })).status).toBe(403);
    expect((await call(t.app, 'POST', '/api/accounts', { body })).status).toBe(401);
    expect(await customerAccounts(t)).toHaveLength(0);
  });
});

describe('POST /api/accounts/search', () => {
  it('finds any customer account by its exact number, whatever its agent, for any signed-in user', async () => {
    const { t, a, b } = await setup();
    const [rose] = await customers(t, a.teller.token, 1);
    const account = await open(t, a, [rose!.id]);
    const superAdmin = await activeSuperAdminToken(t.app);

    for (const token of [a.teller.token, b.teller.token, b.admin.token, superAdmin]) {
      const answer = await call(t.app, 'POST', '/api/accounts/search', {
        token,
        body: { account_number: ` ${account.accountNumber} ` },
      });
      expect(answer.status).toBe(200);
      expect(answer.body.data.account).toMatchObject({ id: account.id, agent: { code: 'AG-A' } });
    }
  });

  it('treats an agent’s float and an unknown number as unknown, and checks the number', async () => {
    const { t, db, a } = await setup();
    const float = await openFloatAccount(db, { agentId: a.agent.id, now: new Date() });

    for (const number of [float.accountNumber, '12345678903']) {
      const answer = await call(t.app, 'POST', '/api/accounts/search', {
        token: a.teller.token,
        body: { account_number: number },
      });
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('Compte introuvable');
    }
    const invalid = await call(t.app, 'POST', '/api/accounts/search', { token: a.teller.token, body: {} });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({ account_number: ['Le numéro de compte est requis'] });
    expect(
      (await call(t.app, 'POST', '/api/accounts/search', { body: { account_number: '1' } })).status,
    ).toBe(401);
  });
});

describe('POST /api/accounts/search with q: the way people talk (decision 132)', () => {
  async function search(t: TestApp, token: string, q: string) {
    const answer = await call(t.app, 'POST', '/api/accounts/search', { token, body: { q } });
    expect(answer.status).toBe(200);
    return (answer.body.data.accounts as { accountNumber: string }[]).map((account) => account.accountNumber);
  }

  it('finds accounts by number, holder phone (with or without +509, spaces, hyphens), document or name', async () => {
    const { t, db, a } = await setup();
    const [rose, paul] = await customers(t, a.teller.token, 1, 2);
    const roses = await open(t, a, [rose!.id]);
    const joint = await open(t, a, [paul!.id, rose!.id], 'savings');
    const pauls = await open(t, a, [paul!.id]);
    const closed = await open(t, a, [rose!.id]);
    await db.update(accounts).set({ status: 'closed' }).where(eq(accounts.id, closed.id));

    const rosesAccounts = [joint.accountNumber, roses.accountNumber].sort();
    const sorted = (numbers: string[]) => [...numbers].sort();
    expect(await search(t, a.teller.token, roses.accountNumber)).toEqual([roses.accountNumber]);
    for (const q of ['+509 3712-0001', '+50937120001', '3712 0001', '37120001', 'cin-0001', 'CIN-0001']) {
      expect(sorted(await search(t, a.teller.token, q))).toEqual(rosesAccounts);
    }
    // Rose is Marie JosephB, Paul is Marie JosephC: a name lists every account one of whose holders has it.
    const paulsAccounts = [joint.accountNumber, pauls.accountNumber].sort();
    expect(sorted(await search(t, a.teller.token, 'josephb'))).toEqual(rosesAccounts);
    expect(sorted(await search(t, a.teller.token, 'Marie JosephC'))).toEqual(paulsAccounts);
    expect(sorted(await search(t, a.teller.token, 'JosephC Marie'))).toEqual(paulsAccounts);
    // Case and accents set aside on both sides (decision 175).
    expect(sorted(await search(t, a.teller.token, 'MARÍE JÔSEPHC'))).toEqual(paulsAccounts);
    expect(await search(t, a.teller.token, 'Personne')).toEqual([]);
    // LIKE's wildcards are read as typed.
    expect(await search(t, a.teller.token, '%%')).toEqual([]);
  });

  it('leaves out floats and system accounts, checks the term, and wants a signed-in user', async () => {
    const { t, db, a } = await setup();
    const float = await openFloatAccount(db, { agentId: a.agent.id, now: new Date() });
    expect(await search(t, a.teller.token, float.accountNumber)).toEqual([]);

    for (const [q, message] of [
      ['', 'Saisissez un numéro de compte, un téléphone, un numéro de pièce ou un nom'],
      [' a ', 'Saisissez au moins 2 caractères'],
      ['x'.repeat(101), 'Recherche trop longue'],
    ]) {
      const answer = await call(t.app, 'POST', '/api/accounts/search', {
        token: a.teller.token,
        body: { q },
      });
      expect(answer.status).toBe(422);
      expect(answer.body.errors.q[0]).toBe(message);
    }
    expect((await call(t.app, 'POST', '/api/accounts/search', { body: { q: 'Marie' } })).status).toBe(401);
  });
});

describe('GET /api/accounts and /api/accounts/{id}: a teller sees its own agent’s accounts', () => {
  it('lists the agent’s accounts newest first with their total, and none of another agent’s', async () => {
    const { t, a, b } = await setup();
    const [rose, paul] = await customers(t, a.teller.token, 1, 2);
    const [jean] = await customers(t, b.teller.token, 3);
    const first = await open(t, a, [rose!.id]);
    t.clock.advance(1000);
    const second = await open(t, a, [paul!.id]);
    t.clock.advance(1000);
    const ofB = await open(t, b, [jean!.id]);

    const listA = await call(t.app, 'GET', '/api/accounts', { token: a.teller.token });
    const listB = await call(t.app, 'GET', '/api/accounts?page=1&per_page=1', { token: b.teller.token });
    const page2 = await call(t.app, 'GET', '/api/accounts?page=2&per_page=1', { token: a.teller.token });

    expect(listA.status).toBe(200);
    expect(numbersOf(listA.body)).toEqual([second.accountNumber, first.accountNumber]);
    expect(listA.body.meta).toEqual({ total: 2, page: 1, per_page: 10 });
    expect(numbersOf(listB.body)).toEqual([ofB.accountNumber]);
    expect(listB.body.meta).toEqual({ total: 1, page: 1, per_page: 1 });
    expect(numbersOf(page2.body)).toEqual([first.accountNumber]);
  });

  it('filters by status and finds by number, holder name or document', async () => {
    const { t, a } = await setup();
    const [rose, paul] = await customers(t, a.teller.token, 1, 2);
    await call(t.app, 'PUT', `/api/persons/${rose!.id}`, {
      token: a.teller.token,
      body: personInput(1, { firstName: 'Rose', lastName: 'Dorcé' }),
    });
    const roseAccount = await open(t, a, [rose!.id]);
    const paulAccount = await open(t, a, [paul!.id]);
    await call(t.app, 'PUT', `/api/accounts/${paulAccount.id}`, {
      token: a.teller.token,
      body: { status: 'inactive' },
    });

    const list = async (query: string) => {
      const answer = await call(t.app, 'GET', `/api/accounts?${query}`, { token: a.teller.token });
      expect(answer.status).toBe(200);
      return numbersOf(answer.body);
    };

    expect(await list('status=inactive')).toEqual([paulAccount.accountNumber]);
    expect(await list('status=active')).toEqual([roseAccount.accountNumber]);
    expect(await list('q=dorcé')).toEqual([roseAccount.accountNumber]);
    expect(await list('q=rose%20dorc')).toEqual([roseAccount.accountNumber]);
    expect(await list('q=cin-0002')).toEqual([paulAccount.accountNumber]);
    expect(await list(`q=${paulAccount.accountNumber.slice(0, 6)}`)).toContain(paulAccount.accountNumber);
    const bad = await call(t.app, 'GET', '/api/accounts?status=open', { token: a.teller.token });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors as object)).toEqual(['status']);
  });

  it('reads an account of its agent, not one of another agent, a float or a malformed id', async () => {
    const { t, db, a, b } = await setup();
    const [rose] = await customers(t, a.teller.token, 1);
    const account = await open(t, a, [rose!.id]);
    const float = await openFloatAccount(db, { agentId: a.agent.id, now: new Date() });

    const own = await call(t.app, 'GET', `/api/accounts/${account.id}`, { token: a.teller.token });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({
      id: account.id,
      customers: [expect.objectContaining({ id: rose!.id })],
    });
    for (const [token, id] of [
      [b.teller.token, account.id],
      [a.teller.token, float.id],
      [a.teller.token, 'pas-un-id'],
    ] as const) {
      const answer = await call(t.app, 'GET', `/api/accounts/${id}`, { token });
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('Compte introuvable');
    }
    expect((await call(t.app, 'GET', '/api/accounts', { token: a.admin.token })).status).toBe(403);
  });
});

describe('PUT and DELETE /api/accounts/{id}', () => {
  it('switches an account between active and inactive, audited, and refuses any other status', async () => {
    const { t, db, a } = await setup();
    const [rose] = await customers(t, a.teller.token, 1);
    const account = await open(t, a, [rose!.id]);

    const inactive = await call(t.app, 'PUT', `/api/accounts/${account.id}`, {
      token: a.teller.token,
      body: { status: 'inactive' },
    });
    expect(inactive.status).toBe(200);
    expect(inactive.body.data.status).toBe('inactive');
    const closed = await call(t.app, 'PUT', `/api/accounts/${account.id}`, {
      token: a.teller.token,
      body: { status: 'closed', balance: 1_000_000 },
    });
    expect(closed.status).toBe(422);
    expect(closed.body.errors).toEqual({ status: ['Statut invalide'] });

    const [row] = await db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(row).toMatchObject({ status: 'inactive', balanceCentimes: 0 });
    const [audit] = await auditOf(t, 'accounts.status_changed');
    expect(audit?.details).toEqual({ accountId: account.id, from: 'active', to: 'inactive' });
    const active = await call(t.app, 'PUT', `/api/accounts/${account.id}`, {
      token: a.teller.token,
      body: { status: 'active' },
    });
    expect(active.body.data.status).toBe('active');
  });

  it('leaves another agent’s account alone (404)', async () => {
    const { t, db, a, b } = await setup();
    const [rose] = await customers(t, a.teller.token, 1);
    const account = await open(t, a, [rose!.id]);

    const put = await call(t.app, 'PUT', `/api/accounts/${account.id}`, {
      token: b.teller.token,
      body: { status: 'inactive' },
    });
    const del = await call(t.app, 'DELETE', `/api/accounts/${account.id}`, { token: b.teller.token });

    expect(put.status).toBe(404);
    expect(del.status).toBe(404);
    const [row] = await db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(row!.status).toBe('active');
  });

  it('closes an account whose balance is zero, and refuses one with money on it', async () => {
    const { t, db, a } = await setup();
    const [rose, paul] = await customers(t, a.teller.token, 1, 2);
    const empty = await open(t, a, [rose!.id]);
    const funded = await open(t, a, [paul!.id]);
    // As the ledger leaves it after a deposit of 250,50 HTG.
    await db.update(accounts).set({ balanceCentimes: 25_050 }).where(eq(accounts.id, funded.id));

    const closed = await call(t.app, 'DELETE', `/api/accounts/${empty.id}`, { token: a.teller.token });
    const refused = await call(t.app, 'DELETE', `/api/accounts/${funded.id}`, { token: a.teller.token });
    const again = await call(t.app, 'DELETE', `/api/accounts/${empty.id}`, { token: a.teller.token });
    const reopen = await call(t.app, 'PUT', `/api/accounts/${empty.id}`, {
      token: a.teller.token,
      body: { status: 'active' },
    });

    expect(closed.status).toBe(200);
    expect(closed.body.data).toMatchObject({ id: empty.id, status: 'closed' });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      message: 'Le compte a encore un solde',
      errors: { balance: ['Le compte a encore un solde'] },
    });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('Le compte est fermé');
    expect(reopen.status).toBe(422);
    const rows = await db.select().from(accounts).where(eq(accounts.kind, 'customer'));
    expect(Object.fromEntries(rows.map((row) => [row.id, [row.status, row.balanceCentimes]]))).toEqual({
      [empty.id]: ['closed', 0],
      [funded.id]: ['active', 25_050],
    });
    expect(await auditOf(t, 'accounts.closed')).toHaveLength(1);
    const view = await call(t.app, 'POST', '/api/accounts/search', {
      token: a.teller.token,
      body: { account_number: funded.accountNumber },
    });
    expect(view.body.data.account.balance).toBe(250.5);
  });
});

describe('GET /api/accounts/self', () => {
  it('answers the float of the user’s agent to its teller and its administrator, and to no one else', async () => {
    const { t, db, a, b } = await setup();
    const float = await openFloatAccount(db, { agentId: a.agent.id, now: new Date() });
    await db.update(accounts).set({ balanceCentimes: 1_234_567 }).where(eq(accounts.id, float.id));

    for (const token of [a.teller.token, a.admin.token]) {
      const answer = await call(t.app, 'GET', '/api/accounts/self', { token });
      expect(answer.status).toBe(200);
      expect(answer.body.data.account).toMatchObject({
        id: float.id,
        accountNumber: float.accountNumber,
        type: null,
        status: 'active',
        balance: 12_345.67,
        customers: [],
        agent: { code: 'AG-A', name: 'Agence AG-A' },
      });
      // What "Mon Compte" reads it with (the domain's float schema) takes it whole; the customer
      // account's schema refused it (`type: null`), the screen's "Failed to fetch account".
      expect(floatAccountSchema.strict().parse(answer.body.data.account)).toEqual(answer.body.data.account);
      expect(accountSchema.safeParse(answer.body.data.account).success).toBe(false);
    }
    const noFloat = await call(t.app, 'GET', '/api/accounts/self', { token: b.teller.token });
    expect(noFloat.status).toBe(404);
    const superAdmin = await activeSuperAdminToken(t.app);
    expect((await call(t.app, 'GET', '/api/accounts/self', { token: superAdmin })).status).toBe(403);
  });
});

describe('the persons behind accounts', () => {
  it('keeps a holder from being deleted once its account exists', async () => {
    const { t, db, a } = await setup();
    const [rose] = await customers(t, a.teller.token, 1);
    await open(t, a, [rose!.id]);
    const answer = await call(t.app, 'DELETE', `/api/persons/${rose!.id}`, { token: a.teller.token });
    expect(answer.status).toBe(409);
    expect(
      await db
        .select()
        .from(persons)
        .where(and(eq(persons.id, rose!.id), isNotNull(persons.idDocumentType))),
    ).toHaveLength(1);
  });
});
