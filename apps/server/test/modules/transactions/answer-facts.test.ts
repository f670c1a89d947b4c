import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agents, persons } from '../../../src/db/schema.js';
import { databaseKind } from '../../helpers/database.js';
import { call, type Answer } from '../../helpers/fixtures.js';
import {
  cancelBody,
  cashTransferForm,
  ledgerWorld,
  partyOf,
  recipientIdentity,
  recipientParty,
  superAdminToken,
} from '../../helpers/ledger.js';

/*
 * A flow whose call reads the database answers from the part built before the call and the facts the call
 * read, both stored with the key (decision 222): a replay is the first answer, whatever changed since.
 */

type World = Awaited<ReturnType<typeof ledgerWorld>>;

function post(world: World, url: string, body: unknown, token: string, key: string): Promise<Answer> {
  return call(world.app, 'POST', `/api${url}`, { token, body, headers: { 'idempotency-key': key } });
}

/** Posts, then posts the same request again once `change` ran: both texts, the second a replay. */
async function replayedAfter(
  world: World,
  request: { url: string; body: unknown; token: string; key: string },
  change: () => Promise<unknown>,
): Promise<{ first: Answer; replay: Answer }> {
  const first = await post(world, request.url, request.body, request.token, request.key);
  expect(first.status).toBe(201);
  await change();
  const replay = await post(world, request.url, request.body, request.token, request.key);
  expect(replay.status).toBe(201);
  expect(replay.headers['idempotent-replay']).toBe('true');
  return { first, replay };
}

describe(`an answer from the facts the call read (decision 222, ${databaseKind})`, () => {
  it('replays the agent deposit byte for byte after the agent was renamed', async () => {
    const world = await ledgerWorld();
    const { first, replay } = await replayedAfter(
      world,
      {
        url: '/agents/deposit',
        body: { code: 'CAP01', party: partyOf(world.marie), amount: 250 },
        token: await superAdminToken(world.app),
        key: 'facts-agent',
      },
      () => world.db.update(agents).set({ name: 'Lajan Nord' }).where(eq(agents.code, 'CAP01')),
    );
    expect(replay.text).toBe(first.text);
    expect(first.body.data.agent).toEqual({ code: 'CAP01', name: 'Lajan Cap-Haïtien' });
    expect(first.body.data.recipientAccount).toEqual({
      accountNumber: first.body.data.recipientAccountNumber,
    });
  });

  it('replays a send, its payout and its fate byte for byte after the transfer was paid and its sender renamed', async () => {
    const world = await ledgerWorld();
    const send = {
      url: '/transactions/transfer-extern',
      body: cashTransferForm(world.marie, 1000),
      token: world.pap.teller.token,
      key: 'facts-send',
    };
    const { first: sent } = await replayedAfter(world, send, () => Promise.resolve());
    const transactionNumber = sent.body.data.transactionNumber as string;
    expect(sent.body.data.sender).toMatchObject({ id: world.marie.id, firstName: 'Marie', lastName: 'Joseph' });

    const payout = await post(
      world,
      '/transactions/receive-transfer',
      { transactionNumber, recipient: recipientIdentity, party: recipientParty },
      world.cap.teller.token,
      'facts-payout',
    );
    expect(payout.status).toBe(201);
    await world.db.update(persons).set({ firstName: 'Mariette' }).where(eq(persons.id, world.marie.id));

    const sentAgain = await post(world, send.url, send.body, send.token, send.key);
    expect(sentAgain.headers['idempotent-replay']).toBe('true');
    expect(sentAgain.text).toBe(sent.text);
    const fate = await call(world.app, 'GET', `/api/transactions/by-idempotency-key/${send.key}`, {
      token: send.token,
    });
    // The fate masks the documents (decision 208); the sender is the first answer's.
    expect(fate.body.data).toMatchObject({
      state: 'posted',
      transaction: { transactionNumber, sender: sent.body.data.sender },
    });
    const paidAgain = await post(
      world,
      '/transactions/receive-transfer',
      { transactionNumber, recipient: recipientIdentity, party: recipientParty },
      world.cap.teller.token,
      'facts-payout',
    );
    expect(paidAgain.headers['idempotent-replay']).toBe('true');
    expect(paidAgain.text).toBe(payout.text);
    expect(payout.body.data.sender).toMatchObject({ firstName: 'Marie' });
  });

  it('replays a cancellation byte for byte after its sender was renamed', async () => {
    const world = await ledgerWorld();
    const sent = await post(
      world,
      '/transactions/transfer-extern',
      cashTransferForm(world.marie, 1000),
      world.pap.teller.token,
      'facts-send-2',
    );
    const transactionNumber = sent.body.data.transactionNumber as string;
    const { first, replay } = await replayedAfter(
      world,
      {
        url: `/transactions/${transactionNumber}/cancel`,
        body: cancelBody(world.marie),
        token: world.pap.teller.token,
        key: 'facts-cancel',
      },
      () => world.db.update(persons).set({ lastName: 'Pierre' }).where(eq(persons.id, world.marie.id)),
    );
    expect(replay.text).toBe(first.text);
    expect(first.body.data).toMatchObject({
      type: 'external_refund',
      amount: 1000,
      total: 1000,
      senderId: world.marie.id,
      sender: { lastName: 'Joseph' },
      recipient: { firstName: 'Paul', lastName: 'Délice' },
      relatedTransactionNumber: transactionNumber,
    });
  });
});
