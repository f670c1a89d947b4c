import { describe, expect, it } from 'vitest';
import { call } from '../../helpers/fixtures.js';
import {
  balancesOf,
  cancelBody,
  cashTransferForm,
  counterForm,
  createCustomerAccount,
  createPerson,
  entriesOf,
  expectLedgerInvariants,
  fundAccount,
  ledgerWorld,
  partyOf,
  recipientIdentity,
  recipientParty,
  recipientPerson,
  superAdminToken,
  transactionRow,
} from '../../helpers/ledger.js';

type World = Awaited<ReturnType<typeof ledgerWorld>>;

/** What a recipient form sends (decision 209: name, phone, and a document given whole or not at all). */
function recipientForm(overrides: Record<string, unknown> = {}) {
  return { ...recipientPerson, ...overrides };
}

/** Balance changes in centimes since `before`, for the given accounts. */
async function changes(world: World, before: Record<string, number>) {
  const after = await balancesOf(world.db, Object.keys(before));
  return Object.fromEntries(Object.keys(before).map((id) => [id, after[id]! - before[id]!]));
}

function post(world: World, url: string, body?: unknown, token = world.pap.teller.token) {
  return call(world.app, 'POST', `/api${url}`, { token, body });
}

async function sendCash(world: World, amount = 1000, recipient = recipientForm()) {
  return post(world, '/transactions/transfer-extern', {
    ...cashTransferForm(world.marie, amount),
    recipient,
  });
}

describe('POST /api/transactions/deposit', () => {
  it('debits the agent float and credits the customer account, and answers the posted transaction', async () => {
    const world = await ledgerWorld();
    const { pap, marie, marieAccount, system } = world;
    const before = await balancesOf(world.db, [pap.floatAccountId, marieAccount.id, system.feeIncome]);

    const answer = await post(world, '/transactions/deposit', counterForm(marieAccount, marie, 1999.99));

    expect(answer.status).toBe(201);
    expect(answer.body.data).toEqual({
      transactionNumber: expect.stringMatching(/^\d{12}$/),
      type: 'deposit',
      amount: 1999.99,
      fee: 0,
      agentShare: 0,
      total: 1999.99,
      currency: 'HTG',
      // The fee version it was charged with: the seed's version 1 of the deposit (decision 150).
      feeVersion: 1,
      status: 'completed',
      createdAt: expect.any(String),
      settledAt: null,
      createBy: { username: pap.teller.username },
      agent: { code: 'PAP01', name: 'Kay Lajan Pétion-Ville' },
      code: null,
      accountNumber: marieAccount.accountNumber,
      account: { accountNumber: marieAccount.accountNumber },
      senderAccountNumber: null,
      senderAccount: null,
      recipientAccountNumber: null,
      recipientAccount: null,
      party: partyOf(marie),
      senderId: null,
      sender: null,
      recipient: null,
      relatedTransactionNumber: null,
      locked: false,
      receiptLanguage: 'fr',
    });
    expect(await changes(world, before)).toEqual({
      [pap.floatAccountId]: -199_999,
      [marieAccount.id]: 199_999,
      [system.feeIncome]: 0,
    });
    const row = await transactionRow(world.db, answer.body.data.transactionNumber as string);
    expect(row).toMatchObject({
      agentId: pap.id,
      createdByUserId: pap.teller.id,
      accountId: marieAccount.id,
      feeCentimes: 0,
      agentShareCentimes: 0,
      party: partyOf(marie),
    });
    await expectLedgerInvariants(world.db);
  });

  it('takes a deposit brought by someone who does not hold the account', async () => {
    const world = await ledgerWorld();
    const answer = await post(
      world,
      '/transactions/deposit',
      counterForm(world.marieAccount, world.jean, 500),
    );
    expect(answer.status).toBe(201);
    expect(answer.body.data.party).toEqual(partyOf(world.jean));
  });
});

