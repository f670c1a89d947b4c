import { displayName, holderDocumentMessages, maskDocumentNumber } from '@lajan/domain';
import { and, eq } from 'drizzle-orm';
import { auditLog, loginAttempts } from '../../src/db/schema.js';
import { describe, expect, it } from 'vitest';
import { databaseKind } from '../helpers/database.js';
import { call } from '../helpers/fixtures.js';
import {
  busyLedgerWorld,
  cancelBody,
  cashTransferForm,
  counterForm,
  createAgentAdmin,
  createTeller,
  ledgerSnapshot,
  partyOf,
  recipientIdentity,
  recipientParty,
  recipientPerson,
  superAdminToken,
} from '../helpers/ledger.js';

/*
 * Object-level access to transactions (issue 10, "Proof that stays"): a teller and an administrator of
 * agent B (CAP01) acting on agent A's (PAP01) transactions, through every road that names one. Agent A
 * made deposits and a withdrawal and sent a pending cash transfer (busyLedgerWorld).
 */

async function scene() {
  const world = await busyLedgerWorld([100, 200]);
  const rows = await call(world.app, 'GET', '/api/transactions/history?type=withdrawal', {
    token: world.pap.teller.token,
  });
  const withdrawal = rows.body.data[0].transactionNumber as string;
  const agentB = {
    teller: world.cap.teller.token,
    administrator: await createAgentAdmin(world.app, world.cap),
  };
  return { ...world, withdrawal, agentB };
}

const roles = ['teller', 'administrator'] as const;

