import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payoutIdentifications } from '../../../src/db/schema.js';
import { databaseKind } from '../../helpers/database.js';
import { call, type Answer } from '../../helpers/fixtures.js';
import {
  balanceOf,
  cancelBody,
  cashTransferForm,
  createAgentAdmin,
  createTeller,
  expectLedgerInvariants,
  ledgerSnapshot,
  ledgerWorld,
  partyOf,
  recipientIdentity,
  recipientPerson,
  transactionRow,
} from '../../helpers/ledger.js';

/*
 * A cash transfer is cancelled only with its sender (issue 39, finding 3, decision 200): a teller of the
 * sending agent identifies the sender as a pay-out identifies its recipient (five failures lock the
 * transfer, and only the agent's administrator unlocks it); the administrator may approve, with a reason,
 * the cancellation of a send from an account; the agent's tellers no longer read the recipient's document.
 */

type World = Awaited<ReturnType<typeof ledgerWorld>>;

function post(world: World, url: string, body: unknown, token: string, key?: string): Promise<Answer> {
  return call(world.app, 'POST', `/api${url}`, {
    token,
    body,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
}

/** PAP01 sends 1 000 HTG in cash from Marie to Paul Délice. */
async function sendCash(world: World): Promise<string> {
  const sent = await post(
    world,
    '/transactions/transfer-extern',
    cashTransferForm(world.marie, 1000),
    world.pap.teller.token,
  );
  expect(sent.status).toBe(201);
  return sent.body.data.transactionNumber as string;
}

/** PAP01 sends 1 000 HTG from Marie's account to Paul Délice. */
async function sendFromAccount(world: World): Promise<string> {
  const sent = await post(
    world,
    '/transactions/transfer-extern',
    {
      ...cashTransferForm(world.marie, 1000),
      accountNumber: world.marieAccount.accountNumber,
      currency: null,
    },
    world.pap.teller.token,
  );
  expect(sent.status).toBe(201);
  return sent.body.data.transactionNumber as string;
}

async function outcomesOf(world: World, number: string) {
  const transfer = await transactionRow(world.db, number);
  const rows = await world.db
    .select()
    .from(payoutIdentifications)
    .where(eq(payoutIdentifications.transactionId, transfer.id))
    .orderBy(asc(payoutIdentifications.id));
  return rows.map((row) => row.outcome);
}

const MISMATCH = "L'identité présentée ne correspond pas à l'expéditeur du transfert";

describe(`a cash transfer is cancelled only with its sender (${databaseKind})`, () => {
  it("refuses the old build's cancellation without the sender, and a colleague's: nothing moves", async () => {
    const world = await ledgerWorld();
    const number = await sendCash(world);
    const colleague = await createTeller(world.app, world.pap, 'collegue');
    const before = await ledgerSnapshot(world.db);

    for (const token of [world.pap.teller.token, colleague]) {
      const anonymous = await post(
        world,
        `/transactions/${number}/cancel`,
        undefined,
        token,
        `anon-${token.slice(-8)}`,
      );
      expect(anonymous.status).toBe(422);
      expect(anonymous.body.errors).toEqual({
        sender: ["Identifiez l'expéditeur : son nom et sa pièce d'identité, lus sur la pièce présentée"],
      });
      expect((await post(world, `/transactions/${number}/cancel`, {}, token)).status).toBe(422);
    }
    expect(await ledgerSnapshot(world.db)).toEqual(before);
    expect((await transactionRow(world.db, number)).status).toBe('pending');
  });

  it('refuses a wrong sender, locks after five, lets only the administrator unlock, then cancels with her card', async () => {
    const world = await ledgerWorld();
    const number = await sendCash(world);
    const before = await ledgerSnapshot(world.db);
    const wrong = { sender: { ...cancelBody(world.marie).sender, idDocumentNumber: 'CIN-000000' } };

    const left = ['encore 4 essais', 'encore 3 essais', 'encore 2 essais', 'encore un essai'];
    for (let i = 0; i < 5; i += 1) {
      const answer = await post(world, `/transactions/${number}/cancel`, wrong, world.pap.teller.token);
      expect(answer.status).toBe(422);
      expect(answer.body.code).toBe('SENDER_MISMATCH');
      expect(answer.body.message).toBe(
        left[i]
          ? `${MISMATCH} : ${left[i]} avant le blocage du transfert`
          : `${MISMATCH} : le transfert est maintenant bloqué ; l'administrateur de l'agent doit le débloquer`,
      );
    }
    expect(await ledgerSnapshot(world.db)).toEqual(before);
    // Locked for the cancellation (the right identity too) and for the pay-out alike.
    const locked = await post(
      world,
      `/transactions/${number}/cancel`,
      cancelBody(world.marie),
      world.pap.teller.token,
    );
    expect(locked.status).toBe(409);
    expect(locked.body.code).toBe('TRANSFER_LOCKED');

    const tellerUnlock = await post(
      world,
      `/transactions/${number}/unlock`,
      undefined,
      world.pap.teller.token,
    );
    expect(tellerUnlock.status).toBe(403);
    const otherAdmin = await post(
      world,
      `/transactions/${number}/unlock`,
      undefined,
      await createAgentAdmin(world.app, world.cap),
    );
    expect(otherAdmin.status).toBe(403);
    expect(otherAdmin.body.code).toBe('NOT_SENDING_AGENT');
    const admin = await createAgentAdmin(world.app, world.pap);
    const unlocked = await post(world, `/transactions/${number}/unlock`, undefined, admin);
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.data).toMatchObject({ status: 'pending', locked: false });

    // The sender's name in another order and her number typed otherwise: identified.
    const floatBefore = await balanceOf(world.db, world.pap.floatAccountId);
    const presented = {
      sender: {
        firstName: 'JOSEPH',
        lastName: 'marie',
        idDocumentType: world.marie.idDocumentType,
        idDocumentNumber: world.marie.idDocumentNumber.toLowerCase().replace('-', ' '),
      },
    };
    const cancelled = await post(
      world,
      `/transactions/${number}/cancel`,
      presented,
      world.pap.teller.token,
      'annulation-1',
    );
    expect(cancelled.status).toBe(201);
    expect(cancelled.body.data).toMatchObject({
      type: 'external_refund',
      amount: 1000,
      relatedTransactionNumber: number,
      createBy: { username: world.pap.teller.username },
      // The receipt names who was identified: the document presented.
      party: {
        name: 'JOSEPH marie',
        idDocumentType: world.marie.idDocumentType,
        idDocumentNumber: presented.sender.idDocumentNumber,
      },
    });
    expect((await transactionRow(world.db, number)).status).toBe('cancelled');
    // Paid back in cash from the teller's drawer: the float takes back the e-money the send had paid.
    expect(await balanceOf(world.db, world.pap.floatAccountId)).toBe(floatBefore + 1000_00);
    expect(await outcomesOf(world, number)).toEqual([
      'failed',
      'failed',
      'failed',
      'failed',
      'failed',
      'unlocked',
    ]);

    // A replay answers the stored answer and posts nothing more.
    const snapshot = await ledgerSnapshot(world.db);
    const replay = await post(
      world,
      `/transactions/${number}/cancel`,
      presented,
      world.pap.teller.token,
      'annulation-1',
    );
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replay']).toBe('true');
    expect(replay.text).toBe(cancelled.text);
    expect(await ledgerSnapshot(world.db)).toEqual(snapshot);
    await expectLedgerInvariants(world.db);
  });

  it('counts the pay-out and the cancellation failures towards one lock', async () => {
    const world = await ledgerWorld();
    const number = await sendCash(world);
    const wrongSender = { sender: { ...cancelBody(world.marie).sender, firstName: 'Pierre' } };
    for (let i = 0; i < 3; i += 1)
      expect(
        (await post(world, `/transactions/${number}/cancel`, wrongSender, world.pap.teller.token)).status,
      ).toBe(422);
    const wrongRecipient = { ...recipientIdentity, firstName: 'Pierre' };
    for (let i = 0; i < 2; i += 1) {
      const answer = await post(
        world,
        '/transactions/receive-transfer',
        {
          transactionNumber: number,
          recipient: wrongRecipient,
          party: {
            ...partyOf(world.marie),
            name: 'Pierre Délice',
            idDocumentNumber: recipientIdentity.idDocumentNumber,
          },
        },
        world.cap.teller.token,
      );
      expect(answer.status).toBe(422);
    }
    const locked = await post(
      world,
      `/transactions/${number}/cancel`,
      cancelBody(world.marie),
      world.pap.teller.token,
    );
    expect(locked.body.code).toBe('TRANSFER_LOCKED');
  });

  it("lets the agent's administrator approve, with a reason, the cancellation of a send from an account only", async () => {
    const world = await ledgerWorld();
    const fromAccount = await sendFromAccount(world);
    const cash = await sendCash(world);
    const admin = await createAgentAdmin(world.app, world.pap);
    const accountBefore = await balanceOf(world.db, world.marieAccount.id);
    const floatBefore = await balanceOf(world.db, world.pap.floatAccountId);

    const noReason = await post(world, `/transactions/${fromAccount}/cancel`, {}, admin);
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors).toEqual({ reason: ["Le motif de l'annulation est requis"] });
    const tellerReason = await post(
      world,
      `/transactions/${fromAccount}/cancel`,
      { reason: 'La cliente a changé d’avis' },
      world.pap.teller.token,
    );
    expect(tellerReason.status).toBe(422);
    const cashRefused = await post(
      world,
      `/transactions/${cash}/cancel`,
      { reason: 'Erreur de saisie' },
      admin,
    );
    expect(cashRefused.status).toBe(409);
    expect(cashRefused.body.code).toBe('CANCEL_NEEDS_SENDER');
    expect((await transactionRow(world.db, cash)).status).toBe('pending');
    const otherAdmin = await post(
      world,
      `/transactions/${fromAccount}/cancel`,
      { reason: 'Erreur' },
      await createAgentAdmin(world.app, world.cap),
    );
    expect(otherAdmin.status).toBe(403);

    const approved = await post(
      world,
      `/transactions/${fromAccount}/cancel`,
      { reason: 'Bénéficiaire erroné' },
      admin,
    );
    expect(approved.status).toBe(201);
    expect(approved.body.data).toMatchObject({ type: 'external_refund', amount: 1000, party: null });
    expect((await transactionRow(world.db, fromAccount)).status).toBe('cancelled');
    // The amount back to Marie's account; no cash, the float unchanged.
    expect(await balanceOf(world.db, world.marieAccount.id)).toBe(accountBefore + 1000_00);
    expect(await balanceOf(world.db, world.pap.floatAccountId)).toBe(floatBefore);
    const transfer = await transactionRow(world.db, fromAccount);
    const [approval] = await world.db
      .select()
      .from(payoutIdentifications)
      .where(eq(payoutIdentifications.transactionId, transfer.id));
    expect(approval).toMatchObject({ outcome: 'approved', presented: { reason: 'Bénéficiaire erroné' } });
    await expectLedgerInvariants(world.db);
  });

  it('prints the approval reason on the receipt and writes it, cut to 200 characters, in the audit trail', async () => {
    const world = await ledgerWorld();
    const admin = await createAgentAdmin(world.app, world.pap);
    const short = await sendFromAccount(world);
    const long = await sendFromAccount(world);
    const longReason = `Le bénéficiaire ${'x'.repeat(300)} fin`;

    const approved = await post(world, `/transactions/${short}/cancel`, { reason: 'Bénéficiaire erroné' }, admin);
    expect(approved.status).toBe(201);
    expect(approved.body.data.approvalReason).toBe('Bénéficiaire erroné');
    const approvedLong = await post(world, `/transactions/${long}/cancel`, { reason: longReason }, admin);
    expect(approvedLong.status).toBe(201);
    // A teller's cancellation, with the sender, carries no reason.
    const cash = await sendCash(world);
    const byTeller = await post(world, `/transactions/${cash}/cancel`, cancelBody(world.marie), world.pap.teller.token);
    expect(byTeller.status).toBe(201);
    expect(byTeller.body.data.approvalReason).toBeUndefined();

    const trail = await call(world.app, 'GET', '/api/audit?action=transactions.external_refund&per_page=100', {
      token: admin,
    });
    expect(trail.status).toBe(200);
    const lines = trail.body.data as { target: string; details: Record<string, unknown> }[];
    const detailsOf = (number: string) => lines.find((line) => line.target === number)?.details;
    expect(detailsOf(approved.body.data.transactionNumber as string)).toMatchObject({
      reason: 'Bénéficiaire erroné',
    });
    expect(detailsOf(approvedLong.body.data.transactionNumber as string)?.reason).toBe(longReason.slice(0, 200));
    expect(detailsOf(byTeller.body.data.transactionNumber as string)).not.toHaveProperty('reason');
  });

  it("shows the sending agent's tellers the recipient's name and phone, not her document", async () => {
    const world = await ledgerWorld();
    const number = await sendCash(world);
    const colleague = await createTeller(world.app, world.pap, 'collegue');

    const history = await call(world.app, 'GET', '/api/transactions/history?per_page=100', {
      token: colleague,
    });
    expect(history.status).toBe(200);
    const row = (
      history.body.data as { transactionNumber: string; recipient: Record<string, unknown> }[]
    ).find((transaction) => transaction.transactionNumber === number);
    expect(row?.recipient).toMatchObject({
      firstName: 'Paul',
      lastName: 'Délice',
      phoneNumber: recipientPerson.phoneNumber,
      idDocumentNumber: '••••••899',
    });
    expect(history.text).not.toContain(recipientPerson.idDocumentNumber);

    // Once cancelled, the search by number answers the transfer whole to its agent: the document masked.
    expect(
      (await post(world, `/transactions/${number}/cancel`, cancelBody(world.marie), world.pap.teller.token))
        .status,
    ).toBe(201);
    const found = await post(world, '/transactions/search', { transactionNumber: number }, colleague);
    expect(found.status).toBe(200);
    expect(found.text).not.toContain(recipientPerson.idDocumentNumber);
    expect(found.body.data.transaction.recipient.firstName).toBe('Paul');

    // The agent's administrator, who pays nothing out, reads it whole.
    const admin = await createAgentAdmin(world.app, world.pap);
    const adminHistory = await call(world.app, 'GET', '/api/transactions/history?per_page=100', {
      token: admin,
    });
    expect(adminHistory.text).toContain(recipientPerson.idDocumentNumber);
  });
});
