import { addDays, startOfHaitiDay } from '@lajan/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call } from '../../helpers/fixtures.js';
import {
  cancelBody,
  cashTransferForm,
  counterForm,
  createCustomerAccount,
  createPerson,
  fundAccount,
  partyOf,
  recipientIdentity,
  recipientParty,
} from '../../helpers/ledger.js';
import { reportsWorld } from './world.js';

/*
 * « Déclarations UCREF » (issue 43 part 2, decision 228): a Haitian day's cash operations of each person,
 * summed; account movements and agent deposits never count; the split flags.
 */

interface Operation {
  transactionNumber: string;
  type: string;
  label: string;
  amount: number;
  cash: 'in' | 'out';
  accountNumber: string | null;
  agent: { code: string; name: string } | null;
  teller: string;
  flags: string[];
  feeBandEdge: number | null;
}
interface Group {
  person: {
    registered: boolean;
    name: string;
    firstName: string | null;
    lastName: string | null;
    idDocumentType: string | null;
    idDocumentNumber: string | null;
    dob: string | null;
    address: string | null;
    phoneNumber: string | null;
  };
  count: number;
  total: number;
  cashIn: number;
  cashOut: number;
  largest: number;
  flags: string[];
  agents: { code: string }[];
  operations: Operation[];
}
interface Report {
  day: string;
  threshold: number;
  declared: Group[];
  toReview: Group[];
}

/** A seeded day at PAP01 and CAP01, through the real routes. */
async function seededDay() {
  const w = await reportsWorld();
  const day = `${w.month}-05`;
  const lucie = await createPerson(w.db, { firstName: 'Lucie', lastName: 'Pierre' });
  const lucieAccount = await createCustomerAccount(w.db, [lucie], { agentId: w.cap.id });
  // Rose's money for her withdrawals, deposited before the day (real time).
  await fundAccount(w.app, w.cap, w.roseAccount, 2_000_00);
  const marie = w.marie;

  // One minute each side of the day: out of it.
  w.at(w.haiti(addDays(day, -1), '23:59'));
  await w.post('papTeller', '/transactions/deposit', counterForm(w.marieAccount, marie, 50_000));
  // Marie: three cash operations at two agents, 45 000 + 35 000 + 30 000 = 110 000.
  w.at(w.haiti(day, '08:30'));
  const first = await w.post(
    'papTeller',
    '/transactions/deposit',
    counterForm(w.marieAccount, marie, 45_000),
  );
  w.at(w.haiti(day, '09:00'));
  await w.post('capTeller', '/transactions/deposit', counterForm(w.roseAccount, marie, 35_000));
  w.at(w.haiti(day, '10:00'));
  const send = await w.post('papTeller', '/transactions/transfer-extern', cashTransferForm(marie, 30_000));
  // Her account movements and an agent deposit she brings: never cash of hers.
  await w.post('papTeller', '/transactions/transfer', {
    senderAccountNumber: w.marieAccount.accountNumber,
    recipientAccountNumber: w.roseAccount.accountNumber,
    party: partyOf(marie),
    amount: 20_000,
  });
  await w.post('papTeller', '/transactions/transfer-extern', {
    ...cashTransferForm(marie, 15_000),
    accountNumber: w.marieAccount.accountNumber,
  });
  await w.post('superAdmin', '/agents/deposit', { code: 'CAP01', party: partyOf(marie), amount: 90_000 });
  // The 30 000 paid out in cash at CAP01 to Paul Délice (not registered): his, not Marie's.
  w.at(w.haiti(day, '11:00'));
  await w.post('capTeller', '/transactions/receive-transfer', {
    transactionNumber: send.body.data.transactionNumber,
    recipient: recipientIdentity,
    party: recipientParty,
  });
  // Jean: two deposits each within 10 % under 110 000: split under the threshold.
  w.at(w.haiti(day, '12:00'));
  await w.post('papTeller', '/transactions/deposit', counterForm(w.jeanAccount, w.jean, 99_500));
  await w.post('papTeller', '/transactions/deposit', counterForm(w.jeanAccount, w.jean, 100_000));
  // Lucie: one deposit of 100 000 at CAP01, and one withdrawal just under the 250 band (alone: no flag).
  w.at(w.haiti(day, '13:00'));
  await w.post('capTeller', '/transactions/deposit', counterForm(lucieAccount, lucie, 100_000));
  await w.post('capTeller', '/transactions/withdraw', counterForm(lucieAccount, lucie, 249.99));
  // Rose: withdrawals just under the 250 band's edge (its fee rises from 0 to 10), and one of 200.
  w.at(w.haiti(day, '14:00'));
  for (const amount of [249.99, 249.99, 230, 200])
    await w.post('capTeller', '/transactions/withdraw', counterForm(w.roseAccount, w.rose, amount));
  // The first minute of the next day: out of it.
  w.at(w.haiti(addDays(day, 1), '00:00'));
  await w.post('papTeller', '/transactions/deposit', counterForm(w.marieAccount, marie, 40_000));
  return { w, day, lucie, first, send };
}

