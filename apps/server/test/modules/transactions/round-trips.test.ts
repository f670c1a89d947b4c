import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseKind } from '../../helpers/database.js';
import { call } from '../../helpers/fixtures.js';
import {
  cancelBody,
  cashTransferForm,
  counterForm,
  ledgerWorld,
  partyOf,
  recipientIdentity,
  recipientParty,
  superAdminToken,
} from '../../helpers/ledger.js';

/**
 * How many round trips to PostgreSQL one money request costs (decisions 140 and 143): every statement the
 * pool's clients send, `BEGIN` and `COMMIT` included, the session read included. On PostgreSQL only (the
 * node-postgres client is what is counted). With `ROUND_TRIPS_CPU=N`, also the server's CPU per request
 * (Node's, in this process, over N requests of each flow), printed for decision 143.
 */
type World = Awaited<ReturnType<typeof ledgerWorld>>;

let queries: { mock: { calls: unknown[] } };

// For the whole file: the pool's clients outlive a test.
beforeAll(() => {
  queries = vi.spyOn(pg.Client.prototype, 'query');
});

afterAll(() => {
  vi.restoreAllMocks();
});

async function counted(run: () => Promise<{ status: number }>, status = 201): Promise<number> {
  // Installed before the pool's clients connect (db/client.ts binds each client's `query` then).
  const before = queries.mock.calls.length;
  const answer = await run();
  const trips = queries.mock.calls.length - before;
  expect(answer.status, JSON.stringify(answer)).toBe(status);
  return trips;
}

const cpuRuns = Number(process.env.ROUND_TRIPS_CPU ?? 0);

/** A key never used before in the file: every request counted is a first one, never a replay. */
let keys = 0;
const freshKey = (name: string) => `${name}-${(keys += 1)}`;

/** Node's CPU per request (user + system, ms) over `cpuRuns` requests, after 20 to warm up. */
async function cpuPerRequest(run: (i: number) => Promise<{ status: number }>): Promise<number> {
  for (let i = 0; i < 20; i += 1) expect((await run(i)).status).toBe(201);
  const start = process.cpuUsage();
  for (let i = 0; i < cpuRuns; i += 1) expect((await run(20 + i)).status).toBe(201);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / cpuRuns;
}

function sendCash(world: World, key?: string) {
  return call(world.app, 'POST', '/api/transactions/transfer-extern', {
    token: world.pap.teller.token,
    body: cashTransferForm(world.marie, 100),
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
}

async function sent(world: World): Promise<string> {
  const answer = await sendCash(world);
  expect(answer.status).toBe(201);
  return (answer.body as { data: { transactionNumber: string } }).data.transactionNumber;
}

function deposit(world: World) {
  return call(world.app, 'POST', '/api/transactions/deposit', {
    token: world.pap.teller.token,
    body: counterForm(world.marieAccount, world.marie, 100),
    headers: { 'idempotency-key': freshKey('deposit') },
  });
}

const flows = {
  'agent deposit': (world: World, token: string) => (_i: number) =>
    call(world.app, 'POST', '/api/agents/deposit', {
      token,
      body: { code: 'CAP01', party: partyOf(world.marie), amount: 100 },
      headers: { 'idempotency-key': freshKey('agent-deposit') },
    }),
  cancel: async (world: World) => {
    const numbers: string[] = [];
    for (let i = 0; i < 20 + cpuRuns + 1; i += 1) numbers.push(await sent(world));
    return (i: number) =>
      call(world.app, 'POST', `/api/transactions/${numbers[i]}/cancel`, {
        token: world.pap.teller.token,
        body: cancelBody(world.marie),
        headers: { 'idempotency-key': `cancel-${numbers[i]}` },
      });
  },
  'external transfer': (world: World) => (_i: number) => sendCash(world, freshKey('send')),
  payout: async (world: World) => {
    const numbers: string[] = [];
    for (let i = 0; i < 20 + cpuRuns + 1; i += 1) numbers.push(await sent(world));
    return (i: number) =>
      call(world.app, 'POST', '/api/transactions/receive-transfer', {
        token: world.cap.teller.token,
        body: {
          transactionNumber: numbers[i],
          amount: 100,
          recipient: recipientIdentity,
          party: recipientParty,
        },
        headers: { 'idempotency-key': `payout-${numbers[i]}` },
      });
  },
  deposit: (world: World) => (_i: number) => deposit(world),
};

/**
 * Round trips per request of each flow, once the process's copies (agent, fees) are warm. The flows whose
 * answer names a sender read once more whether the teller may read that person whole (decision 171: the
 * external transfer before its call, which also tells whether another agent's customer needs her card; the
 * payout and the cancellation after theirs, to mask the answer's sender). The cancellation reads its
 * transfer's sender first, to compare the identity presented (decision 200).
 */
const expected: Record<keyof typeof flows, number> = {
  'agent deposit': 2,
  cancel: 4,
  'external transfer': 3,
  payout: 4,
  deposit: 2,
};

describe.runIf(databaseKind === 'postgres')('round trips per money request', () => {
  for (const [name, setUp] of Object.entries(flows) as [
    keyof typeof flows,
    (typeof flows)[keyof typeof flows],
  ][]) {
    it(`${name}: ${expected[name]} round trips`, async () => {
      const world = await ledgerWorld();
      const token = await superAdminToken(world.app);
      const run = await setUp(world, token);
      // A first request warms the process's copies (the agent, the fee schedule).
      const last = 20 + cpuRuns;
      const first = await run(last);
      expect(first.status, JSON.stringify(first)).toBe(201);
      if (cpuRuns > 0) {
        const cpu = await cpuPerRequest(run);
        console.log(`round-trips: ${name}: ${cpu.toFixed(3)} ms of Node CPU per request over ${cpuRuns}`);
      }
      const again = name === 'cancel' || name === 'payout' ? await setUp(world, token) : run;
      // The SMS sender's round after the set-up's postings (decision 240) is not the request's.
      await world.app.sms.idle();
      const trips = await counted(() => again(0));
      console.log(`round-trips: ${name}: ${trips}`);
      expect(trips).toBe(expected[name]);
    });
  }
});

/**
 * A teller's history page (decision 190): the session; the page's ids then their views, with its count
 * beside them; the holders' names and the senders as the teller may see them side by side. No read of
 * the agent (the process keeps its id).
 */
describe.runIf(databaseKind === 'postgres')('round trips per history page', () => {
  it('a page with a sender and an account: 6 statements', async () => {
    const world = await ledgerWorld();
    expect((await deposit(world)).status).toBe(201);
    await sent(world);
    const page = () =>
      call(world.app, 'GET', '/api/transactions/history?page=1&per_page=10', {
        token: world.pap.teller.token,
      });
    // A first page warms the process's copy of the agent's id.
    expect((await page()).status).toBe(200);
    const answer = await page();
    const rows = (answer.body as { data: { sender: unknown; accountNumber: unknown }[] }).data;
    expect(rows.some((row) => row.sender)).toBe(true);
    expect(rows.some((row) => row.accountNumber)).toBe(true);
    expect(await counted(page, 200)).toBe(6);
  });
});
