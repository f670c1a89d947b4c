import { holderDocumentMessages } from '@lajan/domain';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { auditLog, loginAttempts } from '../../../src/db/schema.js';
import { Conflict, Throttled, ValidationFailed } from '../../../src/http/errors.js';
import { LedgerRefused } from '../../../src/ledger/results.js';
import { agentDepositFlow } from '../../../src/modules/transactions/flows/agent-deposit.js';
import { cancelFlow } from '../../../src/modules/transactions/flows/cancel.js';
import { depositFlow, withdrawalFlow } from '../../../src/modules/transactions/flows/counter.js';
import { externalTransferFlow } from '../../../src/modules/transactions/flows/external-transfer.js';
import { payoutFlow } from '../../../src/modules/transactions/flows/payout.js';
import { transferFlow } from '../../../src/modules/transactions/flows/transfer.js';
import { databaseKind } from '../../helpers/database.js';
import { call, type Answer } from '../../helpers/fixtures.js';
import {
  busyLedgerWorld,
  cancelBody,
  cashTransferForm,
  counterForm,
  createCustomerAccount,
  createPerson,
  fundAccount,
  ledgerSnapshot,
  partyOf,
  recipientIdentity,
  recipientParty,
  recipientPerson,
  superAdminToken,
  type TestAccount,
  type TestPerson,
} from '../../helpers/ledger.js';

/*
 * Decision 199: a receipt is never withheld, and the holder check's budget stops the guessing where it
 * happens. The fault-injection run of issue 39: once a teller had passed the budget, replays of operations
 * already acknowledged answered 429 instead of their stored answer, and a withdrawal on the teller's own
 * agent's customer answered 429 too. Agent B's teller (CAP01) works on agent A's (PAP01) customers Marie and
 * Jean, whose files it may not read, and on its own customer Rose.
 */

type World = Awaited<ReturnType<typeof busyLedgerWorld>>;

function post(world: World, path: string, body: unknown, options: { token?: string; key?: string } = {}) {
  return call(world.app, 'POST', `/api${path}`, {
    token: options.token ?? world.cap.teller.token,
    body,
    ...(options.key ? { headers: { 'idempotency-key': options.key } } : {}),
  });
}

/** A withdrawal of 100 HTG from `account` with a wrong document number, by B's teller: 403. */
async function wrongNumbers(world: World, account: TestAccount, holder: TestPerson, times: number) {
  for (let index = 0; index < times; index += 1) {
    const form = counterForm(account, holder, 100);
    const wrong = await post(world, '/transactions/withdraw', {
      ...form,
      party: { ...form.party, idDocumentNumber: `FAUX-${index}` },
    });
    expect(wrong.status, `wrong number ${index + 1} on ${account.accountNumber}`).toBe(403);
    expect(wrong.body.code).toBe('NOT_ACCOUNT_HOLDER');
  }
}

function expectReplayOf(replay: Answer, first: Answer, what: string) {
  expect(replay.status, what).toBe(first.status);
  expect(replay.text, what).toBe(first.text);
  expect(replay.headers['idempotent-replay'], what).toBe('true');
}

/** B's teller puts 1 000 HTG on Rose's account, her own customer's (a deposit checks no holder). */
async function fundRose(world: World) {
  const deposit = await post(
    world,
    '/transactions/deposit',
    counterForm(world.roseAccount, world.rose, 1000),
  );
  expect(deposit.status).toBe(201);
}

/** Another customer of agent A, with 1 000 HTG on an account of her own. */
async function customerOfA(world: World, firstName: string) {
  const person = await createPerson(world.db, { firstName, lastName: 'Pierre' });
  const account = await createCustomerAccount(world.db, [person], { agentId: world.pap.id });
  await fundAccount(world.app, world.pap, account, 1_000_00);
  return { person, account };
}

