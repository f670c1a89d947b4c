import { createHash } from 'node:crypto';
import { drawerMessages, formatHtg, type DrawerTicket } from '@lajan/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agents, auditLog, drawerSessions, users } from '../../../src/db/schema.js';
import { call, type Answer } from '../../helpers/fixtures.js';
import { databaseKind } from '../../helpers/database.js';
import {
  counterForm,
  createAgentAdmin,
  createAgentWithTeller,
  expectLedgerInvariants,
  fundFloat,
  ledgerWorld,
  superAdminToken,
} from '../../helpers/ledger.js';

/**
 * Decision 201 (issue 39, finding 4): every note accounted for between two sessions. The opening is
 * compared with the teller's previous close, a count above the plausible total is refused, an administrator
 * closes a drawer left open with her own count, and the fingerprint covers the opening (version 2) while
 * the tickets of before (version 1) still verify.
 */
async function drawerWorld() {
  const world = await ledgerWorld();
  const drw = await createAgentWithTeller(
    world.app,
    { code: 'DRW01', name: 'Lajan Delmas' },
    { openDrawer: false },
  );
  await fundFloat(world.app, drw, 100_000_00);
  const adminToken = await createAgentAdmin(world.app, drw);
  return { ...world, drw, adminToken };
}
type World = Awaited<ReturnType<typeof drawerWorld>>;

function post(world: World, url: string, body: unknown, token: string): Promise<Answer> {
  return call(world.app, 'POST', `/api${url}`, { token, body });
}
function get(world: World, url: string, token: string): Promise<Answer> {
  return call(world.app, 'GET', `/api${url}`, { token });
}

describe(`the opening compared with the teller’s previous close (${databaseKind})`, () => {
  it('records, shows and has acknowledged the 50 000 HTG that left between a close of 100 000 and an opening of 50 000', async () => {
    const world = await drawerWorld();
    const token = world.drw.teller.token;
    // The first opening has nothing to be compared with.
    const first = await post(world, '/drawer/open', { counts: { '1000': 100 } }, token);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      previousCounted: null,
      openingDifference: null,
      openingNeedsAcknowledgement: false,
    });
    world.clock.advance(1000);
    expect((await post(world, '/drawer/close', { counts: { '1000': 100 } }, token)).body.data).toMatchObject({
      counted: 100_000,
      difference: 0,
    });

    // The finding: she opens again with half of it.
    world.clock.advance(60_000);
    const opened = await post(world, '/drawer/open', { counts: { '1000': 50 } }, token);
    expect(opened.status).toBe(201);
    expect(opened.body.data).toMatchObject({
      opening: 50_000,
      previousCounted: 100_000,
      openingDifference: -50_000,
      openingNeedsAcknowledgement: true,
      openingAcknowledgedBy: null,
    });
    const id = opened.body.data.id as string;
    // Shown to the teller with her drawer.
    expect((await get(world, '/drawer', token)).body.data).toMatchObject({ id, openingDifference: -50_000 });

    // Closed with what she opened with: the close's difference is 0, the opening's stays.
    world.clock.advance(1000);
    const closed = await post(world, '/drawer/close', { counts: { '1000': 50 } }, token);
    expect(closed.body.data).toMatchObject({
      difference: 0,
      needsAcknowledgement: false,
      openingDifference: -50_000,
      openingNeedsAcknowledgement: true,
    });

    // In the administrator's list of the day, to acknowledge; by her, once; not by the super administrator.
    const day = await get(world, '/drawer/sessions', world.adminToken);
    expect(day.body.data).toContainEqual(
      expect.objectContaining({ id, openingDifference: -50_000, openingNeedsAcknowledgement: true }),
    );
    const bySuper = await post(
      world,
      `/drawer/sessions/${id}/acknowledge-opening`,
      undefined,
      await superAdminToken(world.app),
    );
    expect(bySuper.status).toBe(403);
    expect(bySuper.body.message).toBe(drawerMessages.acknowledgedByAgentAdmin);
    const otherAdmin = await createAgentAdmin(world.app, world.pap);
    expect(
      (await post(world, `/drawer/sessions/${id}/acknowledge-opening`, undefined, otherAdmin)).status,
    ).toBe(404);
    const acknowledged = await post(
      world,
      `/drawer/sessions/${id}/acknowledge-opening`,
      undefined,
      world.adminToken,
    );
    expect(acknowledged.status).toBe(200);
    expect(acknowledged.body.data).toMatchObject({ openingAcknowledgedBy: 'admin.drw01' });
    const again = await post(
      world,
      `/drawer/sessions/${id}/acknowledge-opening`,
      undefined,
      world.adminToken,
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(drawerMessages.openingAlreadyAcknowledged);

    // The opening is in the audit trail with what it was compared with.
    const [audit] = await world.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'drawer.opened'), eq(auditLog.target, id)));
    expect(audit?.details).toMatchObject({
      opening: 50_000,
      previousCounted: 100_000,
      openingDifference: -50_000,
    });
  });

  it('needs no acknowledgement for an opening within the threshold', async () => {
    const world = await drawerWorld();
    const token = world.drw.teller.token;
    await post(world, '/drawer/open', { counts: { '1000': 2 } }, token);
    world.clock.advance(1000);
    await post(world, '/drawer/close', { counts: { '1000': 2 } }, token);
    world.clock.advance(1000);
    const opened = await post(world, '/drawer/open', { counts: { '1000': 2, '250': 1 } }, token);
    expect(opened.body.data).toMatchObject({
      previousCounted: 2000,
      openingDifference: 250,
      openingNeedsAcknowledgement: false,
    });
    const answer = await post(
      world,
      `/drawer/sessions/${opened.body.data.id}/acknowledge-opening`,
      undefined,
      world.adminToken,
    );
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(drawerMessages.openingAcknowledgementNotNeeded);
  });
});

