/**
 * The audit trail holds the money movements too (decision 133): every posting of the ledger is a
 * line, with who, when, for which agent and how much, next to the writes of `audit_log`, and the
 * trail is filtered by who, what, when and agent, with names rather than ids.
 */
import { addDays, haitiDateOf, type AuditEntryView } from '@lajan/domain';
import { describe, expect, it } from 'vitest';
import { recordAudit } from '../../../src/db/audit.js';
import { SUPERADMIN } from '../../helpers/build.js';
import { call, SUPERADMIN_NEW_PASSWORD, tokenOf } from '../../helpers/fixtures.js';
import { busyLedgerWorld, counterForm, superAdminToken, TELLER_PASSWORD } from '../../helpers/ledger.js';

function linesOf(body: unknown): AuditEntryView[] {
  return (body as { data: AuditEntryView[] }).data;
}

describe('GET /api/audit: money movements and filters', () => {
  it('lists every posting as a line with its amount, its accounts, its agent and who did it', async () => {
    const world = await busyLedgerWorld([1000], { expectPosted: true });
    const { app } = world;
    const token = await superAdminToken(app);

    const money = await call(app, 'GET', '/api/audit?action=transactions&per_page=100', { token });
    expect(money.status).toBe(200);
    const lines = linesOf(money.body);
    // Every posting is there, none twice, and nothing else.
    const postings = await world.db.query.transactions.findMany();
    expect(money.body.meta.total).toBe(postings.length);
    expect(new Set(lines.map((line) => line.target))).toEqual(
      new Set(postings.map((posting) => posting.transactionNumber)),
    );
    expect(lines.every((line) => line.action.startsWith('transactions.'))).toBe(true);

    const deposit = lines.find(
      (line) => line.action === 'transactions.deposit' && line.details?.amount === 1000,
    );
    expect(deposit).toMatchObject({
      actorUsername: world.pap.teller.username,
      actorName: expect.stringMatching(/\S/),
      agent: { code: 'PAP01', name: 'Kay Lajan Pétion-Ville' },
      ip: null,
      details: { amount: 1000, fee: 0, status: 'completed', accountNumber: world.marieAccount.accountNumber },
    });
    expect(deposit!.targetLabel).toBe(deposit!.target);
    expect(deposit!.id).toMatch(/^tx:/);

    const sent = lines.find((line) => line.action === 'transactions.external_transfer');
    expect(sent).toMatchObject({
      target: world.transferNumber,
      agent: { code: 'PAP01' },
      details: { amount: 1000, fee: 65, status: 'pending' },
    });
    const fundings = lines.filter((line) => line.action === 'transactions.agent_deposit');
    expect(fundings.length).toBeGreaterThan(0);
    expect(fundings.every((line) => line.actorUsername === 'superadmin')).toBe(true);
    expect(new Set(fundings.map((line) => line.agent?.code))).toEqual(new Set(['PAP01', 'CAP01']));
  });

  it('filters by user, action, agent and Haiti days, and says so when the period is upside down', async () => {
    const world = await busyLedgerWorld([1000, 2000], { expectPosted: true });
    const { app, clock } = world;
    let token = await superAdminToken(app);
    const get = (query: string) => call(app, 'GET', `/api/audit?per_page=100&${query}`, { token });

    const byUser = await get(`user=${world.cap.teller.username.toUpperCase()}`);
    expect(byUser.status).toBe(200);
    expect(linesOf(byUser.body).length).toBeGreaterThan(0);
    expect(linesOf(byUser.body).every((line) => line.actorUsername === world.cap.teller.username)).toBe(true);
    expect(linesOf(byUser.body).map((line) => line.action)).toContain('transactions.deposit');

    const withdrawals = await get('action=transactions.withdrawal');
    expect(linesOf(withdrawals.body).map((line) => [line.action, line.details?.amount])).toEqual([
      ['transactions.withdrawal', 500],
    ]);

    const ofCap = await get('agent=CAP01');
    expect(linesOf(ofCap.body).length).toBeGreaterThan(0);
    expect(linesOf(ofCap.body).every((line) => line.agent?.code === 'CAP01')).toBe(true);
    const capDeposits = linesOf((await get('agent=CAP01&action=transactions.deposit')).body);
    expect(capDeposits.map((line) => line.details?.amount)).toEqual([50]);

    // Three days later, one more deposit: a period of Haiti days keeps it alone, or leaves it out.
    const before = haitiDateOf(clock.now());
    clock.advance(3 * 24 * 60 * 60 * 1000);
    const today = haitiDateOf(clock.now());
    token = await tokenOf(app, SUPERADMIN.username, SUPERADMIN_NEW_PASSWORD);
    const later = await call(app, 'POST', '/api/transactions/deposit', {
      token: await tokenOf(app, world.pap.teller.username, TELLER_PASSWORD),
      body: counterForm(world.marieAccount, world.marie, 3000),
    });
    expect(later.status).toBe(201);
    const ofToday = await get(`agent=PAP01&action=transactions.deposit&from=${today}&to=${today}`);
    expect(linesOf(ofToday.body).map((line) => line.details?.amount)).toEqual([3000]);
    const untilBefore = await get(`agent=PAP01&action=transactions.deposit&to=${before}`);
    expect(linesOf(untilBefore.body).map((line) => line.details?.amount)).toEqual(
      expect.arrayContaining([2000, 1000]),
    );
    expect(linesOf(untilBefore.body).map((line) => line.details?.amount)).not.toContain(3000);
    const tomorrow = await get(`from=${addDays(today, 1)}`);
    expect(tomorrow.body).toEqual({ data: [], meta: { total: 0, page: 1, per_page: 100 } });

    const upsideDown = await get(`from=${today}&to=${addDays(today, -1)}`);
    expect(upsideDown.status).toBe(422);
    expect(upsideDown.body.errors).toEqual({ to: ['La date de début doit précéder la date de fin'] });
    const notADate = await get('from=2026-02-30');
    expect(notADate.status).toBe(422);
    expect(notADate.body.errors).toEqual({ from: ['Date invalide (AAAA-MM-JJ)'] });
  });

  it('reads the page of a filtered trail and refuses a page past the thousandth', async () => {
    const world = await busyLedgerWorld([100]);
    const token = await superAdminToken(world.app);
    const get = (query: string) => call(world.app, 'GET', `/api/audit?${query}`, { token });
    const capOnly = await get('agent=CAP01&action=transactions');
    expect(capOnly.status).toBe(200);
    expect(linesOf(capOnly.body).every((line) => line.action.startsWith('transactions.'))).toBe(true);
    expect(capOnly.body.meta.total).toBe(linesOf(capOnly.body).length);
    expect((await get('page=1000')).status).toBe(200);
    const tooFar = await get('page=1001');
    expect(tooFar.status).toBe(422);
    expect(tooFar.body.errors).toEqual({ page: ['Page trop lointaine : précisez la période ou le filtre'] });
  });

  it('names a person, a user and an agent instead of showing their ids', async () => {
    const world = await busyLedgerWorld([], {});
    const { app, clock } = world;
    const token = await superAdminToken(app);
    const actor = { id: world.pap.teller.id, username: world.pap.teller.username };
    await recordAudit(world.db, { at: clock.now(), action: 'persons.updated', actor, target: world.rose.id });
    await recordAudit(world.db, {
      at: clock.now(),
      action: 'persons.deleted',
      actor,
      target: '00000000-0000-4000-8000-00000000dead',
    });
    await recordAudit(world.db, { at: clock.now(), action: 'agents.suspend', actor: null, target: 'CAP01' });
    await recordAudit(world.db, {
      at: clock.now(),
      action: 'users.update',
      actor: null,
      target: world.cap.teller.username,
    });

    const answer = await call(app, 'GET', '/api/audit?per_page=4', { token });
    const lines = linesOf(answer.body);
    expect(lines.map((line) => [line.action, line.targetLabel, line.agent?.code ?? null])).toEqual([
      ['users.update', `Marie JOSEPH (${world.cap.teller.username})`, 'CAP01'],
      ['agents.suspend', 'CAP01 · Lajan Cap-Haïtien', 'CAP01'],
      ['persons.deleted', 'Personne supprimée', 'PAP01'],
      ['persons.updated', 'Rose ÉTIENNE', 'PAP01'],
    ]);
    expect(JSON.stringify(lines.map((line) => line.targetLabel))).not.toContain(world.rose.id);
  });

  it("names a drawer by its teller, never by its session's id", async () => {
    // The world's tellers' drawers are open (cash operations need them): one is closed.
    const world = await busyLedgerWorld([], {});
    const closed = await call(world.app, 'POST', '/api/drawer/close', {
      token: world.pap.teller.token,
      body: { counts: {} },
    });
    expect(closed.status).toBe(200);
    const answer = await call(world.app, 'GET', '/api/audit?action=drawer', {
      token: await superAdminToken(world.app),
    });
    const lines = linesOf(answer.body);
    const teller = lines.find((line) => line.actorUsername === world.pap.teller.username);
    expect(teller).toMatchObject({ action: 'drawer.closed' });
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line.targetLabel).toMatch(/^Caisse de \S/);
      expect(line.targetLabel).toBe(`Caisse de ${line.actorName}`);
      expect(line.targetLabel).not.toContain(line.target);
    }
  });
});
