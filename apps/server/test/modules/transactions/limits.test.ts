import { haitiDateOf, limitExceededMessage, type LimitCategory, type LimitPeriod } from '@lajan/domain';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { personLimitDays, transactions } from '../../../src/db/schema.js';
import { accountById, accountByNumber } from '../../../src/ledger/account-ref.js';
import { limitsLeft } from '../../../src/ledger/limits.js';
import { depositFlow } from '../../../src/modules/transactions/flows/counter.js';
import { databaseKind } from '../../helpers/database.js';
import { call, createUser, tokenOf, type Answer } from '../../helpers/fixtures.js';
import {
  cashTransferForm,
  counterForm,
  createAgentAdmin,
  createCustomerAccount,
  createPerson,
  expectLedgerInvariants,
  fundAccount,
  ledgerWorld,
  partyOf,
  recipientIdentity,
  recipientParty,
  TELLER_PASSWORD,
  type TestAccount,
  type TestPerson,
} from '../../helpers/ledger.js';
import { countedIn, countedOn, seedCounted, setLimits } from '../../helpers/limits.js';

/*
 * A customer's limits (issue 43 part 1, decision 227): checked by the posting in its own transaction, per
 * operation, Haiti day and 30 days, for each person an operation counts; the last centime allowed passes,
 * the next is refused with what is left.
 */

type World = Awaited<ReturnType<typeof ledgerWorld>>;

