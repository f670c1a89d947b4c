import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts } from '../../../src/db/schema.js';
import { call, tokenOf, type Answer } from '../../helpers/fixtures.js';
import {
  cancelBody,
  cashTransferForm,
  counterForm,
  createAgentAdmin,
  createCustomerAccount,
  expectLedgerInvariants,
  ledgerSnapshot,
  ledgerWorld,
  partyOf,
  recipientIdentity,
  recipientParty,
  recipientPerson,
  superAdminToken,
  TELLER_PASSWORD,
} from '../../helpers/ledger.js';
import { formatHtg } from '@lajan/domain';

type World = Awaited<ReturnType<typeof ledgerWorld>>;

/** Runs a refused request and checks it wrote nothing: no row, no balance, no status, no key changed. */
async function refused(world: World, request: () => Promise<Answer>): Promise<Answer> {
  const before = await ledgerSnapshot(world.db);
  const answer = await request();
  expect(answer.status).toBeGreaterThanOrEqual(400);
  expect(await ledgerSnapshot(world.db)).toEqual(before);
  return answer;
}

function post(world: World, url: string, body: unknown, token = world.pap.teller.token, key?: string) {
  return call(world.app, 'POST', `/api${url}`, {
    token,
    body,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
}

describe('refused money requests write nothing', () => {
  it('answers the SPEC §5 messages for a form with nothing in it', async () => {
    const world = await ledgerWorld();
    const answer = await refused(world, () => post(world, '/transactions/deposit', {}));
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      message: 'Veuillez corriger les erreurs du formulaire',
      code: 'VALIDATION_ERROR',
      errors: {
        accountNumber: ['Le numéro de compte est requis'],
        'party.name': ['Le nom est requis'],
        'party.idDocumentType': ['Le type de document est requis'],
        'party.idDocumentNumber': ['Le numéro de document est requis'],
        amount: ['Le montant est requis'],
      },
    });
  });

  it.each([
    [0, 'Le montant doit être positif'],
    [-5, 'Le montant doit être positif'],
    [19.999, 'Le montant ne peut pas avoir plus de deux décimales'],
    [100_000.01, 'Le montant ne peut pas dépasser 100\u202f000\u00a0HTG'],
    ['500', 'Le montant est requis'],
  ])('refuses the amount %s: "%s"', async (amount, message) => {
    const world = await ledgerWorld();
    const answer = await refused(world, () =>
      post(world, '/transactions/deposit', counterForm(world.marieAccount, world.marie, amount)),
    );
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ amount: [message] });
  });

  it('refuses an amount written 1e999 (Infinity once parsed) as invalid', async () => {
    const world = await ledgerWorld();
    const answer = await call(world.app, 'POST', '/api/transactions/deposit', {
      token: world.pap.teller.token,
      body: `{"accountNumber":"${world.marieAccount.accountNumber}","party":{"name":"Marie Joseph","idDocumentType":"id_card","idDocumentNumber":"CIN-0001"},"amount":1e999}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ amount: ['Le montant est invalide'] });
  });

  it('refuses an amount below one centime (4e-9 rounded to 0 centimes and answered 500) on every money route', async () => {
    const world = await ledgerWorld();
    const superAdmin = await superAdminToken(world.app);
    const tiny = '4e-9';
    const party = JSON.stringify(partyOf(world.marie));
    const account = world.marieAccount.accountNumber;
    const routes: [string, string, string][] = [
      [
        '/transactions/deposit',
        `{"accountNumber":"${account}","party":${party},"amount":${tiny}}`,
        world.pap.teller.token,
      ],
      [
        '/transactions/withdraw',
        `{"accountNumber":"${account}","party":${party},"amount":${tiny}}`,
        world.pap.teller.token,
      ],
      [
        '/transactions/transfer',
        `{"senderAccountNumber":"${account}","recipientAccountNumber":"${world.jeanAccount.accountNumber}","party":${party},"amount":${tiny}}`,
        world.pap.teller.token,
      ],
      [
        '/transactions/transfer-extern',
        JSON.stringify({ ...cashTransferForm(world.marie, 1), amount: 0 }).replace(
          '"amount":0',
          `"amount":${tiny}`,
        ),
        world.pap.teller.token,
      ],
      [
        '/transactions/receive-transfer',
        `{"transactionNumber":"123456789012","amount":${tiny},"recipient":${JSON.stringify(recipientIdentity)},"party":${JSON.stringify(recipientParty)}}`,
        world.cap.teller.token,
      ],
      ['/agents/deposit', `{"code":"PAP01","party":${party},"amount":${tiny}}`, superAdmin],
    ];
    for (const [url, body, token] of routes) {
      const answer = await refused(world, () =>
        call(world.app, 'POST', `/api${url}`, {
          token,
          body,
          headers: { 'content-type': 'application/json' },
        }),
      );
      expect(answer.status, url).toBe(422);
      expect(answer.body.errors.amount, url).toEqual(["Le montant doit être d'au moins 0,01\u00a0HTG"]);
    }
    const quote = await call(world.app, 'GET', `/api/transactions/fees/quote?type=deposit&amount=${tiny}`, {
      token: world.pap.teller.token,
    });
    expect(quote.status).toBe(422);
    expect(quote.body.errors.amount).toEqual(["Le montant doit être d'au moins 0,01\u00a0HTG"]);
  });

  it('refuses a withdrawal above the balance: "Solde insuffisant", with what the account holds (decision 176)', async () => {
    const world = await ledgerWorld();
    // Marie holds 20 000 HTG; 19 900 + 170 of fee is more.
    const answer = await refused(world, () =>
      post(world, '/transactions/withdraw', counterForm(world.marieAccount, world.marie, 19_900)),
    );
    expect(answer.status).toBe(422);
    const message = `Solde insuffisant : solde disponible ${formatHtg(20_000)}`;
    expect(answer.body).toEqual({ message, code: 'INSUFFICIENT_FUNDS', errors: { amount: [message] } });
  });

  it("tells no balance before the holder check passed: another agent's customer, a wrong card", async () => {
    const world = await ledgerWorld();
    const form = counterForm(world.marieAccount, world.marie, 25_000);
    const answer = await refused(world, () =>
      post(
        world,
        '/transactions/withdraw',
        { ...form, party: { ...form.party, idDocumentNumber: 'AUTRE-0001' } },
        world.cap.teller.token,
      ),
    );
    expect(answer.body.code, answer.text).toBe('NOT_ACCOUNT_HOLDER');
    expect(answer.status).toBe(403);
    expect(answer.text).not.toContain('disponible');
    expect(answer.text).not.toContain('20 000');
  });

  it('refuses a deposit the agent float cannot cover, and a cash transfer too', async () => {
    const world = await ledgerWorld();
    const poor = await ledgerWorldAgentWithEmptyFloat(world);
    const deposit = await refused(world, () =>
      post(world, '/transactions/deposit', counterForm(world.roseAccount, world.rose, 100), poor),
    );
    expect(deposit.body.code).toBe('INSUFFICIENT_FUNDS');
    // The teller's own float: what it holds is said, as the float's (not to be read as the customer's).
    expect(deposit.body.message).toBe(`Float de l'agent insuffisant : disponible ${formatHtg(0)}`);
    const cash = await refused(world, () =>
      post(world, '/transactions/transfer-extern', cashTransferForm(world.rose, 100), poor),
    );
    expect(cash.body.code).toBe('INSUFFICIENT_FUNDS');
    expect(cash.body.message).toBe(`Float de l'agent insuffisant : disponible ${formatHtg(0)}`);
  });

  it('refuses a transfer above the sender balance', async () => {
    const world = await ledgerWorld();
    const answer = await refused(world, () =>
      post(world, '/transactions/transfer', {
        senderAccountNumber: world.jeanAccount.accountNumber,
        recipientAccountNumber: world.marieAccount.accountNumber,
        party: partyOf(world.jean),
        // 5 000 HTG on the account; 4 990 + 50 of fee is more.
        amount: 4_990,
      }),
    );
    expect(answer.body.code).toBe('INSUFFICIENT_FUNDS');
    expect(answer.body.errors).toEqual({
      amount: [`Solde insuffisant : solde disponible ${formatHtg(5_000)}`],
    });
  });

  it('refuses money on an account that is not active: "Le compte n\'est pas actif"', async () => {
    const world = await ledgerWorld();
    for (const status of ['inactive', 'pending', 'closed'] as const) {
      const account = await createCustomerAccount(world.db, [world.marie], { status });
      const deposit = await refused(world, () =>
        post(world, '/transactions/deposit', counterForm(account, world.marie, 100)),
      );
      expect(deposit.status).toBe(422);
      expect(deposit.body).toEqual({
        message: "Le compte n'est pas actif",
        code: 'ACCOUNT_NOT_ACTIVE',
        errors: { accountNumber: ["Le compte n'est pas actif"] },
      });
      const transfer = await refused(world, () =>
        post(world, '/transactions/transfer', {
          senderAccountNumber: world.marieAccount.accountNumber,
          recipientAccountNumber: account.accountNumber,
          party: partyOf(world.marie),
          amount: 100,
        }),
      );
      expect(transfer.body.errors).toEqual({ recipientAccountNumber: ["Le compte n'est pas actif"] });
    }
  });

  it('refuses a movement whose fee would go to a fee-income account that is not active, at the commit', async () => {
    const world = await ledgerWorld();
    // The system balances are applied by the commit-time trigger (migration 0002): its refusal rolls
    // the whole movement back, the customer and float balances included.
    await world.db
      .update(accounts)
      .set({ status: 'inactive' })
      .where(eq(accounts.id, world.app.services.ledger.system.fee_income.id));
    const answer = await refused(world, () =>
      post(world, '/transactions/transfer', {
        senderAccountNumber: world.marieAccount.accountNumber,
        recipientAccountNumber: world.jeanAccount.accountNumber,
        party: partyOf(world.marie),
        amount: 300,
      }),
    );
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message: "Le compte n'est pas actif", code: 'ACCOUNT_NOT_ACTIVE' });
    // A deposit without a fee does not touch fee income: it goes through.
    const deposit = await post(
      world,
      '/transactions/deposit',
      counterForm(world.marieAccount, world.marie, 100),
    );
    expect(deposit.status).toBe(201);
    await expectLedgerInvariants(world.db);
  });

  it('refuses a transfer to the same account', async () => {
    const world = await ledgerWorld();
    const answer = await refused(world, () =>
      post(world, '/transactions/transfer', {
        senderAccountNumber: world.marieAccount.accountNumber,
        recipientAccountNumber: world.marieAccount.accountNumber,
        party: partyOf(world.marie),
        amount: 100,
      }),
    );
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({
      recipientAccountNumber: ['Le compte bénéficiaire ne peut pas être le même que le compte expéditeur'],
    });
  });

  it.each([
    [
      '/transactions/withdraw',
      10,
      `un retrait doit être compris entre ${formatHtg(20)} et ${formatHtg(59_999.99)}`,
    ],
    [
      '/transactions/withdraw',
      60_000,
      `un retrait doit être compris entre ${formatHtg(20)} et ${formatHtg(59_999.99)}`,
    ],
    [
      '/transactions/deposit',
      19.99,
      `un dépôt doit être compris entre ${formatHtg(20)} et ${formatHtg(100_000)}`,
    ],
  ])('refuses %s of %s HTG, outside every fee band', async (url, amount, message) => {
    const world = await ledgerWorld();
    await post(world, '/transactions/deposit', counterForm(world.marieAccount, world.marie, 90_000));
    const answer = await refused(world, () =>
      post(world, url, counterForm(world.marieAccount, world.marie, amount)),
    );
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      code: 'OUTSIDE_FEE_BANDS',
      message: `Montant hors barème : ${message}`,
    });
  });

  it('answers 404 for an unknown account, and for float and system account numbers', async () => {
    const world = await ledgerWorld();
    const numbers = [
      '99999999999',
      world.pap.floatAccountNumber,
      world.app.services.ledger.system.payout.accountNumber,
      world.app.services.ledger.system.treasury.accountNumber,
      world.app.services.ledger.system.fee_income.accountNumber,
    ];
    for (const accountNumber of numbers) {
      const answer = await refused(world, () =>
        post(world, '/transactions/deposit', { accountNumber, party: partyOf(world.marie), amount: 100 }),
      );
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ message: 'Compte introuvable', code: 'NOT_FOUND' });
    }
    const transfer = await refused(world, () =>
      post(world, '/transactions/transfer', {
        senderAccountNumber: world.marieAccount.accountNumber,
        recipientAccountNumber: world.cap.floatAccountNumber,
        party: partyOf(world.marie),
        amount: 100,
      }),
    );
    expect(transfer.status).toBe(404);
  });

  it('answers 403 when the party at the counter holds no such account (withdrawal, transfer, external)', async () => {
    const world = await ledgerWorld();
    const notHolder = partyOf(world.jean);
    const requests = [
      () =>
        post(world, '/transactions/withdraw', {
          accountNumber: world.marieAccount.accountNumber,
          party: notHolder,
          amount: 100,
        }),
      () =>
        post(world, '/transactions/transfer', {
          senderAccountNumber: world.marieAccount.accountNumber,
          recipientAccountNumber: world.jeanAccount.accountNumber,
          party: notHolder,
          amount: 100,
        }),
      () =>
        post(world, '/transactions/transfer-extern', {
          senderId: world.marie.id,
          accountNumber: world.marieAccount.accountNumber,
          recipient: recipientPerson,
          party: notHolder,
          amount: 100,
        }),
      // Same number, other document type: not the same document.
      () =>
        post(world, '/transactions/withdraw', {
          accountNumber: world.marieAccount.accountNumber,
          party: { ...partyOf(world.marie), idDocumentType: 'passport' },
          amount: 100,
        }),
    ];
    for (const request of requests) {
      const answer = await refused(world, request);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({
        message: "La personne au guichet n'est pas titulaire de ce compte",
        code: 'NOT_ACCOUNT_HOLDER',
      });
    }
  });

  it('asks for a currency in cash mode, HTG only, and a known sender', async () => {
    const world = await ledgerWorld();
    const base = {
      senderId: world.marie.id,
      recipient: recipientPerson,
      party: partyOf(world.marie),
      amount: 500,
    };
    const missing = await refused(world, () => post(world, '/transactions/transfer-extern', base));
    expect(missing.body.errors).toEqual({ currency: ['La devise est requise'] });
    const usd = await refused(world, () =>
      post(world, '/transactions/transfer-extern', { ...base, currency: 'USD' }),
    );
    expect(usd.body.errors).toEqual({ currency: ['Seule la devise HTG est acceptée'] });
    const unknown = await refused(world, () =>
      post(world, '/transactions/transfer-extern', {
        ...base,
        currency: 'HTG',
        senderId: '00000000-0000-4000-8000-000000000000',
      }),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Personne introuvable');
    const noRecipient = await refused(world, () =>
      post(world, '/transactions/transfer-extern', { ...base, currency: 'HTG', recipient: undefined }),
    );
    expect(noRecipient.body.errors['recipient.firstName']).toEqual(['Le prénom est requis']);
  });

  it('refuses a payout whose identity, amount or number does not match', async () => {
    const world = await ledgerWorld();
    const sent = await post(world, '/transactions/transfer-extern', cashTransferForm(world.marie, 1000));
    const number = sent.body.data.transactionNumber as string;
    const identity = recipientIdentity;
    const party = recipientParty;
    const receive = (body: Record<string, unknown>) =>
      post(
        world,
        '/transactions/receive-transfer',
        { transactionNumber: number, recipient: identity, party, ...body },
        world.cap.teller.token,
      );

    // Four failed identifications (422, recorded: decision 112), then refusals that are not about the
    // identity; a fifth failure would lock the transfer.
    const cases: [Record<string, unknown>, number, string][] = [
      [{ recipient: { ...identity, lastName: 'Desir' } }, 422, 'RECIPIENT_MISMATCH'],
      [{ recipient: { ...identity, idDocumentNumber: 'NIF-000000' } }, 422, 'RECIPIENT_MISMATCH'],
      [{ recipient: { ...identity, idDocumentType: 'passport' } }, 422, 'RECIPIENT_MISMATCH'],
      [{ party: { ...party, idDocumentNumber: 'AUTRE-1234' } }, 422, 'RECIPIENT_MISMATCH'],
      [{ amount: 999 }, 422, 'AMOUNT_MISMATCH'],
      [{ transactionNumber: '123456789015' }, 404, 'NOT_FOUND'],
      [{ transactionNumber: '123456789012' }, 422, 'VALIDATION_ERROR'],
    ];
    for (const [body, status, code] of cases) {
      const answer = await refused(world, () => receive(body));
      expect(answer.status).toBe(status);
      expect(answer.body.code).toBe(code);
    }
    const deposit = await post(
      world,
      '/transactions/deposit',
      counterForm(world.marieAccount, world.marie, 100),
    );
    const notATransfer = await refused(world, () =>
      receive({ transactionNumber: deposit.body.data.transactionNumber }),
    );
    expect(notATransfer.status).toBe(404);
    expect(notATransfer.body.message).toBe('Transaction introuvable');
  });

  it('lets only the sending agent cancel', async () => {
    const world = await ledgerWorld();
    const sent = await post(world, '/transactions/transfer-extern', cashTransferForm(world.marie, 1000));
    const answer = await refused(world, () =>
      post(
        world,
        `/transactions/${sent.body.data.transactionNumber}/cancel`,
        cancelBody(world.marie),
        world.cap.teller.token,
      ),
    );
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({
      message: "Seul l'agent expéditeur peut annuler ce transfert",
      code: 'NOT_SENDING_AGENT',
    });
    const unknown = await refused(world, () =>
      post(world, '/transactions/123456789012/cancel', cancelBody(world.marie)),
    );
    expect(unknown.status).toBe(404);
  });

  it('keeps the counter to tellers and the agent deposit to the super administrator', async () => {
    const world = await ledgerWorld();
    const superAdmin = await superAdminToken(world.app);
    const admin = await createAgentAdmin(world.app, world.pap);
    const deposit = counterForm(world.marieAccount, world.marie, 100);
    for (const token of [superAdmin, admin]) {
      const answer = await refused(world, () => post(world, '/transactions/deposit', deposit, token));
      expect(answer.status).toBe(403);
    }
    const agentDeposit = { code: 'PAP01', party: partyOf(world.marie), amount: 100 };
    for (const token of [world.pap.teller.token, admin]) {
      const answer = await refused(world, () => post(world, '/agents/deposit', agentDeposit, token));
      expect(answer.status).toBe(403);
    }
    const unauthenticated = await refused(world, () => post(world, '/transactions/deposit', deposit, ''));
    expect(unauthenticated.status).toBe(401);
  });

  it('refuses an agent deposit above 1 000 000 HTG, to an unknown agent, or to a suspended one', async () => {
    const world = await ledgerWorld();
    const token = await superAdminToken(world.app);
    const party = partyOf(world.marie);
    const tooMuch = await refused(world, () =>
      post(world, '/agents/deposit', { code: 'PAP01', party, amount: 1_000_000.01 }, token),
    );
    expect(tooMuch.body.errors).toEqual({
      amount: ['Le montant ne peut pas dépasser 1\u202f000\u202f000\u00a0HTG'],
    });
    const unknown = await refused(world, () =>
      post(world, '/agents/deposit', { code: 'NOPE', party, amount: 10 }, token),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Agent introuvable');
    const { agents } = await import('../../../src/db/schema.js');
    const { eq } = await import('drizzle-orm');
    await world.db.update(agents).set({ suspendedAt: new Date() }).where(eq(agents.id, world.cap.id));
    const suspended = await refused(world, () =>
      post(world, '/agents/deposit', { code: 'CAP01', party, amount: 10 }, token),
    );
    expect(suspended.status).toBe(422);
    expect(suspended.body.message).toBe("L'agent n'est pas actif");
    await expectLedgerInvariants(world.db);
  });
});

