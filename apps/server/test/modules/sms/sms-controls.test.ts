import { SMS_KIND_DISABLED, type SmsKind } from '@lajan/domain';
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, smsKindSettings, smsOutbox, transactions } from '../../../src/db/schema.js';
import { disabledSmsKinds, smsKindEnabled } from '../../../src/sms/switches.js';
import { call, type Answer } from '../../helpers/fixtures.js';
import { createAgentAdmin, ledgerWorld, superAdminToken } from '../../helpers/ledger.js';

/*
 * The super administrator's controls of the SMS (issue 46 item 3, decision 242): a switch per kind, read
 * by the sender before each send, and the failed deliveries, their numbers masked and their texts never sent.
 */

type World = Awaited<ReturnType<typeof smsWorld>>;

async function smsWorld() {
  const world = await ledgerWorld();
  const superToken = await superAdminToken(world.app);
  const adminToken = await createAgentAdmin(world.app, world.pap);
  return { ...world, superToken, adminToken };
}

const PICKUP_TEXT = 'Lajan : 2 500,00 HTG vous attendent. Code de retrait 4821 9930 1176.';

/** Queues an SMS as the outbox holds it, then as the sender left it. */
async function queued(
  world: World,
  sms: {
    kind?: SmsKind;
    to: string;
    createdAt: Date;
    failedAt?: Date;
    sentAt?: Date;
    transactionId?: string;
    lastError?: string;
  },
): Promise<string> {
  const [row] = await world.db
    .insert(smsOutbox)
    .values({
      kind: sms.kind ?? 'pickup_code',
      toNumber: sms.to,
      language: 'fr',
      textBody: PICKUP_TEXT,
      transactionId: sms.transactionId ?? null,
      createdAt: sms.createdAt,
      nextAttemptAt: sms.createdAt,
      attempts: sms.failedAt ? 5 : 1,
      failedAt: sms.failedAt ?? null,
      sentAt: sms.sentAt ?? null,
      lastError: sms.lastError ?? null,
    })
    .returning({ id: smsOutbox.id });
  return row!.id;
}

function put(world: World, token: string, kind: string, body: unknown): Promise<Answer> {
  return call(world.app, 'PUT', `/api/sms/settings/${kind}`, { token, body });
}

async function smsAudits(world: World) {
  return world.db.select().from(auditLog).where(like(auditLog.action, 'sms.%')).orderBy(auditLog.id);
}

const at = (minute: number) => new Date(Date.UTC(2026, 11, 5, 14, minute));

describe('who may read and change the SMS controls', () => {
  it('refuses a teller and an agent’s administrator (403), and signed-out callers (401)', async () => {
    const world = await smsWorld();
    const failed = await queued(world, {
      to: '+50937001234',
      createdAt: at(0),
      failedAt: at(1),
      lastError: 'x',
    });
    const calls = [
      ['GET', '/api/sms/settings', undefined],
      ['PUT', '/api/sms/settings/receipt', { enabled: false }],
      ['GET', '/api/sms/failed', undefined],
      ['POST', `/api/sms/${failed}/retry`, undefined],
    ] as const;
    for (const token of [world.pap.teller.token, world.adminToken]) {
      for (const [method, url, body] of calls) {
        const answer = await call(world.app, method, url, { token, body });
        expect(answer.status, `${method} ${url}`).toBe(403);
      }
    }
    for (const [method, url, body] of calls)
      expect((await call(world.app, method, url, { body })).status, `${method} ${url}`).toBe(401);
    // Nothing changed: every kind still on, the SMS still failed, nothing audited.
    expect(await world.db.select().from(smsKindSettings)).toEqual([]);
    const [row] = await world.db.select().from(smsOutbox).where(eq(smsOutbox.id, failed));
    expect(row?.failedAt).toEqual(at(1));
    expect(await smsAudits(world)).toEqual([]);
  });
});