function post(world: World, url: string, body: unknown, token = world.pap.teller.token, key?: string) {
  world.clock.advance(1000);
  return call(world.app, 'POST', `/api${url}`, {
    token,
    body,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
}

/** The refusal as the client reads it, its spaces plain (formatHtg's are narrow no-break ones). */
function expectRefused(answer: Answer, period: LimitPeriod, text: string, centimes: number) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(422);
  expect(answer.body.code).toBe('LIMIT_EXCEEDED');
  expect(answer.body.message).toBe(limitExceededMessage(period, centimes));
  expect(String(answer.body.message).replace(/\s/g, ' ')).toBe(text);
  expect(answer.body.errors).toEqual({ amount: [answer.body.message] });
}

function expectPosted(answer: Answer) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

/** A customer of her own with an account holding 50 000 HTG (its funding counted as cash in, not the rest). */
async function customer(world: World, name: string): Promise<{ person: TestPerson; account: TestAccount }> {
  const person = await createPerson(world.db, { firstName: name, lastName: 'Limite' });
  const account = await createCustomerAccount(world.db, [person], { agentId: world.pap.id });
  await fundAccount(world.app, world.pap, account, 50_000_00);
  return { person, account };
}

/** An operation of each category by `person` from or to `account`. */
const operations: Record<
  LimitCategory,
  (world: World, person: TestPerson, account: TestAccount, amount: number) => Promise<Answer>
> = {
  cash_in: (world, person, account, amount) =>
    post(world, '/transactions/deposit', counterForm(account, person, amount)),
  cash_out: (world, person, account, amount) =>
    post(world, '/transactions/withdraw', counterForm(account, person, amount)),
  send: (world, person, account, amount) =>
    post(world, '/transactions/transfer', {
      senderAccountNumber: account.accountNumber,
      recipientAccountNumber: world.jeanAccount.accountNumber,
      party: partyOf(person),
      amount,
    }),
};

async function transactionCount(world: World): Promise<number> {
  const [row] = await world.db.select({ n: count() }).from(transactions);
  return Number(row!.n);
}

describe(`a customer's limits, at their edges (${databaseKind})`, () => {
  for (const category of ['cash_in', 'cash_out', 'send'] as const) {
    const operate = operations[category];

    it(`${category}: per operation, the limit passes and a centime more is refused, nothing written`, async () => {
      const world = await ledgerWorld();
      const { person, account } = await customer(world, 'Opéra');
      await setLimits(world.db, { [category]: [1_000, 100_000, 1_000_000] });
      const day = haitiDateOf(world.clock.now());
      const before = await countedOn(world.db, person.id, category, day);
      const written = await transactionCount(world);
      expectRefused(
        await operate(world, person, account, 1_000.01),
        'operation',
        'Montant au-dessus de la limite par opération pour ce client : 1 000,00 HTG au plus',
        1_000_00,
      );
      expect(await countedOn(world.db, person.id, category, day)).toBe(before);
      expect(await transactionCount(world)).toBe(written);
      expectPosted(await operate(world, person, account, 1_000));
      expect(await countedOn(world.db, person.id, category, day)).toBe(before + 1_000_00);
      await expectLedgerInvariants(world.db);
    });

    it(`${category}: per day, the last centime passes and the next is refused with what is left`, async () => {
      const world = await ledgerWorld();
      const { person, account } = await customer(world, 'Journée');
      const day = haitiDateOf(world.clock.now());
      // What the funding counted today (cash in) is part of the day.
      const already = await countedOn(world.db, person.id, category, day);
      await setLimits(world.db, { [category]: [100_000, already / 100 + 3_000, 1_000_000] });
      expectPosted(await operate(world, person, account, 1_000));
      expectRefused(
        await operate(world, person, account, 2_000.01),
        'day',
        "Limite journalière atteinte pour ce client : reste 2 000,00 HTG aujourd'hui",
        2_000_00,
      );
      expect(await countedOn(world.db, person.id, category, day)).toBe(already + 1_000_00);
      expectPosted(await operate(world, person, account, 2_000));
      expectRefused(
        await operate(world, person, account, 20),
        'day',
        "Limite journalière atteinte pour ce client : reste 0,00 HTG aujourd'hui",
        0,
      );
      expect(await countedOn(world.db, person.id, category, day)).toBe(already + 3_000_00);
      const left = await limitsLeft(world.db, [person.id], category, day);
      expect(left).toMatchObject({ dayLeftCentimes: 0, allowedCentimes: 0, personId: person.id });
    });

    it(`${category}: per 30 days, the day and the 29 before count, the 30th before does not`, async () => {
      const world = await ledgerWorld();
      const { person, account } = await customer(world, 'Mois');
      const day = haitiDateOf(world.clock.now());
      const already = await countedOn(world.db, person.id, category, day);
      await seedCounted(world.db, person.id, category, day, 29, 4_000);
      await seedCounted(world.db, person.id, category, day, 30, 90_000);
      await setLimits(world.db, { [category]: [100_000, 100_000, already / 100 + 8_000] });
      expectPosted(await operate(world, person, account, 1_000));
      expectRefused(
        await operate(world, person, account, 3_000.01),
        'thirtyDays',
        'Limite sur 30 jours atteinte pour ce client : reste 3 000,00 HTG',
        3_000_00,
      );
      expectPosted(await operate(world, person, account, 3_000));
      expect(await limitsLeft(world.db, [person.id], category, day)).toMatchObject({
        thirtyDaysLeftCentimes: 0,
        allowedCentimes: 0,
      });
      expectRefused(
        await operate(world, person, account, 20),
        'thirtyDays',
        'Limite sur 30 jours atteinte pour ce client : reste 0,00 HTG',
        0,
      );
      // The next day, the 29th before drops out of the window.
      expect(
        await limitsLeft(
          world.db,
          [person.id],
          category,
          haitiDateOf(new Date(world.clock.now().getTime() + 86_400_000)),
        ),
      ).toMatchObject({ thirtyDaysLeftCentimes: 4_000_00 });
    });
  }
});

describe(`whom an operation counts (${databaseKind})`, () => {
  it('counts both holders of a joint account, and refuses for the one with the least left', async () => {
    const world = await ledgerWorld();
    const anne = await createPerson(world.db, { firstName: 'Anne', lastName: 'Jointe' });
    const bruno = await createPerson(world.db, { firstName: 'Bruno', lastName: 'Joint' });
    const joint = await createCustomerAccount(world.db, [anne, bruno]);
    const brunoOwn = await createCustomerAccount(world.db, [bruno]);
    const day = haitiDateOf(world.clock.now());
    // No version in force (the tests' database starts with none): nothing to tell.
    expect(await limitsLeft(world.db, [anne.id], 'cash_in', day)).toBeUndefined();
    await setLimits(world.db, { cash_in: [100_000, 5_000, 100_000] });
    expect(await limitsLeft(world.db, [], 'cash_in', day)).toMatchObject({
      limits: { perOperationCentimes: 5_000_00, perDayCentimes: 5_000_00, perThirtyDaysCentimes: 100_000_00 },
      allowedCentimes: 5_000_00,
      personId: null,
    });
    expectPosted(await post(world, '/transactions/deposit', counterForm(brunoOwn, bruno, 2_500)));
    expectPosted(await post(world, '/transactions/deposit', counterForm(joint, anne, 1_000)));
    expect(await countedOn(world.db, anne.id, 'cash_in', day)).toBe(1_000_00);
    expect(await countedOn(world.db, bruno.id, 'cash_in', day)).toBe(3_500_00);
    // Anne has 4 000 left, Bruno 1 500: the refusal names Bruno's.
    expectRefused(
      await post(world, '/transactions/deposit', counterForm(joint, anne, 1_500.01)),
      'day',
      "Limite journalière atteinte pour ce client : reste 1 500,00 HTG aujourd'hui",
      1_500_00,
    );
    expect(await limitsLeft(world.db, [anne.id, bruno.id], 'cash_in', day)).toMatchObject({
      personId: bruno.id,
      dayLeftCentimes: 1_500_00,
      allowedCentimes: 1_500_00,
    });
    expectPosted(await post(world, '/transactions/deposit', counterForm(joint, anne, 1_500)));
    expect(await countedOn(world.db, anne.id, 'cash_in', day)).toBe(2_500_00);
    expect(await countedOn(world.db, bruno.id, 'cash_in', day)).toBe(5_000_00);
  });

  it('counts an internal transfer for the sender’s holders only, never the recipient’s', async () => {
    const world = await ledgerWorld();
    await setLimits(world.db, {});
    const day = haitiDateOf(world.clock.now());
    const jeanBefore = await countedIn(world.db, world.jean.id);
    expectPosted(
      await post(world, '/transactions/transfer', {
        senderAccountNumber: world.marieAccount.accountNumber,
        recipientAccountNumber: world.jeanAccount.accountNumber,
        party: partyOf(world.marie),
        amount: 1_500,
      }),
    );
    expect(await countedOn(world.db, world.marie.id, 'send', day)).toBe(1_500_00);
    expect(await countedIn(world.db, world.jean.id)).toEqual(jeanBefore);
  });

  it('counts a cash send for its sender, and a pay-out for a recipient who is a registered person', async () => {
    const world = await ledgerWorld();
    await setLimits(world.db, { cash_out: [100_000, 1_500, 100_000] });
    const day = haitiDateOf(world.clock.now());
    const paul = await createPerson(world.db, {
      firstName: recipientIdentity.firstName,
      lastName: recipientIdentity.lastName,
      idDocumentType: 'id_card',
      idDocumentNumber: recipientIdentity.idDocumentNumber,
    });
    const sent = await post(world, '/transactions/transfer-extern', cashTransferForm(world.marie, 1_000));
    expectPosted(sent);
    expect(await countedOn(world.db, world.marie.id, 'send', day)).toBe(1_000_00);
    const payout = (number: string) =>
      post(
        world,
        '/transactions/receive-transfer',
        { transactionNumber: number, recipient: recipientIdentity, party: recipientParty },
        world.cap.teller.token,
      );
    expectPosted(await payout(sent.body.data.transactionNumber as string));
    expect(await countedOn(world.db, paul.id, 'cash_out', day)).toBe(1_000_00);
    // A second pay-out to her of 1 000 HTG passes her day's 1 500 HTG: refused, the transfer still pending.
    const second = await post(world, '/transactions/transfer-extern', cashTransferForm(world.jean, 1_000));
    expectPosted(second);
    expectRefused(
      await payout(second.body.data.transactionNumber as string),
      'day',
      "Limite journalière atteinte pour ce client : reste 500,00 HTG aujourd'hui",
      500_00,
    );
    expect(await countedOn(world.db, paul.id, 'cash_out', day)).toBe(1_000_00);
    // Sent from an account: its holders count (Jean), as his cash send counted him.
    const jeanSent = await countedOn(world.db, world.jean.id, 'send', day);
    const fromAccount = await post(world, '/transactions/transfer-extern', {
      ...cashTransferForm(world.jean, 300),
      accountNumber: world.jeanAccount.accountNumber,
      currency: null,
    });
    expectPosted(fromAccount);
    expect(await countedOn(world.db, world.jean.id, 'send', day)).toBe(jeanSent + 300_00);
    expect(await countedOn(world.db, world.marie.id, 'send', day)).toBe(1_000_00);
    await expectLedgerInvariants(world.db);
  });

  it('gives back a reversed transfer on the original’s day, never below zero', async () => {
    const world = await ledgerWorld();
    await setLimits(world.db, { send: [100_000, 2_000, 100_000] });
    await createAgentAdmin(world.app, world.pap);
    await createUser(world.db, {
      username: 'caisse.pap01.b',
      password: TELLER_PASSWORD,
      role: 'user',
      agentId: world.pap.id,
    });
    const day = haitiDateOf(world.clock.now());
    const transfer = await post(world, '/transactions/transfer', {
      senderAccountNumber: world.marieAccount.accountNumber,
      recipientAccountNumber: world.jeanAccount.accountNumber,
      party: partyOf(world.marie),
      amount: 1_500,
    });
    expectPosted(transfer);
    expect(await countedOn(world.db, world.marie.id, 'send', day)).toBe(1_500_00);
    // Counted 500 HTG only (as a transfer posted before the limits were): the give-back stops at zero.
    await world.db
      .update(personLimitDays)
      .set({ totalCentimes: 500_00 })
      .where(and(eq(personLimitDays.personId, world.marie.id), eq(personLimitDays.category, 'send')));
    // Two days later, the reversal gives the 1 500 HTG back on the transfer's day.
    world.clock.advance(2 * 86_400_000);
    const askerToken = await tokenOf(world.app, 'caisse.pap01.b', TELLER_PASSWORD);
    const adminToken = await tokenOf(world.app, 'admin.pap01', TELLER_PASSWORD);
    const asked = await post(
      world,
      `/transactions/${transfer.body.data.transactionNumber as string}/corrections`,
      { reason: 'Mauvais compte' },
      askerToken,
    );
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const approved = await post(
      world,
      `/corrections/${asked.body.data.id as string}/approve`,
      undefined,
      adminToken,
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(201);
    expect(await countedOn(world.db, world.marie.id, 'send', day)).toBe(0);
    const later = haitiDateOf(world.clock.now());
    expect(await countedOn(world.db, world.marie.id, 'send', later)).toBe(0);
    await expectLedgerInvariants(world.db);
  });

  it('answers a repeat of an acknowledged operation with its stored answer once the limit is reached', async () => {
    const world = await ledgerWorld();
    const { person, account } = await customer(world, 'Rejeu');
    const day = haitiDateOf(world.clock.now());
    await setLimits(world.db, { cash_out: [100_000, 3_000, 100_000] });
    const first = await post(
      world,
      '/transactions/withdraw',
      counterForm(account, person, 1_000),
      undefined,
      'k-1',
    );
    expectPosted(first);
    expectPosted(
      await post(world, '/transactions/withdraw', counterForm(account, person, 2_000), undefined, 'k-2'),
    );
    expectRefused(
      await post(world, '/transactions/withdraw', counterForm(account, person, 20), undefined, 'k-3'),
      'day',
      "Limite journalière atteinte pour ce client : reste 0,00 HTG aujourd'hui",
      0,
    );
    const written = await transactionCount(world);
    const again = await post(
      world,
      '/transactions/withdraw',
      counterForm(account, person, 1_000),
      undefined,
      'k-1',
    );
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await transactionCount(world)).toBe(written);
    expect(await countedOn(world.db, person.id, 'cash_out', day)).toBe(3_000_00);
    // Lowered below what was done today: nothing left, the figure never negative.
    await setLimits(world.db, { cash_out: [100_000, 2_000, 100_000] });
    expectRefused(
      await post(world, '/transactions/withdraw', counterForm(account, person, 20)),
      'day',
      "Limite journalière atteinte pour ce client : reste 0,00 HTG aujourd'hui",
      0,
    );
  });
});

describe(`a customer's limits under concurrent requests (${databaseKind})`, () => {
  it('posts no more than the day allows when many deposits for one customer arrive together', async () => {
    const world = await ledgerWorld();
    const anne = await createPerson(world.db, { firstName: 'Anne', lastName: 'Foule' });
    const account = await createCustomerAccount(world.db, [anne]);
    await setLimits(world.db, { cash_in: [1_000, 3_000, 100_000] });
    const day = haitiDateOf(world.clock.now());
    // In flight together: the group commit puts them in batches, each item seeing what the earlier added.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(world.app, 'POST', '/api/transactions/deposit', {
          token: world.pap.teller.token,
          body: counterForm(account, anne, 400 + i),
        }),
      ),
    );
    const posted = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    const postedCentimes = posted.reduce(
      (sum, answer) => sum + Math.round(Number(answer.body.data.amount) * 100),
      0,
    );
    expect(postedCentimes).toBeLessThanOrEqual(3_000_00);
    // Any seven of 400–411 HTG fit in 3 000 HTG, no eight do.
    expect(posted.length).toBe(7);
    for (const answer of refused)
      expect(answer.body.code, JSON.stringify(answer.body)).toBe('LIMIT_EXCEEDED');
    expect(await countedOn(world.db, anne.id, 'cash_in', day)).toBe(postedCentimes);
    await expectLedgerInvariants(world.db);
  });
});

