import { addDays, haitiDateOf, limitEditorMessages } from '@lajan/domain';
import { eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, limitValues, limitVersions, personLimitDays } from '../../../src/db/schema.js';
import { call, tokenOf, type Answer } from '../../helpers/fixtures.js';
import {
  createAgentAdmin,
  createCustomerAccount,
  createPerson,
  ledgerWorld,
  superAdminToken,
  TELLER_PASSWORD,
} from '../../helpers/ledger.js';
import { HOUR_MS } from '../../helpers/clock.js';

/*
 * A customer's limits (decision 227): the super administrator's schedule editor, versioned as the fees
 * (decision 150), and what a customer has left, read by the amount step before « Enregistrer ».
 */

type World = Awaited<ReturnType<typeof limitsWorld>>;

/** `ledgerWorld` with version 1 of the schedule, as migration 0041 seeds it (the tests empty every table). */
async function limitsWorld() {
  const world = await ledgerWorld();
  // The world's funding deposits are counted too; each test counts its customer's days itself.
  await world.db.delete(personLimitDays);
  const [version] = await world.db
    .insert(limitVersions)
    .values({ number: 1, effectiveFrom: sql`'-infinity'::timestamptz` })
    .returning({ id: limitVersions.id });
  await world.db.insert(limitValues).values([
    {
      versionId: version!.id,
      category: 'cash_in',
      perOperationCentimes: 100_000_00,
      perDayCentimes: 250_000_00,
      perThirtyDaysCentimes: 1_500_000_00,
    },
    {
      versionId: version!.id,
      category: 'cash_out',
      perOperationCentimes: 100_000_00,
      perDayCentimes: 150_000_00,
      perThirtyDaysCentimes: 1_000_000_00,
    },
    {
      versionId: version!.id,
      category: 'send',
      perOperationCentimes: 100_000_00,
      perDayCentimes: 200_000_00,
      perThirtyDaysCentimes: 1_000_000_00,
    },
  ]);
  return world;
}

/**
 * Brings a version's moment to the database's now(), as if its time had come: the version in force is read
 * by the database's clock, as the posting reads it (`limit_values_in_force()`), not by the app's.
 */
async function takeEffect(world: World, number: number) {
  await world.db
    .update(limitVersions)
    .set({ effectiveFrom: sql`now()` })
    .where(eq(limitVersions.number, number));
}

const values = {
  cash_in: { per_operation: 50_000, per_day: 80_000, per_thirty_days: 500_000 },
  cash_out: { per_operation: 40_000, per_day: 60_000, per_thirty_days: 400_000 },
  send: { per_operation: 30_000, per_day: 50_000.5, per_thirty_days: 300_000 },
};

function post(world: World, token: string, body: unknown): Promise<Answer> {
  return call(world.app, 'POST', '/api/limits/versions', { token, body });
}

function schedule(world: World, token = world.pap.teller.token): Promise<Answer> {
  return call(world.app, 'GET', '/api/limits', { token });
}

function left(world: World, query: string, token = world.pap.teller.token): Promise<Answer> {
  return call(world.app, 'GET', `/api/limits/left?${query}`, { token });
}

/** The first coming version of an editor's answer. */
function comingOf(answer: Answer): { id: string; number: number } {
  expect(answer.status).toBe(201);
  return (answer.body.data.coming as { id: string; number: number }[])[0]!;
}

async function limitAudits(world: World) {
  return world.db.select().from(auditLog).where(like(auditLog.action, 'limits.%'));
}

/** What a person did in a category on a Haiti day, as the posting counts it. */
async function counted(world: World, personId: string, category: string, day: string, totalCentimes: number) {
  await world.db
    .insert(personLimitDays)
    .values({ personId, category: category as 'cash_in', day, totalCentimes });
}