describe('the switch of each kind', () => {
  it('is on for every kind while nobody touched it', async () => {
    const world = await smsWorld();
    const answer = await call(world.app, 'GET', '/api/sms/settings', { token: world.superToken });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([
      {
        kind: 'receipt',
        label: 'Reçu d’opération au client',
        enabled: true,
        updatedAt: null,
        updatedBy: null,
      },
      {
        kind: 'pickup_code',
        label: 'Code de retrait au bénéficiaire',
        enabled: true,
        updatedAt: null,
        updatedBy: null,
      },
      {
        kind: 'transfer_paid',
        label: 'Avis de paiement à l’expéditeur',
        enabled: true,
        updatedAt: null,
        updatedBy: null,
      },
      {
        kind: 'transfer_cancelled',
        label: 'Avis d’annulation à l’expéditeur',
        enabled: true,
        updatedAt: null,
        updatedBy: null,
      },
      {
        kind: 'transfer_expired',
        label: 'Avis d’expiration à l’expéditeur',
        enabled: true,
        updatedAt: null,
        updatedBy: null,
      },
    ]);
    expect(await smsKindEnabled(world.db, 'receipt')).toBe(true);
    expect(await disabledSmsKinds(world.db)).toEqual(new Set());
  });

  it('switched off, persists, is what the sender reads, and is audited once per change', async () => {
    const world = await smsWorld();
    const off = await put(world, world.superToken, 'receipt', { enabled: false });
    expect(off.status).toBe(200);
    const now = world.clock.now().toISOString();
    expect(off.body.data).toEqual({
      kind: 'receipt',
      label: 'Reçu d’opération au client',
      enabled: false,
      updatedAt: now,
      updatedBy: { username: 'superadmin' },
    });
    // Read back by another call, and by the function the sender calls.
    const settings = await call(world.app, 'GET', '/api/sms/settings', { token: world.superToken });
    const switches = settings.body.data as { kind: string; enabled: boolean }[];
    expect(switches.map((setting) => [setting.kind, setting.enabled])).toEqual([
      ['receipt', false],
      ['pickup_code', true],
      ['transfer_paid', true],
      ['transfer_cancelled', true],
      ['transfer_expired', true],
    ]);
    expect(await smsKindEnabled(world.db, 'receipt')).toBe(false);
    expect(await smsKindEnabled(world.db, 'pickup_code')).toBe(true);
    expect(await disabledSmsKinds(world.db)).toEqual(new Set(['receipt']));

    // The same value again changes nothing and writes no second line.
    world.clock.advance(60_000);
    expect((await put(world, world.superToken, 'receipt', { enabled: false })).body.data.updatedAt).toBe(now);
    world.clock.advance(60_000);
    const on = await put(world, world.superToken, 'receipt', { enabled: true });
    expect(on.body.data).toMatchObject({ enabled: true, updatedBy: { username: 'superadmin' } });
    expect(await smsKindEnabled(world.db, 'receipt')).toBe(true);

    const audits = await smsAudits(world);
    expect(
      audits.map((line) => ({
        action: line.action,
        actor: line.actorUsername,
        target: line.target,
        details: line.details,
      })),
    ).toEqual([
      {
        action: 'sms.kind_disabled',
        actor: 'superadmin',
        target: 'receipt',
        details: { kind: 'receipt', before: true, after: false },
      },
      {
        action: 'sms.kind_enabled',
        actor: 'superadmin',
        target: 'receipt',
        details: { kind: 'receipt', before: false, after: true },
      },
    ]);
    // The audit trail names them.
    const trail = await call(world.app, 'GET', '/api/audit?action=sms', { token: world.superToken });
    expect(
      (trail.body.data as { action: string; targetLabel: string }[]).map((line) => [
        line.action,
        line.targetLabel,
      ]),
    ).toEqual([
      ['sms.kind_enabled', 'Reçu d’opération au client'],
      ['sms.kind_disabled', 'Reçu d’opération au client'],
    ]);
  });

  it('refuses an unknown kind (404) and a body without `enabled` (422), in French or Kreyòl', async () => {
    const world = await smsWorld();
    const unknown = await put(world, world.superToken, 'promotion', { enabled: false });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Type de message inconnu');
    const invalid = await put(world, world.superToken, 'receipt', { enabled: 'non' });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({
      enabled: ['Indiquez si ce type de message est activé (vrai ou faux)'],
    });
    // A super administrator who reads Kreyòl is refused in Kreyòl.
    const chosen = await call(world.app, 'PUT', '/api/auth/user/language', {
      token: world.superToken,
      body: { language: 'ht' },
    });
    const kreyol = await put(world, chosen.headers['x-access-token'] as string, 'promotion', {
      enabled: false,
    });
    expect(kreyol.status).toBe(404);
    expect(kreyol.body.message).toBe('Kalite mesaj sa a pa egziste');
    expect(await world.db.select().from(smsKindSettings)).toEqual([]);
  });
});

