import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, auditLog, mailOutbox, transactions, users } from '../../../src/db/schema.js';
import { ExpiryJob } from '../../../src/modules/expiry/index.js';
import { build } from '../../helpers/build.js';
import { databaseKind } from '../../helpers/database.js';
import { activeSuperAdminToken, call, login, tokenOf, type Answer } from '../../helpers/fixtures.js';
import {
  balanceOf,
  cancelBody,
  cashTransferForm,
  createAgentAdmin,
  expectLedgerInvariants,
  ledgerSnapshot,
  ledgerWorld,
  recipientIdentity,
  recipientParty,
  TELLER_PASSWORD,
  transactionRow,
} from '../../helpers/ledger.js';

/*
 * Transfers that expire (issue 42, part 2; DESIGN §4c; decision 225): a pending external transfer not paid
 * out within 30 days expires once; from an account it is refunded there at once, in cash the sending agent
 * refunds it from a teller's drawer to the identified sender.
 */

type World = Awaited<ReturnType<typeof ledgerWorld>>;

const DAY_MS = 24 * 60 * 60 * 1000;
const SYSTEM_NAME = 'Lajan (automatique)';

function post(world: World, url: string, body: unknown, token: string, key?: string): Promise<Answer> {
  return call(world.app, 'POST', `/api${url}`, {
    token,
    body,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
}

async function sendCash(world: World, amount = 1000): Promise<string> {
  const sent = await post(
    world,
    '/transactions/transfer-extern',
    cashTransferForm(world.marie, amount),
    world.pap.teller.token,
  );
  expect(sent.status).toBe(201);
  return sent.body.data.transactionNumber as string;
}

async function sendFromAccount(world: World, amount = 1000): Promise<string> {
  const sent = await post(
    world,
    '/transactions/transfer-extern',
    {
      ...cashTransferForm(world.marie, amount),
      accountNumber: world.marieAccount.accountNumber,
      currency: null,
    },
    world.pap.teller.token,
  );
  expect(sent.status).toBe(201);
  return sent.body.data.transactionNumber as string;
}

/** Days later: the tellers sign in again (their sessions ended meanwhile). */
async function later(world: World, ms: number): Promise<void> {
  world.clock.advance(ms);
  for (const agent of [world.pap, world.cap])
    agent.teller.token = await tokenOf(world.app, agent.teller.username, TELLER_PASSWORD);
}

/** The refunds that point at this transfer. */
async function refundsOf(world: World, transactionNumber: string) {
  const transfer = await transactionRow(world.db, transactionNumber);
  return world.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.relatedTransactionId, transfer.id), eq(transactions.type, 'external_refund')));
}

async function expiredAudit(world: World, transactionNumber: string) {
  return world.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'transactions.transfer_expired'), eq(auditLog.target, transactionNumber)));
}

