import type { FeeType } from '@lajan/domain';
import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, feeVersions, transactions } from '../../../src/db/schema.js';
import { call, type Answer } from '../../helpers/fixtures.js';
import {
  cashTransferForm,
  counterForm,
  ledgerSnapshot,
  ledgerWorld,
  superAdminToken,
  transactionRow,
} from '../../helpers/ledger.js';

/*
 * Fee versions (issue 16, item 4; decision 150): a change takes effect at a chosen moment and never edits the
 * past; a quote names its version; an operation records the version it was charged with; a confirmation whose
 * quoted version is no longer in force is refused 409 `FEES_CHANGED` with the new quote, writing nothing.
 */

type World = Awaited<ReturnType<typeof ledgerWorld>>;
type Band = { min_amount: number; max_amount: number; fee: number; agent_share: number };

/** The withdrawal schedule, shortened to three bands: 1 500 HTG costs 50 HTG instead of 40. */
const threeBands: Band[] = [
  { min_amount: 20, max_amount: 999.99, fee: 15, agent_share: 6 },
  { min_amount: 1000, max_amount: 9999.99, fee: 50, agent_share: 20 },
  { min_amount: 10_000, max_amount: 59_999.99, fee: 150, agent_share: 60 },
];

const tomorrow = () => new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();

function put(world: World, token: string, body: unknown, type = 'withdrawal'): Promise<Answer> {
  return call(world.app, 'PUT', `/api/transactions/fees/${type}`, { token, body });
}

function quote(world: World, type = 'withdrawal', amount = 1500): Promise<Answer> {
  return call(world.app, 'GET', `/api/transactions/fees/quote?type=${type}&amount=${amount}`, {
    token: world.pap.teller.token,
  });
}

function withdraw(world: World, options: { feeVersion?: number; key?: string } = {}): Promise<Answer> {
  return call(world.app, 'POST', '/api/transactions/withdraw', {
    token: world.pap.teller.token,
    body: {
      ...counterForm(world.marieAccount, world.marie, 1500),
      ...(options.feeVersion === undefined ? {} : { feeVersion: options.feeVersion }),
    },
    ...(options.key ? { headers: { 'idempotency-key': options.key } } : {}),
  });
}

async function groupOf(world: World, type = 'withdrawal') {
  const answer = await call(world.app, 'GET', '/api/transactions/fees', { token: world.pap.teller.token });
  expect(answer.status).toBe(200);
  return (answer.body.data as { type: string }[]).find((group) => group.type === type) as unknown as {
    version: { number: number; effectiveFrom: string };
    coming: { number: number; effectiveFrom: string; rows: Band[] }[];
    rows: Band[];
  };
}

/**
 * Brings a version's moment to the database's now(), as if its time had come (the rule reads the database's
 * clock; the later transactions see it in force, and it is later than version 1's, written at the seed).
 */
async function takeEffect(world: World, number: number, type: FeeType = 'withdrawal') {
  await world.db
    .update(feeVersions)
    .set({ effectiveFrom: sql`now()` })
    .where(and(eq(feeVersions.type, type), eq(feeVersions.number, number)));
}

async function transactionCount(world: World): Promise<number> {
  const [row] = await world.db.select({ n: count() }).from(transactions);
  return Number(row!.n);
}

