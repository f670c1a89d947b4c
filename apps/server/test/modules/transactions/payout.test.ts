import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, payoutIdentifications } from '../../../src/db/schema.js';
import { databaseKind } from '../../helpers/database.js';
import { call, type Answer } from '../../helpers/fixtures.js';
import { ledgerFlows } from '../../helpers/ledger-flows.js';
import {
  cancelBody,
  cashTransferForm,
  createAgentAdmin,
  expectLedgerInvariants,
  ledgerSnapshot,
  ledgerWorld,
  partyOf,
  recipientIdentity,
  recipientPerson,
  transactionRow,
  wholeFormRecipient,
} from '../../helpers/ledger.js';

/*
 * Pay-out proves the recipient (issue 10, decision 112): the search before identification shows a
 * masked look-up, a failed identification answers 422 and is recorded, five lock the transfer until
 * the sending agent unlocks or cancels it; nothing of the money moves on a refusal.
 */

type World = Awaited<ReturnType<typeof ledgerWorld>>;

const LOCKED_MESSAGE =
  "Transfert bloqué après cinq identifications échouées ; l'administrateur de l'agent expéditeur doit le débloquer";
const MISMATCH_MESSAGE = "L'identité présentée ne correspond pas au bénéficiaire du transfert";

function post(world: World, url: string, body: unknown, token: string): Promise<Answer> {
  return call(world.app, 'POST', `/api${url}`, { token, body });
}

/** PAP01 sends 1 000 HTG in cash from Marie to Paul Délice; `recipient` overrides the form's fields. */
async function sendCash(world: World, recipient: Record<string, unknown> = {}): Promise<string> {
  const form = cashTransferForm(world.marie, 1000);
  const sent = await post(
    world,
    '/transactions/transfer-extern',
    { ...form, recipient: { ...form.recipient, ...recipient } },
    world.pap.teller.token,
  );
  expect(sent.status).toBe(201);
  return sent.body.data.transactionNumber as string;
}

/** CAP01's teller pays out `number` to the identity typed from the card. */
function receive(
  world: World,
  number: string,
  identity: Record<string, unknown> = recipientIdentity,
  token = world.cap.teller.token,
): Promise<Answer> {
  const presented = { ...recipientIdentity, ...identity };
  return post(
    world,
    '/transactions/receive-transfer',
    {
      transactionNumber: number,
      recipient: presented,
      party: {
        name: `${String(presented.firstName)} ${String(presented.lastName)}`,
        idDocumentType: presented.idDocumentType,
        idDocumentNumber: presented.idDocumentNumber,
      },
    },
    token,
  );
}

async function identificationsOf(world: World, number: string) {
  const transfer = await transactionRow(world.db, number);
  return world.db
    .select()
    .from(payoutIdentifications)
    .where(eq(payoutIdentifications.transactionId, transfer.id))
    .orderBy(asc(payoutIdentifications.id));
}

const wrongName = { firstName: 'Pierre' };

/** Five wrong names in a row: each 422 with the tries left, the last saying the transfer is now locked. */
async function lock(world: World, number: string): Promise<void> {
  const left = ['encore 4 essais', 'encore 3 essais', 'encore 2 essais', 'encore un essai'];
  for (let i = 0; i < 5; i += 1) {
    const answer = await receive(world, number, wrongName);
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(
      left[i]
        ? `${MISMATCH_MESSAGE} : ${left[i]} avant le blocage du transfert`
        : `${MISMATCH_MESSAGE} : le transfert est maintenant bloqué ; l'administrateur de l'agent expéditeur doit le débloquer`,
    );
  }
}