describe(`transfers that expire (${databaseKind})`, () => {
  it('refunds a transfer sent from an account at once, under the system user, and e-mails the sender', async () => {
    const world = await ledgerWorld();
    const before = await balanceOf(world.db, world.marieAccount.id);
    const payoutBefore = await balanceOf(world.db, world.system.payout);
    const number = await sendFromAccount(world);
    // 1 000 HTG and its fee of 65 HTG left the account.
    expect(await balanceOf(world.db, world.marieAccount.id)).toBe(before - 1065_00);

    // Not yet due the day before.
    await later(world, 29 * DAY_MS);
    expect(await world.app.expiry.run()).toEqual({ refunded: 0, toRefundInCash: 0 });
    expect((await transactionRow(world.db, number)).status).toBe('pending');

    await later(world, DAY_MS + 60_000);
    expect(await world.app.expiry.run()).toEqual({ refunded: 1, toRefundInCash: 0 });
    expect((await transactionRow(world.db, number)).status).toBe('expired');
    // The amount comes back, the fee is kept; « à payer » holds nothing of it any more.
    expect(await balanceOf(world.db, world.marieAccount.id)).toBe(before - 65_00);
    expect(await balanceOf(world.db, world.system.payout)).toBe(payoutBefore);
    const [refund, ...more] = await refundsOf(world, number);
    expect(more).toEqual([]);
    expect(refund).toMatchObject({
      status: 'completed',
      amountCentimes: 1000_00,
      feeCentimes: 0,
      agentId: world.pap.id,
    });
    await expectLedgerInvariants(world.db);

    // The sending agent's history shows both, the refund by « Lajan (automatique) ».
    const history = await call(world.app, 'GET', '/api/transactions/history?per_page=100', {
      token: world.pap.teller.token,
    });
    const rows = history.body.data as {
      transactionNumber: string;
      status: string;
      createBy: { username: string };
    }[];
    expect(rows.find((row) => row.transactionNumber === number)?.status).toBe('expired');
    expect(rows.find((row) => row.transactionNumber === refund!.transactionNumber)?.createBy.username).toBe(
      SYSTEM_NAME,
    );
    const filtered = await call(world.app, 'GET', '/api/transactions/history?type=external_refund', {
      token: world.pap.teller.token,
    });
    const filteredRows = filtered.body.data as { transactionNumber: string }[];
    expect(filteredRows.map((row) => row.transactionNumber)).toEqual([refund!.transactionNumber]);

    // Audited, and the sender is told by e-mail, once (sent to the log: no SMTP_URL in the tests).
    const [audit] = await expiredAudit(world, number);
    expect(audit).toMatchObject({ actorUsername: SYSTEM_NAME });
    expect(audit!.details).toMatchObject({ refund: refund!.transactionNumber });
    const mails = await world.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'transfer_expired'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Votre transfert .* a expiré$/);
    expect(mails[0]!.sentAt).not.toBeNull();
    expect(world.spool()).toContain('Bonjour Marie,');
    expect(world.spool()).toContain("n'a pas été retiré par son bénéficiaire dans les 30 jours");
    expect(world.spool()).toContain('Son montant a été rendu sur votre compte');

    // A second run finds nothing more to do.
    expect(await world.app.expiry.run()).toEqual({ refunded: 0, toRefundInCash: 0 });
    expect(await refundsOf(world, number)).toHaveLength(1);
  });

  it('keeps a cash transfer « à payer » until a teller refunds it to its identified sender, from her drawer', async () => {
    const world = await ledgerWorld();
    const number = await sendCash(world);
    const payoutHeld = await balanceOf(world.db, world.system.payout);
    const floatBefore = await balanceOf(world.db, world.pap.floatAccountId);
    await later(world, 30 * DAY_MS + 60_000);
    expect(await world.app.expiry.run()).toEqual({ refunded: 0, toRefundInCash: 1 });
    expect((await transactionRow(world.db, number)).status).toBe('expired');
    expect(await refundsOf(world, number)).toEqual([]);
    // The money stays « à payer », owed to the sender.
    expect(await balanceOf(world.db, world.system.payout)).toBe(payoutHeld);
    const mails = await world.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'transfer_expired'));
    expect(mails).toHaveLength(1);
    expect(world.spool()).toContain(
      "Son montant vous attend chez Kay Lajan Pétion-Ville : présentez-vous avec la pièce d'identité donnée à l'envoi",
    );
    expect(await expiredAudit(world, number)).toHaveLength(1);

    // No longer payable, nor cancellable: a clear French refusal.
    const payout = await post(
      world,
      '/transactions/receive-transfer',
      { transactionNumber: number, recipient: recipientIdentity, party: recipientParty },
      world.cap.teller.token,
    );
    expect(payout.status).toBe(409);
    expect(payout.body).toMatchObject({
      code: 'TRANSFER_EXPIRED',
      message:
        "Ce transfert a expiré sans être payé : il ne peut plus être payé ni annulé. L'agent expéditeur rembourse l'expéditeur",
    });
    const searched = await post(
      world,
      '/transactions/search',
      { transactionNumber: number },
      world.cap.teller.token,
    );
    expect(searched.status).toBe(409);
    expect(searched.body.code).toBe('TRANSFER_EXPIRED');
    const cancel = await post(
      world,
      `/transactions/${number}/cancel`,
      cancelBody(world.marie),
      world.pap.teller.token,
    );
    expect(cancel.status).toBe(409);
    expect(cancel.body.code).toBe('TRANSFER_EXPIRED');

    // « Transferts à rembourser »: the sending agent's, not another's.
    const list = await call(world.app, 'GET', '/api/transactions/to-refund', {
      token: world.pap.teller.token,
    });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({
      data: [
        {
          transactionNumber: number,
          amount: 1000,
          fee: 65,
          sender: { firstName: 'Marie', lastName: 'Joseph' },
        },
      ],
      meta: { total: 1, page: 1, per_page: 10 },
    });
    const elsewhere = await call(world.app, 'GET', '/api/transactions/to-refund', {
      token: world.cap.teller.token,
    });
    expect(elsewhere.body.data).toEqual([]);
    const notTheirs = await post(
      world,
      `/transactions/${number}/refund`,
      cancelBody(world.marie),
      world.cap.teller.token,
    );
    expect(notTheirs.status).toBe(403);

    // The wrong card is refused and counted, as at a cancellation; nothing moves.
    const before = await ledgerSnapshot(world.db);
    const wrong = await post(
      world,
      `/transactions/${number}/refund`,
      { sender: { ...cancelBody(world.marie).sender, idDocumentNumber: 'CIN-000000' } },
      world.pap.teller.token,
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.code).toBe('SENDER_MISMATCH');
    expect(wrong.body.message).toContain('encore 4 essais');
    expect(await ledgerSnapshot(world.db)).toEqual(before);

    const refunded = await post(
      world,
      `/transactions/${number}/refund`,
      cancelBody(world.marie),
      world.pap.teller.token,
      'r1',
    );
    expect(refunded.status).toBe(201);
    expect(refunded.body.data).toMatchObject({
      type: 'external_refund',
      amount: 1000,
      fee: 0,
      relatedTransactionNumber: number,
      party: { name: 'Marie Joseph' },
      sender: { firstName: 'Marie', lastName: 'Joseph' },
    });
    // A repeat of the same request answers the same receipt; the transfer stays expired.
    const again = await post(
      world,
      `/transactions/${number}/refund`,
      cancelBody(world.marie),
      world.pap.teller.token,
      'r1',
    );
    expect(again.status).toBe(201);
    expect(again.body).toEqual(refunded.body);
    expect((await transactionRow(world.db, number)).status).toBe('expired');
    expect(await refundsOf(world, number)).toHaveLength(1);
    // "To pay out" pays the agent's float; the cash left the teller's drawer.
    expect(await balanceOf(world.db, world.system.payout)).toBe(payoutHeld - 1000_00);
    expect(await balanceOf(world.db, world.pap.floatAccountId)).toBe(floatBefore + 1000_00);
    await expectLedgerInvariants(world.db);

    const twice = await post(
      world,
      `/transactions/${number}/refund`,
      cancelBody(world.marie),
      world.pap.teller.token,
    );
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('TRANSFER_NOT_TO_REFUND');
    const empty = await call(world.app, 'GET', '/api/transactions/to-refund', {
      token: world.pap.teller.token,
    });
    expect(empty.body.data).toEqual([]);

    // Counted in the teller's drawer: her close lists the refund's cash going out.
    const closed = await post(world, '/drawer/close', { counts: {} }, world.pap.teller.token);
    expect(closed.status).toBe(200);
    expect(closed.body.data.totals).toContainEqual({
      type: 'external_refund',
      count: 1,
      amount: 1000,
      fee: 0,
      agentShare: 0,
      cash: -1000,
    });
  });

  it('refunds in cash a transfer whose account refuses the refund, and lets the administrator unlock it', async () => {
    const world = await ledgerWorld();
    const number = await sendFromAccount(world);
    // The account is no longer active when the transfer expires: the refund to it is refused.
    await world.db.update(accounts).set({ status: 'inactive' }).where(eq(accounts.id, world.marieAccount.id));
    await later(world, 31 * DAY_MS);
    const payoutHeld = await balanceOf(world.db, world.system.payout);
    expect(await world.app.expiry.run()).toEqual({ refunded: 0, toRefundInCash: 1 });
    expect((await transactionRow(world.db, number)).status).toBe('expired');
    expect(await balanceOf(world.db, world.system.payout)).toBe(payoutHeld);
    expect(world.spool()).toContain('Son montant vous attend chez Kay Lajan Pétion-Ville');
    const list = await call(world.app, 'GET', '/api/transactions/to-refund', {
      token: world.pap.teller.token,
    });
    const listed = list.body.data as { transactionNumber: string }[];
    expect(listed.map((row) => row.transactionNumber)).toEqual([number]);

    // Five wrong cards lock it, as at a cancellation; only the agent's administrator unlocks it.
    const wrong = { sender: { ...cancelBody(world.marie).sender, idDocumentNumber: 'CIN-000000' } };
    for (let i = 0; i < 5; i += 1)
      expect(
        (await post(world, `/transactions/${number}/refund`, wrong, world.pap.teller.token)).status,
      ).toBe(422);
    const locked = await post(
      world,
      `/transactions/${number}/refund`,
      cancelBody(world.marie),
      world.pap.teller.token,
    );
    expect(locked.status).toBe(409);
    expect(locked.body.code).toBe('TRANSFER_LOCKED');
    const admin = await createAgentAdmin(world.app, world.pap);
    // The lock is shown where the transfer is listed, so that the web offers « Débloquer ».
    const lockShown = async () => {
      const history = await call(world.app, 'GET', `/api/transactions/history?q=${number}`, { token: admin });
      const owed = await call(world.app, 'GET', '/api/transactions/to-refund', { token: admin });
      const row = (history.body.data as { transactionNumber: string; locked: boolean }[]).find(
        (transaction) => transaction.transactionNumber === number,
      );
      return [row?.locked, (owed.body.data as { locked: boolean }[]).map((transfer) => transfer.locked)];
    };
    expect(await lockShown()).toEqual([true, [true]]);
    expect((await post(world, `/transactions/${number}/unlock`, undefined, admin)).status).toBe(200);
    expect(await lockShown()).toEqual([false, [false]]);

    const refunded = await post(
      world,
      `/transactions/${number}/refund`,
      cancelBody(world.marie),
      world.pap.teller.token,
    );
    expect(refunded.status).toBe(201);
    // Paid in cash from the drawer: the refund names no account.
    const [refund] = await refundsOf(world, number);
    expect(refund).toMatchObject({ senderAccountId: null, createdByUserId: world.pap.teller.id });
    expect(await balanceOf(world.db, world.system.payout)).toBe(payoutHeld - 1000_00);
    await expectLedgerInvariants(world.db);
  });

  it('posts under a system user that never signs in and that nobody manages', async () => {
    const world = await ledgerWorld();
    const [system] = await world.db.select().from(users).where(eq(users.system, true));
    expect(system).toMatchObject({ username: SYSTEM_NAME, isSuperAdmin: false });
    expect(system!.deletedAt).not.toBeNull();
    for (const password of ['!', 'Guichet-2026!'])
      expect((await login(world.app, SYSTEM_NAME, password)).status).toBe(401);
    const token = await activeSuperAdminToken(world.app);
    const listed = await call(world.app, 'GET', '/api/users?per_page=100', { token });
    expect(listed.status).toBe(200);
    const usernames = (listed.body.data as { username: string }[]).map((user) => user.username);
    expect(usernames).toContain('caisse.pap01');
    expect(usernames).not.toContain(SYSTEM_NAME);
    expect((await call(world.app, 'GET', `/api/users/${system!.id}`, { token })).status).toBe(404);
    const persons = await call(world.app, 'GET', '/api/persons?q=automatique', { token });
    expect(persons.body.data).toEqual([]);
  });

  it('runs on its own once the server has started', async () => {
    const world = await ledgerWorld();
    const number = await sendCash(world);
    world.clock.advance(31 * DAY_MS);
    // A server started on this database, its job left to its timer (TRANSFER_EXPIRY_INTERVAL_MINUTES).
    const server = await build({
      keepData: true,
      clock: world.clock,
      env: { TRANSFER_EXPIRY_INTERVAL_MINUTES: '1' },
      overrides: { expiryAutoStart: true },
    });
    for (let i = 0; (await transactionRow(world.db, number)).status !== 'expired'; i += 1) {
      if (i > 100) throw new Error('the job did not run at start');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await expiredAudit(world, number)).toHaveLength(1);
    await server.app.close();
  });

  it('never expires a transfer paid out or cancelled before, nor one not yet due', async () => {
    const world = await ledgerWorld();
    const paid = await sendCash(world);
    const cancelled = await sendCash(world, 500);
    const young = await sendCash(world, 250);
    expect(
      (
        await post(
          world,
          '/transactions/receive-transfer',
          { transactionNumber: paid, recipient: recipientIdentity, party: recipientParty },
          world.cap.teller.token,
        )
      ).status,
    ).toBe(201);
    expect(
      (
        await post(
          world,
          `/transactions/${cancelled}/cancel`,
          cancelBody(world.marie),
          world.pap.teller.token,
        )
      ).status,
    ).toBe(201);
    // `young` is sent 20 days later.
    await later(world, 20 * DAY_MS);
    const younger = await sendCash(world, 300);
    await later(world, 11 * DAY_MS);
    const before = (await ledgerSnapshot(world.db)).balances;

    expect(await world.app.expiry.run()).toEqual({ refunded: 0, toRefundInCash: 1 });
    expect((await transactionRow(world.db, paid)).status).toBe('completed');
    expect((await transactionRow(world.db, cancelled)).status).toBe('cancelled');
    expect((await transactionRow(world.db, young)).status).toBe('expired');
    expect((await transactionRow(world.db, younger)).status).toBe('pending');
    expect(await refundsOf(world, cancelled)).toHaveLength(1);
    expect((await ledgerSnapshot(world.db)).balances).toEqual(before);
  });

  it('expires each transfer once when two runners go at once', async () => {
    const world = await ledgerWorld();
    const numbers = [];
    for (let i = 0; i < 4; i += 1) {
      numbers.push(await sendFromAccount(world, 100 + i));
      numbers.push(await sendCash(world, 200 + i));
    }
    const accountBefore = await balanceOf(world.db, world.marieAccount.id);
    await later(world, 31 * DAY_MS);
    const other = new ExpiryJob({
      db: world.db,
      ledger: world.app.services.ledger,
      clock: world.clock,
      kickMail: () => Promise.resolve(),
      days: 30,
    });
    const outcomes = await Promise.all([world.app.expiry.run(), other.run()]);
    // Between them, four refunds and four cash expiries; on PostgreSQL one of them found the lock taken.
    const done = outcomes.filter((outcome) => outcome !== 'busy');
    expect(done.reduce((sum, outcome) => sum + outcome.refunded, 0)).toBe(4);
    expect(done.reduce((sum, outcome) => sum + outcome.toRefundInCash, 0)).toBe(4);
    for (const number of numbers) {
      expect((await transactionRow(world.db, number)).status).toBe('expired');
      expect(await expiredAudit(world, number)).toHaveLength(1);
    }
    const refunds = await world.db
      .select()
      .from(transactions)
      .where(eq(transactions.type, 'external_refund'))
      .orderBy(asc(transactions.amountCentimes));
    expect(refunds.map((row) => row.amountCentimes)).toEqual([100_00, 101_00, 102_00, 103_00]);
    expect(await balanceOf(world.db, world.marieAccount.id)).toBe(accountBefore + 406_00);
    expect(
      await world.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'transfer_expired')),
    ).toHaveLength(8);
    await expectLedgerInvariants(world.db);
  });
});