describe(`agent B on agent A's transactions (${databaseKind})`, () => {
  it.each(roles)(
    "search: the %s of B gets 404 for A's withdrawal and only the masked look-up of A's pending transfer",
    async (role) => {
      const world = await scene();
      const token = world.agentB[role];
      const search = (transactionNumber: string) =>
        call(world.app, 'POST', '/api/transactions/search', { token, body: { transactionNumber } });
      const withdrawal = await search(world.withdrawal);
      expect(withdrawal.status).toBe(404);
      expect(withdrawal.body.message).toBe('Transaction introuvable');

      const transfer = await search(world.transferNumber);
      expect(transfer.status).toBe(200);
      expect(Object.keys(transfer.body.data.transaction as object).sort()).toEqual(
        [
          'agent',
          'amount',
          'createdAt',
          'currency',
          'fee',
          'locked',
          'recipientMaskedName',
          'status',
          'transactionNumber',
          'type',
        ].sort(),
      );
      expect(JSON.stringify(transfer.body)).not.toContain(recipientPerson.lastName);
    },
  );

  it.each(roles)("history and its export: the %s of B never sees A's transactions", async (role) => {
    const world = await scene();
    const token = world.agentB[role];
    for (const q of [world.withdrawal, world.transferNumber, 'Délice', world.marie.lastName]) {
      const history = await call(world.app, 'GET', `/api/transactions/history?q=${encodeURIComponent(q)}`, {
        token,
      });
      expect(history.status).toBe(200);
      expect(history.body.pagination.total).toBe(0);
      const exported = await call(
        world.app,
        'GET',
        `/api/transactions/history/export?q=${encodeURIComponent(q)}`,
        { token },
      );
      expect(exported.status).toBe(200);
      expect(exported.text).not.toContain(world.withdrawal);
      expect(exported.text).not.toContain(world.transferNumber);
    }
  });

  it("cancel and unlock: refused to B's teller and administrator, nothing written", async () => {
    const world = await scene();
    const before = await ledgerSnapshot(world.db);
    const post = (number: string, action: string, token: string, body?: unknown) =>
      call(world.app, 'POST', `/api/transactions/${number}/${action}`, { token, body });
    // A cancellation names the sender (a teller) or gives a reason (an administrator): decision 200.
    const cancelAs = { teller: cancelBody(world.marie), administrator: { reason: 'Annulation demandée' } };
    for (const role of roles) {
      const cancel = await post(world.transferNumber, 'cancel', world.agentB[role], cancelAs[role]);
      expect(cancel.status).toBe(403);
      expect(cancel.body.code).toBe('NOT_SENDING_AGENT');
      // A's withdrawal is no transfer: unknown to this route.
      expect((await post(world.withdrawal, 'cancel', world.agentB[role], cancelAs[role])).status).toBe(404);
    }
    // The unlock is the administrator's (decision 200 amends 112): a teller has no such capability.
    const tellerUnlock = await post(world.transferNumber, 'unlock', world.agentB.teller);
    expect(tellerUnlock.status).toBe(403);
    expect(tellerUnlock.body.code).toBe('FORBIDDEN');
    const administratorUnlock = await post(world.transferNumber, 'unlock', world.agentB.administrator);
    expect(administratorUnlock.status).toBe(403);
    expect(administratorUnlock.body.code).toBe('NOT_SENDING_AGENT');
    expect((await post(world.withdrawal, 'unlock', world.agentB.administrator)).status).toBe(404);
    // A colleague of A without the sender cancels nothing: the old build's call, without a body.
    const anonymous = await post(
      world.transferNumber,
      'cancel',
      await createTeller(world.app, world.pap, 'voisin'),
    );
    expect(anonymous.status).toBe(422);
    expect(await ledgerSnapshot(world.db)).toEqual(before);
  });

  it("receive: B's administrator may not pay out; B's teller pays A's transfer only to the proved recipient", async () => {
    const world = await scene();
    const body = {
      transactionNumber: world.transferNumber,
      recipient: recipientIdentity,
      party: recipientParty,
    };
    const administrator = await call(world.app, 'POST', '/api/transactions/receive-transfer', {
      token: world.agentB.administrator,
      body,
    });
    expect(administrator.status).toBe(403);
    const impostor = await call(world.app, 'POST', '/api/transactions/receive-transfer', {
      token: world.agentB.teller,
      body: { ...body, recipient: { ...recipientIdentity, lastName: 'Desir' } },
    });
    expect(impostor.status).toBe(422);
    // A's withdrawal cannot be "paid out".
    const withdrawal = await call(world.app, 'POST', '/api/transactions/receive-transfer', {
      token: world.agentB.teller,
      body: { ...body, transactionNumber: world.withdrawal },
    });
    expect(withdrawal.status).toBe(404);
    const paid = await call(world.app, 'POST', '/api/transactions/receive-transfer', {
      token: world.agentB.teller,
      body,
    });
    expect(paid.status).toBe(201);
    expect(paid.body.data.agent.code).toBe('CAP01');
    // Once paid, A's transfer is A's again: B learns only that it was paid, and when (decision 131).
    for (const token of [world.agentB.teller, world.agentB.administrator]) {
      const search = await call(world.app, 'POST', '/api/transactions/search', {
        token,
        body: { transactionNumber: world.transferNumber },
      });
      expect(search.status).toBe(409);
      expect(Object.keys(search.body as object).sort()).toEqual(['code', 'message', 'paidAt']);
      expect(search.body.code).toBe('TRANSFER_ALREADY_PAID');
      expect(JSON.stringify(search.body)).not.toContain(recipientPerson.lastName);
    }
  });
});

/*
 * The sender of an external transfer is a person: whole to whoever may read its file (decision 111), masked
 * to anyone else (decision 171). The security review found it whole in the paying agent's answers and in the
 * answer of a teller who named another agent's customer as sender: a document number read there passed that
 * customer's holder check.
 */