describe(`pay-out identification (${databaseKind})`, () => {
  it('searches a pending transfer without the identity file: amount, status, sending agent, masked name', async () => {
    const world = await ledgerWorld();
    const number = await sendCash(world);
    const found = await post(
      world,
      '/transactions/search',
      { transactionNumber: number },
      world.cap.teller.token,
    );
    expect(found.status).toBe(200);
    expect(found.body.data.transaction).toEqual({
      transactionNumber: number,
      type: 'external_transfer',
      amount: 1000,
      fee: 65,
      currency: 'HTG',
      status: 'pending',
      createdAt: expect.any(String),
      agent: { code: 'PAP01', name: 'Kay Lajan Pétion-Ville' },
      recipientMaskedName: 'P. D.',
      locked: false,
    });
    const text = JSON.stringify(found.body);
    for (const secret of [
      'Délice',
      'Paul',
      recipientPerson.phoneNumber,
      recipientPerson.idDocumentNumber,
      world.marie.lastName,
      world.marie.idDocumentNumber,
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('refuses a wrong name with 422, records the try, and moves no money', async () => {
    const world = await ledgerWorld();
    const number = await sendCash(world);
    const before = await ledgerSnapshot(world.db);

    const answer = await receive(world, number, wrongName);

    expect(answer.status).toBe(422);
    // Which part was wrong is never told; how many tries are left is (decision 176).
    expect(answer.body).toEqual({
      message: `${MISMATCH_MESSAGE} : encore 4 essais avant le blocage du transfert`,
      code: 'RECIPIENT_MISMATCH',
    });
    expect(await ledgerSnapshot(world.db)).toEqual(before);
    expect(await identificationsOf(world, number)).toMatchObject([
      {
        outcome: 'failed',
        userId: world.cap.teller.id,
        agentId: world.cap.id,
        presented: {
          recipient: { ...recipientIdentity, firstName: 'Pierre' },
          party: { name: 'Pierre Délice', idDocumentNumber: 'NIF-778899' },
        },
      },
    ]);
    await expectLedgerInvariants(world.db);
  });

  it('refuses the right name with another document when the sender gave one, with the same message', async () => {
    const world = await ledgerWorld();
    const number = await sendCash(world);
    const before = await ledgerSnapshot(world.db);
    for (const [identity, left] of [
      [{ idDocumentNumber: 'NIF-000000' }, 'encore 4 essais'],
      [{ idDocumentType: 'passport' }, 'encore 3 essais'],
    ] as const) {
      const answer = await receive(world, number, identity);
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe(`${MISMATCH_MESSAGE} : ${left} avant le blocage du transfert`);
    }
    expect(await ledgerSnapshot(world.db)).toEqual(before);
    expect(await identificationsOf(world, number)).toHaveLength(2);
    // The document the sender gave, typed as printed, pays out.
    const paid = await receive(world, number, { idDocumentNumber: 'nif 778 899' });
    expect(paid.status).toBe(201);
    expect((await transactionRow(world.db, number)).status).toBe('completed');
  });

  it('holds the card presented to the rule of every document typed (four characters at least), counting no try', async () => {
    const world = await ledgerWorld();
    const number = await sendCash(world);
    const short = await receive(world, number, { idDocumentNumber: 'A12' });
    expect(short.status).toBe(422);
    expect(short.body.errors).toMatchObject({
      'recipient.idDocumentNumber': ['Le numéro de document doit contenir au moins 4 caractères'],
    });
    expect(await identificationsOf(world, number)).toHaveLength(0);
  });

  it('accepts the name in another order, case and spelling of spaces and hyphens', async () => {
    const world = await ledgerWorld();
    const number = await sendCash(world, { firstName: 'Jean-Baptiste', lastName: 'Délice' });
    const paid = await receive(world, number, {
      firstName: 'DELICE',
      lastName: 'jean baptiste',
      idDocumentNumber: 'nif 778899',
    });
    expect(paid.status).toBe(201);
  });

  it('pays out a code typed in groups or with dashes, the code the receipt prints (decision 131)', async () => {
    const world = await ledgerWorld();
    const number = await sendCash(world);
    const dashed = `${number.slice(0, 4)}-${number.slice(4, 8)}-${number.slice(8)}`;
    const paid = await receive(world, dashed);
    expect(paid.status).toBe(201);
    expect(paid.body.data.relatedTransactionNumber).toBe(number);
    expect(await transactionRow(world.db, number)).toMatchObject({ status: 'completed' });
    // A mistyped digit is caught by the check digit before anything is looked up or recorded.
    const other = await sendCash(world);
    const typo = `${other.slice(0, 3)} ${(Number(other[3]) + 1) % 10}${other.slice(4)}`;
    const refused = await receive(world, typo);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ transactionNumber: ['Code invalide : vérifiez les chiffres'] });
    expect(await identificationsOf(world, other)).toHaveLength(0);
  });

  it('when the sender gave no document: any document passes only with the right name, and is recorded on the payout', async () => {
    const world = await ledgerWorld();
    // Only what decision 209 requires: the name and the phone.
    const sent = await post(
      world,
      '/transactions/transfer-extern',
      {
        ...cashTransferForm(world.marie, 1000),
        recipient: { firstName: 'Paul', lastName: 'Délice', phoneNumber: '3400-1122' },
      },
      world.pap.teller.token,
    );
    expect(sent.status).toBe(201);
    const number = sent.body.data.transactionNumber as string;
    const stored = { firstName: 'Paul', lastName: 'Délice', phoneNumber: '+50934001122' };
    expect((await transactionRow(world.db, number)).recipient).toEqual({
      ...stored,
      idDocumentType: null,
      idDocumentNumber: null,
    });
    const wrong = await receive(world, number, { lastName: 'Desir', idDocumentNumber: 'PP-123456' });
    expect(wrong.status).toBe(422);

    const presented = { idDocumentType: 'passport', idDocumentNumber: 'PP-123456' };
    const paid = await receive(world, number, presented);
    expect(paid.status).toBe(201);
    const party = { name: 'Paul Délice', idDocumentType: 'passport', idDocumentNumber: 'PP-123456' };
    expect(paid.body.data).toMatchObject({
      type: 'external_payout',
      party,
      recipient: { ...recipientIdentity, ...presented },
    });
    const payout = await transactionRow(world.db, paid.body.data.transactionNumber as string);
    expect(payout.party).toEqual(party);
    expect((await transactionRow(world.db, number)).status).toBe('completed');
    await expectLedgerInvariants(world.db);
  });

  it('locks the transfer after five failures: the right identity is refused, the search and the history show it', async () => {
    const world = await ledgerWorld();
    const number = await sendCash(world);
    await lock(world, number);
    const before = await ledgerSnapshot(world.db);

    const sixth = await receive(world, number);
    expect(sixth.status).toBe(409);
    expect(sixth.body).toEqual({ message: LOCKED_MESSAGE, code: 'TRANSFER_LOCKED' });
    // Another agent's teller, and the sending agent's own, are refused alike.
    expect((await receive(world, number, {}, world.pap.teller.token)).status).toBe(409);
    expect(await ledgerSnapshot(world.db)).toEqual(before);
    // A try on a locked transfer is not counted.
    expect(await identificationsOf(world, number)).toHaveLength(5);

    const found = await post(
      world,
      '/transactions/search',
      { transactionNumber: number },
      world.cap.teller.token,
    );
    expect(found.body.data.transaction).toMatchObject({ status: 'pending', locked: true });
    const history = await call(world.app, 'GET', `/api/transactions/history?q=${number}`, {
      token: world.pap.teller.token,
    });
    expect(history.body.data).toMatchObject([{ transactionNumber: number, locked: true }]);
  });

  it("is unlocked only by the sending agent's administrator, audited; five new tries follow", async () => {
    const world = await ledgerWorld();
    const number = await sendCash(world);
    const unlock = (token: string) => post(world, `/transactions/${number}/unlock`, undefined, token);
    const admin = await createAgentAdmin(world.app, world.pap);

    const early = await unlock(admin);
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ message: "Ce transfert n'est pas bloqué", code: 'TRANSFER_NOT_LOCKED' });
    await lock(world, number);

    const otherAdmin = await unlock(await createAgentAdmin(world.app, world.cap));
    expect(otherAdmin.status).toBe(403);
    expect(otherAdmin.body).toEqual({
      message: "Seul l'agent expéditeur peut débloquer ce transfert",
      code: 'NOT_SENDING_AGENT',
    });
    // Tellers, its own agent's included, have no `transactions.unlock` (decision 200 amends 112).
    expect((await unlock(world.cap.teller.token)).status).toBe(403);
    expect((await unlock(world.pap.teller.token)).status).toBe(403);
    expect((await receive(world, number)).status).toBe(409);

    const unlocked = await unlock(admin);
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.data).toMatchObject({ transactionNumber: number, status: 'pending', locked: false });
    expect((await identificationsOf(world, number)).map((row) => row.outcome)).toEqual([
      'failed',
      'failed',
      'failed',
      'failed',
      'failed',
      'unlocked',
    ]);
    const audit = await world.db.select().from(auditLog).where(eq(auditLog.target, number));
    expect(audit).toMatchObject([
      {
        action: 'transactions.transfer_unlocked',
        actorUsername: 'admin.pap01',
        details: { failedIdentifications: 5 },
      },
    ]);

    // Four new failures are allowed, then the right identity pays out.
    for (let i = 0; i < 4; i += 1) expect((await receive(world, number, wrongName)).status).toBe(422);
    const paid = await receive(world, number);
    expect(paid.status).toBe(201);
    await expectLedgerInvariants(world.db);
  });

  it('keeps a locked transfer from a cancellation with its sender until the administrator unlocks it', async () => {
    const world = await ledgerWorld();
    const number = await sendCash(world);
    await lock(world, number);
    const refused = await post(
      world,
      `/transactions/${number}/cancel`,
      cancelBody(world.marie),
      world.cap.teller.token,
    );
    expect(refused.status).toBe(403);
    const locked = await post(
      world,
      `/transactions/${number}/cancel`,
      cancelBody(world.marie),
      world.pap.teller.token,
    );
    expect(locked.status).toBe(409);
    expect(locked.body.code).toBe('TRANSFER_LOCKED');
    const admin = await createAgentAdmin(world.app, world.pap);
    expect((await post(world, `/transactions/${number}/unlock`, undefined, admin)).status).toBe(200);
    const cancelled = await post(
      world,
      `/transactions/${number}/cancel`,
      cancelBody(world.marie),
      world.pap.teller.token,
    );
    expect(cancelled.status).toBe(201);
    expect(cancelled.body.data).toMatchObject({ type: 'external_refund', amount: 1000 });
    expect((await transactionRow(world.db, number)).status).toBe('cancelled');
    const unlock = await post(world, `/transactions/${number}/unlock`, undefined, admin);
    expect(unlock.status).toBe(409);
    expect(unlock.body.code).toBe('TRANSFER_NOT_PENDING');
    await expectLedgerInvariants(world.db);
  });

  it('never counts more than five failures, however many wrong tries arrive at once', async () => {
    const world = await ledgerWorld();
    const number = await sendCash(world);
    const before = await ledgerSnapshot(world.db);
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        receive(
          world,
          number,
          { firstName: `Faux${i}` },
          i % 2 === 0 ? world.cap.teller.token : world.pap.teller.token,
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 422)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(11);
    expect(
      answers.filter((answer) => answer.status === 409).every((a) => a.body.code === 'TRANSFER_LOCKED'),
    ).toBe(true);
    expect(await identificationsOf(world, number)).toHaveLength(5);
    expect(await ledgerSnapshot(world.db)).toEqual(before);
    expect((await receive(world, number)).status).toBe(409);
  }, 60_000);
});