describe('GET /api/reports/declarations', () => {
  it("declares each person's cash of the Haitian day, single or summed, with her identification and the split flags", async () => {
    const { w, day, lucie, first, send } = await seededDay();

    // No day asked: yesterday in Haiti (the clock is at the first minute of the next day).
    const answer = await w.get('superAdmin', '/reports/declarations');
    expect(answer.status, answer.text).toBe(200);
    const report = answer.body.data as Report;
    expect(report).toMatchObject({ day, threshold: 110_000, currency: 'HTG' });
    expect(report.declared.map((group) => [group.person.name, group.total, group.flags])).toEqual([
      ['Jean Baptiste', 199_500, ['threshold_split']],
      ['Marie Joseph', 110_000, []],
    ]);
    const [jean, marie] = report.declared as [Group, Group];
    // Marie's three cash operations, each listed; her transfers between accounts and the agent deposit left out,
    // and the minute before and after the day too.
    expect(marie.person).toEqual({
      registered: true,
      name: 'Marie Joseph',
      firstName: 'Marie',
      lastName: 'Joseph',
      idDocumentType: 'id_card',
      idDocumentNumber: w.marie.idDocumentNumber,
      dob: '1990-04-12',
      address: '12 rue Capois, Port-au-Prince, Ouest, Haïti',
      phoneNumber: expect.stringMatching(/^\+509/) as string,
    });
    expect(marie).toMatchObject({ count: 3, cashIn: 110_000, cashOut: 0, largest: 45_000 });
    expect(marie.agents.map((agent) => agent.code)).toEqual(['CAP01', 'PAP01']);
    expect(
      marie.operations.map((operation) => [
        operation.label,
        operation.amount,
        operation.cash,
        operation.accountNumber,
        operation.agent?.code,
      ]),
    ).toEqual([
      ['Dépôt', 45_000, 'in', w.marieAccount.accountNumber, 'PAP01'],
      ['Dépôt', 35_000, 'in', w.roseAccount.accountNumber, 'CAP01'],
      ['Transfert externe', 30_000, 'in', null, 'PAP01'],
    ]);
    expect(marie.operations[0]!.transactionNumber).toBe(first.body.data.transactionNumber);
    expect(marie.operations[0]!.teller).toContain(`(${w.pap.teller.username})`);
    expect(marie.operations[2]!.transactionNumber).toBe(send.body.data.transactionNumber);
    // Jean: both deposits within 10 % under the threshold, flagged.
    expect(jean.operations.map((operation) => [operation.amount, operation.flags])).toEqual([
      [99_500, ['threshold_split']],
      [100_000, ['threshold_split']],
    ]);
    // Below the threshold, Rose's withdrawals under the 250 band's edge are to look at; Lucie's one is not.
    expect(report.toReview.map((group) => [group.person.name, group.total, group.flags])).toEqual([
      ['Rose Étienne', 929.98, ['fee_band_split']],
    ]);
    expect(
      report.toReview[0]!.operations.map((operation) => [
        operation.amount,
        operation.cash,
        operation.flags,
        operation.feeBandEdge,
      ]),
    ).toEqual([
      [249.99, 'out', ['fee_band_split'], 250],
      [249.99, 'out', ['fee_band_split'], 250],
      [230, 'out', ['fee_band_split'], 250],
      [200, 'out', [], null],
    ]);

    // A lower threshold: Lucie's single 100 000 is declared; Paul Délice's pay-out, not registered, with
    // what the sender said of him.
    const lower = await w.get('superAdmin', `/reports/declarations?day=${day}&threshold=30000`);
    expect(lower.status, lower.text).toBe(200);
    const declared = (lower.body.data as Report).declared;
    expect(declared.map((group) => [group.person.name, group.total])).toEqual([
      ['Jean Baptiste', 199_500],
      ['Marie Joseph', 110_000],
      ['Lucie Pierre', 100_249.99],
      ['Paul Délice', 30_000],
    ]);
    expect(declared[2]!.person.idDocumentNumber).toBe(lucie.idDocumentNumber);
    expect(declared[2]!.flags).toEqual([]);
    expect(declared[3]!.person).toEqual({
      registered: false,
      name: 'Paul Délice',
      firstName: 'Paul',
      lastName: 'Délice',
      idDocumentType: 'id_card',
      idDocumentNumber: 'NIF-778899',
      dob: null,
      address: null,
      phoneNumber: '+50934001122',
    });
    expect(declared[3]!.operations.map((operation) => [operation.label, operation.cash])).toEqual([
      ['Paiement de transfert', 'out'],
    ]);

    // Bad input: French field messages; other roles: 403.
    const badDay = await w.get('superAdmin', '/reports/declarations?day=2026-02-30');
    expect(badDay.status).toBe(422);
    expect(badDay.body.errors).toEqual({ day: ['Date invalide (AAAA-MM-JJ)'] });
    const badThreshold = await w.get('superAdmin', `/reports/declarations?day=${day}&threshold=-5`);
    expect(badThreshold.status).toBe(422);
    expect(badThreshold.body.errors).toEqual({ threshold: ['Seuil invalide'] });
    for (const who of ['papAdmin', 'papTeller', 'capAdmin'] as const) {
      expect((await w.get(who, `/reports/declarations?day=${day}`)).status).toBe(403);
      expect((await w.get(who, `/reports/declarations/export?day=${day}`)).status).toBe(403);
    }
  });

  it('exports one row per operation with its person and flags, formulas neutralised', async () => {
    const { w, day } = await seededDay();
    // An address typed like a formula (registered before names were checked): shown, never run.
    await w.db.execute(
      sql`update persons set address = '=HYPERLINK("x")', city = null, state = null, country = null where id = ${w.marie.id}`,
    );

    const answer = await w.get('superAdmin', `/reports/declarations/export?day=${day}`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="declarations-ucref-${day}.csv"`,
    );
    expect(answer.text.startsWith('\uFEFF')).toBe(true);
    const lines = answer.text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Section;Jour;Nom;Prénom;Nom complet;Type de pièce;Numéro de pièce;Date de naissance;Adresse;Téléphone;Personne enregistrée;Total du jour;Numéro;Date;Opération;Espèces;Montant;Compte;Agent;Caissier;Signalements',
    );
    // Jean 2, Marie 3 to declare; Rose 4 to look at.
    expect(lines).toHaveLength(1 + 2 + 3 + 4);
    const cells = lines.slice(1).map((line) => line.split(';'));
    expect(cells.map((row) => [row[0], row[4], row[16], row[20]])).toEqual([
      ['À déclarer', 'Jean Baptiste', '99500,00', 'Fractionné sous le seuil'],
      ['À déclarer', 'Jean Baptiste', '100000,00', 'Fractionné sous le seuil'],
      ['À déclarer', 'Marie Joseph', '45000,00', ''],
      ['À déclarer', 'Marie Joseph', '35000,00', ''],
      ['À déclarer', 'Marie Joseph', '30000,00', ''],
      ['À examiner', 'Rose Étienne', '249,99', 'Fractionné sous une tranche de frais (sous 250,00)'],
      ['À examiner', 'Rose Étienne', '249,99', 'Fractionné sous une tranche de frais (sous 250,00)'],
      ['À examiner', 'Rose Étienne', '230,00', 'Fractionné sous une tranche de frais (sous 250,00)'],
      ['À examiner', 'Rose Étienne', '200,00', ''],
    ]);
    const marieRow = lines[3]!;
    expect(marieRow).toContain(`;"'=HYPERLINK(""x"")";`);
    expect(marieRow).toContain(
      `;Joseph;Marie;Marie Joseph;Carte d'identité;${w.marie.idDocumentNumber};1990-04-12;`,
    );
    expect(marieRow).toContain(';Oui;110000,00;');
    expect(marieRow).toMatch(
      new RegExp(`;05/${day.slice(5, 7)}/${day.slice(0, 4)} 08:30;Dépôt;Espèces reçues;45000,00;`),
    );
  });

  it('counts a cash refund and a correction carried out in cash, gross; not a correction between accounts', async () => {
    const w = await reportsWorld();
    const day = `${w.month}-07`;
    const marie = w.marie;
    const decide = async (as: 'papTeller' | 'papAdmin', url: string, status: number) => {
      const answer = await call(w.app, 'POST', `/api${url}`, {
        token: await w.tokenOf(as === 'papTeller' ? w.pap.teller.username : 'admin.pap01'),
      });
      expect(answer.status, answer.text).toBe(status);
      return answer;
    };
    const correct = async (transactionNumber: string) => {
      const asked = await w.post('papTeller', `/transactions/${transactionNumber}/corrections`, {
        reason: 'Mauvais compte',
      });
      return asked.body.data.id as string;
    };
    w.at(w.haiti(day, '09:00'));
    // 60 000 deposited into Jean's account by mistake, given back in cash, then into hers.
    const wrong = await w.post(
      'papTeller',
      '/transactions/deposit',
      counterForm(w.jeanAccount, marie, 60_000),
    );
    const id = await correct(wrong.body.data.transactionNumber as string);
    await decide('papAdmin', `/corrections/${id}/approve`, 200);
    await decide('papTeller', `/corrections/${id}/execute`, 201);
    await w.post('papTeller', '/transactions/deposit', counterForm(w.marieAccount, marie, 60_000));
    // A cash send of 8 000 cancelled: paid back to her in cash.
    const send = await w.post('papTeller', '/transactions/transfer-extern', cashTransferForm(marie, 8_000));
    await w.post('papTeller', `/transactions/${send.body.data.transactionNumber}/cancel`, cancelBody(marie));
    // A transfer between accounts and its correction, posted at approval: no cash.
    const moved = await w.post('papTeller', '/transactions/transfer', {
      senderAccountNumber: w.marieAccount.accountNumber,
      recipientAccountNumber: w.roseAccount.accountNumber,
      party: partyOf(marie),
      amount: 1_000,
    });
    const undo = await correct(moved.body.data.transactionNumber as string);
    await decide('papAdmin', `/corrections/${undo}/approve`, 201);

    const answer = await w.get('superAdmin', `/reports/declarations?day=${day}`);
    expect(answer.status, answer.text).toBe(200);
    const [group, ...others] = (answer.body.data as Report).declared;
    expect(others).toEqual([]);
    expect(group).toMatchObject({ total: 196_000, cashIn: 128_000, cashOut: 68_000, count: 5 });
    expect(
      group!.operations.map((operation) => [
        operation.label,
        operation.cash,
        operation.amount,
        operation.accountNumber,
      ]),
    ).toEqual([
      ['Dépôt', 'in', 60_000, w.jeanAccount.accountNumber],
      ['Correction (Dépôt)', 'out', 60_000, w.jeanAccount.accountNumber],
      ['Dépôt', 'in', 60_000, w.marieAccount.accountNumber],
      ['Transfert externe', 'in', 8_000, null],
      ['Remboursement de transfert', 'out', 8_000, null],
    ]);
  });

  it('leaves a trace of each read and export in the audit log, and lets no browser keep either', async () => {
    const w = await reportsWorld();
    const day = `${w.month}-06`;
    w.at(w.haiti(day, '10:00'));
    await w.post('papTeller', '/transactions/deposit', counterForm(w.marieAccount, w.marie, 60_000));
    await w.post('capTeller', '/transactions/deposit', counterForm(w.roseAccount, w.marie, 60_000));

    const read = await w.get('superAdmin', `/reports/declarations?day=${day}`);
    expect(read.status, read.text).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    const exported = await w.get('superAdmin', `/reports/declarations/export?day=${day}&threshold=50000`);
    expect(exported.status, exported.text).toBe(200);
    expect(exported.headers['cache-control']).toBe('no-store');
    // Refused: no trace of a reading that read nothing.
    expect((await w.get('superAdmin', '/reports/declarations?threshold=0')).status).toBe(422);
    expect((await w.get('papAdmin', `/reports/declarations?day=${day}`)).status).toBe(403);

    const trail = await w.get('superAdmin', '/audit?action=reports&per_page=10');
    expect(trail.status, trail.text).toBe(200);
    const lines = (
      trail.body.data as { action: string; actorUsername: string; target: string; details: unknown }[]
    ).map((line) => [line.action, line.actorUsername, line.target, line.details]);
    expect(lines).toEqual([
      [
        'reports.declarations_exported',
        'superadmin',
        day,
        { day, threshold: 50_000, declared: 1, toReview: 0 },
      ],
      ['reports.declarations_read', 'superadmin', day, { day, threshold: 110_000, declared: 1, toReview: 0 }],
    ]);
    // An agent's administrator does not see the super administrator's readings.
    const theirs = await w.get('papAdmin', '/audit?action=reports');
    expect(theirs.status, theirs.text).toBe(200);
    expect(theirs.body.data).toEqual([]);
  });

  it("never lends a recipient's name or phone to who brought a cash send for a registered sender", async () => {
    const w = await reportsWorld();
    const day = `${w.month}-08`;
    w.at(w.haiti(day, '10:00'));
    // Marie's cash send, the cash brought by her neighbour, registered nowhere (Marie is PAP01's customer).
    const fritz = { name: 'Fritz Augustin', idDocumentType: 'id_card', idDocumentNumber: 'CIN-5550001' };
    await w.post('papTeller', '/transactions/transfer-extern', {
      ...cashTransferForm(w.marie, 25_000),
      party: fritz,
    });

    const answer = await w.get('superAdmin', `/reports/declarations?day=${day}&threshold=20000`);
    expect(answer.status, answer.text).toBe(200);
    const declared = (answer.body.data as Report).declared;
    expect(declared.map((group) => group.person.name).sort()).toEqual(['Fritz Augustin', 'Marie Joseph']);
    expect(declared.find((group) => group.person.name === 'Fritz Augustin')!.person).toEqual({
      registered: false,
      name: 'Fritz Augustin',
      firstName: null,
      lastName: null,
      idDocumentType: 'id_card',
      idDocumentNumber: 'CIN-5550001',
      dob: null,
      address: null,
      phoneNumber: null,
    });
  });

  it('holds to the Haitian day when the clocks change: 23 and 25 hours, never 24', async () => {
    const w = await reportsWorld();
    // The next two days whose length is not 24 hours in Haiti: spring forward (23 h), fall back (25 h).
    const changes: string[] = [];
    for (let day = `${w.month}-01`; changes.length < 2; day = addDays(day, 1)) {
      const hours = (startOfHaitiDay(addDays(day, 1)).getTime() - startOfHaitiDay(day).getTime()) / 3_600_000;
      if (hours !== 24) changes.push(day);
      expect(day < `${Number(w.month.slice(0, 4)) + 2}-01-01`).toBe(true);
    }
    const minute = 60_000;
    for (const day of changes) {
      const start = startOfHaitiDay(day).getTime();
      const end = startOfHaitiDay(addDays(day, 1)).getTime();
      // The minute before the day, its first and last minutes, the first of the next: 100, 200, 300, 400.
      for (const [at, amount] of [
        [start - minute, 100],
        [start, 200],
        [end - minute, 300],
        [end, 400],
      ] as const) {
        w.at(new Date(at));
        await w.post('papTeller', '/transactions/deposit', counterForm(w.marieAccount, w.marie, amount));
      }
    }
    for (const day of changes) {
      const answer = await w.get('superAdmin', `/reports/declarations?day=${day}&threshold=500`);
      expect(answer.status, answer.text).toBe(200);
      const [marie, ...others] = (answer.body.data as Report).declared;
      expect(others).toEqual([]);
      expect(marie!.operations.map((operation) => operation.amount)).toEqual([200, 300]);
    }
  });

  it('refuses in French a day not yet come, out of range or doubled, and a threshold not an amount', async () => {
    const w = await reportsWorld();
    const today = `${w.month}-10`;
    w.at(w.haiti(today, '09:00'));
    const status = async (query: string) => {
      const answer = await w.get('superAdmin', `/reports/declarations?${query}`);
      return [answer.status, answer.body.errors ?? null] as const;
    };
    const refused = (field: string, message: unknown) => [422, { [field]: [message] }] as const;
    // Today, partly gone, may be read; tomorrow has not come (its empty list would say « nobody »).
    expect(await status(`day=${today}`)).toEqual([200, null]);
    expect(await status(`day=${addDays(today, 1)}`)).toEqual(
      refused('day', 'Ce jour n’est pas encore venu en Haïti'),
    );
    expect(await status('day=2099-12-31')).toEqual(refused('day', 'Ce jour n’est pas encore venu en Haïti'));
    expect(await status('day=2000-01-01')).toEqual([200, null]);
    expect(await status('day=1999-12-31')).toEqual(refused('day', 'Date invalide (AAAA-MM-JJ)'));
    expect(await status('day=05/11/2026')).toEqual(refused('day', 'Date invalide (AAAA-MM-JJ)'));
    // Zod's French words for a doubled field.
    expect(await status(`day=${today}&day=${today}`)).toEqual(
      refused('day', expect.stringMatching(/^Entrée invalide/)),
    );
    // The threshold: a positive amount of at most two decimals, at most a billion HTG.
    for (const threshold of [
      '0',
      '-1',
      '1e12',
      '1e5',
      '110.000',
      '1,5',
      '110000.555',
      'abc',
      'Infinity',
      '0x10',
    ])
      expect(await status(`day=${today}&threshold=${threshold}`), threshold).toEqual(
        refused('threshold', 'Seuil invalide'),
      );
    for (const threshold of ['0.01', '1000000000', '110000.50'])
      expect(await status(`day=${today}&threshold=${threshold}`), threshold).toEqual([200, null]);
    // The export answers the same refusals.
    const future = await w.get('superAdmin', `/reports/declarations/export?day=${addDays(today, 1)}`);
    expect(future.status).toBe(422);
  });

  it("lists each cash operation of the ledger's day once, and nothing else", async () => {
    const { w, day } = await seededDay();
    // At the smallest threshold every person with cash that day is declared.
    const answer = await w.get('superAdmin', `/reports/declarations?day=${day}&threshold=0.01`);
    expect(answer.status, answer.text).toBe(200);
    const report = answer.body.data as Report;
    const listed = [...report.declared, ...report.toReview].flatMap((group) =>
      group.operations.map((operation) => `${operation.transactionNumber}:${operation.amount}`),
    );

    // The ledger's day, read apart: what moved cash at a counter (deposits, withdrawals, pay-outs, sends and
    // refunds with no sender account, corrections of a deposit or a withdrawal).
    const rows = (
      (await w.db.execute(sql`
        select t.transaction_number, t.type, t.amount_centimes, t.sender_account_id, c.type as corrected
        from transactions t left join transactions c on c.id = t.related_transaction_id
        where t.created_at >= ${startOfHaitiDay(day).toISOString()}::timestamptz
          and t.created_at < ${startOfHaitiDay(addDays(day, 1)).toISOString()}::timestamptz`)) as {
        rows: {
          transaction_number: string;
          type: string;
          amount_centimes: string | number;
          sender_account_id: string | null;
          corrected: string | null;
        }[];
      }
    ).rows;
    const cash = rows.filter(
      (row) =>
        ['deposit', 'withdrawal', 'external_payout'].includes(row.type) ||
        (['external_transfer', 'external_refund'].includes(row.type) && row.sender_account_id === null) ||
        (row.type === 'reversal' && ['deposit', 'withdrawal'].includes(row.corrected ?? '')),
    );
    // Transfers between accounts, a send from an account and an agent deposit were posted that day too.
    expect(rows.length - cash.length).toBe(3);
    expect(listed.sort()).toEqual(
      cash.map((row) => `${row.transaction_number}:${Number(row.amount_centimes) / 100}`).sort(),
    );
  });
});