describe('POST /api/transactions/withdraw', () => {
  it('debits the customer amount + fee, credits the float amount + agent share and fee income the rest', async () => {
    const world = await ledgerWorld();
    const { pap, marie, marieAccount, system } = world;
    const before = await balancesOf(world.db, [pap.floatAccountId, marieAccount.id, system.feeIncome]);

    const answer = await post(world, '/transactions/withdraw', counterForm(marieAccount, marie, 1000));

    expect(answer.status).toBe(201);
    // 1 000 HTG is in the 1 000–1 999,99 band: fee 40, agent share 40 % = 16.
    expect(answer.body.data).toMatchObject({
      type: 'withdrawal',
      amount: 1000,
      fee: 40,
      agentShare: 16,
      total: 1040,
      status: 'completed',
    });
    expect(await changes(world, before)).toEqual({
      [marieAccount.id]: -104_000,
      [pap.floatAccountId]: 101_600,
      [system.feeIncome]: 2_400,
    });
    await expectLedgerInvariants(world.db);
  });

  it('lets any holder of a joint account withdraw, whatever the case of the document number', async () => {
    const world = await ledgerWorld();
    const joint = await createCustomerAccount(world.db, [world.jean, world.marie]);
    const deposit = await post(world, '/transactions/deposit', counterForm(joint, world.jean, 300));
    expect(deposit.status).toBe(201);
    const party = { ...partyOf(world.marie), idDocumentNumber: world.marie.idDocumentNumber.toLowerCase() };
    const answer = await post(world, '/transactions/withdraw', {
      accountNumber: joint.accountNumber,
      party,
      amount: 250,
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ fee: 10, agentShare: 4, total: 260 });
    expect((await balancesOf(world.db, [joint.id]))[joint.id]).toBe(4_000);
  });
});

describe('POST /api/transactions/transfer', () => {
  it('moves the amount between accounts, the fee split between the agent float and fee income', async () => {
    const world = await ledgerWorld();
    const { pap, marie, marieAccount, roseAccount, system } = world;
    const before = await balancesOf(world.db, [
      marieAccount.id,
      roseAccount.id,
      pap.floatAccountId,
      system.feeIncome,
    ]);

    const answer = await post(world, '/transactions/transfer', {
      senderAccountNumber: marieAccount.accountNumber,
      recipientAccountNumber: roseAccount.accountNumber,
      party: partyOf(marie),
      amount: 1500,
    });

    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      type: 'transfer',
      amount: 1500,
      fee: 25,
      agentShare: 10,
      total: 1525,
      senderAccountNumber: marieAccount.accountNumber,
      senderAccount: { accountNumber: marieAccount.accountNumber },
      recipientAccountNumber: roseAccount.accountNumber,
      recipientAccount: { accountNumber: roseAccount.accountNumber },
      account: null,
    });
    expect(await changes(world, before)).toEqual({
      [marieAccount.id]: -152_500,
      [roseAccount.id]: 150_000,
      [pap.floatAccountId]: 1_000,
      [system.feeIncome]: 1_500,
    });
    expect(await entriesOf(world.db, answer.body.data.transactionNumber as string)).toEqual({
      [marieAccount.id]: -152_500,
      [roseAccount.id]: 150_000,
      [pap.floatAccountId]: 1_000,
      [system.feeIncome]: 1_500,
    });
    await expectLedgerInvariants(world.db);
  });

  it('writes no fee entries when the band charges none (below 250 HTG)', async () => {
    const world = await ledgerWorld();
    const answer = await post(world, '/transactions/transfer', {
      senderAccountNumber: world.marieAccount.accountNumber,
      recipientAccountNumber: world.roseAccount.accountNumber,
      party: partyOf(world.marie),
      amount: 100,
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ fee: 0, agentShare: 0, total: 100 });
    expect(Object.keys(await entriesOf(world.db, answer.body.data.transactionNumber as string))).toHaveLength(
      2,
    );
  });
});