describe(`a receipt is never withheld (${databaseKind})`, () => {
  it("replays B's teller's acknowledged operations on A's customer after the budget is spent, the ledger untouched", async () => {
    const world = await busyLedgerWorld([1000]);
    const { marie, marieAccount, roseAccount } = world;
    const firsts: [string, unknown, string][] = [
      ['/transactions/withdraw', counterForm(marieAccount, marie, 100), 'recu-retrait'],
      [
        '/transactions/transfer',
        {
          senderAccountNumber: marieAccount.accountNumber,
          recipientAccountNumber: roseAccount.accountNumber,
          party: partyOf(marie),
          amount: 100,
        },
        'recu-transfert',
      ],
      [
        '/transactions/transfer-extern',
        {
          senderId: marie.id,
          accountNumber: marieAccount.accountNumber,
          recipient: recipientPerson,
          party: partyOf(marie),
          amount: 100,
        },
        'recu-externe-compte',
      ],
      ['/transactions/transfer-extern', cashTransferForm(marie, 100), 'recu-externe-especes'],
    ];
    const answers: Answer[] = [];
    for (const [path, body, key] of firsts) {
      const first = await post(world, path, body, { key });
      expect(first.status, key).toBe(201);
      answers.push(first);
    }

    // Then the budget is spent on Marie: five wrong numbers on her account, five wrong documents of hers
    // named as the sender of a cash transfer.
    await wrongNumbers(world, marieAccount, marie, 5);
    for (let index = 0; index < 5; index += 1) {
      const form = cashTransferForm(marie, 100);
      const wrong = await post(world, '/transactions/transfer-extern', {
        ...form,
        party: { ...form.party, idDocumentNumber: `FAUX-${index}` },
      });
      expect(wrong.status).toBe(422);
    }
    // Anything new on Marie is refused, the right number included.
    const right = await post(world, '/transactions/withdraw', counterForm(marieAccount, marie, 100));
    expect(right.status).toBe(429);
    expect(right.body.message).toBe(holderDocumentMessages.throttled);
    const sent = await post(world, '/transactions/transfer-extern', cashTransferForm(marie, 100));
    expect(sent.status).toBe(429);

    // The teller's link dropped after the money moved: her retries get her receipts, and nothing moves.
    const before = await ledgerSnapshot(world.db);
    for (const [index, [path, body, key]] of firsts.entries())
      expectReplayOf(await post(world, path, body, { key }), answers[index]!, key);
    expect(await ledgerSnapshot(world.db)).toEqual(before);
  });

  it("serves B's teller on her own customer, and on another account, after five wrong numbers on one", async () => {
    const world = await busyLedgerWorld([1000]);
    const { marie, marieAccount, jean, jeanAccount, rose, roseAccount } = world;
    await fundRose(world);
    await wrongNumbers(world, marieAccount, marie, 5);

    const own = await post(world, '/transactions/withdraw', counterForm(roseAccount, rose, 100));
    expect(own.status, own.text).toBe(201);
    // A typo on her own customer is told as such, never as the budget.
    const form = counterForm(roseAccount, rose, 100);
    const typo = await post(world, '/transactions/withdraw', {
      ...form,
      party: { ...form.party, idDocumentNumber: 'FAUTE-DE-FRAPPE' },
    });
    expect(typo.status).toBe(403);
    expect(typo.body.code).toBe('NOT_ACCOUNT_HOLDER');
    // Jean, another of A's customers, at the counter with his card: served.
    const other = await post(world, '/transactions/withdraw', counterForm(jeanAccount, jean, 100));
    expect(other.status).toBe(201);
    // Marie's account stays locked for this teller, the right number included.
    const right = await post(world, '/transactions/withdraw', counterForm(marieAccount, marie, 100));
    expect(right.status).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    // For this teller only: A's teller serves Marie.
    const atHome = await post(world, '/transactions/withdraw', counterForm(marieAccount, marie, 100), {
      token: world.pap.teller.token,
    });
    expect(atHome.status).toBe(201);
  });

  it('stops a teller who sprays wrong numbers over accounts at fifteen, on every account but her own customers', async () => {
    const world = await busyLedgerWorld([1000]);
    const { marie, marieAccount, jean, jeanAccount, rose, roseAccount } = world;
    const lucie = await customerOfA(world, 'Lucie');
    const anne = await customerOfA(world, 'Anne');
    await fundRose(world);
    await wrongNumbers(world, marieAccount, marie, 5);
    await wrongNumbers(world, jeanAccount, jean, 5);
    await wrongNumbers(world, lucie.account, lucie.person, 5);
    const failures = await world.db
      .select()
      .from(loginAttempts)
      .where(and(eq(loginAttempts.kind, 'holder_check'), eq(loginAttempts.succeeded, false)));
    expect(failures).toHaveLength(15);

    const fresh = await post(world, '/transactions/withdraw', counterForm(anne.account, anne.person, 100));
    expect(fresh.status).toBe(429);
    expect(fresh.body.message).toBe(holderDocumentMessages.throttled);
    const own = await post(world, '/transactions/withdraw', counterForm(roseAccount, rose, 100));
    expect(own.status, own.text).toBe(201);
    const audited = await world.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'transactions.holder_check_throttled'));
    expect(audited.map((row) => row.target).sort()).toEqual(
      [marieAccount.accountNumber, jeanAccount.accountNumber, lucie.account.accountNumber].sort(),
    );
  });
});