describe(`the sender of an external transfer (${databaseKind})`, () => {
  it("B's teller who pays A's transfer sees its sender masked: the payout's answer, its replay, its key, B's history and search", async () => {
    const world = await scene();
    const masked = {
      id: world.marie.id,
      firstName: world.marie.firstName,
      lastName: world.marie.lastName,
      idDocumentType: world.marie.idDocumentType,
      idDocumentNumber: maskDocumentNumber(world.marie.idDocumentNumber),
      phoneNumber: null,
      address: null,
    };
    const payout = () =>
      call(world.app, 'POST', '/api/transactions/receive-transfer', {
        token: world.cap.teller.token,
        headers: { 'idempotency-key': 'payout-marie-1' },
        body: {
          transactionNumber: world.transferNumber,
          recipient: recipientIdentity,
          party: recipientParty,
        },
      });
    const paid = await payout();
    expect(paid.status).toBe(201);
    expect(paid.body.data.sender).toEqual(masked);
    expect(JSON.stringify(paid.body)).not.toContain(world.marie.idDocumentNumber);
    const replay = await payout();
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replay']).toBe('true');
    expect(replay.body).toEqual(paid.body);
    const fate = await call(world.app, 'GET', '/api/transactions/by-idempotency-key/payout-marie-1', {
      token: world.cap.teller.token,
    });
    expect(fate.body.data.transaction.sender).toEqual(masked);
    for (const token of [world.cap.teller.token, world.agentB.administrator]) {
      const history = await call(world.app, 'GET', '/api/transactions/history?type=external_payout', {
        token,
      });
      expect(history.body.data).toHaveLength(1);
      expect(history.body.data[0].sender).toEqual(masked);
      const search = await call(world.app, 'POST', '/api/transactions/search', {
        token,
        body: { transactionNumber: paid.body.data.transactionNumber },
      });
      expect(search.body.data.transaction.sender).toEqual(masked);
    }
    // A, whose customer Marie is, reads her whole on its own transfer.
    const own = await call(world.app, 'GET', '/api/transactions/history?type=external_transfer', {
      token: world.pap.teller.token,
    });
    expect(own.body.data[0].sender.idDocumentNumber).toBe(world.marie.idDocumentNumber);
    expect(own.body.data[0].sender.phoneNumber).toEqual(expect.any(String));
  });

  it("a teller who names another agent's customer as sender gets it masked, in the answer and its history", async () => {
    const world = await scene();
    // Rose is CAP01's customer. Without her card at the counter (another person's document as the party),
    // PAP01's teller may not name her (decision 171): 422 on the party's number, nothing posted.
    const before = await ledgerSnapshot(world.db);
    const withoutCard = await call(world.app, 'POST', '/api/transactions/transfer-extern', {
      token: world.pap.teller.token,
      body: { ...cashTransferForm(world.rose, 100), party: cashTransferForm(world.marie, 100).party },
    });
    expect(withoutCard.status).toBe(422);
    expect(withoutCard.body.errors['party.idDocumentNumber']).toEqual([
      holderDocumentMessages.senderMismatch(displayName(world.rose)),
    ]);
    expect(await ledgerSnapshot(world.db)).toEqual(before);
    // With her card, the transfer goes; she stays masked to PAP01.
    const sent = await call(world.app, 'POST', '/api/transactions/transfer-extern', {
      token: world.pap.teller.token,
      body: cashTransferForm(world.rose, 100),
    });
    expect(sent.status).toBe(201);
    const masked = {
      id: world.rose.id,
      firstName: world.rose.firstName,
      lastName: world.rose.lastName,
      idDocumentType: world.rose.idDocumentType,
      idDocumentNumber: maskDocumentNumber(world.rose.idDocumentNumber),
      phoneNumber: null,
      address: null,
    };
    expect(sent.body.data.sender).toEqual(masked);
    const history = await call(world.app, 'GET', '/api/transactions/history?type=external_transfer', {
      token: world.pap.teller.token,
    });
    const row = (history.body.data as { transactionNumber: string; sender: unknown }[]).find(
      (transaction) => transaction.transactionNumber === sent.body.data.transactionNumber,
    );
    expect(row?.sender).toEqual(masked);
  });
});

/*
 * The holder check of a withdrawal or a transfer is no oracle (decision 172): the review guessed another
 * agent's customer's document number by trial (30 wrong, the 31st withdrew the cash). Failures on an account
 * whose holders the teller may not read whole count in the holder checks' budget (5 in 15 minutes); past it,
 * 429 even with the right number. A teller's typos on its own customer count for nothing.
 */
/** A withdrawal of 100 HTG from Marie's account (PAP01's customer), with the `index`-th wrong document number. */
function withWrongDocument(world: Awaited<ReturnType<typeof scene>>, index: number) {
  const form = counterForm(world.marieAccount, world.marie, 100);
  return { ...form, party: { ...form.party, idDocumentNumber: `WRONG-${index}` } };
}

