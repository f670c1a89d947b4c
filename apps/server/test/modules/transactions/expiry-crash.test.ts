import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, transactions } from '../../../src/db/schema.js';
import { bundleChild } from '../../helpers/child-bundle.js';
import { databaseKind } from '../../helpers/database.js';
import { call, tokenOf } from '../../helpers/fixtures.js';
import {
  balanceOf,
  cashTransferForm,
  expectLedgerInvariants,
  ledgerWorld,
  TELLER_PASSWORD,
} from '../../helpers/ledger.js';

/*
 * The expiry job under `kill -9` (issue 42, decision 225), as `test/embedded-postgres.test.ts` kills the server:
 * the job runs in a process of its own, is killed mid-run, and a run started afterwards settles what is left;
 * each transfer expires once, each account transfer is refunded once, and no centime is created.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let bundled: Awaited<ReturnType<typeof bundleChild>> | undefined;
const DAY_MS = 24 * 60 * 60 * 1000;
const SENT = 24;

afterAll(() => bundled?.remove());

describe.runIf(databaseKind === 'postgres')(`the expiry job under kill -9 (${databaseKind})`, () => {
  it('refunds each expired transfer exactly once after a crash mid-run and a new run', async () => {
    const [world] = await Promise.all([ledgerWorld(), bundleChild('expiry-child.ts').then((child) => (bundled = child))]);
    const post = (body: unknown) =>
      call(world.app, 'POST', '/api/transactions/transfer-extern', { token: world.pap.teller.token, body });
    const numbers: string[] = [];
    let sentFromAccount = 0;
    for (let i = 0; i < SENT; i += 1) {
      const amount = 100 + i;
      const fromAccount = i % 2 === 0;
      const sent = await post(
        fromAccount
          ? {
              ...cashTransferForm(world.marie, amount),
              accountNumber: world.marieAccount.accountNumber,
              currency: null,
            }
          : cashTransferForm(world.marie, amount),
      );
      expect(sent.status).toBe(201);
      numbers.push(sent.body.data.transactionNumber as string);
      if (fromAccount) sentFromAccount += amount * 100;
    }
    const accountBefore = await balanceOf(world.db, world.marieAccount.id);
    const payoutBefore = await balanceOf(world.db, world.system.payout);
    world.clock.advance(31 * DAY_MS);

    // The job in a process of its own, killed with SIGKILL once it has settled a third of the transfers.
    const child = spawn(process.execPath, [bundled!.file], {
      cwd: serverDir,
      env: {
        ...process.env,
        EXPIRY_DATABASE_URL: world.config.databaseUrl,
        EXPIRY_NOW_MS: String(world.clock.now().getTime()),
        EXPIRY_PAUSE_MS: '5',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    let settled = 0;
    for await (const line of createInterface({ input: child.stdout })) {
      if (line.startsWith('expired ')) settled += 1;
      if (settled === SENT / 3) {
        process.kill(child.pid!, 'SIGKILL');
        break;
      }
    }
    expect(await exited).toBe('SIGKILL');
    const statusesAfterCrash = await world.db
      .select({ status: transactions.status })
      .from(transactions)
      .where(inArray(transactions.transactionNumber, numbers));
    const expiredAfterCrash = statusesAfterCrash.filter((row) => row.status === 'expired').length;
    // Cut mid-run: some expired, the rest still pending.
    expect(expiredAfterCrash).toBeGreaterThanOrEqual(SENT / 3);
    expect(expiredAfterCrash).toBeLessThan(SENT);

    // The dead process's lock goes with its connection, as soon as its backend sees the socket closed.
    for (let i = 0; ; i += 1) {
      const held = await world.db
        .select({ pid: sql<number>`pid` })
        .from(sql`pg_locks`)
        .where(sql`locktype = 'advisory' and objid = 7210225 and granted`);
      if (held.length === 0) break;
      if (i > 100) throw new Error('the killed process still holds the expiry lock');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // The next run takes it and settles the rest.
    const outcome = await world.app.expiry.run();
    expect(outcome).not.toBe('busy');
    const transfers = await world.db
      .select({ id: transactions.id, number: transactions.transactionNumber, status: transactions.status })
      .from(transactions)
      .where(inArray(transactions.transactionNumber, numbers));
    expect(transfers.map((row) => row.status)).toEqual(numbers.map(() => 'expired'));
    const refunds = await world.db
      .select({ related: transactions.relatedTransactionId })
      .from(transactions)
      .where(eq(transactions.type, 'external_refund'));
    // One refund per account transfer, none for a cash one (still « à rembourser »).
    expect(refunds).toHaveLength(SENT / 2);
    expect(new Set(refunds.map((row) => row.related)).size).toBe(SENT / 2);
    for (const number of numbers) {
      const audits = await world.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'transactions.transfer_expired'), eq(auditLog.target, number)));
      expect(audits, number).toHaveLength(1);
    }
    expect(
      await world.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'transfer_expired')),
    ).toHaveLength(SENT);
    expect(await balanceOf(world.db, world.marieAccount.id)).toBe(accountBefore + sentFromAccount);
    expect(await balanceOf(world.db, world.system.payout)).toBe(payoutBefore - sentFromAccount);
    await expectLedgerInvariants(world.db);

    // The cash ones wait at the sending agent.
    const token = await tokenOf(world.app, world.pap.teller.username, TELLER_PASSWORD);
    const owed = await call(world.app, 'GET', '/api/transactions/to-refund?per_page=100', { token });
    expect(owed.body.meta.total).toBe(SENT / 2);
  });
});