/*
 * Every money route, and any refusal that comes before the key is read (a budget, a drawer, a check another
 * change adds to a flow's plan): the executor answers the key's stored answer instead. The refusal is
 * injected into the route's own flow, once its first request has posted.
 */
describe(`every money route answers a stored key before any refusal (${databaseKind})`, () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const refusals = [
    ['a budget', () => new Throttled(900, holderDocumentMessages.throttled)],
    ['a closed drawer', () => new LedgerRefused('DrawerClosed')],
    ['a check of the input', () => new ValidationFailed({ party: ['Refusé'] })],
    ['a conflict', () => new Conflict('Refusé')],
  ] as const;

  type Route = {
    flow: { plan: (...args: never[]) => Promise<unknown> };
    first: (world: World) => { path: string; body: unknown; token: string | Promise<string> };
  };
  const routes: Record<string, Route> = {
    deposit: {
      flow: depositFlow,
      first: (world) => ({
        path: '/transactions/deposit',
        body: counterForm(world.marieAccount, world.marie, 100),
        token: world.pap.teller.token,
      }),
    },
    withdrawal: {
      flow: withdrawalFlow,
      first: (world) => ({
        path: '/transactions/withdraw',
        body: counterForm(world.marieAccount, world.marie, 100),
        token: world.pap.teller.token,
      }),
    },
    transfer: {
      flow: transferFlow,
      first: (world) => ({
        path: '/transactions/transfer',
        body: {
          senderAccountNumber: world.marieAccount.accountNumber,
          recipientAccountNumber: world.jeanAccount.accountNumber,
          party: partyOf(world.marie),
          amount: 100,
        },
        token: world.pap.teller.token,
      }),
    },
    'external transfer in cash': {
      flow: externalTransferFlow,
      first: (world) => ({
        path: '/transactions/transfer-extern',
        body: cashTransferForm(world.marie, 100),
        token: world.pap.teller.token,
      }),
    },
    'external transfer from an account': {
      flow: externalTransferFlow,
      first: (world) => ({
        path: '/transactions/transfer-extern',
        body: {
          senderId: world.marie.id,
          accountNumber: world.marieAccount.accountNumber,
          recipient: recipientPerson,
          party: partyOf(world.marie),
          amount: 100,
        },
        token: world.pap.teller.token,
      }),
    },
    payout: {
      flow: payoutFlow,
      first: (world) => ({
        path: '/transactions/receive-transfer',
        body: {
          transactionNumber: world.transferNumber,
          recipient: recipientIdentity,
          party: recipientParty,
        },
        token: world.cap.teller.token,
      }),
    },
    cancel: {
      flow: cancelFlow,
      first: (world) => ({
        path: `/transactions/${world.transferNumber}/cancel`,
        body: cancelBody(world.marie),
        token: world.pap.teller.token,
      }),
    },
    'agent deposit': {
      flow: agentDepositFlow,
      first: (world) => ({
        path: '/agents/deposit',
        body: { code: 'CAP01', party: partyOf(world.marie), amount: 100 },
        token: superAdminToken(world.app),
      }),
    },
  };

  it.each(Object.keys(routes))('%s', async (name) => {
    const route = routes[name]!;
    const world = await busyLedgerWorld([1000]);
    const { path, body, token: tokenOf } = route.first(world);
    const token = await tokenOf;
    const key = `recu-${name.replaceAll(' ', '-')}`;
    const first = await post(world, path, body, { token, key });
    expect(first.status, first.text).toBe(201);
    const before = await ledgerSnapshot(world.db);
    for (const [what, refusal] of refusals) {
      vi.spyOn(route.flow, 'plan').mockRejectedValueOnce(refusal());
      expectReplayOf(await post(world, path, body, { token, key }), first, what);
    }
    // The refusal stands for a request whose key answered nothing.
    vi.spyOn(route.flow, 'plan').mockRejectedValueOnce(new Throttled(900, holderDocumentMessages.throttled));
    const unknown = await post(world, path, body, { token, key: `${key}-autre` });
    expect(unknown.status).toBe(429);
    expect(await ledgerSnapshot(world.db)).toEqual(before);
  });
});
