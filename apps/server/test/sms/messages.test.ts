import { smsAmount, type Language } from '@lajan/domain';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { persons, smsOutbox, transactions } from '../../src/db/schema.js';
import { accountById, accountByNumber } from '../../src/ledger/account-ref.js';
import { FeeScheduleCache } from '../../src/ledger/fee-schedule.js';
import { bandOf } from '../../src/ledger/fees.js';
import { freshIdentity, postBatch, type OneCall } from '../../src/ledger/one-call.js';
import { LedgerRefused } from '../../src/ledger/results.js';
import { depositFlow, withdrawalFlow } from '../../src/modules/transactions/flows/counter.js';
import { databaseKind } from '../helpers/database.js';
import { call, tokenOf, type Answer } from '../helpers/fixtures.js';
import {
  balanceOf,
  cancelBody,
  cashTransferForm,
  counterForm,
  createAgentAdmin,
  createTeller,
  ledgerWorld,
  partyOf,
  recipientIdentity,
  recipientParty,
  recipientPerson,
  TELLER_PASSWORD,
  transactionRow,
  type TestAccount,
  type TestPerson,
} from '../helpers/ledger.js';

/*
 * What Lajan sends by SMS (issue 46, decision 241): the rows a posting queues in its own transaction, read
 * as the sender will send them (`smsText`). Marie prefers SMS in French, Jean in Kreyòl, Rose e-mail.
 */

type World = Awaited<ReturnType<typeof ledgerWorld>>;

const DAY_MS = 24 * 60 * 60 * 1000;

async function smsWorld(): Promise<World> {
  const world = await ledgerWorld();
  await prefer(world, world.marie, 'sms', 'fr');
  await prefer(world, world.jean, 'sms', 'ht');
  await prefer(world, world.rose, 'email', 'ht');
  return world;
}

async function prefer(world: World, person: TestPerson, method: string | null, language: Language) {
  await world.db
    .update(persons)
    .set({ preferredContactMethod: method, preferredLanguage: language })
    .where(eq(persons.id, person.id));
}

async function phoneOf(world: World, person: TestPerson): Promise<string> {
  const [row] = await world.db
    .select({ phone: persons.phoneNumber })
    .from(persons)
    .where(eq(persons.id, person.id));
  return row!.phone!;
}

/** Every queued SMS, in the order written, as it was sent (to the spool: no SMPP_URL). */
async function outbox(world: World) {
  await world.app.sms.kick();
  const rows = await world.db
    .select()
    .from(smsOutbox)
    .orderBy(asc(smsOutbox.createdAt), asc(smsOutbox.kind), asc(smsOutbox.toNumber));
  const sent = world.smsSpool();
  return rows.map((row) => ({
    kind: row.kind,
    to: row.toNumber,
    language: row.language,
    text: sent.get(row.id),
  }));
}

function post(world: World, path: string, body: unknown, options: { token?: string; key?: string } = {}) {
  world.clock.advance(1000);
  return call(world.app, 'POST', `/api${path}`, {
    token: options.token ?? world.pap.teller.token,
    body,
    ...(options.key ? { headers: { 'idempotency-key': options.key } } : {}),
  });
}

function posted(answer: Answer): string {
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data.transactionNumber as string;
}

const htg = (centimes: number) => smsAmount(centimes, 'fr');
const centimesOf = (written: string) => Number(written.replace(/[ ,]/g, ''));
const last4 = (account: TestAccount) => `*${account.accountNumber.slice(-4)}`;

/** A deposit or withdrawal on Marie's account at PAP01's counter, as the one call posts it. */
async function counterCall(
  world: World,
  type: 'deposit' | 'withdrawal',
  amountCentimes: number,
): Promise<OneCall> {
  const band = bandOf(await new FeeScheduleCache().bands(world.db, type), type, amountCentimes) ?? null;
  const amounts = {
    amountCentimes,
    feeCentimes: band?.feeCentimes ?? 0,
    agentShareCentimes: band?.agentShareCentimes ?? 0,
  };
  const accounts = {
    customer: accountByNumber(world.marieAccount.accountNumber),
    agentFloat: accountById(world.pap.floatAccountId),
  };
  const system = {
    feeIncome: accountById(world.system.feeIncome),
    payout: accountById(world.system.payout),
    treasury: accountById(world.system.treasury),
  };
  const flow = type === 'deposit' ? depositFlow : withdrawalFlow;
  return {
    ...freshIdentity(),
    key: undefined,
    named: [{ accountNumber: world.marieAccount.accountNumber, field: 'accountNumber' }],
    holderOf: type === 'withdrawal' ? world.marieAccount.accountNumber : undefined,
    document: partyOf(world.marie),
    deferred: false,
    band,
    posting: {
      type,
      status: 'completed',
      ...amounts,
      agentId: world.pap.id,
      createdByUserId: world.pap.teller.id,
      at: world.clock.now(),
      entries: flow.entries(accounts, system, amounts),
    },
    record: { party: partyOf(world.marie), account: accounts.customer },
    bodyText: '{}',
  };
}

