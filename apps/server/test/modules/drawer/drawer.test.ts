import { centimesFromSql, drawerMessages } from '@lajan/domain';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, drawerSessions, transactions } from '../../../src/db/schema.js';
import { call, type Answer } from '../../helpers/fixtures.js';
import { databaseKind } from '../../helpers/database.js';
import {
  cancelBody,
  cashTransferForm,
  counterForm,
  createAgentAdmin,
  createAgentWithTeller,
  expectLedgerInvariants,
  fundFloat,
  ledgerSnapshot,
  ledgerWorld,
  partyOf,
  recipientIdentity,
  recipientParty,
  superAdminToken,
  type TestAgent,
} from '../../helpers/ledger.js';

type World = Awaited<ReturnType<typeof ledgerWorld>>;

/** A world with agent DRW01, whose teller has no drawer open yet, its float funded, and its administrator. */
async function drawerWorld() {
  const world = await ledgerWorld();
  const drw = await createAgentWithTeller(
    world.app,
    { code: 'DRW01', name: 'Lajan Delmas' },
    { openDrawer: false },
  );
  await fundFloat(world.app, drw, 100_000_00);
  const adminToken = await createAgentAdmin(world.app, drw);
  return { ...world, drw, adminToken };
}

function post(world: World, url: string, body: unknown, token: string): Promise<Answer> {
  return call(world.app, 'POST', `/api${url}`, { token, body });
}

function get(world: World, url: string, token: string): Promise<Answer> {
  return call(world.app, 'GET', `/api${url}`, { token });
}

async function expectDrawerClosed(world: World, request: () => Promise<Answer>) {
  const before = await ledgerSnapshot(world.db);
  const answer = await request();
  expect(answer.status).toBe(422);
  expect(answer.body).toEqual({ message: drawerMessages.drawerClosed, code: 'DRAWER_CLOSED' });
  expect(await ledgerSnapshot(world.db)).toEqual(before);
}

/** 2 × 1 000 + 1 × 50 HTG: 2 050 HTG. */
const openingCounts = { '1000': 2, '50': 1 };