describe(`a cash transfer asks what a sender knows (decision 209, ${databaseKind})`, () => {
  it('refuses half a document with 422 under the half left out, and posts nothing', async () => {
    const world = await ledgerWorld();
    const before = await ledgerSnapshot(world.db);
    const { idDocumentType, idDocumentNumber, ...named } = recipientPerson;
    for (const [recipient, field, message] of [
      [
        { ...named, idDocumentType },
        'recipient.idDocumentNumber',
        'Le numéro de document est requis quand le type est choisi : donnez les deux, ou aucun',
      ],
      [
        { ...named, idDocumentType: '', idDocumentNumber },
        'recipient.idDocumentType',
        'Le type de document est requis quand le numéro est saisi : donnez les deux, ou aucun',
      ],
    ] as const) {
      const answer = await post(
        world,
        '/transactions/transfer-extern',
        { ...cashTransferForm(world.marie, 1000), recipient },
        world.pap.teller.token,
      );
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ [field]: [message] });
    }
    expect(await ledgerSnapshot(world.db)).toEqual(before);
  });

  it("takes an older client's whole person form, its other fields neither checked nor stored", async () => {
    const world = await ledgerWorld();
    const sent = await post(
      world,
      '/transactions/transfer-extern',
      {
        ...cashTransferForm(world.marie, 1000),
        // A birth date in the future and an expiry before the issue: no longer asked, so no longer judged.
        recipient: { ...wholeFormRecipient, dob: '2999-01-01', expirationDate: '2019-01-01' },
      },
      world.pap.teller.token,
    );
    expect(sent.status).toBe(201);
    expect(sent.body.data.recipient).toEqual(recipientPerson);
    expect((await transactionRow(world.db, sent.body.data.transactionNumber as string)).recipient).toEqual(
      recipientPerson,
    );
  });

  it('pays out, shows and cancels the transfers pending from before, their recipient the whole person form', async () => {
    const world = await ledgerWorld();
    // Written as the earlier build wrote them: SPEC §5's whole form, one with its document number left out.
    const sendTheOldWay = (recipient: Record<string, unknown>) =>
      ledgerFlows(world.app.services.ledger)
        .externalTransfer(world.db, {
          actor: {
            userId: world.pap.teller.id,
            agent: { id: world.pap.id, floatAccountId: world.pap.floatAccountId },
          },
          party: partyOf(world.marie),
          amountCentimes: 100_000,
          senderAccountId: null,
          senderPersonId: world.marie.id,
          recipient,
          at: world.clock.now(),
        })
        .then((movement) => movement.posted.transactionNumber);
    const withDocument = await sendTheOldWay(wholeFormRecipient);
    const withoutNumber = await sendTheOldWay({ ...wholeFormRecipient, idDocumentNumber: null });
    const toCancel = await sendTheOldWay(wholeFormRecipient);

    // The search shows the initials only, nothing of the old form.
    const found = await post(
      world,
      '/transactions/search',
      { transactionNumber: withDocument },
      world.cap.teller.token,
    );
    expect(found.body.data.transaction).toMatchObject({ recipientMaskedName: 'P. D.', status: 'pending' });
    for (const secret of [wholeFormRecipient.dob, wholeFormRecipient.email, wholeFormRecipient.address]) {
      expect(JSON.stringify(found.body)).not.toContain(secret);
    }
    // The sending agent's teller reads it in the history, the document masked (decision 200).
    const history = await call(world.app, 'GET', `/api/transactions/history?q=${withDocument}`, {
      token: world.pap.teller.token,
    });
    expect(history.body.data).toMatchObject([
      {
        transactionNumber: withDocument,
        recipient: { firstName: 'Paul', lastName: 'Délice', idDocumentNumber: '••••••899' },
      },
    ]);

    // Its document, when the sender gave one, is still the proof.
    expect((await receive(world, withDocument, { idDocumentNumber: 'NIF-000000' })).status).toBe(422);
    const paid = await receive(world, withDocument);
    expect(paid.status).toBe(201);
    expect(paid.body.data).toMatchObject({ relatedTransactionNumber: withDocument, amount: 1000 });
    // The name alone when it gave no number, as before.
    const other = await receive(world, withoutNumber, {
      idDocumentType: 'passport',
      idDocumentNumber: 'PP-123456',
    });
    expect(other.status).toBe(201);
    // And its sender cancels the third.
    const cancelled = await post(
      world,
      `/transactions/${toCancel}/cancel`,
      cancelBody(world.marie),
      world.pap.teller.token,
    );
    expect(cancelled.status).toBe(201);
    expect(cancelled.body.data).toMatchObject({
      type: 'external_refund',
      recipient: { firstName: 'Paul', lastName: 'Délice' },
    });
    for (const number of [withDocument, withoutNumber])
      expect((await transactionRow(world.db, number)).status).toBe('completed');
    expect((await transactionRow(world.db, toCancel)).status).toBe('cancelled');
    await expectLedgerInvariants(world.db);
  });
});
