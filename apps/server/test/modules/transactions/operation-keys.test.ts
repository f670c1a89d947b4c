import { maskDocumentNumber } from '@lajan/domain';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idempotencyKeys, transactions } from '../../../src/db/schema.js';
import { databaseKind } from '../../helpers/database.js';
import { call, type Answer } from '../../helpers/fixtures.js';
import { balanceOf, cashTransferForm, counterForm, ledgerWorld } from '../../helpers/ledger.js';

/*
 * Decision 147: what became of an operation, by its idempotency key, and abandoning a key. The teller's
 * browser keeps a confirmed operation until the server answers; these two routes settle its fate.
 */

type World = Awaited<ReturnType<typeof ledgerWorld>>;

function deposit(world: World, key: string, amount = 250, token = world.pap.teller.token): Promise<Answer> {
  return call(world.app, 'POST', '/api/transactions/deposit', {
    token,
    body: counterForm(world.marieAccount, world.marie, amount),
    headers: { 'idempotency-key': key },
  });
}

function fate(world: World, key: string, token = world.pap.teller.token): Promise<Answer> {
  return call(world.app, 'GET', `/api/transactions/by-idempotency-key/${encodeURIComponent(key)}`, { token });
}

function abandon(world: World, key: string, token = world.pap.teller.token): Promise<Answer> {
  return call(world.app, 'POST', `/api/transactions/by-idempotency-key/${encodeURIComponent(key)}/void`, {
    token,
  });
}

/** A money answer as read back later: the party's document masked to a teller (decision 208). */
function asReadBack(answered: unknown) {
  const data = answered as { party: { idDocumentNumber: string } | null };
  return data.party
    ? { ...data, party: { ...data.party, idDocumentNumber: maskDocumentNumber(data.party.idDocumentNumber) } }
    : data;
}

async function transactionCount(world: World): Promise<number> {
  const [row] = await world.db.select({ n: count() }).from(transactions);
  return Number(row!.n);
}

describe(`an operation's fate by its idempotency key (${databaseKind})`, () => {
  it("answers posted with the transaction as first answered, the party's document masked, to its user only; an unknown key is 404", async () => {
    const world = await ledgerWorld();
    const unknown = await fate(world, 'cle-jamais-vue');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Aucune opération connue sous cette clé', code: 'NOT_FOUND' });

    const posted = await deposit(world, 'op-1');
    expect(posted.status).toBe(201);
    const known = await fate(world, 'op-1');
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ data: { state: 'posted', transaction: asReadBack(posted.body.data) } });

    // Another teller's key is unknown to this one, and abandoning it there touches nothing of the first.
    expect((await fate(world, 'op-1', world.cap.teller.token)).status).toBe(404);
    expect((await abandon(world, 'op-1', world.cap.teller.token)).body).toEqual({
      data: { state: 'abandoned' },
    });
    expect((await fate(world, 'op-1')).body).toEqual(known.body);
    const replay = await deposit(world, 'op-1');
    expect(replay.status).toBe(201);
    expect(replay.text).toBe(posted.text);
  });

  it('abandons a key that posted nothing: a later money request with it answers 409 and posts nothing, on every route', async () => {
    const world = await ledgerWorld();
    const floatBefore = await balanceOf(world.db, world.pap.floatAccountId);
    const before = await transactionCount(world);

    const voided = await abandon(world, 'op-2');
    expect(voided.status).toBe(200);
    expect(voided.body).toEqual({ data: { state: 'abandoned' } });
    expect((await abandon(world, 'op-2')).body).toEqual({ data: { state: 'abandoned' } });
    expect((await fate(world, 'op-2')).body).toEqual({ data: { state: 'abandoned' } });

    const refused = await deposit(world, 'op-2');
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message:
        "Cette opération a été abandonnée : elle n'a pas été enregistrée. Saisissez-la à nouveau si le client le souhaite.",
      code: 'OPERATION_ABANDONED',
    });
    // A flow resolved in a transaction (the cash external transfer) is refused the same way.
    const transfer = await call(world.app, 'POST', '/api/transactions/transfer-extern', {
      token: world.pap.teller.token,
      body: cashTransferForm(world.marie, 300),
      headers: { 'idempotency-key': 'op-2' },
    });
    expect(transfer.status).toBe(409);
    expect(transfer.body.code).toBe('OPERATION_ABANDONED');

    expect(await transactionCount(world)).toBe(before);
    expect(await balanceOf(world.db, world.pap.floatAccountId)).toBe(floatBefore);
    // A fresh key posts as ever.
    expect((await deposit(world, 'op-3')).status).toBe(201);
  });

  it('does not abandon a key that already posted: it answers posted with the receipt, and the key still replays', async () => {
    const world = await ledgerWorld();
    const posted = await deposit(world, 'op-4');
    const voided = await abandon(world, 'op-4');
    expect(voided.status).toBe(200);
    expect(voided.body).toEqual({ data: { state: 'posted', transaction: asReadBack(posted.body.data) } });
    const marks = await world.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'op-4'));
    expect(marks.map((row) => row.route)).toEqual(['POST /transactions/deposit']);
    const replay = await deposit(world, 'op-4');
    expect(replay.status).toBe(201);
    expect(replay.text).toBe(posted.text);
  });

  it('lets exactly one of an abandonment and a money request with the same key win, when they race', async () => {
    const world = await ledgerWorld();
    const floatBefore = await balanceOf(world.db, world.pap.floatAccountId);
    const before = await transactionCount(world);
    const keys = Array.from({ length: 24 }, (_, i) => `course-${i}`);
    const answers = await Promise.all(
      keys.map(async (key, i) => {
        const [money, voided] =
          i % 2 === 0
            ? await Promise.all([deposit(world, key, 50), abandon(world, key)])
            : await Promise.all([abandon(world, key), deposit(world, key, 50)]).then(
                ([v, m]) => [m, v] as const,
              );
        return { key, money, voided };
      }),
    );
    let posted = 0;
    for (const { key, money, voided } of answers) {
      expect(voided.status, key).toBe(200);
      if (money.status === 201) {
        posted += 1;
        expect(voided.body, key).toEqual({
          data: { state: 'posted', transaction: asReadBack(money.body.data) },
        });
      } else {
        expect(money.status, `${key} ${money.text}`).toBe(409);
        expect(money.body.code, key).toBe('OPERATION_ABANDONED');
        expect(voided.body, key).toEqual({ data: { state: 'abandoned' } });
      }
      const settled = await fate(world, key);
      expect(settled.body.data.state, key).toBe(money.status === 201 ? 'posted' : 'abandoned');
    }
    expect(await transactionCount(world)).toBe(before + posted);
    expect(await balanceOf(world.db, world.pap.floatAccountId)).toBe(floatBefore - posted * 50_00);
  }, 60_000);

  it('refuses a key that is not 1 to 200 visible ASCII characters (422)', async () => {
    const world = await ledgerWorld();
    expect((await fate(world, 'clé')).status).toBe(422);
    expect((await abandon(world, 'clé')).status).toBe(422);
  });
});