describe('a cash operation needs its teller’s open drawer', () => {
  it('refuses cash operations without a drawer and after its close, and accepts operations between accounts', async () => {
    const world = await drawerWorld();
    const { drw, marie, marieAccount, jean, jeanAccount, roseAccount } = world;
    const token = drw.teller.token;
    const cashOperations = () => [
      () => post(world, '/transactions/deposit', counterForm(marieAccount, marie, 1500), token),
      () => post(world, '/transactions/withdraw', counterForm(jeanAccount, jean, 500), token),
      () => post(world, '/transactions/transfer-extern', cashTransferForm(marie, 1000), token),
    ];

    // No drawer ever opened.
    for (const request of cashOperations()) await expectDrawerClosed(world, request);
    expect((await get(world, '/drawer', token)).body).toEqual({ data: null });

    // Between accounts: no drawer needed (a transfer, an external transfer from an account).
    const transfer = await post(
      world,
      '/transactions/transfer',
      {
        senderAccountNumber: marieAccount.accountNumber,
        recipientAccountNumber: roseAccount.accountNumber,
        party: partyOf(marie),
        amount: 300,
      },
      token,
    );
    expect(transfer.status).toBe(201);
    const fromAccount = await post(
      world,
      '/transactions/transfer-extern',
      { ...cashTransferForm(marie, 400), accountNumber: marieAccount.accountNumber },
      token,
    );
    expect(fromAccount.status).toBe(201);

    // Opened: the same operations pass.
    const opened = await post(world, '/drawer/open', { counts: openingCounts }, token);
    expect(opened.status).toBe(201);
    expect(opened.body.data).toMatchObject({ status: 'open', opening: 2050, expected: null, counted: null });
    expect((await post(world, '/drawer/open', { counts: {} }, token)).body).toEqual({
      message: drawerMessages.alreadyOpen,
      code: 'CONFLICT',
    });
    for (const request of cashOperations()) expect((await request()).status).toBe(201);

    // Closed: refused again, still fine between accounts.
    world.clock.advance(1000);
    expect((await post(world, '/drawer/close', { counts: openingCounts }, token)).status).toBe(200);
    world.clock.advance(1000);
    for (const request of cashOperations()) await expectDrawerClosed(world, request);
    const after = await post(
      world,
      '/transactions/transfer',
      {
        senderAccountNumber: marieAccount.accountNumber,
        recipientAccountNumber: roseAccount.accountNumber,
        party: partyOf(marie),
        amount: 300,
      },
      token,
    );
    expect(after.status).toBe(201);
    expect((await post(world, '/drawer/close', { counts: {} }, token)).body.message).toBe(
      drawerMessages.noOpenDrawer,
    );
    await expectLedgerInvariants(world.db);
  });

  it('refuses a pay-out and the cash refund of a cancelled send without a drawer', async () => {
    const world = await drawerWorld();
    const { drw, pap, marie } = world;
    // PAP01 (drawer open by the fixture) sends one transfer, DRW01 tries to pay it.
    const sent = await post(
      world,
      '/transactions/transfer-extern',
      cashTransferForm(marie, 1000),
      pap.teller.token,
    );
    expect(sent.status).toBe(201);
    await expectDrawerClosed(world, () =>
      post(
        world,
        '/transactions/receive-transfer',
        {
          transactionNumber: sent.body.data.transactionNumber,
          recipient: recipientIdentity,
          party: recipientParty,
        },
        drw.teller.token,
      ),
    );
    // DRW01 sends in cash with a drawer, closes it, then cancels: the refund in cash is refused.
    await post(world, '/drawer/open', { counts: {} }, drw.teller.token);
    const own = await post(
      world,
      '/transactions/transfer-extern',
      cashTransferForm(marie, 250),
      drw.teller.token,
    );
    expect(own.status).toBe(201);
    world.clock.advance(1000);
    await post(world, '/drawer/close', { counts: { '250': 1, '10': 1, '5': 1 } }, drw.teller.token);
    world.clock.advance(1000);
    await expectDrawerClosed(world, () =>
      post(
        world,
        `/transactions/${own.body.data.transactionNumber}/cancel`,
        cancelBody(marie),
        drw.teller.token,
      ),
    );
  });
});

describe('what needs no drawer, and a retry after the close', () => {
  it('cancels a send from an account with its teller’s drawer closed (the refund goes to the account), and answers a deposit’s retry as the first time', async () => {
    const world = await ledgerWorld();
    const { pap, marie, marieAccount } = world;
    const sent = await post(
      world,
      '/transactions/transfer-extern',
      { ...cashTransferForm(marie, 300), accountNumber: marieAccount.accountNumber },
      pap.teller.token,
    );
    expect(sent.status).toBe(201);
    const deposit = await call(world.app, 'POST', '/api/transactions/deposit', {
      token: pap.teller.token,
      body: counterForm(marieAccount, marie, 40),
      headers: { 'idempotency-key': 'retry-after-close' },
    });
    expect(deposit.status).toBe(201);
    // The teller's drawer closes.
    await world.db.execute(sql`delete from drawer_sessions where user_id = ${pap.teller.id}::uuid`);
    const cancelled = await post(
      world,
      `/transactions/${sent.body.data.transactionNumber}/cancel`,
      cancelBody(marie),
      pap.teller.token,
    );
    expect([200, 201]).toContain(cancelled.status);
    const before = await ledgerSnapshot(world.db);
    const retried = await call(world.app, 'POST', '/api/transactions/deposit', {
      token: pap.teller.token,
      body: counterForm(marieAccount, marie, 40),
      headers: { 'idempotency-key': 'retry-after-close' },
    });
    expect(retried.status).toBe(201);
    expect(retried.body).toEqual(deposit.body);
    expect(await ledgerSnapshot(world.db)).toEqual(before);
    // A new deposit is refused.
    await expectDrawerClosed(world, () =>
      post(world, '/transactions/deposit', counterForm(marieAccount, marie, 40), pap.teller.token),
    );
    await expectLedgerInvariants(world.db);
  });
});