describe(`a count above the plausible total (${databaseKind})`, () => {
  it('refuses the opening of 196 150 000 HTG and a close above 2 000 000 HTG, and takes 2 000 000', async () => {
    const world = await drawerWorld();
    const token = world.drw.teller.token;
    const everything = { '1000': 100_000, '500': 100_000, '250': 100_000, '100': 100_000, '50': 100_000 };
    const all = {
      ...everything,
      '25': 100_000,
      '20': 100_000,
      '10': 100_000,
      '5': 100_000,
      '1': 100_000,
      '0.50': 100_000,
    };
    const refused = await post(world, '/drawer/open', { counts: all }, token);
    expect(refused.status).toBe(422);
    const message = drawerMessages.countImplausible(formatHtg(196_150_000), formatHtg(2_000_000));
    expect(refused.body.message).toBe(message);
    expect(refused.body.errors).toEqual({ counts: [message] });
    expect((await get(world, '/drawer', token)).body.data).toBeNull();

    expect((await post(world, '/drawer/open', { counts: { '1000': 2000 } }, token)).status).toBe(201);
    world.clock.advance(1000);
    const tooMuch = await post(world, '/drawer/close', { counts: { '1000': 2000, '1': 1 } }, token);
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.message).toBe(
      drawerMessages.countImplausible(formatHtg(2_000_001), formatHtg(2_000_000)),
    );
    expect((await get(world, '/drawer', token)).body.data).toMatchObject({ status: 'open' });
  });
});