describe('GET /api/sms/failed', () => {
  it('lists the failed deliveries, latest failure first, numbers masked and never their text', async () => {
    const world = await smsWorld();
    const [funding] = await world.db
      .select({ id: transactions.id, transactionNumber: transactions.transactionNumber })
      .from(transactions)
      .limit(1);
    const older = await queued(world, {
      to: '+50937001234',
      createdAt: at(0),
      failedAt: at(5),
      transactionId: funding!.id,
      lastError: 'ESME_RTHROTTLED',
    });
    const newer = await queued(world, {
      kind: 'receipt',
      to: '+50948765678',
      createdAt: at(1),
      failedAt: at(9),
      lastError: SMS_KIND_DISABLED,
    });
    await queued(world, { to: '+50931112222', createdAt: at(2), sentAt: at(3) });
    await queued(world, { to: '+50933334444', createdAt: at(4) });

    const answer = await call(world.app, 'GET', '/api/sms/failed?per_page=1', { token: world.superToken });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: [
        {
          id: newer,
          kind: 'receipt',
          label: 'Reçu d’opération au client',
          to: '+509****5678',
          language: 'fr',
          createdAt: at(1).toISOString(),
          failedAt: at(9).toISOString(),
          stage: 'sending',
          attempts: 5,
          lastError: 'kind_disabled',
          deliveryStatus: null,
          transactionNumber: null,
        },
      ],
      meta: { total: 2, page: 1, per_page: 1 },
    });
    const second = await call(world.app, 'GET', '/api/sms/failed?page=2&per_page=1', {
      token: world.superToken,
    });
    expect(second.body.data).toEqual([
      expect.objectContaining({
        id: older,
        to: '+509****1234',
        lastError: 'ESME_RTHROTTLED',
        transactionNumber: funding!.transactionNumber,
      }),
    ]);
    for (const page of [answer, second]) {
      expect(page.text).not.toContain('4821');
      expect(page.text).not.toContain('3700');
      expect(page.text).not.toContain('4876');
    }
  });
});

/** Sends a queued SMS as the sender does (its text erased), then records the SMSC's report of it. */
async function sentThenReported(world: World, id: string, sentAt: Date, status: string): Promise<void> {
  await world.db
    .update(smsOutbox)
    .set({ sentAt, textBody: '', smscMessageIds: [`smsc-${id}`] })
    .where(eq(smsOutbox.id, id));
  expect(await world.app.sms.recordReport({ messageId: `smsc-${id}`, status })).toBe(true);
}

describe('an SMS the SMSC accepted but did not deliver (issue 46)', () => {
  it('is listed with its report’s status among the failures, refused a retry; a delivered one is not', async () => {
    const world = await smsWorld();
    const given = await queued(world, {
      to: '+50937001234',
      createdAt: at(0),
      failedAt: at(5),
      lastError: 'x',
    });
    const lost = await queued(world, { to: '+50948765678', createdAt: at(1) });
    await sentThenReported(world, lost, at(7), 'UNDELIV');
    const delivered = await queued(world, { kind: 'receipt', to: '+50931112222', createdAt: at(2) });
    await sentThenReported(world, delivered, at(8), 'DELIVRD');
    // A part lost and a later one delivered: still not delivered (the sender's rule).
    await world.app.sms.recordReport({ messageId: `smsc-${lost}`, status: 'DELIVRD' });

    const answer = await call(world.app, 'GET', '/api/sms/failed', { token: world.superToken });
    expect(answer.status).toBe(200);
    expect(answer.body.meta.total).toBe(2);
    expect(answer.body.data).toEqual([
      {
        id: lost,
        kind: 'pickup_code',
        label: 'Code de retrait au bénéficiaire',
        to: '+509****5678',
        language: 'fr',
        createdAt: at(1).toISOString(),
        failedAt: at(7).toISOString(),
        stage: 'delivery',
        attempts: 1,
        lastError: 'UNDELIV',
        deliveryStatus: 'UNDELIV',
        transactionNumber: null,
      },
      expect.objectContaining({ id: given, stage: 'sending', lastError: 'x', deliveryStatus: null }),
    ]);

    const retry = await call(world.app, 'POST', `/api/sms/${lost}/retry`, { token: world.superToken });
    expect(retry.status).toBe(409);
    expect(retry.body.message).toBe(
      'Ce SMS a été accepté par l’opérateur mais n’a pas atteint le téléphone : son texte a été effacé à l’envoi, il ne peut pas être renvoyé',
    );
    const [row] = await world.db.select().from(smsOutbox).where(eq(smsOutbox.id, lost));
    expect(row).toMatchObject({ sentAt: at(7), failedAt: null, attempts: 1, deliveryStatus: 'UNDELIV' });
    expect(await smsAudits(world)).toEqual([]);
    // The delivered one is no failure: nothing to send again either.
    const again = await call(world.app, 'POST', `/api/sms/${delivered}/retry`, { token: world.superToken });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Ce SMS n’est pas en échec : il n’y a rien à renvoyer');
  });

  it('is refused a retry in Kreyòl for a super administrator who reads it', async () => {
    const world = await smsWorld();
    const lost = await queued(world, { to: '+50948765678', createdAt: at(1) });
    await sentThenReported(world, lost, at(7), 'EXPIRED');
    const chosen = await call(world.app, 'PUT', '/api/auth/user/language', {
      token: world.superToken,
      body: { language: 'ht' },
    });
    const token = chosen.headers['x-access-token'] as string;
    const retry = await call(world.app, 'POST', `/api/sms/${lost}/retry`, { token });
    expect(retry.status).toBe(409);
    expect(retry.body.message).toBe(
      'Operatè a te aksepte SMS sa a men li pa t rive sou telefòn nan : tèks li efase lè l te pati, li pa ka voye ankò',
    );
  });
});

