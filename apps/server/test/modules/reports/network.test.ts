import { addDays } from '@lajan/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  cashTransferForm,
  counterForm,
  createCustomerAccount,
  createPerson,
  partyOf,
} from '../../helpers/ledger.js';
import { reportsWorld } from './world.js';

/*
 * The network's reports (issue 16 item 5, decision 148): the trial balance sums to zero and each line
 * equals its accounts' entries; the large operations add up a person's day, across roles and agents.
 */

type World = Awaited<ReturnType<typeof reportsWorld>>;

async function rowsOf<Row>(world: World, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result: unknown = await world.db.execute(query);
  return (result as { rows: Row[] }).rows;
}

interface TrialLine {
  key: string;
  label: string;
  accountNumber: string | null;
  accounts: number;
  balance: number;
}

describe('GET /api/reports/trial-balance', () => {
  it("sums to zero, each line being its accounts' entries, system accounts one by one", async () => {
    const w = await reportsWorld();
    w.at(w.haiti(`${w.month}-02`, '09:00'));
    await w.post('papTeller', '/transactions/withdraw', counterForm(w.marieAccount, w.marie, 1500));
    const sent = await w.post('papTeller', '/transactions/transfer-extern', cashTransferForm(w.jean, 2500));
    await w.post('papTeller', '/transactions/transfer', {
      senderAccountNumber: w.marieAccount.accountNumber,
      recipientAccountNumber: w.roseAccount.accountNumber,
      party: partyOf(w.marie),
      amount: 700,
    });
    expect(sent.body.data.status).toBe('pending');

    const answer = await w.get('superAdmin', '/reports/trial-balance');
    expect(answer.status, answer.text).toBe(200);
    const { rows, total, currency } = answer.body.data as {
      rows: TrialLine[];
      total: number;
      currency: string;
    };
    expect(currency).toBe('HTG');
    expect(total).toBe(0);
    expect(rows.map((row) => [row.key, row.label])).toEqual([
      ['fee_income', 'Revenus de frais'],
      ['payout', 'Transferts externes à payer'],
      ['treasury', 'Trésorerie'],
      ['floats', 'Floats des agents'],
      ['customers', 'Comptes clients'],
    ]);
    expect(rows.reduce((sum, row) => sum + Math.round(row.balance * 100), 0)).toBe(0);
    const sums = await rowsOf<{ key: string; total: string; accounts: number }>(
      w,
      sql`select case a.kind when 'system' then a.system_code when 'float' then 'floats' else 'customers' end as key,
                 coalesce(sum(e.amount_centimes), 0) as total, count(distinct a.id)::int as accounts
          from accounts a left join entries e on e.account_id = a.id group by 1`,
    );
    for (const row of rows) {
      const ledger = sums.find((sum) => sum.key === row.key)!;
      expect(row.balance).toBe(Number(ledger.total) / 100);
      expect(row.accounts).toBe(ledger.accounts);
    }
    // The pending transfer waits on "to pay out"; the system accounts carry their numbers.
    expect(rows[1]).toMatchObject({ balance: 2500, accounts: 1 });
    expect(rows[0]!.accountNumber).toBe(w.app.services.ledger.system.fee_income.accountNumber);
    expect(rows[3]!.accountNumber).toBeNull();
    expect(rows[3]!.accounts).toBe(2);

    expect((await w.get('papAdmin', '/reports/trial-balance')).status).toBe(403);
  });
});

interface Group {
  date: string;
  person: { name: string; idDocumentType: string | null; idDocumentNumber: string | null };
  count: number;
  total: number;
  largest: number;
  split: boolean;
  operations: {
    transactionNumber: string;
    amount: number;
    roles: string[];
    agent: { code: string } | null;
  }[];
}