describe(`an administrator closes a drawer left open (${databaseKind})`, () => {
  it('closes a deleted teller’s drawer with her own count, audited, and leaves its difference to the super administrator', async () => {
    const world = await drawerWorld();
    const { drw, marie, marieAccount } = world;
    const opened = await post(world, '/drawer/open', { counts: { '1000': 2, '50': 1 } }, drw.teller.token);
    const id = opened.body.data.id as string;
    world.clock.advance(1000);
    expect(
      (await post(world, '/transactions/deposit', counterForm(marieAccount, marie, 1500), drw.teller.token))
        .status,
    ).toBe(201);
    // The teller is deleted; her drawer stays open.
    world.clock.advance(1000);
    const deleted = await call(world.app, 'DELETE', `/api/users/${drw.teller.username}`, {
      token: world.adminToken,
    });
    expect(deleted.status).toBe(200);
    expect((await get(world, '/drawer/sessions', world.adminToken)).body.data).toContainEqual(
      expect.objectContaining({ id, status: 'open' }),
    );

    // Another agent's administrator cannot, a teller cannot.
    const otherAdmin = await createAgentAdmin(world.app, world.pap);
    expect((await post(world, `/drawer/sessions/${id}/close`, { counts: {} }, otherAdmin)).status).toBe(404);
    expect(
      (await post(world, `/drawer/sessions/${id}/close`, { counts: {} }, world.pap.teller.token)).status,
    ).toBe(403);

    // Expected 2 050 + 1 500 = 3 550; she counts 3 000.
    world.clock.advance(1000);
    const closed = await post(
      world,
      `/drawer/sessions/${id}/close`,
      { counts: { '1000': 3 } },
      world.adminToken,
    );
    expect(closed.status).toBe(200);
    expect(closed.body.data).toMatchObject({
      status: 'closed',
      expected: 3550,
      counted: 3000,
      difference: -550,
      needsAcknowledgement: true,
      closedBy: 'admin.drw01',
      closedByAdministrator: true,
    });
    const again = await post(world, `/drawer/sessions/${id}/close`, { counts: {} }, world.adminToken);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(drawerMessages.alreadyClosed);

    const [audit] = await world.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'drawer.closed_by_administrator'), eq(auditLog.target, id)));
    expect(audit).toMatchObject({ actorUsername: 'admin.drw01' });
    expect(audit?.details).toMatchObject({ teller: drw.teller.id, counted: 3000, difference: -550 });

    // Not acknowledged by herself; by the super administrator.
    const byHerself = await post(world, `/drawer/sessions/${id}/acknowledge`, undefined, world.adminToken);
    expect(byHerself.status).toBe(403);
    expect(byHerself.body.message).toBe(drawerMessages.acknowledgedBySuperAdmin);
    const bySuper = await post(
      world,
      `/drawer/sessions/${id}/acknowledge`,
      undefined,
      await superAdminToken(world.app),
    );
    expect(bySuper.status).toBe(200);
    expect(bySuper.body.data).toMatchObject({ acknowledgedBy: 'superadmin' });
    expect((await get(world, `/drawer/sessions/${id}/verify`, world.adminToken)).body.data.valid).toBe(true);
    await expectLedgerInvariants(world.db);
  });
});