describe('a scheduled fee version', () => {
  it("leaves today's quote and postings unchanged, shows as coming, and applies once its time has come", async () => {
    const world = await ledgerWorld();
    const token = await superAdminToken(world.app);
    const from = tomorrow();
    const scheduled = await put(world, token, { rows: threeBands, effective_from: from });
    expect(scheduled.status).toBe(200);
    // The answer is the group as it stands: version 1 in force with its bands, version 2 coming.
    expect(scheduled.body.data).toMatchObject({ type: 'withdrawal', version: { number: 1 } });
    expect(scheduled.body.data.rows).toHaveLength(11);
    expect(scheduled.body.data.coming).toEqual([
      {
        number: 2,
        effectiveFrom: new Date(from).toISOString(),
        rows: threeBands.map((band) => ({ type: 'withdrawal', ...band })),
      },
    ]);

    const today = await quote(world);
    expect(today.body.data).toMatchObject({
      fee: 40,
      agentShare: 16,
      total: 1540,
      feeVersion: { number: 1 },
    });
    const posted = await withdraw(world, { feeVersion: 1 });
    expect(posted.status).toBe(201);
    expect(posted.body.data).toMatchObject({ fee: 40, feeVersion: 1 });
    expect(await transactionRow(world.db, posted.body.data.transactionNumber as string)).toMatchObject({
      feeCentimes: 40_00,
      feeVersion: 1,
    });
    // Each type has its own chain: the transfer is still at its version 1, with nothing coming.
    expect(await groupOf(world, 'transfer')).toMatchObject({ version: { number: 1 }, coming: [] });

    await takeEffect(world, 2);
    const group = await groupOf(world);
    expect(group.version.number).toBe(2);
    expect(group.coming).toEqual([]);
    expect(group.rows).toEqual(threeBands.map((band) => ({ type: 'withdrawal', ...band })));
    expect((await quote(world)).body.data).toMatchObject({ fee: 50, total: 1550, feeVersion: { number: 2 } });
    // This process still holds version 1's bands: the posting's check finds them stale, and it reads again.
    const after = await withdraw(world);
    expect(after.status).toBe(201);
    expect(after.body.data).toMatchObject({ fee: 50, agentShare: 20, feeVersion: 2 });
    // The first withdrawal keeps its fee and its version, in the history too.
    const history = await call(world.app, 'GET', '/api/transactions/history?type=withdrawal', {
      token: world.pap.teller.token,
    });
    const rows = history.body.data as { transactionNumber: string; fee: number; feeVersion: number }[];
    expect(rows.find((row) => row.transactionNumber === posted.body.data.transactionNumber)).toMatchObject({
      fee: 40,
      feeVersion: 1,
    });

    const versions = await call(world.app, 'GET', '/api/transactions/fees/withdrawal/versions', { token });
    expect(versions.status).toBe(200);
    expect(versions.body.data).toMatchObject([
      { number: 2, status: 'in_force', createdBy: { username: 'superadmin' }, cancelledAt: null },
      { number: 1, status: 'past', createdBy: null, cancelledAt: null },
    ]);
    expect(versions.body.data[1].rows).toHaveLength(11);
  });

  it('takes effect by itself at its moment, by the database clock', async () => {
    const world = await ledgerWorld();
    const token = await superAdminToken(world.app);
    const soon = new Date(Date.now() + 1500).toISOString();
    expect((await put(world, token, { rows: threeBands, effective_from: soon })).status).toBe(200);
    expect((await quote(world)).body.data).toMatchObject({ fee: 40, feeVersion: { number: 1 } });
    await new Promise((resolve) => setTimeout(resolve, Date.parse(soon) - Date.now() + 200));
    expect((await quote(world)).body.data).toMatchObject({ fee: 50, feeVersion: { number: 2 } });
    expect((await withdraw(world, { feeVersion: 2 })).body.data).toMatchObject({ fee: 50, feeVersion: 2 });
  });

  it('records the version on every banded operation, none on an unbanded one', async () => {
    const world = await ledgerWorld();
    const deposit = await call(world.app, 'POST', '/api/transactions/deposit', {
      token: world.pap.teller.token,
      body: counterForm(world.marieAccount, world.marie, 500),
    });
    expect(deposit.body.data).toMatchObject({ fee: 0, feeVersion: 1 });
    const sent = await call(world.app, 'POST', '/api/transactions/transfer-extern', {
      token: world.pap.teller.token,
      body: { ...cashTransferForm(world.marie, 1000), feeVersion: 1 },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ fee: 65, feeVersion: 1 });
    const [funding] = await world.db
      .select({ feeVersion: transactions.feeVersion })
      .from(transactions)
      .where(eq(transactions.type, 'agent_deposit'));
    expect(funding).toEqual({ feeVersion: null });
  });
});

describe('a confirmation whose quoted version is no longer in force', () => {
  it('is refused 409 FEES_CHANGED with the new quote, posts nothing, and its key posts once confirmed again', async () => {
    const world = await ledgerWorld();
    const token = await superAdminToken(world.app);
    // This process reads version 1 into its copy.
    expect((await withdraw(world)).status).toBe(201);
    const quoted = await quote(world);
    expect(quoted.body.data.feeVersion.number).toBe(1);
    // The super administrator's change, effective now: the process's copy is stale.
    expect((await put(world, token, { rows: threeBands })).status).toBe(200);

    const before = await ledgerSnapshot(world.db);
    const count = await transactionCount(world);
    const refused = await withdraw(world, { feeVersion: 1, key: 'retrait-frais-1' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: 'Les frais ont changé',
      code: 'FEES_CHANGED',
      quote: {
        type: 'withdrawal',
        amount: 1500,
        fee: 50,
        agentShare: 20,
        total: 1550,
        currency: 'HTG',
        feeVersion: { number: 2, effectiveFrom: expect.any(String) },
      },
    });
    expect(await ledgerSnapshot(world.db)).toEqual(before);
    expect(await transactionCount(world)).toBe(count);

    // The teller confirms the new quote with the same key: it was not consumed.
    const confirmed = await withdraw(world, { feeVersion: 2, key: 'retrait-frais-1' });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.data).toMatchObject({ fee: 50, total: 1550, feeVersion: 2 });
  });

  it('is refused on an external transfer too (the flow posted in one call with its own reads)', async () => {
    const world = await ledgerWorld();
    const token = await superAdminToken(world.app);
    const externalBands = [{ min_amount: 20, max_amount: 100_000, fee: 99, agent_share: 9 }];
    expect((await put(world, token, { rows: externalBands }, 'external_transfer')).status).toBe(200);
    const count = await transactionCount(world);
    const refused = await call(world.app, 'POST', '/api/transactions/transfer-extern', {
      token: world.pap.teller.token,
      body: { ...cashTransferForm(world.marie, 1000), feeVersion: 1 },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'FEES_CHANGED',
      quote: { type: 'external_transfer', fee: 99, total: 1099, feeVersion: { number: 2 } },
    });
    expect(await transactionCount(world)).toBe(count);
  });

  it('posts when the client quoted the version in force though this process held an older copy', async () => {
    const world = await ledgerWorld();
    const token = await superAdminToken(world.app);
    expect((await withdraw(world)).status).toBe(201);
    expect((await put(world, token, { rows: threeBands })).status).toBe(200);
    const posted = await withdraw(world, { feeVersion: 2 });
    expect(posted.status).toBe(201);
    expect(posted.body.data).toMatchObject({ fee: 50, feeVersion: 2 });
  });

  it('answers a repeat of a request that posted before the change with its first answer', async () => {
    const world = await ledgerWorld();
    const token = await superAdminToken(world.app);
    const first = await withdraw(world, { feeVersion: 1, key: 'retrait-avant' });
    expect(first.status).toBe(201);
    expect((await put(world, token, { rows: threeBands })).status).toBe(200);
    const count = await transactionCount(world);
    const repeat = await withdraw(world, { feeVersion: 1, key: 'retrait-avant' });
    expect(repeat.status).toBe(201);
    expect(repeat.headers['idempotent-replay']).toBe('true');
    expect(repeat.text).toBe(first.text);
    expect(await transactionCount(world)).toBe(count);
  });
});