describe('GET /api/limits', () => {
  it('answers version 1, seeded by the migration, to whoever reads the fee table', async () => {
    const world = await limitsWorld();
    const answer = await schedule(world);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      inForce: { number: 1, effectiveFrom: null, status: 'in_force', createdBy: null },
      coming: [],
      past: [],
    });
    expect(answer.body.data.inForce.values).toEqual([
      {
        category: 'cash_in',
        label: 'Dépôts en espèces',
        perOperation: 100_000,
        perDay: 250_000,
        perThirtyDays: 1_500_000,
      },
      {
        category: 'cash_out',
        label: 'Retraits en espèces',
        perOperation: 100_000,
        perDay: 150_000,
        perThirtyDays: 1_000_000,
      },
      { category: 'send', label: 'Envois', perOperation: 100_000, perDay: 200_000, perThirtyDays: 1_000_000 },
    ]);
    expect((await call(world.app, 'GET', '/api/limits')).status).toBe(401);
  });
});

describe('POST /api/limits/versions', () => {
  it('is the super administrator’s alone: 403 for an administrator and a teller, nothing written', async () => {
    const world = await limitsWorld();
    const admin = await createAgentAdmin(world.app, world.pap);
    for (const token of [admin, world.pap.teller.token]) {
      expect((await post(world, token, { values })).status).toBe(403);
      expect(
        (await call(world.app, 'POST', `/api/limits/versions/${crypto.randomUUID()}/cancel`, { token }))
          .status,
      ).toBe(403);
    }
    expect((await schedule(world)).body.data.inForce.number).toBe(1);
    expect(await limitAudits(world)).toEqual([]);
  });

  it('puts a version effective now in force at once and records the old and new limits', async () => {
    const world = await limitsWorld();
    const token = await superAdminToken(world.app);
    const answer = await post(world, token, { values });
    expect(answer.status).toBe(201);
    expect(answer.body.data.inForce).toMatchObject({
      number: 2,
      status: 'in_force',
      effectiveFrom: expect.any(String),
      createdBy: { username: 'superadmin' },
    });
    expect(answer.body.data.inForce.values[2]).toEqual({
      category: 'send',
      label: 'Envois',
      perOperation: 30_000,
      perDay: 50_000.5,
      perThirtyDays: 300_000,
    });
    expect(answer.body.data.past).toMatchObject([{ number: 1, status: 'past' }]);
    const [audit, ...others] = await limitAudits(world);
    expect(others).toEqual([]);
    expect(audit).toMatchObject({
      action: 'limits.version_created',
      actorUsername: 'superadmin',
      target: 'version 2',
    });
    expect(audit!.details).toMatchObject({
      version: 2,
      before: { version: 1, values: [{ category: 'cash_in', perDay: 250_000 }, {}, {}] },
      after: [{ category: 'cash_in', perDay: 80_000 }, {}, { category: 'send', perDay: 50_000.5 }],
    });
  });

  it('refuses values out of order or above the regulator’s cap, with each field’s message, writing nothing', async () => {
    const world = await limitsWorld();
    const token = await superAdminToken(world.app);
    const answer = await post(world, token, {
      values: {
        cash_in: { per_operation: 100_000.01, per_day: 200_000, per_thirty_days: 1_000_000 },
        cash_out: { per_operation: 40_000, per_day: 39_999.99, per_thirty_days: 400_000 },
        send: { per_operation: 30_000, per_day: 50_000, per_thirty_days: 49_999 },
      },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({
      'values.cash_in.per_operation': [limitEditorMessages.operationAboveCap],
      'values.cash_out.per_day': [limitEditorMessages.dayBelowOperation],
      'values.send.per_thirty_days': [limitEditorMessages.thirtyDaysBelowDay],
    });
    const missing = await post(world, token, {
      values: { ...values, send: { per_operation: 0, per_day: 1.234, per_thirty_days: null } },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({
      'values.send.per_operation': [limitEditorMessages.positive],
      'values.send.per_day': [limitEditorMessages.decimals],
      'values.send.per_thirty_days': [limitEditorMessages.valueRequired],
    });
    const past = await post(world, token, { values, effective_from: '2020-01-01T08:00:00-05:00' });
    expect(past.status).toBe(422);
    expect(past.body.errors).toEqual({
      effective_from: ["La date d'entrée en vigueur doit être dans le futur"],
    });
    expect((await schedule(world)).body.data).toMatchObject({ inForce: { number: 1 }, coming: [], past: [] });
    expect(await limitAudits(world)).toEqual([]);
  });

  it('keeps a version for later coming until its time, then in force, for the schedule and what is left', async () => {
    const world = await limitsWorld();
    const token = await superAdminToken(world.app);
    const at = new Date(Date.now() + HOUR_MS).toISOString();
    const answer = await post(world, token, { values, effective_from: at });
    expect(answer.status).toBe(201);
    expect(answer.body.data.inForce.number).toBe(1);
    expect(answer.body.data.coming).toMatchObject([{ number: 2, status: 'coming', effectiveFrom: at }]);
    const marie = `type=deposit&accountNumber=${world.marieAccount.accountNumber}`;
    expect((await left(world, marie)).body.data).toMatchObject({ version: 1, perOperation: 100_000 });

    // The app's clock does not bring it: the posting reads the database's.
    world.clock.advance(2 * HOUR_MS);
    const teller = await tokenOf(world.app, world.pap.teller.username, TELLER_PASSWORD);
    expect((await schedule(world, teller)).body.data.inForce.number).toBe(1);
    await takeEffect(world, 2);
    const later = await schedule(world, teller);
    expect(later.body.data).toMatchObject({ inForce: { number: 2, status: 'in_force' }, coming: [] });
    expect(later.body.data.past).toMatchObject([{ number: 1, status: 'past' }]);
    expect((await left(world, marie, teller)).body.data).toMatchObject({
      version: 2,
      perOperation: 50_000,
      leftToday: 80_000,
    });
  });

  it('cancels a coming version (audited), never one in force', async () => {
    const world = await limitsWorld();
    const token = await superAdminToken(world.app);
    const at = new Date(Date.now() + 2 * HOUR_MS).toISOString();
    const coming = comingOf(await post(world, token, { values, effective_from: at }));
    const cancel = (id: string) => call(world.app, 'POST', `/api/limits/versions/${id}/cancel`, { token });

    const answer = await cancel(coming.id);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ inForce: { number: 1 }, coming: [] });
    expect(answer.body.data.past).toMatchObject([
      { number: 2, status: 'cancelled', cancelledAt: expect.any(String) },
    ]);
    expect((await cancel(coming.id)).status).toBe(200);
    const audits = await limitAudits(world);
    expect(audits.filter((row) => row.action === 'limits.version_cancelled')).toHaveLength(1);

    expect((await schedule(world)).body.data.inForce.number).toBe(1);
    const next = comingOf(await post(world, token, { values, effective_from: at }));
    await takeEffect(world, next.number);
    const late = await cancel(next.id);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(limitEditorMessages.versionInForce);
    const inForce = (await schedule(world)).body.data.inForce as { id: string };
    const refused = await cancel(inForce.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(limitEditorMessages.versionInForce);
    expect((await cancel(crypto.randomUUID())).status).toBe(404);
    expect((await cancel('not-a-version')).status).toBe(404);
  });
});

describe('GET /api/limits/left', () => {
  it('says what is left today and over 30 days from the counted days, by the Haiti day of the clock', async () => {
    const world = await limitsWorld();
    const today = haitiDateOf(world.clock.now());
    await counted(world, world.marie.id, 'cash_out', today, 100_000_00);
    await counted(world, world.marie.id, 'cash_out', addDays(today, -1), 120_000_00);
    await counted(world, world.marie.id, 'cash_out', addDays(today, -29), 500_000_00);
    // Out of the window, and another category: not counted.
    await counted(world, world.marie.id, 'cash_out', addDays(today, -30), 900_000_00);
    await counted(world, world.marie.id, 'cash_in', today, 240_000_00);

    const answer = await left(world, `type=withdrawal&accountNumber=${world.marieAccount.accountNumber}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      type: 'withdrawal',
      category: 'cash_out',
      label: 'Retraits en espèces',
      day: today,
      version: 1,
      perOperation: 100_000,
      perDay: 150_000,
      perThirtyDays: 1_000_000,
      leftToday: 50_000,
      leftThirtyDays: 280_000,
      maxAmount: 50_000,
    });
    const deposit = await left(world, `type=deposit&accountNumber=${world.marieAccount.accountNumber}`);
    expect(deposit.body.data).toMatchObject({ category: 'cash_in', leftToday: 10_000, maxAmount: 10_000 });

    // The next Haiti day, today's total is yesterday's.
    world.clock.advance(24 * HOUR_MS);
    const teller = await tokenOf(world.app, world.pap.teller.username, TELLER_PASSWORD);
    const tomorrow = await left(
      world,
      `type=withdrawal&accountNumber=${world.marieAccount.accountNumber}`,
      teller,
    );
    expect(tomorrow.body.data).toMatchObject({
      leftToday: 150_000,
      leftThirtyDays: 780_000,
      maxAmount: 100_000,
    });
  });

  it('answers the least of a joint account’s holders, and a cash send’s sender by person', async () => {
    const world = await limitsWorld();
    const today = haitiDateOf(world.clock.now());
    const joint = await createCustomerAccount(world.db, [world.marie, world.jean], { agentId: world.pap.id });
    await counted(world, world.marie.id, 'send', today, 150_000_00);
    await counted(world, world.jean.id, 'send', addDays(today, -3), 900_000_00);

    const answer = await left(world, `type=transfer&accountNumber=${joint.accountNumber}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      category: 'send',
      leftToday: 50_000,
      leftThirtyDays: 100_000,
      maxAmount: 50_000,
    });
    const sender = await left(world, `type=external_transfer&personId=${world.jean.id}`);
    expect(sender.body.data).toMatchObject({
      leftToday: 200_000,
      leftThirtyDays: 100_000,
      maxAmount: 100_000,
    });
    // A person another agent registered is read by the persons routes' rule: any registered person.
    expect(
      (await left(world, `type=external_transfer&personId=${world.rose.id}`, world.pap.teller.token)).status,
    ).toBe(200);
  });

  it('answers 404 for another agent’s account, an unknown account or person; 422 without one', async () => {
    const world = await limitsWorld();
    const notFound = await left(world, `type=deposit&accountNumber=${world.roseAccount.accountNumber}`);
    expect(notFound.status).toBe(404);
    expect(notFound.body.message).toBe('Compte introuvable');
    const admin = await createAgentAdmin(world.app, world.pap);
    expect(
      (await left(world, `type=deposit&accountNumber=${world.marieAccount.accountNumber}`, admin)).status,
    ).toBe(200);
    expect(
      (await left(world, `type=deposit&accountNumber=${world.roseAccount.accountNumber}`, admin)).status,
    ).toBe(404);
    const superAdmin = await superAdminToken(world.app);
    expect(
      (await left(world, `type=deposit&accountNumber=${world.roseAccount.accountNumber}`, superAdmin)).status,
    ).toBe(200);
    expect((await left(world, `type=deposit&accountNumber=${world.pap.floatAccountNumber}`)).status).toBe(
      404,
    );
    expect((await left(world, 'type=deposit&accountNumber=999999999')).status).toBe(404);
    expect((await left(world, `type=external_transfer&personId=${crypto.randomUUID()}`)).status).toBe(404);
    expect((await left(world, 'type=deposit')).status).toBe(422);
    expect((await left(world, `type=agent_deposit&personId=${world.marie.id}`)).status).toBe(422);
    const stranger = await createPerson(world.db, { firstName: 'Paul', lastName: 'Noël' });
    expect((await left(world, `type=external_payout&personId=${stranger.id}`)).body.data).toMatchObject({
      category: 'cash_out',
      leftToday: 150_000,
    });
  });
});
