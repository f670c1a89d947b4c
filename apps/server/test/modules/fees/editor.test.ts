import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, feeSchedule } from '../../../src/db/schema.js';
import { call } from '../../helpers/fixtures.js';
import {
  createAgentAdmin,
  ledgerWorld,
  partyOf,
  superAdminToken,
  transactionRow,
} from '../../helpers/ledger.js';
import { formatHtg } from '@lajan/domain';

type World = Awaited<ReturnType<typeof ledgerWorld>>;
type Band = { min_amount: number; max_amount: number; fee: number; agent_share: number };

/** The withdrawal schedule, shortened to three bands. */
const threeBands: Band[] = [
  { min_amount: 20, max_amount: 999.99, fee: 15, agent_share: 6 },
  { min_amount: 1000, max_amount: 9999.99, fee: 50, agent_share: 20 },
  { min_amount: 10_000, max_amount: 59_999.99, fee: 150, agent_share: 60.5 },
];

function put(world: World, type: string, rows: unknown, token: string) {
  return call(world.app, 'PUT', `/api/transactions/fees/${type}`, { token, body: { rows } });
}

async function scheduleSnapshot(world: World) {
  return (await call(world.app, 'GET', '/api/transactions/fees', { token: world.pap.teller.token })).body
    .data as { type: string; rows: Band[] }[];
}

async function feeAudits(world: World) {
  return world.db.select().from(auditLog).where(eq(auditLog.action, 'fees.updated'));
}