describe('DELETE /api/transactions/fees/{type}/versions/{number}', () => {
  it('cancels a coming version, audited; refuses one in force or past; 404 for an unknown number', async () => {
    const world = await ledgerWorld();
    const token = await superAdminToken(world.app);
    const remove = (number: number | string) =>
      call(world.app, 'DELETE', `/api/transactions/fees/withdrawal/versions/${number}`, { token });
    expect((await put(world, token, { rows: threeBands, effective_from: tomorrow() })).status).toBe(200);

    const cancelled = await remove(2);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ type: 'withdrawal', version: { number: 1 }, coming: [] });
    const [audit, ...others] = await world.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'fees.version_cancelled'));
    expect(others).toEqual([]);
    expect(audit).toMatchObject({ actorUsername: 'superadmin', target: 'withdrawal' });
    expect(audit!.details).toMatchObject({ type: 'withdrawal', version: 2 });
    // Cancelled, it never applies: the quote stays at version 1.
    expect((await quote(world)).body.data).toMatchObject({ fee: 40, feeVersion: { number: 1 } });
    const versions = await call(world.app, 'GET', '/api/transactions/fees/withdrawal/versions', { token });
    expect(versions.body.data[0]).toMatchObject({
      number: 2,
      status: 'cancelled',
      cancelledAt: expect.any(String),
    });
    // Cancelled twice: nothing more.
    expect((await remove(2)).status).toBe(200);

    const inForce = await remove(1);
    expect(inForce.status).toBe(409);
    expect(inForce.body).toEqual({
      message: 'Cette version est déjà entrée en vigueur : elle ne peut plus être annulée',
      code: 'FEE_VERSION_IN_FORCE',
    });
    // A version effective now makes version 1 past: still not cancellable.
    expect((await put(world, token, { rows: threeBands })).status).toBe(200);
    expect((await remove(1)).body.code).toBe('FEE_VERSION_IN_FORCE');
    expect((await remove(3)).body.code).toBe('FEE_VERSION_IN_FORCE');

    const unknown = await remove(99);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Version du barème introuvable');
  });
});

describe('PUT /api/transactions/fees/{type} with effective_from', () => {
  it('refuses a moment in the past, unreadable, or from 2100 on, writing nothing', async () => {
    const world = await ledgerWorld();
    const token = await superAdminToken(world.app);
    const refusal = async (effective_from: unknown) => {
      const answer = await put(world, token, { rows: threeBands, effective_from });
      expect(answer.status).toBe(422);
      return answer.body.errors as Record<string, string[]>;
    };
    expect(await refusal(new Date(Date.now() - 60_000).toISOString())).toEqual({
      effective_from: ["La date d'entrée en vigueur doit être dans le futur"],
    });
    expect(await refusal('2030-01-01T08:00')).toEqual({
      effective_from: ["La date d'entrée en vigueur est invalide"],
    });
    expect(await refusal('2100-01-01T00:00:00Z')).toEqual({
      effective_from: ["La date d'entrée en vigueur doit être antérieure à 2100"],
    });
    const [versions] = await world.db.select({ n: count() }).from(feeVersions);
    expect(Number(versions!.n)).toBe(4);
    expect(await world.db.select().from(auditLog).where(eq(auditLog.action, 'fees.updated'))).toEqual([]);
  });

  it('takes an explicit null as now', async () => {
    const world = await ledgerWorld();
    const answer = await put(world, await superAdminToken(world.app), {
      rows: threeBands,
      effective_from: null,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ version: { number: 2 }, coming: [] });
  });
});