describe(`the holder check's budget (${databaseKind})`, () => {
  it("answers 429 to B's teller after five wrong numbers on A's customer's account, the right one included", async () => {
    const world = await scene();
    const token = world.cap.teller.token;
    const before = await ledgerSnapshot(world.db);
    for (let index = 0; index < 5; index += 1) {
      const wrong = await call(world.app, 'POST', '/api/transactions/withdraw', {
        token,
        body: withWrongDocument(world, index),
      });
      expect(wrong.status).toBe(403);
      expect(wrong.body.code).toBe('NOT_ACCOUNT_HOLDER');
    }
    for (const [path, body] of [
      ['/api/transactions/withdraw', counterForm(world.marieAccount, world.marie, 100)],
      [
        '/api/transactions/transfer',
        {
          senderAccountNumber: world.marieAccount.accountNumber,
          recipientAccountNumber: world.roseAccount.accountNumber,
          party: counterForm(world.marieAccount, world.marie, 1).party,
          amount: 100,
        },
      ],
    ] as const) {
      const right = await call(world.app, 'POST', path, { token, body });
      expect(right.status, path).toBe(429);
      expect(right.body.message).toBe(holderDocumentMessages.throttled);
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await ledgerSnapshot(world.db)).toEqual(before);
    const audited = await world.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'transactions.holder_check_throttled'));
    expect(audited).toHaveLength(1);
    // A deposit checks no holder: still open to B's teller.
    const deposit = await call(world.app, 'POST', '/api/transactions/deposit', {
      token,
      body: counterForm(world.roseAccount, world.rose, 100),
    });
    expect(deposit.status).toBe(201);
  });

  it.each([
    ['/api/transactions/withdraw', 'withdrawal'],
    ['/api/transactions/transfer', 'transfer'],
  ] as const)(
    'compares at most five numbers of a burst sent at once (%s), and counts each one it compared',
    async (path, kind) => {
      const world = await scene();
      const token = world.cap.teller.token;
      const before = await ledgerSnapshot(world.db);
      const bodyOf = (form: ReturnType<typeof counterForm>) =>
        kind === 'withdrawal'
          ? form
          : {
              senderAccountNumber: world.marieAccount.accountNumber,
              recipientAccountNumber: world.roseAccount.accountNumber,
              party: form.party,
              amount: 100,
            };
      // Nineteen wrong numbers and the right one, all at once (the review's burst: 19 compared, the right
      // one posted).
      const forms = Array.from({ length: 20 }, (_, index) =>
        index === 12 ? counterForm(world.marieAccount, world.marie, 100) : withWrongDocument(world, index),
      );
      const answers = await Promise.all(
        forms.map((form) => call(world.app, 'POST', path, { token, body: bodyOf(form) })),
      );
      const statuses = answers.map((answer) => answer.status);
      const compared = statuses.filter((status) => status === 403).length;
      expect(compared).toBeGreaterThan(0);
      expect(compared).toBeLessThanOrEqual(5);
      expect(statuses.every((status) => [403, 429, 201].includes(status))).toBe(true);
      // Every refusal the ledger gave is in the trail's count: none compared unseen.
      const failures = await world.db
        .select()
        .from(loginAttempts)
        .where(and(eq(loginAttempts.kind, 'holder_check'), eq(loginAttempts.succeeded, false)));
      expect(failures).toHaveLength(compared);
      // The right number, past the budget: refused.
      const right = await call(world.app, 'POST', path, {
        token,
        body: bodyOf(counterForm(world.marieAccount, world.marie, 100)),
      });
      expect(right.status).toBe(429);
      if (!statuses.includes(201)) expect(await ledgerSnapshot(world.db)).toEqual(before);
    },
  );

  it("counts nothing for a teller's typos on its own customer", async () => {
    const world = await scene();
    const token = world.pap.teller.token;
    for (let index = 0; index < 6; index += 1) {
      const wrong = await call(world.app, 'POST', '/api/transactions/withdraw', {
        token,
        body: withWrongDocument(world, index),
      });
      expect(wrong.status).toBe(403);
    }
    const right = await call(world.app, 'POST', '/api/transactions/withdraw', {
      token,
      body: counterForm(world.marieAccount, world.marie, 100),
    });
    expect(right.status).toBe(201);
  });
});