describe('POST /api/sms/{id}/retry', () => {
  it('queues a failed SMS again, due now with its tries afresh, and audits it with the number masked', async () => {
    const world = await smsWorld();
    const id = await queued(world, {
      to: '+50937001234',
      createdAt: at(0),
      failedAt: at(5),
      lastError: 'timeout',
    });
    const answer = await call(world.app, 'POST', `/api/sms/${id}/retry`, { token: world.superToken });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ id, kind: 'pickup_code', to: '+509****1234' });
    const [row] = await world.db.select().from(smsOutbox).where(eq(smsOutbox.id, id));
    expect(row).toMatchObject({
      attempts: 0,
      failedAt: null,
      sentAt: null,
      lastError: null,
      lockedUntil: null,
      nextAttemptAt: world.clock.now(),
      textBody: PICKUP_TEXT,
    });
    const failed = await call(world.app, 'GET', '/api/sms/failed', { token: world.superToken });
    expect(failed.body.meta.total).toBe(0);
    const [audit] = await smsAudits(world);
    expect(audit).toMatchObject({
      action: 'sms.retried',
      actorUsername: 'superadmin',
      target: '+509****1234',
      details: { smsId: id, kind: 'pickup_code', transactionNumber: null, attempts: 5, lastError: 'timeout' },
    });
    expect(JSON.stringify(audit)).not.toContain('37001234');

    // Once queued again it is not failed any more: a second retry is refused.
    const again = await call(world.app, 'POST', `/api/sms/${id}/retry`, { token: world.superToken });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Ce SMS n’est pas en échec : il n’y a rien à renvoyer');
  });

  it('refuses while its kind is switched off, a sent SMS and an unknown one, and changes nothing', async () => {
    const world = await smsWorld();
    const id = await queued(world, {
      to: '+50937001234',
      createdAt: at(0),
      failedAt: at(5),
      lastError: SMS_KIND_DISABLED,
    });
    const sent = await queued(world, { to: '+50937001234', createdAt: at(0), sentAt: at(1) });
    expect((await put(world, world.superToken, 'pickup_code', { enabled: false })).status).toBe(200);
    const off = await call(world.app, 'POST', `/api/sms/${id}/retry`, { token: world.superToken });
    expect(off.status).toBe(409);
    expect(off.body.message).toBe('Ce type de message est désactivé : réactivez-le avant de renvoyer le SMS');
    expect(
      (await call(world.app, 'POST', `/api/sms/${sent}/retry`, { token: world.superToken })).status,
    ).toBe(409);
    const unknown = await call(world.app, 'POST', '/api/sms/8d2c6a0e-3f0b-4b59-9b1e-2f1c7a1d9e40/retry', {
      token: world.superToken,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('SMS introuvable');
    expect(
      (await call(world.app, 'POST', '/api/sms/pas-un-id/retry', { token: world.superToken })).status,
    ).toBe(404);
    const [row] = await world.db.select().from(smsOutbox).where(eq(smsOutbox.id, id));
    expect(row).toMatchObject({ failedAt: at(5), attempts: 5, lastError: SMS_KIND_DISABLED });
    expect((await smsAudits(world)).map((line) => line.action)).toEqual(['sms.kind_disabled']);

    // Switched on again, the same SMS goes back to the queue.
    await put(world, world.superToken, 'pickup_code', { enabled: true });
    expect((await call(world.app, 'POST', `/api/sms/${id}/retry`, { token: world.superToken })).status).toBe(
      200,
    );
  });
});
