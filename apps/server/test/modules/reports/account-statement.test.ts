import { describe, expect, it } from 'vitest';
import { balanceOf, counterForm, partyOf } from '../../helpers/ledger.js';
import { reportsWorld } from './world.js';

/*
 * A customer account's statement (issue 16 item 5, decision 148): opening + movements = closing, equal to
 * the account's balance at the period's end; asked by the agent that holds the account or the super
 * administrator, 404 for anyone else.
 */

interface Statement {
  openingBalance: number;
  totalCredits: number;
  totalDebits: number;
  closingBalance: number;
  movements: { transactionNumber: string; type: string; label: string; amount: number; balance: number }[];
}

const cents = (value: number) => Math.round(value * 100);

/** Each movement's balance is the one before plus its amount, from the opening to the closing. */
function expectRunningBalances(statement: Statement): void {
  let running = cents(statement.openingBalance);
  for (const move of statement.movements) {
    running += cents(move.amount);
    expect(cents(move.balance)).toBe(running);
  }
  expect(running).toBe(cents(statement.closingBalance));
}

/** A CSV answer's lines, without its BOM and its last line end. */
const csvLines = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

describe('GET /api/reports/accounts/:accountNumber/statement', () => {
  it('adds up: opening + each movement = closing = the balance at the end of the period; pages and CSV agree', async () => {
    const w = await reportsWorld();
    const marie = w.marieAccount.accountNumber;
    // Before the period: a deposit (part of the opening balance).
    w.at(w.haiti(`${w.month}-01`, '09:00'));
    await w.post('papTeller', '/transactions/deposit', counterForm(w.marieAccount, w.marie, 1000));
    // In the period (from the 2nd to the 20th).
    w.at(w.haiti(`${w.month}-02`, '10:00'));
    await w.post('papTeller', '/transactions/deposit', counterForm(w.marieAccount, w.marie, 2500.5));
    await w.post('papTeller', '/transactions/withdraw', counterForm(w.marieAccount, w.marie, 1200));
    w.at(w.haiti(`${w.month}-10`, '15:30'));
    await w.post('papTeller', '/transactions/transfer', {
      senderAccountNumber: marie,
      recipientAccountNumber: w.jeanAccount.accountNumber,
      party: partyOf(w.marie),
      amount: 800,
    });
    await w.post('papTeller', '/transactions/transfer', {
      senderAccountNumber: w.jeanAccount.accountNumber,
      recipientAccountNumber: marie,
      party: partyOf(w.jean),
      amount: 300.25,
    });
    w.at(w.haiti(`${w.month}-20`, '23:59'));
    await w.post('papTeller', '/transactions/withdraw', counterForm(w.marieAccount, w.marie, 500));
    const endCentimes = await balanceOf(w.db, w.marieAccount.id);
    // After the period: not in it.
    w.at(w.haiti(`${w.month}-21`, '00:00'));
    await w.post('papTeller', '/transactions/deposit', counterForm(w.marieAccount, w.marie, 4000));

    const period = `from=${w.month}-02&to=${w.month}-20`;
    const answer = await w.get('papTeller', `/reports/accounts/${marie}/statement?${period}`);
    expect(answer.status, answer.text).toBe(200);
    const statement = answer.body.data as Statement;
    expect(answer.body.meta).toEqual({ total: 5, page: 1, per_page: 10 });
    expect(answer.body.data).toMatchObject({
      account: { accountNumber: marie, type: 'current', holders: ['Marie Joseph'] },
      period: { from: `${w.month}-02`, to: `${w.month}-20` },
      currency: 'HTG',
    });
    // 2 500,50 in, 1 200 + 40 fee out, 800 + 10 fee out, 300,25 in, 500 + 20 fee out.
    expect(statement.movements.map((move) => [move.label, move.amount])).toEqual([
      ['Dépôt', 2500.5],
      ['Retrait', -1240],
      ['Transfert', -810],
      ['Transfert', 300.25],
      ['Retrait', -520],
    ]);
    expect(cents(statement.totalCredits)).toBe(280075);
    expect(cents(statement.totalDebits)).toBe(-257000);
    expectRunningBalances(statement);
    expect(cents(statement.closingBalance)).toBe(endCentimes);
    expect(cents(statement.openingBalance)).toBe(endCentimes - 280075 + 257000);

    // Page 2 of 2 rows: the running balance goes on from the rows before it.
    const second = await w.get(
      'papTeller',
      `/reports/accounts/${marie}/statement?${period}&per_page=2&page=2`,
    );
    expect((second.body.data as Statement).movements).toEqual(statement.movements.slice(2, 4));
    expect(second.body.data.openingBalance).toBe(statement.openingBalance);

    const csv = await w.get('papAdmin', `/reports/accounts/${marie}/statement/export?${period}`);
    expect(csv.status, csv.text).toBe(200);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="releve-${marie}-${w.month}-02-${w.month}-20.csv"`,
    );
    const lines = csvLines(csv.text);
    expect(lines[0]).toBe('Date;Numéro;Opération;Montant;Solde');
    expect(lines).toHaveLength(1 + 1 + 5 + 1);
    const comma = (centimes: number) => (centimes / 100).toFixed(2).replace('.', ',');
    expect(lines[1]).toBe(
      `02/${w.month.slice(5)}/${w.month.slice(0, 4)} 00:00;;Solde d'ouverture;;${comma(cents(statement.openingBalance))}`,
    );
    expect(lines[3]).toMatch(/;Retrait;-1240,00;/);
    expect(lines.at(-1)).toBe(
      `20/${w.month.slice(5)}/${w.month.slice(0, 4)} 23:59;;Solde de clôture;;${comma(endCentimes)}`,
    );
  });

  it('answers the agent that holds the account and the super administrator; another agent gets 404', async () => {
    const w = await reportsWorld();
    const marie = w.marieAccount.accountNumber;
    for (const who of ['papTeller', 'papAdmin', 'superAdmin'] as const)
      expect((await w.get(who, `/reports/accounts/${marie}/statement`)).status).toBe(200);
    for (const who of ['capTeller', 'capAdmin'] as const) {
      const refused = await w.get(who, `/reports/accounts/${marie}/statement`);
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe('Compte introuvable');
      expect((await w.get(who, `/reports/accounts/${marie}/statement/export`)).status).toBe(404);
    }
    // A float's number is not a customer account's, even for the super administrator.
    expect(
      (await w.get('superAdmin', `/reports/accounts/${w.pap.floatAccountNumber}/statement`)).status,
    ).toBe(404);
    expect((await w.get('superAdmin', `/reports/accounts/0000/statement`)).status).toBe(404);
  });
});