describe('PUT /api/transactions/fees/{type}', () => {
  it("replaces one type's bands, leaves the other types alone and records the old and new bands", async () => {
    const world = await ledgerWorld();
    const token = await superAdminToken(world.app);
    const before = await scheduleSnapshot(world);
    const answer = await put(world, 'withdrawal', threeBands, token);
    expect(answer.status).toBe(200);
    // A change effective now is version 2 of the type, in force at once (decision 150).
    expect(answer.body.data).toEqual({
      type: 'withdrawal',
      label: 'Retrait',
      version: { number: 2, effectiveFrom: expect.any(String) },
      coming: [],
      rows: threeBands.map((band) => ({ type: 'withdrawal', ...band })),
    });
    const after = await scheduleSnapshot(world);
    expect(after.find((group) => group.type === 'withdrawal')!.rows).toEqual(answer.body.data.rows);
    expect(after.filter((group) => group.type !== 'withdrawal')).toEqual(
      before.filter((group) => group.type !== 'withdrawal'),
    );

    const [audit, ...others] = await feeAudits(world);
    expect(others).toEqual([]);
    expect(audit).toMatchObject({ actorUsername: 'superadmin', target: 'withdrawal' });
    const details = audit!.details as {
      before: Band[];
      after: Band[];
      version: number;
      effectiveFrom: string;
    };
    expect(details).toMatchObject({ version: 2, effectiveFrom: answer.body.data.version.effectiveFrom });
    expect(details.after).toEqual(threeBands);
    expect(details.before).toHaveLength(11);
    expect(details.before[0]).toEqual({ min_amount: 20, max_amount: 99.99, fee: 0, agent_share: 0 });
  });

  it('accepts bands given in any order and answers them ordered by their lower bound', async () => {
    const world = await ledgerWorld();
    const answer = await put(world, 'transfer', [...threeBands].reverse(), await superAdminToken(world.app));
    expect(answer.status).toBe(200);
    expect((answer.body.data.rows as Band[]).map((band) => band.min_amount)).toEqual([20, 1000, 10_000]);
  });

  it('applies to the next quote and operation, never to a posted transaction', async () => {
    const world = await ledgerWorld();
    const superToken = await superAdminToken(world.app);
    const withdraw = () =>
      call(world.app, 'POST', '/api/transactions/withdraw', {
        token: world.pap.teller.token,
        body: { accountNumber: world.marieAccount.accountNumber, party: partyOf(world.marie), amount: 1500 },
      });
    const first = await withdraw();
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ fee: 40, agentShare: 16, total: 1540 });

    expect((await put(world, 'withdrawal', threeBands, superToken)).status).toBe(200);

    const quote = await call(world.app, 'GET', '/api/transactions/fees/quote?type=withdrawal&amount=1500', {
      token: world.pap.teller.token,
    });
    expect(quote.body.data).toMatchObject({ fee: 50, agentShare: 20, total: 1550 });
    const second = await withdraw();
    expect(second.status).toBe(201);
    expect(second.body.data).toMatchObject({ fee: 50, agentShare: 20, total: 1550 });

    // The first withdrawal keeps what it was charged, in the database and in the history.
    const stored = await transactionRow(world.db, first.body.data.transactionNumber as string);
    expect(stored).toMatchObject({ feeCentimes: 40_00, agentShareCentimes: 16_00 });
    const history = await call(world.app, 'GET', '/api/transactions/history?type=withdrawal', {
      token: world.pap.teller.token,
    });
    const shown = (
      history.body.data as { transactionNumber: string; fee: number; agentShare: number }[]
    ).find((row) => row.transactionNumber === first.body.data.transactionNumber);
    expect(shown).toMatchObject({ fee: 40, agentShare: 16 });
  });

  it('refuses overlapping bands with a French message on the band, writing nothing', async () => {
    const world = await ledgerWorld();
    const before = await scheduleSnapshot(world);
    const overlapping = [threeBands[0], { ...threeBands[1]!, min_amount: 900 }, threeBands[2]];
    const answer = await put(world, 'withdrawal', overlapping, await superAdminToken(world.app));
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      message: `Cette tranche chevauche la tranche de ${formatHtg(20)} à ${formatHtg(999.99)}`,
      code: 'VALIDATION_ERROR',
      errors: {
        'rows.1.min_amount': [
          `Cette tranche chevauche la tranche de ${formatHtg(20)} à ${formatHtg(999.99)}`,
        ],
      },
    });
    expect(await scheduleSnapshot(world)).toEqual(before);
    expect(await feeAudits(world)).toEqual([]);
  });

  it('refuses a gap between two bands, writing nothing', async () => {
    const world = await ledgerWorld();
    const before = await scheduleSnapshot(world);
    const withGap = [threeBands[0], threeBands[1], { ...threeBands[2]!, min_amount: 10_000.01 }];
    const answer = await put(world, 'withdrawal', withGap, await superAdminToken(world.app));
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({
      'rows.2.min_amount': [
        `Cette tranche doit commencer à ${formatHtg(10_000)}, un centime après la fin de la précédente`,
      ],
    });
    expect(await scheduleSnapshot(world)).toEqual(before);
    expect(await feeAudits(world)).toEqual([]);
  });

  it('refuses a share above the fee, negative values, a lower bound above the upper one, more than two decimals', async () => {
    const world = await ledgerWorld();
    const token = await superAdminToken(world.app);
    const before = await world.db.select().from(feeSchedule);
    const answer = await put(
      world,
      'deposit',
      [
        { min_amount: 20, max_amount: 999.99, fee: 5, agent_share: 6 },
        { min_amount: 1000, max_amount: 999, fee: -1, agent_share: 0 },
        { min_amount: 2000, max_amount: 3000.001, fee: 1, agent_share: 0.5 },
        { min_amount: 0, max_amount: 10, fee: 0, agent_share: -0.5 },
      ],
      token,
    );
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('Veuillez corriger les erreurs du formulaire');
    expect(answer.body.errors).toEqual({
      'rows.0.agent_share': ["La part de l'agent ne peut pas dépasser les frais"],
      'rows.1.max_amount': ['La borne supérieure doit être supérieure ou égale à la borne inférieure'],
      'rows.1.fee': ['La valeur ne peut pas être négative'],
      'rows.2.max_amount': ['La valeur ne peut pas avoir plus de deux décimales'],
      'rows.3.min_amount': ['La borne inférieure doit être positive'],
      'rows.3.agent_share': ['La valeur ne peut pas être négative'],
    });
    const minAboveMax = await put(
      world,
      'deposit',
      [{ min_amount: 1000, max_amount: 999, fee: 0, agent_share: 0 }],
      token,
    );
    expect(minAboveMax.body.errors).toEqual({
      'rows.0.max_amount': ['La borne supérieure doit être supérieure ou égale à la borne inférieure'],
    });
    const zero = await put(
      world,
      'deposit',
      [{ min_amount: 0, max_amount: 10, fee: 0, agent_share: 0 }],
      token,
    );
    expect(zero.body.errors).toEqual({ 'rows.0.min_amount': ['La borne inférieure doit être positive'] });
    const none = await put(world, 'deposit', [], token);
    expect(none.body.errors).toEqual({ rows: ['Au moins une tranche est requise'] });
    const missing = await put(world, 'deposit', [{ min_amount: 20, max_amount: 100 }], token);
    expect(missing.body.errors).toEqual({
      'rows.0.fee': ['La valeur est requise'],
      'rows.0.agent_share': ['La valeur est requise'],
    });
    const unknownType = await put(world, 'agent_deposit', threeBands, token);
    expect(unknownType.status).toBe(422);
    expect(await world.db.select().from(feeSchedule)).toEqual(before);
    expect(await feeAudits(world)).toEqual([]);
  });

  it("is the super administrator's alone", async () => {
    const world = await ledgerWorld();
    const admin = await createAgentAdmin(world.app, world.pap);
    for (const token of [world.pap.teller.token, admin]) {
      const answer = await put(world, 'withdrawal', threeBands, token);
      expect(answer.status).toBe(403);
    }
    expect(await feeAudits(world)).toEqual([]);
  });
});