describe(`the fingerprint covers the opening (${databaseKind})`, () => {
  async function session(world: World, counts: Record<string, number>) {
    const token = world.drw.teller.token;
    expect((await post(world, '/drawer/open', { counts }, token)).status).toBe(201);
    world.clock.advance(1000);
    const closed = await post(world, '/drawer/close', { counts }, token);
    world.clock.advance(1000);
    return closed.body.data as DrawerTicket;
  }

  it('shows a changed opening comparison or closer (since version 2)', async () => {
    const world = await drawerWorld();
    await session(world, { '1000': 4 });
    const second = await session(world, { '1000': 3 });
    expect(second).toMatchObject({ previousCounted: 4000, openingDifference: -1000 });
    const verify = () => get(world, `/drawer/sessions/${second.id}/verify`, world.adminToken);
    expect((await verify()).body.data.valid).toBe(true);

    // The opening's comparison rewritten to hide the 1 000 that left: the close's fingerprint shows it.
    await world.db
      .update(drawerSessions)
      .set({ previousCountedCentimes: 3000_00, openingDifferenceCentimes: 0 })
      .where(eq(drawerSessions.id, second.id));
    expect((await verify()).body.data).toMatchObject({
      valid: false,
      message: drawerMessages.fingerprintInvalid,
    });
    await world.db
      .update(drawerSessions)
      .set({ previousCountedCentimes: 4000_00, openingDifferenceCentimes: -1000_00 })
      .where(eq(drawerSessions.id, second.id));
    expect((await verify()).body.data.valid).toBe(true);
    // Who closed it, rewritten.
    const [admin] = await world.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'admin.drw01'));
    const adminId = admin!.id;
    await world.db
      .update(drawerSessions)
      .set({ closedByUserId: adminId })
      .where(eq(drawerSessions.id, second.id));
    expect((await verify()).body.data.valid).toBe(false);
  });

  it('still verifies a close of version 2, whose counts stop at 50 centimes (decision 212)', async () => {
    const world = await drawerWorld();
    const closed = await session(world, { '1000': 2, '50': 1 });
    const [agent] = await world.db.select().from(agents).where(eq(agents.code, 'DRW01'));
    const counts = '1000:2 500:0 250:0 100:0 50:1 25:0 20:0 10:0 5:0 1:0 0.50:0';
    // The canonical text of decision 201, as the closes before decision 212 were fingerprinted.
    const v2 = [
      'lajan-drawer-v2',
      `session ${closed.id}`,
      `teller ${world.drw.teller.id}`,
      `agent ${agent!.id}`,
      `opened ${closed.openedAt}`,
      `closed ${closed.closedAt}`,
      `opening-counts ${counts}`,
      'opening 205000',
      'previous-counted -',
      'opening-difference -',
      `closing-counts ${counts}`,
      'counted 205000',
      `closed-by ${world.drw.teller.id}`,
      'previous -',
    ].join('\n');
    const oldFingerprint = createHash('sha256').update(`${v2}\n`, 'utf8').digest('hex');
    await world.db
      .update(drawerSessions)
      .set({ fingerprint: oldFingerprint, fingerprintVersion: 2 })
      .where(eq(drawerSessions.id, closed.id));
    const verified = await get(world, `/drawer/sessions/${closed.id}/verify`, world.drw.teller.token);
    expect(verified.body.data).toMatchObject({ valid: true, recomputed: oldFingerprint });
  });

  it('still verifies a ticket of before (version 1)', async () => {
    const world = await drawerWorld();
    const closed = await session(world, { '1000': 2, '50': 1 });
    const [agent] = await world.db.select().from(agents).where(eq(agents.code, 'DRW01'));
    // The canonical text of decision 149, as the closes before decision 201 were fingerprinted.
    const v1 = [
      'lajan-drawer-v1',
      `session ${closed.id}`,
      `teller ${world.drw.teller.id}`,
      `agent ${agent!.id}`,
      `opened ${closed.openedAt}`,
      `closed ${closed.closedAt}`,
      'opening 205000',
      'counted 205000',
      'previous -',
    ].join('\n');
    const oldFingerprint = createHash('sha256').update(`${v1}\n`, 'utf8').digest('hex');
    // As migration 0033 leaves such a close: version 1, nothing of the opening's comparison.
    await world.db
      .update(drawerSessions)
      .set({ fingerprint: oldFingerprint, fingerprintVersion: 1 })
      .where(eq(drawerSessions.id, closed.id));
    const verified = await get(world, `/drawer/sessions/${closed.id}/verify`, world.drw.teller.token);
    expect(verified.body.data).toEqual({
      valid: true,
      fingerprint: oldFingerprint,
      recomputed: oldFingerprint,
      message: drawerMessages.fingerprintValid,
    });
    // The next close chains on it, in version 2.
    const next = await session(world, { '1000': 2, '50': 1 });
    expect(next).toMatchObject({ previousFingerprint: oldFingerprint, openingDifference: 0 });
    expect(next.fingerprint).not.toBe(closed.fingerprint);
    expect((await get(world, `/drawer/sessions/${next.id}/verify`, world.adminToken)).body.data.valid).toBe(
      true,
    );
  });
});