describe(`the key before the limit, in the posting itself (${databaseKind})`, () => {
  it('replays a stored key whose operation would now pass the limit, without the executor’s fallback', async () => {
    const world = await ledgerWorld();
    const anne = await createPerson(world.db, { firstName: 'Anne', lastName: 'Clé' });
    const account = await createCustomerAccount(world.db, [anne]);
    await setLimits(world.db, { cash_in: [3_000, 3_000, 100_000] });
    const customer = accountByNumber(account.accountNumber);
    const teller = world.pap.teller.id;
    // The ledger's posting path alone: a refusal here would be thrown, not replaced by the stored answer.
    const deposit = (amountCentimes: number, key: string) =>
      world.app.services.ledger.postMovement(world.db, {
        flow: depositFlow,
        accounts: { customer, agentFloat: accountById(world.pap.floatAccountId) },
        amountCentimes,
        actor: { userId: teller, agent: { id: world.pap.id, floatAccountId: world.pap.floatAccountId } },
        record: { party: partyOf(anne), account: customer },
        at: world.clock.now(),
        named: [{ accountNumber: account.accountNumber, field: 'accountNumber' }],
        key: { userId: teller, route: 'POST /limits-test', key, requestHash: `h-${key}` },
        answer: () => JSON.stringify({ key }),
        storedAnswer: (row) => ({ status: row.status, bodyText: row.body }),
        cashDrawer: true,
      });
    expect(await deposit(1_000_00, 'k-1')).toMatchObject({ replayed: false });
    expect(await deposit(2_000_00, 'k-2')).toMatchObject({ replayed: false });
    await expect(deposit(1_000_00, 'k-3')).rejects.toMatchObject({
      refusal: 'LimitExceeded',
      details: { field: 'amount', limit: { period: 'day', centimes: 0 } },
    });
    expect(await deposit(1_000_00, 'k-1')).toEqual({
      replayed: true,
      answer: { status: 201, bodyText: JSON.stringify({ key: 'k-1' }) },
    });
    expect(await countedOn(world.db, anne.id, 'cash_in', haitiDateOf(world.clock.now()))).toBe(3_000_00);
  });
});