describe('external transfers', () => {
  it('sends cash: the float pays amount + fee, gets its share back; the transfer waits, pending', async () => {
    const world = await ledgerWorld();
    const { pap, marie, system } = world;
    const before = await balancesOf(world.db, [pap.floatAccountId, system.payout, system.feeIncome]);

    const answer = await sendCash(world, 1000);

    expect(answer.status).toBe(201);
    // 1 000 HTG: fee 65, agent share 26.
    expect(answer.body.data).toMatchObject({
      type: 'external_transfer',
      status: 'pending',
      amount: 1000,
      fee: 65,
      agentShare: 26,
      total: 1065,
      senderId: marie.id,
      sender: {
        id: marie.id,
        firstName: 'Marie',
        lastName: 'Joseph',
        idDocumentType: 'id_card',
        idDocumentNumber: marie.idDocumentNumber,
        phoneNumber: expect.any(String),
        address: '12 rue Capois, Port-au-Prince',
      },
      recipient: {
        firstName: 'Paul',
        lastName: 'Délice',
        idDocumentType: 'id_card',
        idDocumentNumber: 'NIF-778899',
      },
      senderAccount: null,
    });
    expect(await changes(world, before)).toEqual({
      [pap.floatAccountId]: -103_900,
      [system.payout]: 100_000,
      [system.feeIncome]: 3_900,
    });
    await expectLedgerInvariants(world.db);
  });

  it('sends from an account held by the party: the account pays, the float gets the agent share', async () => {
    const world = await ledgerWorld();
    const { pap, marie, marieAccount, system } = world;
    const before = await balancesOf(world.db, [
      marieAccount.id,
      pap.floatAccountId,
      system.payout,
      system.feeIncome,
    ]);

    const answer = await post(world, '/transactions/transfer-extern', {
      senderId: marie.id,
      accountNumber: marieAccount.accountNumber,
      recipient: recipientForm({ idDocumentType: undefined, idDocumentNumber: undefined }),
      party: partyOf(marie),
      amount: 2500,
    });

    expect(answer.status).toBe(201);
    // 2 500 HTG: fee 115, agent share 46.
    expect(answer.body.data).toMatchObject({
      fee: 115,
      agentShare: 46,
      senderAccountNumber: marieAccount.accountNumber,
      recipient: { idDocumentType: null, idDocumentNumber: null },
    });
    expect(await changes(world, before)).toEqual({
      [marieAccount.id]: -261_500,
      [pap.floatAccountId]: 4_600,
      [system.payout]: 250_000,
      [system.feeIncome]: 6_900,
    });
    await expectLedgerInvariants(world.db);
  });

  it('stores and answers the recipient’s phone in E.164, as a person’s (decision 204)', async () => {
    const world = await ledgerWorld();
    const answer = await sendCash(world, 1000, recipientForm({ phoneNumber: '3400-1122' }));
    expect(answer.status).toBe(201);
    expect(answer.body.data.recipient).toMatchObject({ phoneNumber: '+50934001122' });
    const row = await transactionRow(world.db, answer.body.data.transactionNumber as string);
    expect(row.recipient).toMatchObject({ phoneNumber: '+50934001122' });
  });

  it('is paid out once by another agent, who checks the identity; the transfer becomes completed', async () => {
    const world = await ledgerWorld();
    const { cap, system } = world;
    const sent = await sendCash(world, 1000);
    const number = sent.body.data.transactionNumber as string;
    const before = await balancesOf(world.db, [cap.floatAccountId, system.payout, world.pap.floatAccountId]);

    const identity = {
      firstName: 'paul',
      lastName: 'DELICE ',
      idDocumentType: 'id_card',
      idDocumentNumber: 'nif-778899',
    };
    const body = {
      transactionNumber: number,
      amount: 1000,
      recipient: identity,
      party: recipientParty,
    };
    const paid = await post(world, '/transactions/receive-transfer', body, cap.teller.token);

    expect(paid.status).toBe(201);
    expect(paid.body.data).toMatchObject({
      type: 'external_payout',
      status: 'completed',
      amount: 1000,
      fee: 0,
      total: 1000,
      agent: { code: 'CAP01', name: 'Lajan Cap-Haïtien' },
      createBy: { username: cap.teller.username },
      relatedTransactionNumber: number,
      recipient: { ...identity, lastName: 'DELICE' },
      sender: { id: world.marie.id },
    });
    expect(await changes(world, before)).toEqual({
      [cap.floatAccountId]: 100_000,
      [system.payout]: -100_000,
      [world.pap.floatAccountId]: 0,
    });
    const transfer = await transactionRow(world.db, number);
    expect(transfer.status).toBe('completed');
    expect(transfer.settledAt).not.toBeNull();

    const again = await post(world, '/transactions/receive-transfer', body, cap.teller.token);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'TRANSFER_NOT_PENDING',
      message: "Ce transfert n'est plus en attente",
    });
    const cancel = await post(world, `/transactions/${number}/cancel`, cancelBody(world.marie));
    expect(cancel.status).toBe(409);
    await expectLedgerInvariants(world.db);
  });

  it('pays out without a body amount (SPEC §5: the form does not check it) and when the sender gave no document number', async () => {
    const world = await ledgerWorld();
    const sent = await sendCash(world, 300, recipientForm({ idDocumentType: '', idDocumentNumber: '' }));
    expect(sent.status).toBe(201);
    const paid = await post(
      world,
      '/transactions/receive-transfer',
      {
        transactionNumber: sent.body.data.transactionNumber,
        recipient: {
          firstName: 'Paul',
          lastName: 'Délice',
          idDocumentType: 'id_card',
          idDocumentNumber: 'X-12345',
        },
        party: { name: 'Paul Délice', idDocumentType: 'id_card', idDocumentNumber: 'X-12345' },
      },
      world.cap.teller.token,
    );
    expect(paid.status).toBe(201);
    expect(paid.body.data.amount).toBe(300);
  });

  it('is cancelled by the sending agent: cash goes back to its float, the fee is kept', async () => {
    const world = await ledgerWorld();
    const { pap, system } = world;
    const sent = await sendCash(world, 1000);
    const number = sent.body.data.transactionNumber as string;
    const before = await balancesOf(world.db, [pap.floatAccountId, system.payout, system.feeIncome]);

    const cancelled = await post(world, `/transactions/${number}/cancel`, cancelBody(world.marie));

    expect(cancelled.status).toBe(201);
    expect(cancelled.body.data).toMatchObject({
      type: 'external_refund',
      status: 'completed',
      amount: 1000,
      fee: 0,
      relatedTransactionNumber: number,
      sender: { id: world.marie.id },
      recipient: { firstName: 'Paul' },
    });
    expect(await changes(world, before)).toEqual({
      [pap.floatAccountId]: 100_000,
      [system.payout]: -100_000,
      [system.feeIncome]: 0,
    });
    expect((await transactionRow(world.db, number)).status).toBe('cancelled');

    const receive = await post(
      world,
      '/transactions/receive-transfer',
      {
        transactionNumber: number,
        recipient: recipientIdentity,
        party: recipientParty,
      },
      world.cap.teller.token,
    );
    expect(receive.status).toBe(409);
    const again = await post(world, `/transactions/${number}/cancel`, cancelBody(world.marie));
    expect(again.status).toBe(409);
    await expectLedgerInvariants(world.db);
  });

  it('is cancelled back to the sender account when it was sent from one', async () => {
    const world = await ledgerWorld();
    const { pap, marie, marieAccount, system } = world;
    const sent = await post(world, '/transactions/transfer-extern', {
      senderId: marie.id,
      accountNumber: marieAccount.accountNumber,
      recipient: recipientForm(),
      party: partyOf(marie),
      amount: 1000,
    });
    const before = await balancesOf(world.db, [marieAccount.id, pap.floatAccountId, system.payout]);
    const cancelled = await post(
      world,
      `/transactions/${sent.body.data.transactionNumber}/cancel`,
      cancelBody(marie),
    );
    expect(cancelled.status).toBe(201);
    expect(cancelled.body.data.senderAccountNumber).toBe(marieAccount.accountNumber);
    expect(await changes(world, before)).toEqual({
      [marieAccount.id]: 100_000,
      [pap.floatAccountId]: 0,
      [system.payout]: -100_000,
    });
    await expectLedgerInvariants(world.db);
  });
  it('keeps the account it was sent from open until it is paid out or cancelled', async () => {
    const world = await ledgerWorld();
    const { app, pap, system } = world;
    const lucie = await createPerson(world.db, { firstName: 'Lucie', lastName: 'Pierre' });
    const account = await createCustomerAccount(world.db, [lucie], { agentId: pap.id });
    const quote = await call(app, 'GET', '/api/transactions/fees/quote?type=external_transfer&amount=1000', {
      token: pap.teller.token,
    });
    // Exactly what the transfer takes: the account is left at zero, which alone would let it close.
    await fundAccount(app, pap, account, Math.round(quote.body.data.total * 100));
    const sent = await post(world, '/transactions/transfer-extern', {
      senderId: lucie.id,
      accountNumber: account.accountNumber,
      recipient: recipientForm(),
      party: partyOf(lucie),
      amount: 1000,
    });
    expect(sent.status).toBe(201);
    expect(await balancesOf(world.db, [account.id])).toEqual({ [account.id]: 0 });

    const close = () => call(app, 'DELETE', `/api/accounts/${account.id}`, { token: pap.teller.token });
    const refused = await close();
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      message:
        'Un transfert externe envoyé de ce compte attend d’être payé : annulez-le ou attendez son paiement avant de fermer le compte',
      errors: { transfers: [expect.any(String)] },
    });

    // Still open, the account takes the money back; owed nothing now, only its balance keeps it open.
    const before = await balancesOf(world.db, [account.id, system.payout]);
    const cancelled = await post(
      world,
      `/transactions/${sent.body.data.transactionNumber}/cancel`,
      cancelBody(lucie),
    );
    expect(cancelled.status).toBe(201);
    expect(await changes(world, before)).toEqual({ [account.id]: 100_000, [system.payout]: -100_000 });
    const again = await close();
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('Le compte a encore un solde');
    await expectLedgerInvariants(world.db);
  });
});

describe('POST /api/agents/deposit', () => {
  it('funds an agent float from the treasury, with no fee, by the super administrator', async () => {
    const world = await ledgerWorld();
    const { app, cap, system } = world;
    const token = await superAdminToken(app);
    const before = await balancesOf(world.db, [cap.floatAccountId, system.treasury, system.feeIncome]);
    const someone = await createPerson(world.db, { firstName: 'Anne', lastName: 'Pierre' });

    const answer = await post(
      world,
      '/agents/deposit',
      { code: 'CAP01', party: partyOf(someone), amount: 1_000_000 },
      token,
    );

    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      type: 'agent_deposit',
      amount: 1_000_000,
      fee: 0,
      total: 1_000_000,
      code: 'CAP01',
      agent: { code: 'CAP01', name: 'Lajan Cap-Haïtien' },
      createBy: { username: 'superadmin' },
      recipientAccountNumber: cap.floatAccountNumber,
      party: partyOf(someone),
    });
    expect(await changes(world, before)).toEqual({
      [cap.floatAccountId]: 100_000_000,
      [system.treasury]: -100_000_000,
      [system.feeIncome]: 0,
    });
    await expectLedgerInvariants(world.db);
  });
});