describe('the blind close', () => {
  it('computes the expected amount from the session’s cash movements, shows it only after the count, and needs the administrator above the threshold', async () => {
    const world = await drawerWorld();
    const { drw, pap, marie, marieAccount, jean, jeanAccount } = world;
    const token = drw.teller.token;
    // A transfer sent by PAP01 before, which DRW01 pays out during its session.
    const toPay = await post(
      world,
      '/transactions/transfer-extern',
      cashTransferForm(jean, 1000),
      pap.teller.token,
    );

    world.clock.advance(1000);
    const opened = await post(world, '/drawer/open', { counts: openingCounts }, token);
    const id = opened.body.data.id as string;
    const operations: [string, unknown][] = [
      ['/transactions/deposit', counterForm(marieAccount, marie, 1500)], // +1 500
      ['/transactions/deposit', counterForm(jeanAccount, jean, 200)], // +200
      ['/transactions/withdraw', counterForm(jeanAccount, jean, 500)], // −500 (its fee of 20 from the account)
      ['/transactions/transfer-extern', cashTransferForm(marie, 1000)], // +1 000 + 65 of fee
      ['/transactions/transfer-extern', cashTransferForm(marie, 250)], // +250 + 15 of fee
      [
        '/transactions/receive-transfer',
        {
          transactionNumber: toPay.body.data.transactionNumber,
          recipient: recipientIdentity,
          party: recipientParty,
        },
      ], // −1 000
    ];
    const numbers: string[] = [];
    for (const [url, body] of operations) {
      world.clock.advance(1000);
      const answer = await post(world, url, body, token);
      expect(answer.status, url).toBe(201);
      numbers.push(answer.body.data.transactionNumber as string);
    }
    world.clock.advance(1000);
    const cancelled = await post(world, `/transactions/${numbers[4]}/cancel`, cancelBody(world.marie), token); // −250
    expect(cancelled.status).toBe(201);

    // Blind: neither the teller's drawer nor its ticket tells what is expected while it is open.
    const current = await get(world, '/drawer', token);
    expect(current.body.data).toMatchObject({ id, status: 'open', expected: null, difference: null });
    const openTicket = await get(world, `/drawer/sessions/${id}`, token);
    expect(openTicket.body.data).toMatchObject({ expected: null, totals: [], fees: 0 });

    // 2 050 + 1 500 + 200 − 500 + 1 065 + 265 − 1 000 − 250 = 3 330; the teller counts 600 less.
    const expectedHtg = 3330;
    const countedCounts = { '1000': 2, '500': 1, '100': 2, '25': 1, '5': 1 }; // 2 730
    world.clock.advance(1000);
    const closed = await post(world, '/drawer/close', { counts: countedCounts }, token);
    expect(closed.status).toBe(200);
    expect(closed.body.data).toMatchObject({
      status: 'closed',
      opening: 2050,
      expected: expectedHtg,
      counted: 2730,
      difference: -600,
      needsAcknowledgement: true,
      acknowledgedAt: null,
      fees: 20 + 65 + 15,
      agentShare: 8 + 26 + 6,
      threshold: 500,
    });
    expect(closed.body.data.totals).toEqual([
      { type: 'deposit', count: 2, amount: 1700, fee: 0, agentShare: 0, cash: 1700 },
      { type: 'external_transfer', count: 2, amount: 1250, fee: 80, agentShare: 32, cash: 1330 },
      { type: 'withdrawal', count: 1, amount: 500, fee: 20, agentShare: 8, cash: -500 },
      { type: 'external_payout', count: 1, amount: 1000, fee: 0, agentShare: 0, cash: -1000 },
      { type: 'external_refund', count: 1, amount: 250, fee: 0, agentShare: 0, cash: -250 },
    ]);
    expect(closed.body.data.fingerprint).toMatch(/^[0-9a-f]{64}$/);

    // The expected amount is the opening plus the session's cash movements, as the ledger holds them.
    const rows = await world.db
      .select()
      .from(transactions)
      .where(eq(transactions.createdByUserId, drw.teller.id));
    const cash = rows.reduce((sum, row) => {
      const amount = centimesFromSql(row.amountCentimes);
      const fee = centimesFromSql(row.feeCentimes);
      if (row.type === 'deposit') return sum + amount + fee;
      if (row.type === 'external_transfer' && row.senderAccountId === null) return sum + amount + fee;
      if (row.type === 'withdrawal' || row.type === 'external_payout') return sum - amount;
      if (row.type === 'external_refund' && row.senderAccountId === null) return sum - amount;
      return sum;
    }, 2050_00);
    expect(cash).toBe(expectedHtg * 100);

    // The administrator of DRW01 sees it in its day's list and acknowledges it, once.
    const day = await get(world, `/drawer/sessions`, world.adminToken);
    expect(day.status).toBe(200);
    expect(day.body.data).toEqual([
      expect.objectContaining({ id, difference: -600, needsAcknowledgement: true }),
    ]);
    const otherAdmin = await createAgentAdmin(world.app, pap);
    expect((await post(world, `/drawer/sessions/${id}/acknowledge`, undefined, otherAdmin)).status).toBe(404);
    // PAP01's own teller has its fixture drawer open; DRW01's session is not PAP01's to see.
    expect(
      ((await get(world, `/drawer/sessions`, otherAdmin)).body.data as { id: string }[]).map((s) => s.id),
    ).not.toContain(id);
    expect((await get(world, `/drawer/sessions/${id}`, pap.teller.token)).status).toBe(404);
    const acknowledged = await post(world, `/drawer/sessions/${id}/acknowledge`, undefined, world.adminToken);
    expect(acknowledged.status).toBe(200);
    expect(acknowledged.body.data).toMatchObject({ acknowledgedBy: 'admin.drw01' });
    expect(
      (await post(world, `/drawer/sessions/${id}/acknowledge`, undefined, world.adminToken)).body.message,
    ).toBe(drawerMessages.alreadyAcknowledged);
    // The super administrator sees every agent's drawers.
    const everyone = await get(world, `/drawer/sessions`, await superAdminToken(world.app));
    expect((everyone.body.data as { id: string }[]).map((s) => s.id)).toContain(id);
    await expectLedgerInvariants(world.db);
  });

  it('needs no acknowledgement within the threshold', async () => {
    const world = await drawerWorld();
    const token = world.drw.teller.token;
    await post(world, '/drawer/open', { counts: openingCounts }, token);
    world.clock.advance(1000);
    const closed = await post(world, '/drawer/close', { counts: { '1000': 2, '50': 1, '250': 2 } }, token);
    expect(closed.body.data).toMatchObject({
      expected: 2050,
      counted: 2550,
      difference: 500,
      needsAcknowledgement: false,
    });
    const acknowledge = await post(
      world,
      `/drawer/sessions/${closed.body.data.id}/acknowledge`,
      undefined,
      world.adminToken,
    );
    expect(acknowledge.status).toBe(409);
    expect(acknowledge.body.message).toBe(drawerMessages.acknowledgementNotNeeded);
  });

  it('refuses a count that is not a whole number of pieces, in French', async () => {
    const world = await drawerWorld();
    const answer = await post(
      world,
      '/drawer/open',
      { counts: { '1000': -1, '5': 1.5 } },
      world.drw.teller.token,
    );
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({
      'counts.1000': [drawerMessages.countInvalid],
      'counts.5': [drawerMessages.countInvalid],
    });
  });
});

