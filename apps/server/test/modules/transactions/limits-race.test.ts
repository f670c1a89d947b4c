import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { haitiDateOf, limitExceededMessage } from '@lajan/domain';
import pg from 'pg';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { transactions } from '../../../src/db/schema.js';
import { freePort } from '../../../src/db/embedded-postgres.js';
import { APP_URL, SUPERADMIN } from '../../helpers/build.js';
import { databaseKind, untilALockIsWaitedFor } from '../../helpers/database.js';
import { call } from '../../helpers/fixtures.js';
import {
  counterForm,
  createAgentWithTeller,
  createCustomerAccount,
  createPerson,
  createTeller,
  expectLedgerInvariants,
  fundFloat,
  ledgerWorld,
  type TestAccount,
} from '../../helpers/ledger.js';
import { countedOn, seedCounted, setLimits } from '../../helpers/limits.js';

/*
 * A customer's day limit under concurrency (issue 43, decision 227): two API processes on one PostgreSQL,
 * tellers of four agents, one customer, 1 000 deposits summing far over her day's limit, all in flight at
 * once: what was posted never passes the limit and equals her counter (LIMITS_RACE_ATTEMPTS for more).
 * The second test shows the day's row lock itself, which the first alone might not catch.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const bundle = path.join(serverDir, 'dist', `limits-race-${randomBytes(4).toString('hex')}.js`);
const ATTEMPTS = Number(process.env.LIMITS_RACE_ATTEMPTS ?? 1_000);
const DAY_LIMIT_HTG = 50_000;
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(bundle, { force: true });
  rmSync(`${bundle}.map`, { force: true });
});

/** The built server on `port`, on the test's database, signing with the test's secret (its tokens hold). */
function apiProcess(
  databaseUrl: string,
  jwtSecret: string,
  port: number,
): { child: ChildProcess; base: string } {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of ['SMTP_URL', 'TEST_DATABASE_URL']) delete env[name];
  const child = spawn(process.execPath, [bundle], {
    cwd: serverDir,
    env: {
      ...env,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: jwtSecret,
      DATA_DIR: `/tmp/lajan-limits-race-${port}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      APP_URL,
      SUPERADMIN_USERNAME: SUPERADMIN.username,
      SUPERADMIN_PASSWORD: SUPERADMIN.password,
      SUPERADMIN_EMAIL: SUPERADMIN.email,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return { child, base: `http://127.0.0.1:${port}` };
}

async function healthy(base: string): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    const status = await fetch(`${base}/api/health`).then(
      (answer) => answer.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no answer from ${base}/api/health`);
}

describe.runIf(databaseKind === 'postgres')(
  `a day's limit across two API processes (${databaseKind})`,
  () => {
    it(`never posts past the day's limit, and counts what it posts, under ${ATTEMPTS} concurrent deposits`, async () => {
      execFileSync(process.execPath, ['build.mjs', bundle], { cwd: serverDir, stdio: 'ignore' });
      const world = await ledgerWorld();
      const databaseUrl = world.config.databaseUrl!;
      const jwtSecret = world.config.jwtSecret!;
      const anne = await createPerson(world.db, { firstName: 'Anne', lastName: 'Course' });
      // Her accounts and the agents' floats are locked by each deposit, and a process posts one batch at a
      // time: each process has agents and accounts of its own, so that only her day's row holds the two apart.
      const accounts: TestAccount[] = [];
      for (let i = 0; i < 4; i += 1) accounts.push(await createCustomerAccount(world.db, [anne]));
      await setLimits(world.db, { cash_in: [1_000, DAY_LIMIT_HTG, 1_000_000] });
      const agents = [world.pap, world.cap];
      for (const code of ['JAC01', 'GON01']) {
        const agent = await createAgentWithTeller(world.app, { code, name: `Agent ${code}` });
        await fundFloat(world.app, agent, 200_000_00);
        agents.push(agent);
      }
      const tellers = agents.map((agent) => agent.teller.token);
      for (const agent of agents) tellers.push(await createTeller(world.app, agent, 'b'));
      const apis = [
        apiProcess(databaseUrl, jwtSecret, await freePort()),
        apiProcess(databaseUrl, jwtSecret, await freePort()),
      ];
      await Promise.all(apis.map((api) => healthy(api.base)));

      // 100 to 999 HTG each: about ten times the day's limit in all, every request in flight at once.
      const started = Date.now();
      const answers = await Promise.all(
        Array.from({ length: ATTEMPTS }, async (_, i) => {
          // Process i % 2: agents i % 4 (PAP01, JAC01 / CAP01, GON01), accounts i % 2 and i % 2 + 2.
          const answer = await fetch(`${apis[i % 2]!.base}/api/transactions/deposit`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${tellers[i % tellers.length]!}`,
              'idempotency-key': `race-${i}`,
            },
            body: JSON.stringify(
              counterForm(accounts[(i % 2) + 2 * (Math.floor(i / 2) % 2)]!, anne, 100 + ((i * 7919) % 900)),
            ),
          });
          return {
            status: answer.status,
            body: (await answer.json()) as { code?: string; message?: string },
          };
        }),
      );
      const elapsedMs = Date.now() - started;
      const statuses = new Map<string, number>();
      for (const answer of answers) {
        const key = `${answer.status} ${answer.body.code ?? ''}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
      }
      // Posted, or refused for the limit: nothing else (no 5xx, no other refusal).
      expect(
        [...statuses.keys()].filter((key) => key !== '201 ' && key !== '422 LIMIT_EXCEEDED'),
        JSON.stringify([...statuses]),
      ).toEqual([]);
      const [row] = await world.db
        .select({
          total: sql<string>`coalesce(sum(${transactions.amountCentimes}), 0)`,
          n: sql<string>`count(*)`,
        })
        .from(transactions)
        .where(
          and(
            inArray(
              transactions.accountId,
              accounts.map((account) => account.id),
            ),
            eq(transactions.type, 'deposit'),
          ),
        );
      const postedCentimes = Number(row!.total);
      const day = haitiDateOf(new Date());
      expect(postedCentimes).toBeLessThanOrEqual(DAY_LIMIT_HTG * 100);
      // The limit is reached within one attempt's amount: the refusals were not spurious.
      expect(postedCentimes).toBeGreaterThan(DAY_LIMIT_HTG * 100 - 1_000_00);
      expect(Number(row!.n)).toBe(statuses.get('201 '));
      expect(await countedOn(world.db, anne.id, 'cash_in', day)).toBe(postedCentimes);
      await expectLedgerInvariants(world.db);
      console.info(
        `limits race: ${ATTEMPTS} attempts in ${elapsedMs} ms, ${statuses.get('201 ')} posted (${postedCentimes / 100} HTG)`,
      );
    }, 180_000);

    it('makes a posting wait for another that holds the customer’s day, then counts what that one added', async () => {
      const world = await ledgerWorld();
      const anne = await createPerson(world.db, { firstName: 'Anne', lastName: 'Attente' });
      const account = await createCustomerAccount(world.db, [anne]);
      await setLimits(world.db, { cash_in: [3_000, 3_000, 100_000] });
      const day = haitiDateOf(world.clock.now());
      await seedCounted(world.db, anne.id, 'cash_in', day, 0, 0);
      // Another posting at another agent, on another account: it has locked her day and not written yet.
      const { connectionString } = (world.db as unknown as { $client: pg.Pool }).$client.options;
      const other = new pg.Client({ connectionString });
      await other.connect();
      try {
        await other.query('BEGIN');
        await other.query(
          `SELECT 1 FROM person_limit_days WHERE person_id = $1 AND category = 'cash_in' AND day = $2 FOR NO KEY UPDATE`,
          [anne.id, day],
        );
        const deposit = call(world.app, 'POST', '/api/transactions/deposit', {
          token: world.pap.teller.token,
          body: counterForm(account, anne, 1_000),
        });
        await untilALockIsWaitedFor(other, 'the posting never waited for the customer’s day');
        await other.query(
          `UPDATE person_limit_days SET total_centimes = total_centimes + 250000
          WHERE person_id = $1 AND category = 'cash_in' AND day = $2`,
          [anne.id, day],
        );
        await other.query('COMMIT');
        const answer = await deposit;
        expect(answer.status, JSON.stringify(answer.body)).toBe(422);
        expect(answer.body.message).toBe(limitExceededMessage('day', 500_00));
      } finally {
        await other.end();
      }
      expect(await countedOn(world.db, anne.id, 'cash_in', day)).toBe(2_500_00);
    });
  },
);
