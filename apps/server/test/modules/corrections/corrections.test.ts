import { formatHtg } from '@lajan/domain';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { correctionRequests, transactions } from '../../../src/db/schema.js';
import { databaseKind } from '../../helpers/database.js';
import { call, createUser, tokenOf, type Answer } from '../../helpers/fixtures.js';
import {
  balancesOf,
  cashTransferForm,
  counterForm,
  createAgentAdmin,
  createTeller,
  expectLedgerInvariants,
  ledgerSnapshot,
  ledgerWorld,
  superAdminToken,
  TELLER_PASSWORD,
  transactionRow,
} from '../../helpers/ledger.js';

/*
 * Corrections (issue 42 part 1, DESIGN §4c, decision 226): asked by one with a reason, approved by another,
 * posted as a `reversal` of the original's entries negated, at approval when no cash moves, at a counter in
 * an open drawer when it does; the original becomes `reversed`.
 */

type World = Awaited<ReturnType<typeof ledgerWorld>>;

function post(world: World, url: string, body: unknown, token: string, key?: string): Promise<Answer> {
  return call(world.app, 'POST', `/api${url}`, {
    token,
    body,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
}

function get(world: World, url: string, token: string): Promise<Answer> {
  return call(world.app, 'GET', `/api${url}`, { token });
}

/** PAP01 with a second teller (its drawer open since long ago, empty) and its administrator. */
async function correctionWorld() {
  const world = await ledgerWorld();
  const tellerToken = await createTeller(world.app, world.pap, 'b');
  const adminToken = await createAgentAdmin(world.app, world.pap);
  // A second administrator: a request of the first one is not her agent's only administrator's.
  await createUser(world.db, {
    username: 'admin2.pap01',
    password: TELLER_PASSWORD,
    role: 'agent_admin',
    agentId: world.pap.id,
  });
  const admin2Token = await tokenOf(world.app, 'admin2.pap01', TELLER_PASSWORD);
  const capAdminToken = await createAgentAdmin(world.app, world.cap);
  const superToken = await superAdminToken(world.app);
  return { ...world, tellerToken, adminToken, admin2Token, capAdminToken, superToken };
}

type CWorld = Awaited<ReturnType<typeof correctionWorld>>;

async function posted(world: World, url: string, body: unknown, token: string): Promise<string> {
  world.clock.advance(1000);
  const answer = await post(world, url, body, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data.transactionNumber as string;
}

async function ask(
  world: CWorld,
  number: string,
  token: string,
  reason = 'Erreur de saisie',
): Promise<string> {
  const asked = await post(world, `/transactions/${number}/corrections`, { reason }, token);
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  expect(asked.body.data).toMatchObject({ status: 'requested', transactionNumber: number, reason });
  return asked.body.data.id as string;
}

/** Closes the teller's drawer with an empty count: its ticket's expected amount and lines. */
async function closeDrawer(world: World, token: string) {
  world.clock.advance(1000);
  const closed = await post(world, '/drawer/close', { counts: {} }, token);
  expect(closed.status, JSON.stringify(closed.body)).toBe(200);
  return closed.body.data as { expected: number; totals: unknown[]; fingerprint: string };
}

describe(`a correction is asked, approved by another and carried out (${databaseKind})`, () => {
  it('reverses a deposit into the wrong account at the counter, then the right deposit: the drawer expects the cash once', async () => {
    const world = await correctionWorld();
    const { jeanAccount, marieAccount, pap } = world;
    const before = await balancesOf(world.db, [jeanAccount.id, marieAccount.id, pap.floatAccountId]);
    // The teller typed Jean's account for Marie's.
    const wrong = await posted(
      world,
      '/transactions/deposit',
      counterForm(jeanAccount, world.marie, 1500),
      world.tellerToken,
    );
    const id = await ask(
      world,
      wrong,
      world.tellerToken,
      'Mauvais compte : 70462181903 au lieu de 70462181930',
    );
    // Approval posts nothing: a cash correction waits for the counter.
    const snapshot = await ledgerSnapshot(world.db);
    const approved = await post(
      world,
      `/corrections/${id}/approve`,
      undefined,
      world.adminToken,
      'k-approve',
    );
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'approved', decidedBy: { username: 'admin.pap01' } });
    expect(await ledgerSnapshot(world.db)).toEqual(snapshot);
    // The teller's list of what to carry out.
    const toDo = await get(world, '/corrections?status=approved', world.tellerToken);
    expect((toDo.body.data as { id: string }[]).map((c) => c.id)).toEqual([id]);

    world.clock.advance(1000);
    const executed = await post(world, `/corrections/${id}/execute`, undefined, world.tellerToken, 'k-exec');
    expect(executed.status, JSON.stringify(executed.body)).toBe(201);
    expect(executed.body.data).toMatchObject({
      type: 'reversal',
      status: 'completed',
      amount: 1500,
      fee: 0,
      accountNumber: jeanAccount.accountNumber,
      relatedTransactionNumber: wrong,
      agent: { code: 'PAP01' },
    });
    expect((await transactionRow(world.db, wrong)).status).toBe('reversed');
    const correction = await get(world, `/corrections/${id}`, world.adminToken);
    expect(correction.body.data).toMatchObject({
      status: 'executed',
      reversalNumber: executed.body.data.transactionNumber,
      executedBy: { username: 'caisse.pap01.b' },
    });
    // The history shows both, linked both ways.
    const reversalNumber = executed.body.data.transactionNumber as string;
    const history = await get(
      world,
      `/transactions/history?q=${jeanAccount.accountNumber}`,
      world.adminToken,
    );
    const rows = history.body.data as {
      transactionNumber: string;
      status: string;
      relatedTransactionNumber: string;
    }[];
    expect(rows.find((row) => row.transactionNumber === wrong)).toMatchObject({
      status: 'reversed',
      relatedTransactionNumber: reversalNumber,
    });
    const reversals = await get(world, '/transactions/history?type=reversal', world.adminToken);
    expect(reversals.body.data).toEqual([
      expect.objectContaining({ transactionNumber: reversalNumber, relatedTransactionNumber: wrong }),
    ]);
    // A replay answers the first answer and posts nothing more.
    const afterExecution = await ledgerSnapshot(world.db);
    const replay = await post(world, `/corrections/${id}/execute`, undefined, world.tellerToken, 'k-exec');
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replay']).toBe('true');
    expect(replay.body).toEqual(executed.body);
    expect(await ledgerSnapshot(world.db)).toEqual(afterExecution);

    await posted(
      world,
      '/transactions/deposit',
      counterForm(marieAccount, world.marie, 1500),
      world.tellerToken,
    );
    expect(await balancesOf(world.db, [jeanAccount.id, marieAccount.id, pap.floatAccountId])).toEqual({
      [jeanAccount.id]: before[jeanAccount.id],
      [marieAccount.id]: before[marieAccount.id]! + 1500_00,
      [pap.floatAccountId]: before[pap.floatAccountId]! - 1500_00,
    });
    const ticket = await closeDrawer(world, world.tellerToken);
    expect(ticket.expected).toBe(1500);
    expect(ticket.totals).toEqual([
      { type: 'deposit', count: 2, amount: 3000, fee: 0, agentShare: 0, cash: 3000 },
      { type: 'deposit_reversal', count: 1, amount: 1500, fee: 0, agentShare: 0, cash: -1500 },
    ]);
    await expectLedgerInvariants(world.db);
  });

  it('reverses a withdrawal: the account gets the fee back, the float and fee income give back theirs, the cash comes back', async () => {
    const world = await correctionWorld();
    const { jeanAccount, pap, system } = world;
    const ids = [jeanAccount.id, pap.floatAccountId, system.feeIncome];
    const before = await balancesOf(world.db, ids);
    const number = await posted(
      world,
      '/transactions/withdraw',
      counterForm(jeanAccount, world.jean, 500),
      world.tellerToken,
    );
    const id = await ask(world, number, world.adminToken);
    // The asker cannot approve her own request; the other administrator can.
    const own = await post(world, `/corrections/${id}/approve`, undefined, world.adminToken);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(
      'Vous ne pouvez pas approuver ou rejeter votre propre demande : une autre personne doit la valider',
    );
    expect((await post(world, `/corrections/${id}/approve`, undefined, world.admin2Token)).status).toBe(200);
    // Not in a closed drawer.
    await closeDrawer(world, pap.teller.token);
    const closed = await post(world, `/corrections/${id}/execute`, undefined, pap.teller.token);
    expect(closed.status).toBe(422);
    expect(closed.body.code).toBe('DRAWER_CLOSED');

    world.clock.advance(1000);
    const executed = await post(world, `/corrections/${id}/execute`, undefined, world.tellerToken);
    expect(executed.status, JSON.stringify(executed.body)).toBe(201);
    expect(await balancesOf(world.db, ids)).toEqual(before);
    const ticket = await closeDrawer(world, world.tellerToken);
    expect(ticket.expected).toBe(0);
    expect(ticket.totals).toEqual([
      { type: 'withdrawal', count: 1, amount: 500, fee: 20, agentShare: 8, cash: -500 },
      { type: 'withdrawal_reversal', count: 1, amount: 500, fee: -20, agentShare: -8, cash: 500 },
    ]);
    await expectLedgerInvariants(world.db);
  });

  it('posts a transfer’s reversal at approval, once per key, the fee returned', async () => {
    const world = await correctionWorld();
    const { marieAccount, jeanAccount, pap, system } = world;
    const ids = [marieAccount.id, jeanAccount.id, pap.floatAccountId, system.feeIncome];
    const before = await balancesOf(world.db, ids);
    const number = await posted(
      world,
      '/transactions/transfer',
      {
        senderAccountNumber: marieAccount.accountNumber,
        recipientAccountNumber: jeanAccount.accountNumber,
        amount: 1000,
        party: counterForm(marieAccount, world.marie, 1000).party,
      },
      world.tellerToken,
    );
    expect((await balancesOf(world.db, ids))[marieAccount.id]).toBe(before[marieAccount.id]! - 1025_00);
    const id = await ask(world, number, world.tellerToken);
    // A teller cannot decide; another agent's administrator does not see the request.
    expect((await post(world, `/corrections/${id}/approve`, undefined, world.tellerToken)).status).toBe(403);
    expect((await post(world, `/corrections/${id}/approve`, undefined, world.capAdminToken)).status).toBe(
      404,
    );
    expect((await get(world, `/corrections/${id}`, world.capAdminToken)).status).toBe(404);
    expect((await get(world, '/corrections', world.capAdminToken)).body.data).toEqual([]);
    // Nor does a super administrator decide what the agent's administrator must.
    expect((await post(world, `/corrections/${id}/approve`, undefined, world.superToken)).status).toBe(403);

    world.clock.advance(1000);
    const approved = await post(world, `/corrections/${id}/approve`, undefined, world.adminToken, 'k-1');
    expect(approved.status, JSON.stringify(approved.body)).toBe(201);
    expect(approved.body.data).toMatchObject({
      type: 'reversal',
      amount: 1000,
      senderAccountNumber: marieAccount.accountNumber,
      recipientAccountNumber: jeanAccount.accountNumber,
      relatedTransactionNumber: number,
    });
    expect(await balancesOf(world.db, ids)).toEqual(before);
    const snapshot = await ledgerSnapshot(world.db);
    const replay = await post(world, `/corrections/${id}/approve`, undefined, world.adminToken, 'k-1');
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(approved.body);
    expect(await ledgerSnapshot(world.db)).toEqual(snapshot);
    expect((await get(world, `/corrections/${id}`, world.tellerToken)).body.data).toMatchObject({
      status: 'executed',
      decidedBy: { username: 'admin.pap01' },
      executedBy: { username: 'admin.pap01' },
    });
    // Already reversed: neither a new request nor the reversal of the reversal.
    const again = await post(
      world,
      `/transactions/${number}/corrections`,
      { reason: 'Encore' },
      world.tellerToken,
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Cette opération a déjà été corrigée');
    const ofReversal = await post(
      world,
      `/transactions/${approved.body.data.transactionNumber}/corrections`,
      { reason: 'Encore' },
      world.tellerToken,
    );
    expect(ofReversal.status).toBe(409);
    expect(ofReversal.body.code).toBe('NOT_REVERSIBLE');
    await expectLedgerInvariants(world.db);
  });

  it('sends an agent deposit’s correction and the only administrator’s request to a super administrator', async () => {
    const world = await correctionWorld();
    const { cap, system } = world;
    const before = await balancesOf(world.db, [cap.floatAccountId, system.treasury]);
    const funded = await posted(
      world,
      '/agents/deposit',
      { code: 'CAP01', amount: 2500, party: counterForm(world.roseAccount, world.rose, 1).party },
      world.superToken,
    );
    // A teller does not ask it; the funded agent's administrator may; a super administrator decides.
    const teller = await post(
      world,
      `/transactions/${funded}/corrections`,
      { reason: 'Doublon' },
      cap.teller.token,
    );
    expect(teller.status).toBe(403);
    const id = await ask(world, funded, world.capAdminToken, 'Doublon');
    const asked = await get(world, `/corrections/${id}`, world.superToken);
    expect(asked.body.data).toMatchObject({ superAdminRequired: true, cashMoves: false });
    expect((await post(world, `/corrections/${id}/approve`, undefined, world.adminToken)).status).toBe(404);
    world.clock.advance(1000);
    const approved = await post(world, `/corrections/${id}/approve`, undefined, world.superToken);
    expect(approved.status, JSON.stringify(approved.body)).toBe(201);
    expect(await balancesOf(world.db, [cap.floatAccountId, system.treasury])).toEqual(before);

    // CAP01's only administrator asks for a deposit's correction: a super administrator must decide.
    const deposit = await posted(
      world,
      '/transactions/deposit',
      counterForm(world.roseAccount, world.rose, 100),
      cap.teller.token,
    );
    const only = await ask(world, deposit, world.capAdminToken);
    expect((await get(world, `/corrections/${only}`, world.capAdminToken)).body.data.superAdminRequired).toBe(
      true,
    );
    const rejected = await post(
      world,
      `/corrections/${only}/reject`,
      { reason: 'Opération juste' },
      world.superToken,
    );
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: 'rejected', rejectionReason: 'Opération juste' });
    // Rejected, it may be asked again.
    await ask(world, deposit, cap.teller.token);
    await expectLedgerInvariants(world.db);
  });

  it('refuses what cannot be corrected, a second request, and a reversal of money already spent, saying what is missing', async () => {
    const world = await correctionWorld();
    const { jeanAccount, pap } = world;
    const external = await posted(
      world,
      '/transactions/transfer-extern',
      cashTransferForm(world.marie, 1000),
      world.tellerToken,
    );
    const refused = await post(
      world,
      `/transactions/${external}/corrections`,
      { reason: 'x' },
      world.tellerToken,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('NOT_REVERSIBLE');
    const noReason = await post(
      world,
      `/transactions/${external}/corrections`,
      { reason: ' ' },
      world.tellerToken,
    );
    expect(noReason.status).toBe(422);
    // Another agent's transaction is unknown.
    const other = await post(
      world,
      `/transactions/${external}/corrections`,
      { reason: 'x' },
      world.cap.teller.token,
    );
    expect(other.status).toBe(404);

    const deposit = await posted(
      world,
      '/transactions/deposit',
      counterForm(jeanAccount, world.jean, 1500),
      world.tellerToken,
    );
    const id = await ask(world, deposit, world.tellerToken);
    const second = await post(
      world,
      `/transactions/${deposit}/corrections`,
      { reason: 'x' },
      world.adminToken,
    );
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('Une demande de correction de cette opération est déjà en cours');
    // Meanwhile Jean spends it: 6 500 HTG less a withdrawal of 6 000 HTG and its fee of 90 HTG leaves 410 HTG.
    await posted(
      world,
      '/transactions/withdraw',
      counterForm(jeanAccount, world.jean, 6000),
      pap.teller.token,
    );
    expect((await post(world, `/corrections/${id}/approve`, undefined, world.adminToken)).status).toBe(200);
    const snapshot = await ledgerSnapshot(world.db);
    const spent = await post(world, `/corrections/${id}/execute`, undefined, world.tellerToken, 'k-spent');
    expect(spent.status).toBe(422);
    expect(spent.body.code).toBe('INSUFFICIENT_FUNDS');
    expect(spent.body.message).toBe(
      `Correction impossible : il manque ${formatHtg(1090)} sur le compte ${jeanAccount.accountNumber} ; l'argent a déjà été dépensé`,
    );
    expect(await ledgerSnapshot(world.db)).toEqual(snapshot);
    expect((await transactionRow(world.db, deposit)).status).toBe('completed');
  });

  it('carries out a correction once when two counters try at the same moment', async () => {
    const world = await correctionWorld();
    const deposit = await posted(
      world,
      '/transactions/deposit',
      counterForm(world.jeanAccount, world.jean, 300),
      world.tellerToken,
    );
    const id = await ask(world, deposit, world.tellerToken);
    expect((await post(world, `/corrections/${id}/approve`, undefined, world.adminToken)).status).toBe(200);
    world.clock.advance(1000);
    const answers = await Promise.all([
      post(world, `/corrections/${id}/execute`, undefined, world.tellerToken, 'k-a'),
      post(world, `/corrections/${id}/execute`, undefined, world.pap.teller.token, 'k-b'),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.code).toBe('CORRECTION_NOT_APPROVED');
    const [reversals] = await world.db
      .select({ n: count() })
      .from(transactions)
      .where(eq(transactions.type, 'reversal'));
    expect(Number(reversals!.n)).toBe(1);
    await expectLedgerInvariants(world.db);
  });

  it('holds the four eyes and the one change in the database itself', async () => {
    const world = await correctionWorld();
    const deposit = await posted(
      world,
      '/transactions/deposit',
      counterForm(world.jeanAccount, world.jean, 100),
      world.tellerToken,
    );
    const id = await ask(world, deposit, world.adminToken);
    const [asker] = await world.db
      .select({ by: correctionRequests.requestedByUserId })
      .from(correctionRequests)
      .where(eq(correctionRequests.id, id));
    await expect(
      world.db
        .update(correctionRequests)
        .set({ status: 'approved', decidedByUserId: asker!.by, decidedAt: new Date() })
        .where(eq(correctionRequests.id, id)),
    ).rejects.toThrow();
    // A posted transaction is not marked reversed without its reversal.
    await expect(
      world.db.execute(
        sql`update transactions set status = 'reversed' where transaction_number = ${deposit}`,
      ),
    ).rejects.toThrow();
    expect((await transactionRow(world.db, deposit)).status).toBe('completed');
  });

  it('shuts every other road to a decision, refuses a blank rejection and audits each step with who and why', async () => {
    const world = await correctionWorld();
    const deposit = await posted(
      world,
      '/transactions/deposit',
      counterForm(world.jeanAccount, world.jean, 200),
      world.tellerToken,
    );
    // A super administrator asks only an agent deposit's correction, and is told so.
    const bySuper = await post(
      world,
      `/transactions/${deposit}/corrections`,
      { reason: 'x' },
      world.superToken,
    );
    expect(bySuper.status).toBe(403);
    expect(bySuper.body.message).toBe(
      "Un super administrateur ne demande que la correction d'un dépôt sur agent : celle d'une autre opération est demandée par un caissier ou un administrateur de l'agent",
    );
    const id = await ask(world, deposit, world.tellerToken, 'Montant erroné');
    // The asker made an administrator since still cannot decide her own request.
    await world.db.execute(
      sql`update users set role = 'agent_admin', agent_role = 'admin' where username = 'caisse.pap01.b'`,
    );
    const promoted = await tokenOf(world.app, 'caisse.pap01.b', TELLER_PASSWORD);
    const own = await post(world, `/corrections/${id}/approve`, undefined, promoted);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(
      'Vous ne pouvez pas approuver ou rejeter votre propre demande : une autre personne doit la valider',
    );
    expect((await post(world, `/corrections/${id}/reject`, { reason: 'x' }, promoted)).status).toBe(403);
    // Nor under a new account of hers, her first one deleted: one person, one request.
    await world.db.execute(sql`update users set deleted_at = now() where username = 'caisse.pap01.b'`);
    await createUser(world.db, {
      username: 'nouvelle.admin.pap01',
      password: TELLER_PASSWORD,
      role: 'agent_admin',
      agentId: world.pap.id,
      email: 'caisse.pap01.b@lajan.test',
    });
    const secondAccount = await tokenOf(world.app, 'nouvelle.admin.pap01', TELLER_PASSWORD);
    const ownAgain = await post(world, `/corrections/${id}/approve`, undefined, secondAccount);
    expect(ownAgain.status).toBe(403);
    expect(ownAgain.body.message).toBe(own.body.message);
    expect((await post(world, `/corrections/${id}/reject`, { reason: 'x' }, secondAccount)).status).toBe(403);
    // A rejection says why.
    const blank = await post(world, `/corrections/${id}/reject`, { reason: '  ' }, world.adminToken);
    expect(blank.status).toBe(422);
    expect(blank.body.message).toContain('Le motif est requis');
    const rejected = await post(
      world,
      `/corrections/${id}/reject`,
      { reason: 'Montant juste' },
      world.adminToken,
    );
    expect(rejected.status).toBe(200);
    // Rejected: neither approved nor carried out.
    expect((await post(world, `/corrections/${id}/approve`, undefined, world.admin2Token)).status).toBe(409);
    const notApproved = await post(world, `/corrections/${id}/execute`, undefined, world.pap.teller.token);
    expect(notApproved.status).toBe(409);
    expect(notApproved.body.code).toBe('CORRECTION_NOT_APPROVED');

    const again = await ask(world, deposit, world.pap.teller.token, 'Mauvais compte');
    expect((await post(world, `/corrections/${again}/approve`, undefined, world.adminToken)).status).toBe(
      200,
    );
    // Another agent's teller does not see it; an administrator does not carry out.
    expect(
      (await post(world, `/corrections/${again}/execute`, undefined, world.cap.teller.token)).status,
    ).toBe(404);
    expect((await post(world, `/corrections/${again}/execute`, undefined, world.admin2Token)).status).toBe(
      403,
    );
    world.clock.advance(1000);
    const executed = await post(world, `/corrections/${again}/execute`, undefined, world.pap.teller.token);
    expect(executed.status, JSON.stringify(executed.body)).toBe(201);
    const reversal = executed.body.data.transactionNumber as string;

    const trail = await call(world.app, 'GET', '/api/audit?per_page=100', { token: world.superToken });
    expect(trail.status).toBe(200);
    const lines = (
      trail.body.data as { action: string; target: string; details: unknown; actorUsername: string }[]
    ).filter((line) => line.action.startsWith('corrections.') || line.target === reversal);
    const seen = lines.map((line) => ({
      action: line.action,
      target: line.target,
      details: line.details,
      by: line.actorUsername,
    }));
    expect(seen).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'corrections.requested',
          target: deposit,
          by: 'caisse.pap01.b',
          details: expect.objectContaining({ reason: 'Montant erroné', requestId: id }),
        }),
        expect.objectContaining({
          action: 'corrections.rejected',
          target: id,
          by: 'admin.pap01',
          details: { reason: 'Montant juste' },
        }),
        expect.objectContaining({
          action: 'corrections.requested',
          by: world.pap.teller.username,
          details: expect.objectContaining({ reason: 'Mauvais compte', requestId: again }),
        }),
        expect.objectContaining({ action: 'corrections.approved', target: again, by: 'admin.pap01' }),
        expect.objectContaining({
          action: 'transactions.reversal',
          target: reversal,
          by: world.pap.teller.username,
        }),
      ]),
    );
    expect(seen).toHaveLength(5);
  });

  it('nets a reversed withdrawal’s fee and agent share in the commission statement', async () => {
    const world = await correctionWorld();
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Port-au-Prince' })
      .format(world.clock.now())
      .slice(0, 7);
    const statement = async () =>
      (await get(world, `/reports/commissions?month=${month}`, world.adminToken)).body.data as {
        byType: { type: string; count: number; fee: number; agentShare: number; feeIncome: number }[];
        totals: { fee: number; agentShare: number; feeIncome: number };
      };
    const kept = await posted(
      world,
      '/transactions/withdraw',
      counterForm(world.jeanAccount, world.jean, 500),
      world.tellerToken,
    );
    const wrong = await posted(
      world,
      '/transactions/withdraw',
      counterForm(world.jeanAccount, world.jean, 500),
      world.tellerToken,
    );
    expect(kept).not.toBe(wrong);
    const before = await statement();
    expect(before.byType.find((line) => line.type === 'withdrawal')).toMatchObject({
      count: 2,
      fee: 40,
      agentShare: 16,
      feeIncome: 24,
    });
    const id = await ask(world, wrong, world.tellerToken);
    expect((await post(world, `/corrections/${id}/approve`, undefined, world.adminToken)).status).toBe(200);
    world.clock.advance(1000);
    expect((await post(world, `/corrections/${id}/execute`, undefined, world.tellerToken)).status).toBe(201);
    const after = await statement();
    expect(after.byType.find((line) => line.type === 'withdrawal')).toMatchObject({
      count: 1,
      fee: 20,
      agentShare: 8,
      feeIncome: 12,
    });
    expect(after.totals).toMatchObject({ fee: 20, agentShare: 8, feeIncome: 12 });
  });

  it('posts no reversal with a key its user abandoned, at approval or at the counter (decision 147)', async () => {
    const world = await correctionWorld();
    const { marieAccount, jeanAccount } = world;
    const transfer = await posted(
      world,
      '/transactions/transfer',
      {
        senderAccountNumber: marieAccount.accountNumber,
        recipientAccountNumber: jeanAccount.accountNumber,
        amount: 100,
        party: counterForm(marieAccount, world.marie, 100).party,
      },
      world.tellerToken,
    );
    const deposit = await posted(
      world,
      '/transactions/deposit',
      counterForm(jeanAccount, world.jean, 100),
      world.tellerToken,
    );
    const atApproval = await ask(world, transfer, world.tellerToken);
    const atCounter = await ask(world, deposit, world.tellerToken);
    expect((await post(world, `/corrections/${atCounter}/approve`, undefined, world.adminToken)).status).toBe(
      200,
    );
    for (const [token, key] of [
      [world.adminToken, 'k-abandoned-approve'],
      [world.tellerToken, 'k-abandoned-execute'],
    ] as const) {
      const voided = await post(world, `/transactions/by-idempotency-key/${key}/void`, undefined, token);
      expect(voided.status).toBe(200);
      expect(voided.body.data.state).toBe('abandoned');
    }
    const snapshot = await ledgerSnapshot(world.db);
    const approved = await post(
      world,
      `/corrections/${atApproval}/approve`,
      undefined,
      world.adminToken,
      'k-abandoned-approve',
    );
    expect(approved.status).toBe(409);
    expect(approved.body.code).toBe('OPERATION_ABANDONED');
    const executed = await post(
      world,
      `/corrections/${atCounter}/execute`,
      undefined,
      world.tellerToken,
      'k-abandoned-execute',
    );
    expect(executed.status).toBe(409);
    expect(executed.body.code).toBe('OPERATION_ABANDONED');
    expect(await ledgerSnapshot(world.db)).toEqual(snapshot);
    expect((await transactionRow(world.db, transfer)).status).toBe('completed');
    expect((await transactionRow(world.db, deposit)).status).toBe('completed');
  });
});