describe('cash the drawer can count, and a rounding (decision 212)', () => {
  it('counts a day of odd centimes with the coins to a difference of 0, nothing to acknowledge', async () => {
    const world = await drawerWorld();
    const { drw, marie, marieAccount, jean, jeanAccount } = world;
    const token = drw.teller.token;
    await post(world, '/drawer/open', { counts: openingCounts }, token);
    // 2 050 + 125,75 + 23,05 − 48,40 (the withdrawal's fee is taken from the account) = 2 150,40.
    const operations: [string, unknown][] = [
      ['/transactions/deposit', counterForm(marieAccount, marie, 125.75)],
      ['/transactions/deposit', counterForm(jeanAccount, jean, 23.05)],
      ['/transactions/withdraw', counterForm(jeanAccount, jean, 48.4)],
    ];
    for (const [url, body] of operations) {
      world.clock.advance(1000);
      expect((await post(world, url, body, token)).status, url).toBe(201);
    }
    const counts = { '1000': 2, '100': 1, '50': 1, '0.20': 1, '0.10': 1, '0.05': 2 };
    world.clock.advance(1000);
    const closed = await post(world, '/drawer/close', { counts }, token);
    expect(closed.status).toBe(200);
    expect(closed.body.data).toMatchObject({
      expected: 2150.4,
      counted: 2150.4,
      difference: 0,
      differenceKind: 'none',
      needsAcknowledgement: false,
      closingCounts: expect.objectContaining({ '0.20': 1, '0.10': 1, '0.05': 2 }),
    });

    // The fingerprint covers the coins: one 5 centimes coin more, rewritten, and it no longer verifies.
    const id = closed.body.data.id as string;
    const verify = async () =>
      (await get(world, `/drawer/sessions/${id}/verify`, token)).body.data.valid as boolean;
    expect(await verify()).toBe(true);
    await world.db
      .update(drawerSessions)
      .set({ closingCounts: { ...counts, '0.05': 3 } })
      .where(eq(drawerSessions.id, id));
    expect(await verify()).toBe(false);
  });

  it('records a difference of 0,03 exact, as a rounding never acknowledged; 0,05 is a shortage', async () => {
    const world = await drawerWorld();
    // Every surplus or shortage acknowledged: the rounding still is not.
    Object.assign(world.app.services.drawer, { thresholdCentimes: 0 });
    const { drw, marie, marieAccount } = world;
    const token = drw.teller.token;
    await post(world, '/drawer/open', { counts: {} }, token);
    world.clock.advance(1000);
    expect(
      (await post(world, '/transactions/deposit', counterForm(marieAccount, marie, 125.78), token)).status,
    ).toBe(201);
    // 125,75: the nearest the coins come below 125,78.
    const counted = { '100': 1, '25': 1, '0.50': 1, '0.20': 1, '0.05': 1 };
    world.clock.advance(1000);
    const closed = await post(world, '/drawer/close', { counts: counted }, token);
    expect(closed.body.data).toMatchObject({
      expected: 125.78,
      counted: 125.75,
      difference: -0.03,
      differenceKind: 'rounding',
      needsAcknowledgement: false,
    });
    const id = closed.body.data.id as string;
    const [row] = await world.db.select().from(drawerSessions).where(eq(drawerSessions.id, id));
    expect(centimesFromSql(row!.differenceCentimes)).toBe(-3);
    const acknowledge = await post(world, `/drawer/sessions/${id}/acknowledge`, undefined, world.adminToken);
    expect(acknowledge.status).toBe(409);
    expect(acknowledge.body.message).toBe(drawerMessages.acknowledgementNotNeeded);
    const day = await get(world, '/drawer/sessions', world.adminToken);
    expect(day.body.data).toEqual([
      expect.objectContaining({ id, differenceKind: 'rounding', needsAcknowledgement: false }),
    ]);
    const [audit] = await world.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'drawer.closed'), eq(auditLog.target, id)));
    expect(audit?.details).toMatchObject({ difference: -0.03, differenceKind: 'rounding' });

    // The next session, one 5 centimes coin short: a shortage, to acknowledge.
    world.clock.advance(1000);
    await post(world, '/drawer/open', { counts: counted }, token);
    world.clock.advance(1000);
    const short = await post(world, '/drawer/close', { counts: { ...counted, '0.05': 0 } }, token);
    expect(short.body.data).toMatchObject({
      difference: -0.05,
      differenceKind: 'shortage',
      needsAcknowledgement: true,
      openingDifference: 0,
      openingDifferenceKind: 'none',
    });
  });
});

