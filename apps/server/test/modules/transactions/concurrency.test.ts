import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idempotencyKeys, transactions } from '../../../src/db/schema.js';
import { moneyTransactionStats } from '../../../src/ledger/ledger.js';
import { databaseKind } from '../../helpers/database.js';
import { call, type Answer } from '../../helpers/fixtures.js';
import {
  balancesOf,
  cancelBody,
  cashTransferForm,
  counterForm,
  createCustomerAccount,
  createPerson,
  createTeller,
  expectLedgerInvariants,
  fundAccount,
  ledgerWorld,
  partyOf,
  recipientIdentity,
  recipientParty,
  type TestAccount,
  type TestPerson,
} from '../../helpers/ledger.js';

/*
 * Concurrent money requests over HTTP (app.inject, all in flight at once). On PostgreSQL they contend
 * for the same rows through a pool of connections: this is where the id-ordered locks and the
 * idempotency keys' primary key are really tested. PGlite has one connection and runs the same requests
 * one transaction after another; the test runs there too, for the idempotency part.
 */

/** A small deterministic generator, so that a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function countRows(world: Awaited<ReturnType<typeof ledgerWorld>>) {
  const [t] = await world.db.select({ n: count() }).from(transactions);
  const [k] = await world.db.select({ n: count() }).from(idempotencyKeys);
  return { transactions: Number(t!.n), keys: Number(k!.n) };
}

describe(`concurrent movements (${databaseKind})`, () => {
  it('runs 200 concurrent movements over few accounts, both ways, with repeated keys: no deadlock, no 5xx, each key posted once', async () => {
    const world = await ledgerWorld();
    const holders: TestPerson[] = [];
    const accounts: TestAccount[] = [];
    for (const name of ['Anne', 'Bruno', 'Carla', 'Denis']) {
      const person = await createPerson(world.db, { firstName: name, lastName: 'Test' });
      const account = await createCustomerAccount(world.db, [person]);
      await fundAccount(world.app, world.pap, account, 100_000_00);
      holders.push(person);
      accounts.push(account);
    }
    // Four tellers of PAP: one teller's movements that check a holder run one after another (decision 193),
    // different tellers' together.
    const papTellers = [world.pap.teller.token];
    for (const name of ['b', 'c', 'd']) papTellers.push(await createTeller(world.app, world.pap, name));
    const before = await countRows(world);
    const retriesBefore = moneyTransactionStats.retries;
    const next = random(20261122);

    // 150 distinct operations; 50 more requests repeat one of them with its key and body.
    interface Operation {
      url: string;
      key: string;
      body: Record<string, unknown>;
      token: string;
    }
    const operations: Operation[] = [];
    for (let i = 0; i < 150; i += 1) {
      const from = Math.floor(next() * 4);
      const to = (from + 1 + Math.floor(next() * 3)) % 4;
      const amount = 250 + Math.floor(next() * 50);
      const kind = next();
      if (kind < 0.7) {
        operations.push({
          url: '/api/transactions/transfer',
          key: `transfer-${i}`,
          token: papTellers[i % papTellers.length]!,
          body: {
            senderAccountNumber: accounts[from]!.accountNumber,
            recipientAccountNumber: accounts[to]!.accountNumber,
            party: partyOf(holders[from]!),
            amount,
          },
        });
      } else {
        // Deposits and withdrawals at both agents: their floats are touched from both sides too.
        const teller = next() < 0.5 ? world.pap : world.cap;
        operations.push({
          url: kind < 0.85 ? '/api/transactions/deposit' : '/api/transactions/withdraw',
          key: `counter-${i}`,
          token: teller.teller.token,
          body: counterForm(accounts[from]!, holders[from]!, amount),
        });
      }
    }
    const requests = [...operations];
    for (let i = 0; i < 50; i += 1) requests.push(operations[Math.floor(next() * operations.length)]!);
    // Shuffled, so that a repeat may arrive before, with, or after its first.
    for (let i = requests.length - 1; i > 0; i -= 1) {
      const j = Math.floor(next() * (i + 1));
      [requests[i], requests[j]] = [requests[j]!, requests[i]!];
    }

    const answers: Answer[] = await Promise.all(
      requests.map((request) =>
        call(world.app, 'POST', request.url, {
          token: request.token,
          body: request.body,
          headers: { 'idempotency-key': request.key },
        }),
      ),
    );

    expect(answers.filter((answer) => answer.status !== 201).map((answer) => answer.text)).toEqual([]);
    // Every answer of one key is the same, byte for byte.
    const byKey = new Map<string, Set<string>>();
    requests.forEach((request, index) => {
      const texts = byKey.get(`${request.token}|${request.key}`) ?? new Set<string>();
      texts.add(answers[index]!.text);
      byKey.set(`${request.token}|${request.key}`, texts);
    });
    expect([...byKey.values()].every((texts) => texts.size === 1)).toBe(true);
    // Each key posted exactly once.
    const after = await countRows(world);
    expect(after.transactions - before.transactions).toBe(150);
    expect(after.keys - before.keys).toBe(150);
    expect(
      new Set(
        answers.map(
          (answer) => (answer.body as { data: { transactionNumber: string } }).data.transactionNumber,
        ),
      ).size,
    ).toBe(150);
    // No deadlock had to be retried: the locks are always taken in one order.
    expect(moneyTransactionStats.retries - retriesBefore).toBe(0);

    // The balances are those of the 150 operations, each applied once.
    const expected = new Map<string, number>();
    const fees = (amount: number) => (amount >= 250 ? 5_00 : 0);
    const add = (id: string, delta: number) => expected.set(id, (expected.get(id) ?? 0) + delta);
    for (const operation of operations) {
      const amount = Math.round((operation.body.amount as number) * 100);
      if (operation.url.endsWith('transfer')) {
        const from = accounts.find((a) => a.accountNumber === operation.body.senderAccountNumber)!;
        const to = accounts.find((a) => a.accountNumber === operation.body.recipientAccountNumber)!;
        add(from.id, -(amount + fees(amount / 100)));
        add(to.id, amount);
      } else {
        const account = accounts.find((a) => a.accountNumber === operation.body.accountNumber)!;
        // 250–499,99 HTG: withdrawal fee 10 HTG.
        add(account.id, operation.url.endsWith('deposit') ? amount : -(amount + 10_00));
      }
    }
    const balances = await balancesOf(
      world.db,
      accounts.map((account) => account.id),
    );
    for (const account of accounts)
      expect(balances[account.id]).toBe(100_000_00 + (expected.get(account.id) ?? 0));
    await expectLedgerInvariants(world.db);
  }, 120_000);

  it('pays out or cancels each transfer once when both are asked at the same moment', async () => {
    const world = await ledgerWorld();
    const numbers: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const sent = await call(world.app, 'POST', '/api/transactions/transfer-extern', {
        token: world.pap.teller.token,
        body: cashTransferForm(world.marie, 500),
      });
      numbers.push(sent.body.data.transactionNumber as string);
    }
    const answers = await Promise.all(
      numbers.flatMap((number) => [
        call(world.app, 'POST', '/api/transactions/receive-transfer', {
          token: world.cap.teller.token,
          body: { transactionNumber: number, recipient: recipientIdentity, party: recipientParty },
        }),
        call(world.app, 'POST', `/api/transactions/${number}/cancel`, {
          token: world.pap.teller.token,
          body: cancelBody(world.marie),
        }),
        call(world.app, 'POST', '/api/transactions/receive-transfer', {
          token: world.pap.teller.token,
          body: { transactionNumber: number, recipient: recipientIdentity, party: recipientParty },
        }),
      ]),
    );
    for (let i = 0; i < numbers.length; i += 1) {
      const statuses = answers.slice(i * 3, i * 3 + 3).map((answer) => answer.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(2);
    }
    expect((await balancesOf(world.db, [world.system.payout]))[world.system.payout]).toBe(0);
    await expectLedgerInvariants(world.db);
  }, 60_000);
});