/*
 * The party at the counter is whoever showed a card there, on file or not (decision 208). Read back whole in
 * the history, a colleague withdrew as another agent's customer with her number alone: every read but the
 * money route's own answer masks it like a person's document, to all but the super administrator.
 */
describe(`the party's document (${databaseKind})`, () => {
  it("is masked to the teller's colleagues, its administrator and its own key's fate; whole in the answer, its replay and to the super administrator", async () => {
    const world = await scene();
    const card = world.marie.idDocumentNumber;
    const maskedParty = { ...partyOf(world.marie), idDocumentNumber: maskDocumentNumber(card) };
    // B's teller serves A's customer Marie once, her card presented.
    const withdraw = () =>
      call(world.app, 'POST', '/api/transactions/withdraw', {
        token: world.cap.teller.token,
        headers: { 'idempotency-key': 'party-marie-1' },
        body: counterForm(world.marieAccount, world.marie, 200),
      });
    const served = await withdraw();
    expect(served.status).toBe(201);
    expect(served.body.data.party).toEqual(partyOf(world.marie));
    const replay = await withdraw();
    expect(replay.headers['idempotent-replay']).toBe('true');
    expect(replay.body).toEqual(served.body);
    const number = served.body.data.transactionNumber as string;

    const colleague = await createTeller(world.app, world.cap, 'b3');
    for (const token of [colleague, world.agentB.administrator]) {
      const history = await call(world.app, 'GET', '/api/transactions/history?type=withdrawal', { token });
      const row = (history.body.data as { transactionNumber: string; party: unknown }[]).find(
        (transaction) => transaction.transactionNumber === number,
      );
      expect(row?.party).toEqual(maskedParty);
      expect(JSON.stringify(history.body)).not.toContain(card);
      const search = await call(world.app, 'POST', '/api/transactions/search', {
        token,
        body: { transactionNumber: number },
      });
      expect(search.body.data.transaction.party).toEqual(maskedParty);
      const csv = await call(world.app, 'GET', '/api/transactions/history/export', { token });
      expect(csv.status).toBe(200);
      expect(csv.text).not.toContain(card);
    }
    const fate = await call(world.app, 'GET', '/api/transactions/by-idempotency-key/party-marie-1', {
      token: world.cap.teller.token,
    });
    expect(fate.body.data.transaction.party).toEqual(maskedParty);
    // With what the history showed, the colleague cannot pass the holder check.
    const attempt = await call(world.app, 'POST', '/api/transactions/withdraw', {
      token: colleague,
      body: {
        ...counterForm(world.marieAccount, world.marie, 200),
        party: { ...maskedParty, name: 'N importe qui' },
      },
    });
    expect(attempt.status).toBe(403);

    const superAdmin = await superAdminToken(world.app);
    const all = await call(world.app, 'GET', '/api/transactions/history?type=withdrawal', {
      token: superAdmin,
    });
    const whole = (all.body.data as { transactionNumber: string; party: unknown }[]).find(
      (transaction) => transaction.transactionNumber === number,
    );
    expect(whole?.party).toEqual(partyOf(world.marie));
    const found = await call(world.app, 'POST', '/api/transactions/search', {
      token: superAdmin,
      body: { transactionNumber: number },
    });
    expect(found.body.data.transaction.party).toEqual(partyOf(world.marie));
  });

  it("masks a cash send's party, the sender's card, to the sending agent's own tellers beside its sender", async () => {
    const world = await scene();
    const history = await call(world.app, 'GET', '/api/transactions/history?type=external_transfer', {
      token: await createTeller(world.app, world.pap, 'a2'),
    });
    const row = (
      history.body.data as { transactionNumber: string; party: { idDocumentNumber: string } }[]
    ).find((transaction) => transaction.transactionNumber === world.transferNumber);
    expect(row?.party.idDocumentNumber).toBe(maskDocumentNumber(world.marie.idDocumentNumber));
  });
});