async function feeOf(world: World, number: string): Promise<number> {
  return (await transactionRow(world.db, number)).feeCentimes;
}

function transferForm(world: World, amount: number) {
  return {
    senderAccountNumber: world.marieAccount.accountNumber,
    recipientAccountNumber: world.jeanAccount.accountNumber,
    party: partyOf(world.marie),
    amount,
  };
}

describe(`what Lajan sends by SMS (${databaseKind})`, () => {
  it('sends a receipt after a deposit, a withdrawal and a transfer, in each holder’s language', async () => {
    const world = await smsWorld();
    const marie = await phoneOf(world, world.marie);
    const jean = await phoneOf(world, world.jean);

    const deposit = posted(
      await post(world, '/transactions/deposit', counterForm(world.marieAccount, world.marie, 1500), {
        key: 'd1',
      }),
    );
    const marieAfterDeposit = await balanceOf(world.db, world.marieAccount.id);
    expect(await outbox(world)).toEqual([
      {
        kind: 'receipt',
        to: marie,
        language: 'fr',
        text: `Lajan : Dépôt 1 500,00 HTG, frais ${htg(await feeOf(world, deposit))}, compte ${last4(world.marieAccount)}. Solde : ${htg(marieAfterDeposit)}. Opération ${deposit}`,
      },
    ]);
    // A replay answers the first posting and queues nothing more.
    const replay = await post(
      world,
      '/transactions/deposit',
      counterForm(world.marieAccount, world.marie, 1500),
      { key: 'd1' },
    );
    expect(replay.body.data.transactionNumber).toBe(deposit);
    expect(await outbox(world)).toHaveLength(1);

    const withdrawal = posted(
      await post(world, '/transactions/withdraw', counterForm(world.jeanAccount, world.jean, 500)),
    );
    const fee = await feeOf(world, withdrawal);
    expect(fee).toBeGreaterThan(0);
    expect((await outbox(world)).at(-1)).toEqual({
      kind: 'receipt',
      to: jean,
      language: 'ht',
      text: `Lajan: Retrè 500,00 HTG, frè ${htg(fee)}, kont ${last4(world.jeanAccount)}. Balans: ${htg(await balanceOf(world.db, world.jeanAccount.id))}. Operasyon ${withdrawal}`,
    });

    const transfer = posted(await post(world, '/transactions/transfer', transferForm(world, 300)));
    const transferFee = await feeOf(world, transfer);
    const rows = await outbox(world);
    expect(rows).toHaveLength(4);
    expect(rows.slice(2)).toEqual(
      expect.arrayContaining([
        {
          kind: 'receipt',
          to: marie,
          language: 'fr',
          text: `Lajan : Transfert envoyé 300,00 HTG, frais ${htg(transferFee)}, compte ${last4(world.marieAccount)}. Solde : ${htg(await balanceOf(world.db, world.marieAccount.id))}. Opération ${transfer}`,
        },
        {
          kind: 'receipt',
          to: jean,
          language: 'ht',
          text: `Lajan: Transfè resevwa 300,00 HTG, frè 0,00 HTG, kont ${last4(world.jeanAccount)}. Balans: ${htg(await balanceOf(world.db, world.jeanAccount.id))}. Operasyon ${transfer}`,
        },
      ]),
    );
  });

  it('sends nothing for a refused operation, nor to a customer who prefers e-mail or has no phone', async () => {
    const world = await smsWorld();
    // Insufficient funds (Marie holds 20 000 HTG), then a closed drawer.
    const refused = await post(
      world,
      '/transactions/withdraw',
      counterForm(world.marieAccount, world.marie, 50_000),
    );
    expect(refused.status).toBe(422);
    expect((await post(world, '/drawer/close', { counts: {} })).status).toBe(200);
    const closed = await post(
      world,
      '/transactions/deposit',
      counterForm(world.marieAccount, world.marie, 100),
    );
    expect(closed.body.code, JSON.stringify(closed.body)).toBe('DRAWER_CLOSED');
    // Rose prefers e-mail; Jean prefers SMS but has no phone.
    posted(
      await post(world, '/transactions/deposit', counterForm(world.roseAccount, world.rose, 100), {
        token: world.cap.teller.token,
      }),
    );
    await world.db.update(persons).set({ phoneNumber: null }).where(eq(persons.id, world.jean.id));
    posted(
      await post(world, '/transactions/deposit', counterForm(world.jeanAccount, world.jean, 100), {
        token: world.cap.teller.token,
      }),
    );
    expect(await outbox(world)).toEqual([]);
  });

  it('gives each item of a batch the balance its own posting left, and a refused item none', async () => {
    const world = await smsWorld();
    const before = await balanceOf(world.db, world.marieAccount.id);
    // One statement of the group commit (decision 142), built by hand so that the items go together.
    const results = await postBatch(world.db, [
      await counterCall(world, 'deposit', 100_00),
      await counterCall(world, 'withdrawal', 50_000_00),
      await counterCall(world, 'deposit', 200_00),
      await counterCall(world, 'withdrawal', 300_00),
    ]);
    expect(results.map((result) => (result instanceof LedgerRefused ? result.refusal : result.kind))).toEqual(
      ['answered', 'InsufficientFunds', 'answered', 'answered'],
    );
    const receipts = (await outbox(world)).map((row) =>
      /^Lajan : (\S+) .* Solde : ([\d ,]+) HTG/.exec(row.text ?? '')!,
    );
    const fee = (await world.db.select().from(transactions).where(eq(transactions.type, 'withdrawal')))[0]!
      .feeCentimes;
    expect(receipts.map(([, operation, balance]) => [operation, centimesOf(balance!)])).toEqual([
      ['Dépôt', before + 100_00],
      ['Dépôt', before + 300_00],
      ['Retrait', before - fee],
    ]);
    expect(await balanceOf(world.db, world.marieAccount.id)).toBe(before - fee);
  });

  it('sends a receipt for a correction that moves her account, once however often it is carried out', async () => {
    const world = await smsWorld();
    const tellerToken = await createTeller(world.app, world.pap, 'b');
    const adminToken = await createAgentAdmin(world.app, world.pap);
    const jean = await phoneOf(world, world.jean);
    const wrong = posted(
      await post(world, '/transactions/deposit', counterForm(world.jeanAccount, world.marie, 1500), {
        token: tellerToken,
      }),
    );
    const asked = await post(
      world,
      `/transactions/${wrong}/corrections`,
      { reason: 'Mauvais compte' },
      {
        token: tellerToken,
      },
    );
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const id = asked.body.data.id as string;
    expect((await post(world, `/corrections/${id}/approve`, undefined, { token: adminToken })).status).toBe(
      200,
    );
    const reversal = posted(
      await post(world, `/corrections/${id}/execute`, undefined, { token: tellerToken, key: 'x' }),
    );
    posted(await post(world, `/corrections/${id}/execute`, undefined, { token: tellerToken, key: 'x' }));
    expect((await outbox(world)).slice(1)).toEqual([
      {
        kind: 'receipt',
        to: jean,
        language: 'ht',
        text: `Lajan: Koreksyon 1 500,00 HTG, frè 0,00 HTG, kont ${last4(world.jeanAccount)}. Balans: ${htg(await balanceOf(world.db, world.jeanAccount.id))}. Operasyon ${reversal}`,
      },
    ]);
  });

  it('sends a cash send’s recipient the code that pays it out, then tells the sender it was paid', async () => {
    const world = await smsWorld();
    await prefer(world, world.marie, 'sms', 'ht');
    const number = posted(
      await post(world, '/transactions/transfer-extern', cashTransferForm(world.marie, 1000), { key: 's1' }),
    );
    // The cash send moved no account of hers: only the recipient's code.
    const [code, ...others] = await outbox(world);
    expect(others).toEqual([]);
    expect(code).toEqual({
      kind: 'pickup_code',
      to: recipientPerson.phoneNumber,
      language: 'ht',
      text: `Lajan: gen yon transfè 1 000,00 HTG k ap tann ou. Kòd pou touche: ${number}. Pa bay li pesonn, sof kesye yon ajan Lajan.`,
    });
    posted(
      await post(world, '/transactions/transfer-extern', cashTransferForm(world.marie, 1000), { key: 's1' }),
    );
    expect(await outbox(world)).toHaveLength(1);

    // The recipient reads her code from the SMS at another agent's counter.
    const read = /Kòd pou touche: (\d+)\./.exec(code?.text ?? '')![1];
    const paid = await post(
      world,
      '/transactions/receive-transfer',
      { transactionNumber: read, amount: 1000, recipient: recipientIdentity, party: recipientParty },
      { token: world.cap.teller.token },
    );
    posted(paid);
    expect((await outbox(world)).at(-1)).toEqual({
      kind: 'transfer_paid',
      to: await phoneOf(world, world.marie),
      language: 'ht',
      text: `Lajan: transfè ${number} ou a, 1 000,00 HTG, peye bay benefisyè a.`,
    });
    expect(await outbox(world)).toHaveLength(2);
    // Each request was logged, its URL masked: the code is in no line.
    expect(world.logs.text).toContain('/api/transactions/receive-transfer');
    expect(world.logs.text).not.toContain(number);
  });

  it('tells the sender when her transfer is cancelled: refunded to her account (no receipt besides), or in cash', async () => {
    const world = await smsWorld();
    const marie = await phoneOf(world, world.marie);
    const cash = posted(
      await post(world, '/transactions/transfer-extern', cashTransferForm(world.marie, 1000)),
    );
    posted(await post(world, `/transactions/${cash}/cancel`, cancelBody(world.marie)));
    const fromAccount = posted(
      await post(world, '/transactions/transfer-extern', {
        ...cashTransferForm(world.marie, 2000),
        accountNumber: world.marieAccount.accountNumber,
        currency: null,
      }),
    );
    posted(await post(world, `/transactions/${fromAccount}/cancel`, cancelBody(world.marie)));
    const sendFee = await feeOf(world, fromAccount);
    const rows = await outbox(world);
    expect(rows.map((row) => row.kind)).toEqual([
      'pickup_code',
      'transfer_cancelled',
      'pickup_code',
      'receipt',
      'transfer_cancelled',
    ]);
    expect(rows[1]).toEqual({
      kind: 'transfer_cancelled',
      to: marie,
      language: 'fr',
      text: `Lajan : votre transfert ${cash} de 1 000,00 HTG est annulé et vous a été remboursé en espèces.`,
    });
    expect(rows[3]!.text).toContain(
      `Lajan : Envoi 2 000,00 HTG, frais ${htg(sendFee)}, compte ${last4(world.marieAccount)}.`,
    );
    expect(rows[4]!.text).toBe(
      `Lajan : votre transfert ${fromAccount} de 2 000,00 HTG est annulé et remboursé sur votre compte ${last4(world.marieAccount)}.`,
    );
  });

  it('tells the sender when her transfer expires, as the expiry job e-mails her', async () => {
    const world = await smsWorld();
    await prefer(world, world.marie, 'sms', 'ht');
    const cash = posted(
      await post(world, '/transactions/transfer-extern', cashTransferForm(world.marie, 1000)),
    );
    const fromAccount = posted(
      await post(world, '/transactions/transfer-extern', {
        ...cashTransferForm(world.marie, 2000),
        accountNumber: world.marieAccount.accountNumber,
        currency: null,
      }),
    );
    const queued = (await outbox(world)).length;
    world.clock.advance(30 * DAY_MS + 60_000);
    for (const agent of [world.pap, world.cap])
      agent.teller.token = await tokenOf(world.app, agent.teller.username, TELLER_PASSWORD);
    expect(await world.app.expiry.run()).toEqual({ refunded: 1, toRefundInCash: 1 });
    const marie = await phoneOf(world, world.marie);
    const notices = (await outbox(world)).slice(queued);
    expect(notices).toEqual(
      expect.arrayContaining([
        {
          kind: 'transfer_expired',
          to: marie,
          language: 'ht',
          text: `Lajan: yo pa t touche transfè ${cash} ou a, 1 000,00 HTG, a tan; pase reprann lajan an kot ajan ki te voye l la.`,
        },
        {
          kind: 'transfer_expired',
          to: marie,
          language: 'ht',
          text: `Lajan: yo pa t touche transfè ${fromAccount} ou a, 2 000,00 HTG, a tan; li ranbouse sou kont ou ${last4(world.marieAccount)}.`,
        },
      ]),
    );
    expect(notices).toHaveLength(2);
    // Refunded in cash later at the counter: the notice was sent already, none again.
    posted(await post(world, `/transactions/${cash}/refund`, { sender: cancelBody(world.marie).sender }));
    expect((await outbox(world)).slice(queued)).toHaveLength(2);
  });
});