describe('GET /api/reports/float/statement (decision 191)', () => {
  it("adds up for an agent's float: each movement with the agent's share, the closing equal to its balance; pages and CSV agree", async () => {
    const w = await reportsWorld();
    w.at(w.haiti(`${w.month}-02`, '10:00'));
    // The float gives the deposit's e-money, takes the withdrawal's plus its share of the fee (40 of 40 %).
    await w.post('papTeller', '/transactions/deposit', counterForm(w.marieAccount, w.marie, 2500));
    await w.post('papTeller', '/transactions/withdraw', counterForm(w.marieAccount, w.marie, 1200));
    w.at(w.haiti(`${w.month}-03`, '09:00'));
    await w.post('papTeller', '/transactions/transfer', {
      senderAccountNumber: w.marieAccount.accountNumber,
      recipientAccountNumber: w.jeanAccount.accountNumber,
      party: partyOf(w.marie),
      amount: 800,
    });
    // Another agent's work is not on this float.
    await w.post('capTeller', '/transactions/deposit', counterForm(w.roseAccount, w.rose, 300));
    const endCentimes = await balanceOf(w.db, w.pap.floatAccountId);

    const period = `from=${w.month}-02&to=${w.month}-20`;
    const answer = await w.get('papAdmin', `/reports/float/statement?${period}`);
    expect(answer.status, answer.text).toBe(200);
    const statement = answer.body.data as Statement;
    expect(answer.body.data.account).toEqual({
      accountNumber: w.pap.floatAccountNumber,
      type: 'float',
      holders: [],
      agent: { code: 'PAP01', name: 'Kay Lajan Pétion-Ville' },
    });
    expect(answer.body.meta).toEqual({ total: 3, page: 1, per_page: 10 });
    expect(statement.movements.map((move) => [move.label, move.amount])).toEqual([
      ['Dépôt', -2500],
      ['Retrait', 1216],
      ['Transfert', 4],
    ]);
    expectRunningBalances(statement);
    expect(cents(statement.closingBalance)).toBe(endCentimes);

    const second = await w.get('papAdmin', `/reports/float/statement?${period}&per_page=1&page=2`);
    expect((second.body.data as Statement).movements).toEqual(statement.movements.slice(1, 2));

    const csv = await w.get('superAdmin', `/reports/float/statement/export?${period}&agentCode=PAP01`);
    expect(csv.status, csv.text).toBe(200);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="releve-float-PAP01-${w.month}-02-${w.month}-20.csv"`,
    );
    const lines = csvLines(csv.text);
    expect(lines).toHaveLength(1 + 1 + 3 + 1);
    expect(lines[2]).toMatch(/;Dépôt;-2500,00;/);
    expect(lines.at(-1)).toMatch(/;Solde de clôture;;/);
  });

  it("answers the agent's administrator and the super administrator; a teller 403, another agent's administrator 404", async () => {
    const w = await reportsWorld();
    expect((await w.get('papAdmin', '/reports/float/statement')).status).toBe(200);
    expect((await w.get('papAdmin', '/reports/float/statement?agentCode=PAP01')).status).toBe(200);
    const other = await w.get('capAdmin', '/reports/float/statement?agentCode=PAP01');
    expect(other.status).toBe(404);
    expect((await w.get('capAdmin', '/reports/float/statement/export?agentCode=PAP01')).status).toBe(404);
    // Its own agent's float, whatever it was asked before.
    const own = await w.get('capAdmin', '/reports/float/statement');
    expect(own.body.data.account.agent.code).toBe('CAP01');
    for (const who of ['papTeller', 'capTeller'] as const) {
      expect((await w.get(who, '/reports/float/statement')).status).toBe(403);
      expect((await w.get(who, '/reports/float/statement/export')).status).toBe(403);
    }
    const superAdmin = await w.get('superAdmin', '/reports/float/statement?agentCode=CAP01');
    expect(superAdmin.status).toBe(200);
    expect(superAdmin.body.data.account.accountNumber).toBe(w.cap.floatAccountNumber);
    const noAgent = await w.get('superAdmin', '/reports/float/statement');
    expect(noAgent.status).toBe(422);
    expect(noAgent.body.errors).toEqual({ agentCode: ["Code de l'agent requis"] });
    expect((await w.get('superAdmin', '/reports/float/statement?agentCode=NOPE1')).status).toBe(404);
  });
});