describe('Idempotency-Key', () => {
  it('answers a repeat with the first answer, byte for byte, and posts once', async () => {
    const world = await ledgerWorld();
    const body = {
      senderAccountNumber: world.marieAccount.accountNumber,
      recipientAccountNumber: world.roseAccount.accountNumber,
      party: partyOf(world.marie),
      amount: 1500,
    };
    const first = await post(world, '/transactions/transfer', body, undefined, 'confirmation-1');
    expect(first.status).toBe(201);
    world.clock.advance(60_000);
    const before = await ledgerSnapshot(world.db);
    // The same input, its keys in another order.
    const reordered = {
      amount: body.amount,
      party: {
        idDocumentNumber: body.party.idDocumentNumber,
        idDocumentType: body.party.idDocumentType,
        name: body.party.name,
      },
      recipientAccountNumber: body.recipientAccountNumber,
      senderAccountNumber: body.senderAccountNumber,
    };
    const repeat = await post(world, '/transactions/transfer', reordered, undefined, 'confirmation-1');
    expect(repeat.status).toBe(201);
    expect(repeat.text).toBe(first.text);
    expect(repeat.headers['idempotent-replay']).toBe('true');
    expect(await ledgerSnapshot(world.db)).toEqual(before);
  });

  it('refuses the same key with another input (409), for the same user and route only', async () => {
    const world = await ledgerWorld();
    const body = counterForm(world.marieAccount, world.marie, 100);
    await post(world, '/transactions/deposit', body, undefined, 'k-1');
    const conflict = await refused(world, () =>
      post(world, '/transactions/deposit', { ...body, amount: 101 }, undefined, 'k-1'),
    );
    expect(conflict.status).toBe(409);
    expect(conflict.body).toEqual({
      message: "Cette clé d'idempotence a déjà servi pour une autre opération",
      code: 'IDEMPOTENCY_CONFLICT',
    });
    // Another route, or another user, with the same key: a new operation.
    const withdraw = await post(world, '/transactions/withdraw', body, undefined, 'k-1');
    expect(withdraw.status).toBe(201);
    const otherUser = await post(
      world,
      '/transactions/deposit',
      counterForm(world.roseAccount, world.rose, 100),
      world.cap.teller.token,
      'k-1',
    );
    expect(otherUser.status).toBe(201);
  });

  it('tells apart the amounts as they came, not as centimes: 100.5 and 100.5000000001 under one key conflict', async () => {
    // Both are 10 050 centimes (within 1e-6 of a whole centime: DESIGN §4), but the hash is of the
    // checked input, its amount in HTG as sent (decision 136), as it was before the schemas gave centimes.
    const world = await ledgerWorld();
    const body = counterForm(world.marieAccount, world.marie, 100.5);
    expect((await post(world, '/transactions/deposit', body, undefined, 'k-2')).status).toBe(201);
    const conflict = await refused(world, () =>
      post(world, '/transactions/deposit', { ...body, amount: 100.5000000001 }, undefined, 'k-2'),
    );
    expect(conflict.status).toBe(409);
    expect(conflict.body.code).toBe('IDEMPOTENCY_CONFLICT');
    // Trimmed text is the same input, as before: a replay.
    const spaced = { ...body, party: { ...body.party, name: ` ${body.party.name} ` } };
    const replay = await post(world, '/transactions/deposit', spaced, undefined, 'k-2');
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replay']).toBe('true');
  });

  it('stores no refusal: the same key works once the input is fixed', async () => {
    const world = await ledgerWorld();
    const body = counterForm(world.jeanAccount, world.jean, 9_000);
    const poor = await refused(world, () =>
      post(world, '/transactions/withdraw', body, undefined, 'retry-1'),
    );
    expect(poor.body.code).toBe('INSUFFICIENT_FUNDS');
    const fixed = await post(
      world,
      '/transactions/withdraw',
      { ...body, amount: 1_000 },
      undefined,
      'retry-1',
    );
    expect(fixed.status).toBe(201);
  });

  it('refuses a key that is not 1 to 200 visible ASCII characters', async () => {
    const world = await ledgerWorld();
    const body = counterForm(world.marieAccount, world.marie, 100);
    const answer = await refused(world, () =>
      post(world, '/transactions/deposit', body, undefined, 'x'.repeat(201)),
    );
    expect(answer.status).toBe(422);
    expect(answer.body.errors['Idempotency-Key']).toBeDefined();
  });

  it('keeps keys at least 24 hours, then prunes them', async () => {
    const world = await ledgerWorld();
    const body = counterForm(world.marieAccount, world.marie, 100);
    const first = await post(world, '/transactions/deposit', body, undefined, 'old-key');
    // Tokens last 8 hours: sign in again after moving the clock.
    const signIn = () => tokenOf(world.app, world.pap.teller.username, TELLER_PASSWORD);
    world.clock.advance(23 * 60 * 60 * 1000);
    const within = await post(world, '/transactions/deposit', body, await signIn(), 'old-key');
    expect(within.text).toBe(first.text);
    world.clock.advance(2 * 60 * 60 * 1000);
    // Any keyed request prunes (at most every 10 minutes); the old key is then gone.
    await post(world, '/transactions/deposit', body, await signIn(), 'another-key');
    expect((await ledgerSnapshot(world.db)).idempotencyKeys).toBe(1);
  });
});

/** A third agent whose float holds nothing. */
async function ledgerWorldAgentWithEmptyFloat(world: World): Promise<string> {
  const { createAgentWithTeller } = await import('../../helpers/ledger.js');
  const agent = await createAgentWithTeller(world.app, { code: 'JAC01', name: 'Jacmel' });
  return agent.teller.token;
}