describe('the fingerprint of a close', () => {
  async function closedSession(world: Awaited<ReturnType<typeof drawerWorld>>, agent: TestAgent) {
    const token = agent.teller.token;
    await post(world, '/drawer/open', { counts: openingCounts }, token);
    world.clock.advance(1000);
    const deposit = await post(
      world,
      '/transactions/deposit',
      counterForm(world.marieAccount, world.marie, 700),
      token,
    );
    world.clock.advance(1000);
    const closed = await post(world, '/drawer/close', { counts: { '500': 5, '250': 1 } }, token);
    world.clock.advance(1000);
    return {
      id: closed.body.data.id as string,
      fingerprint: closed.body.data.fingerprint as string,
      deposit: deposit.body.data.transactionNumber as string,
    };
  }

  it('chains the teller’s closes, and shows a changed past entry', async () => {
    const world = await drawerWorld();
    const first = await closedSession(world, world.drw);
    const second = await closedSession(world, world.drw);
    const ticket = await get(world, `/drawer/sessions/${second.id}`, world.drw.teller.token);
    expect(ticket.body.data.previousFingerprint).toBe(first.fingerprint);

    for (const session of [first, second]) {
      const verified = await get(world, `/drawer/sessions/${session.id}/verify`, world.drw.teller.token);
      expect(verified.body.data).toEqual({
        valid: true,
        fingerprint: session.fingerprint,
        recomputed: session.fingerprint,
        message: drawerMessages.fingerprintValid,
      });
    }

    // A superuser changes an entry of the first session's deposit, the append-only triggers (0005) set aside.
    await world.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update entries set amount_centimes = amount_centimes + case when amount_centimes > 0 then 100 else -100 end
        where transaction_id = (select id from transactions where transaction_number = ${first.deposit})`);
    });
    const broken = await get(world, `/drawer/sessions/${first.id}/verify`, world.adminToken);
    expect(broken.body.data).toMatchObject({
      valid: false,
      fingerprint: first.fingerprint,
      message: drawerMessages.fingerprintInvalid,
    });
    expect(broken.body.data.recomputed).not.toBe(first.fingerprint);
    // The second close's own entries did not change: its fingerprint still holds.
    expect((await get(world, `/drawer/sessions/${second.id}/verify`, world.adminToken)).body.data.valid).toBe(
      true,
    );
  });
});

describe.runIf(databaseKind === 'postgres')('a close at the moment of cash operations (postgres)', () => {
  it('counts every operation that posted, and refuses every one that did not, none lost', async () => {
    const world = await drawerWorld();
    const { drw, marie, marieAccount } = world;
    const token = drw.teller.token;
    await post(world, '/drawer/open', { counts: {} }, token);
    const deposits = Array.from({ length: 30 }, (_, i) =>
      post(world, '/transactions/deposit', counterForm(marieAccount, marie, 100 + i), token),
    );
    const sends = Array.from({ length: 10 }, () =>
      post(world, '/transactions/transfer-extern', cashTransferForm(marie, 100), token),
    );
    const close = post(world, '/drawer/close', { counts: {} }, token);
    const answers = await Promise.all([...deposits, ...sends]);
    const closed = await close;
    expect(closed.status).toBe(200);
    for (const answer of answers) expect([201, 422]).toContain(answer.status);
    const posted = answers.filter((answer) => answer.status === 201);
    const expected = posted.reduce(
      (sum, answer) => sum + Number(answer.body.data.amount) + Number(answer.body.data.fee),
      0,
    );
    expect(closed.body.data.expected).toBeCloseTo(expected, 2);
    expect((closed.body.data.totals as { count: number }[]).reduce((sum, line) => sum + line.count, 0)).toBe(
      posted.length,
    );
    const ticket = await get(world, `/drawer/sessions/${closed.body.data.id}`, token);
    expect(ticket.body.data.totals).toEqual(closed.body.data.totals);
    expect((await get(world, `/drawer/sessions/${closed.body.data.id}/verify`, token)).body.data.valid).toBe(
      true,
    );
    await expectLedgerInvariants(world.db);
  });
});