describe('GET /api/reports/large-operations', () => {
  it("adds up a person's operations of the day across roles and agents, to show a large amount split into small ones", async () => {
    const w = await reportsWorld();
    const day = `${w.month}-05`;
    const next = `${w.month}-06`;
    const marie = w.marie;
    const lucie = await createPerson(w.db, { firstName: 'Lucie', lastName: 'Pierre' });
    const lucieAccount = await createCustomerAccount(w.db, [lucie], { agentId: w.cap.id });
    // Marie on day 5: 40 000 at PAP01 for her account, 35 000 at CAP01 for Rose's, and a cash external
    // transfer of 30 000 (sender and party): 105 000 HTG, none above 100 000 alone.
    w.at(w.haiti(day, '08:30'));
    await w.post('papTeller', '/transactions/deposit', counterForm(w.marieAccount, marie, 40_000));
    w.at(w.haiti(day, '11:00'));
    await w.post('capTeller', '/transactions/deposit', counterForm(w.roseAccount, marie, 35_000));
    w.at(w.haiti(day, '16:45'));
    const send = await w.post('papTeller', '/transactions/transfer-extern', cashTransferForm(marie, 30_000));
    // Lucie: one operation of 100 000 at CAP01 (at the threshold alone); Jean: 20 000 only.
    await w.post('capTeller', '/transactions/deposit', counterForm(lucieAccount, lucie, 100_000));
    await w.post('papTeller', '/transactions/deposit', counterForm(w.jeanAccount, w.jean, 20_000));
    // Marie the next day, just after midnight in Haiti: another day.
    w.at(w.haiti(next, '00:05'));
    await w.post('papTeller', '/transactions/deposit', counterForm(w.marieAccount, marie, 10_000));

    const answer = await w.get('superAdmin', `/reports/large-operations?from=${day}&to=${next}`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.meta).toEqual({
      total: 2,
      page: 1,
      per_page: 10,
      threshold: 100_000,
      from: day,
      to: next,
    });
    const [first, second] = answer.body.data as Group[];
    expect(first).toMatchObject({
      date: day,
      person: {
        name: 'Marie Joseph',
        idDocumentType: 'id_card',
        idDocumentNumber: marie.idDocumentNumber.toUpperCase(),
      },
      count: 3,
      total: 105_000,
      largest: 40_000,
      split: true,
    });
    expect(
      first!.operations.map((operation) => [operation.amount, operation.roles, operation.agent?.code]),
    ).toEqual([
      [40_000, ['party'], 'PAP01'],
      [35_000, ['party'], 'CAP01'],
      [30_000, ['party', 'sender'], 'PAP01'],
    ]);
    expect(first!.operations[2]!.transactionNumber).toBe(send.body.data.transactionNumber);
    expect(second).toMatchObject({
      date: day,
      person: { name: 'Lucie Pierre' },
      count: 1,
      total: 100_000,
      split: false,
    });

    // The recipient of the 30 000 (Paul Délice, by document) appears with a lower threshold.
    const lower = await w.get(
      'superAdmin',
      `/reports/large-operations?from=${day}&to=${day}&threshold=25000`,
    );
    const names = (lower.body.data as Group[]).map((group) => `${group.person.name} ${group.total}`);
    expect(names).toEqual(['Marie Joseph 105000', 'Lucie Pierre 100000', 'Paul Délice 30000']);
    // Above everyone: nothing; the day after alone: Marie's 10 000 is below.
    const none = await w.get(
      'superAdmin',
      `/reports/large-operations?from=${day}&to=${next}&threshold=200000`,
    );
    expect(none.body).toMatchObject({ data: [], meta: { total: 0 } });

    const refused = await w.get(
      'superAdmin',
      `/reports/large-operations?from=${w.month}-01&to=${w.month}-28&threshold=0`,
    );
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ threshold: ['Seuil invalide'] });
    const centimeAndAHalf = await w.get(
      'superAdmin',
      `/reports/large-operations?from=${w.month}-01&to=${w.month}-28&threshold=1000.123`,
    );
    expect(centimeAndAHalf.status).toBe(422);
    expect(centimeAndAHalf.body.errors).toEqual({ threshold: ['Seuil invalide'] });
    const wide = await w.get(
      'superAdmin',
      `/reports/large-operations?from=${w.month}-01&to=${addDays(`${w.month}-01`, 31)}`,
    );
    expect(wide.status).toBe(422);
    expect(wide.body.errors).toEqual({ to: ['La période ne peut pas dépasser 31 jours'] });
    expect((await w.get('papAdmin', '/reports/large-operations')).status).toBe(403);
  });
});
