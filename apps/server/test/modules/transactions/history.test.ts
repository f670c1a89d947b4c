import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  foldForSearch,
  formatDateTimeFr,
  groupDigits,
  maskDocumentNumber,
  searchFoldFrom,
  searchFoldTo,
} from '@lajan/domain';
import { historyPage, type HistoryFilter } from '../../../src/modules/transactions/history-query.js';
import { call } from '../../helpers/fixtures.js';
import {
  busyLedgerWorld,
  cancelBody,
  createAgentAdmin,
  createCustomerAccount,
  partyOf,
  recipientIdentity,
  recipientParty,
  superAdminToken,
} from '../../helpers/ledger.js';

/** PAP01 makes three deposits for Marie, one withdrawal for Jean and sends one cash transfer; CAP01 one deposit. */
const busyWorld = () => busyLedgerWorld([100, 200, 300]);
type World = Awaited<ReturnType<typeof busyWorld>>;

function history(world: World, query: string, token: string) {
  return call(world.app, 'GET', `/api/transactions/history${query}`, { token });
}

function searchFor(world: World, transactionNumber: unknown, token: string) {
  return call(world.app, 'POST', '/api/transactions/search', { token, body: { transactionNumber } });
}

async function numbersFound(world: World, query: string, token: string) {
  const answer = await history(world, `?q=${encodeURIComponent(query)}`, token);
  return (answer.body.data as { transactionNumber: string }[]).map((row) => row.transactionNumber);
}

describe('GET /api/transactions/history', () => {
  it("shows a teller its own agent's transactions, newest first, with the pagination summary", async () => {
    const world = await busyWorld();
    const answer = await history(world, '?per_page=3', world.pap.teller.token);
    expect(answer.status).toBe(200);
    // PAP01: the funding of its float and of two accounts (5 rows of the world) + 5 operations.
    expect(answer.body.pagination).toEqual({ total: 10, total_pages: 4, firstItem: 1, lastItem: 3 });
    expect((answer.body.data as { type: string }[]).map((row) => row.type)).toEqual([
      'external_transfer',
      'withdrawal',
      'deposit',
    ]);
    expect(answer.body.data[0]).toMatchObject({ agent: { code: 'PAP01' }, status: 'pending', fee: 65 });
    const last = await history(world, '?per_page=3&page=4', world.pap.teller.token);
    expect(last.body.pagination).toEqual({ total: 10, total_pages: 4, firstItem: 10, lastItem: 10 });
    const beyond = await history(world, '?per_page=3&page=9', world.pap.teller.token);
    expect(beyond.body).toEqual({
      data: [],
      pagination: { total: 10, total_pages: 4, firstItem: 0, lastItem: 0 },
    });
  });

  it('shows an administrator its agent, the super administrator everything', async () => {
    const world = await busyWorld();
    const admin = await createAgentAdmin(world.app, world.cap);
    const capRows = await history(world, '', admin);
    // CAP01: its funding + one deposit.
    expect(capRows.body.pagination.total).toBe(2);
    expect(
      (capRows.body.data as { agent: { code: string } }[]).every((row) => row.agent.code === 'CAP01'),
    ).toBe(true);
    const all = await history(world, '', await superAdminToken(world.app));
    expect(all.body.pagination.total).toBe(12);
  });

  it('filters by type and searches a transaction number, an account number or a name', async () => {
    const world = await busyWorld();
    const token = world.pap.teller.token;
    const deposits = await history(world, '?type=deposit', token);
    expect(deposits.body.pagination.total).toBe(5);
    expect((deposits.body.data as { type: string }[]).every((row) => row.type === 'deposit')).toBe(true);
    const byNumber = await history(world, `?q=${world.transferNumber}`, token);
    expect(
      (byNumber.body.data as { transactionNumber: string }[]).map((row) => row.transactionNumber),
    ).toEqual([world.transferNumber]);
    const byAccount = await history(world, `?q=${world.jeanAccount.accountNumber}`, token);
    expect(byAccount.body.pagination.total).toBe(2);
    const byRecipient = await history(world, '?q=d%C3%A9lice', token);
    expect(byRecipient.body.pagination.total).toBe(1);
    // Jean at the counter for his withdrawal, and the holder of the account funded by a deposit.
    const byParty = await history(world, '?q=jean%20bapt', token);
    expect((byParty.body.data as { type: string }[]).map((row) => row.type)).toEqual([
      'withdrawal',
      'deposit',
    ]);
    const unknownType = await history(world, '?type=gift', token);
    expect(unknownType.status).toBe(422);
  });

  it('searches a number typed with spaces or dashes or by its start, a name by its start or its last name', async () => {
    const world = await busyWorld();
    const token = world.pap.teller.token;
    const numbers = async (query: string) =>
      (
        (await history(world, `?q=${encodeURIComponent(query)}`, token)).body.data as {
          transactionNumber: string;
        }[]
      ).map((row) => row.transactionNumber);
    const spaced = world.transferNumber.replace(/(\d{4})(?=\d)/g, '$1 ');
    expect(await numbers(spaced)).toEqual([world.transferNumber]);
    expect(await numbers(world.transferNumber.replace(/(\d{4})(?=\d)/g, '$1-'))).toEqual([
      world.transferNumber,
    ]);
    expect(await numbers(world.transferNumber.slice(0, 9))).toContain(world.transferNumber);
    // Jean's account: his withdrawal and its funding, by the account number's start.
    const byAccountStart = await history(world, `?q=${world.jeanAccount.accountNumber.slice(0, 8)}`, token);
    expect(byAccountStart.body.pagination.total).toBeGreaterThanOrEqual(2);
    // Jean Baptiste at the counter: by full name, its start, or his last name, any case.
    for (const name of ['JEAN BAPTISTE', 'baptiste', '  jean   bapt ']) {
      const answer = await history(world, `?q=${encodeURIComponent(name)}&type=withdrawal`, token);
      expect(answer.body.pagination.total).toBe(1);
    }
    expect((await history(world, '?q=aptiste', token)).body.pagination.total).toBe(0);
    expect((await history(world, '?q=%20-%20', token)).body.pagination.total).toBe(10);
  });

  it("finds an operation by its account holder's name when someone else stood at the counter (decision 178)", async () => {
    const world = await busyWorld();
    const token = world.pap.teller.token;
    const post = (url: string, body: unknown) => call(world.app, 'POST', `/api${url}`, { token, body });
    // Jean deposits into Marie's account, then Marie sends from her account to Jean's.
    const deposit = await post('/transactions/deposit', {
      accountNumber: world.marieAccount.accountNumber,
      party: partyOf(world.jean),
      amount: 75,
    });
    expect(deposit.status).toBe(201);
    const transfer = await post('/transactions/transfer', {
      senderAccountNumber: world.marieAccount.accountNumber,
      recipientAccountNumber: world.jeanAccount.accountNumber,
      party: partyOf(world.marie),
      amount: 40,
    });
    expect(transfer.status).toBe(201);
    const numbers = async (query: string) =>
      (
        (await history(world, `?q=${encodeURIComponent(query)}`, token)).body.data as {
          transactionNumber: string;
        }[]
      ).map((row) => row.transactionNumber);
    const depositNumber = deposit.body.data.transactionNumber as string;
    const transferNumber = transfer.body.data.transactionNumber as string;
    // Marie holds the account of the deposit, by her full name or her last name, without its case.
    expect(await numbers('marie joseph')).toContain(depositNumber);
    expect(await numbers('JOSEPH')).toContain(depositNumber);
    // Jean holds the transfer's receiving account, though Marie stood at the counter.
    expect(await numbers('baptiste')).toContain(transferNumber);
    const byHolder = await history(world, '?q=baptiste&type=transfer', token);
    expect(byHolder.body.pagination.total).toBe(1);

    // Rose is CAP01's customer. PAP01 sends to her account and takes a deposit on it from Jean: PAP01's teller
    // does not find them by her name (a name never lists another agent's customers, decision 132), nor does
    // CAP01's (they are PAP01's operations); the super administrator does.
    const toRose = await post('/transactions/transfer', {
      senderAccountNumber: world.marieAccount.accountNumber,
      recipientAccountNumber: world.roseAccount.accountNumber,
      party: partyOf(world.marie),
      amount: 30,
    });
    expect(toRose.status).toBe(201);
    const onRose = await post('/transactions/deposit', {
      accountNumber: world.roseAccount.accountNumber,
      party: partyOf(world.jean),
      amount: 25,
    });
    expect(onRose.status).toBe(201);
    for (const name of ['rose', 'ETIENNE', 'rose etienne']) {
      expect(
        (await history(world, `?q=${encodeURIComponent(name)}`, token)).body.pagination.total,
        name,
      ).toBe(0);
    }
    const atCap = await history(world, '?q=etienne', world.cap.teller.token);
    expect((atCap.body.data as { type: string }[]).map((row) => row.type)).toEqual(['deposit']);
    const everywhere = await numbersFound(world, 'etienne', await superAdminToken(world.app));
    expect(everywhere).toEqual(
      expect.arrayContaining([toRose.body.data.transactionNumber, onRose.body.data.transactionNumber]),
    );
    expect(everywhere).toHaveLength(3);
  });

  it('names the holders of the accounts a row refers to, principal first, and no one else (decision 186)', async () => {
    const world = await busyWorld();
    const token = world.pap.teller.token;
    const post = (url: string, body: unknown) => call(world.app, 'POST', `/api${url}`, { token, body });
    // A joint account of Jean (principal) and Marie; Marie sends from her own to it, then to Rose's, CAP01's
    // customer; Jean deposits into the joint one.
    const joint = await createCustomerAccount(world.db, [world.jean, world.marie], { agentId: world.pap.id });
    const toJoint = await post('/transactions/transfer', {
      senderAccountNumber: world.marieAccount.accountNumber,
      recipientAccountNumber: joint.accountNumber,
      party: partyOf(world.marie),
      amount: 40,
    });
    expect(toJoint.status).toBe(201);
    // The posting's own answer is the ledger's stored one: numbers only, as before.
    expect(toJoint.body.data.recipientAccount).toEqual({ accountNumber: joint.accountNumber });
    const toRose = await post('/transactions/transfer', {
      senderAccountNumber: world.marieAccount.accountNumber,
      recipientAccountNumber: world.roseAccount.accountNumber,
      party: partyOf(world.marie),
      amount: 30,
    });
    const deposit = await post('/transactions/deposit', {
      accountNumber: joint.accountNumber,
      party: partyOf(world.jean),
      amount: 25,
    });
    expect([toRose.status, deposit.status]).toEqual([201, 201]);

    const page = await history(world, '', token);
    expect(page.status).toBe(200);
    const rows = new Map(
      (page.body.data as { transactionNumber: string }[]).map((row) => [row.transactionNumber, row]),
    );
    const numberOf = (answer: typeof deposit) =>
      (answer.body.data as { transactionNumber: string }).transactionNumber;
    const marie = { firstName: 'Marie', lastName: 'Joseph' };
    const jean = { firstName: 'Jean', lastName: 'Baptiste' };
    expect(rows.get(numberOf(toJoint))).toMatchObject({
      senderAccount: { accountNumber: world.marieAccount.accountNumber, holders: [marie] },
      recipientAccount: { accountNumber: joint.accountNumber, holders: [jean, marie] },
      account: null,
    });
    // Another agent's customer: her name, which her account's number already tells any teller.
    expect(rows.get(numberOf(toRose))).toMatchObject({
      recipientAccount: { accountNumber: world.roseAccount.accountNumber, holders: [{ firstName: 'Rose' }] },
    });
    expect(rows.get(numberOf(deposit))).toMatchObject({
      account: { accountNumber: joint.accountNumber, holders: [jean, marie] },
      senderAccount: null,
      recipientAccount: null,
    });
    // A cash transfer names no account: its row has none to name.
    const cash = (page.body.data as { type: string; senderAccount: unknown }[]).find(
      (row) => row.type === 'external_transfer',
    );
    expect(cash?.senderAccount).toBeNull();
    // Only the names, nothing else of the holders' files (the route's answer schema declares no more).
    const holders = (rows.get(numberOf(deposit)) as unknown as { account: { holders: object[] } }).account
      .holders;
    expect(holders.map((holder) => Object.keys(holder).sort())).toEqual([
      ['firstName', 'lastName'],
      ['firstName', 'lastName'],
    ]);
  });

  it('pages a search the same whether its matches are read newest first or found as a set, its lists scanned or hashed (decisions 180, 183)', async () => {
    const world = await busyWorld();
    const token = world.pap.teller.token;
    // More of Marie's operations than a page: a search dense among the agent's rows.
    for (const amount of [25, 26, 27, 28]) {
      const answer = await call(world.app, 'POST', '/api/transactions/deposit', {
        token,
        body: { accountNumber: world.marieAccount.accountNumber, party: partyOf(world.jean), amount },
      });
      expect(answer.status).toBe(201);
    }
    const numbersOf = (page: { records: { transactionNumber: string }[] }) =>
      page.records.map((row) => row.transactionNumber);
    for (const [agentId, q] of [
      [world.pap.id, 'Marie'],
      [world.pap.id, 'jean'],
      [world.pap.id, 'Pierre'],
      [world.pap.id, world.marieAccount.accountNumber.slice(0, 4)],
      [undefined, 'Marie'],
      [undefined, 'nobody'],
    ] as const) {
      for (const perPage of [1, 2, 3, 100]) {
        const filter = (page: number): HistoryFilter => ({ agentId, type: undefined, q, page, perPage });
        const asSet = await historyPage(world.db, filter(1), { denseWindow: 0 });
        const pages = Math.max(1, Math.ceil(asSet.total / perPage)) + 1;
        for (let page = 1; page <= pages; page += 1) {
          const [newestFirst, set, commonNewestFirst, commonSet] = [
            await historyPage(world.db, filter(page), { denseFrom: 0, common: false }),
            await historyPage(world.db, filter(page), { denseWindow: 0, common: false }),
            // A common name's lists looked up by hash (decision 183): the same rows.
            await historyPage(world.db, filter(page), { denseFrom: 0, common: true }),
            await historyPage(world.db, filter(page), { denseWindow: 0, common: true }),
          ];
          expect(numbersOf(newestFirst), `${q} ${perPage} ${page}`).toEqual(numbersOf(set));
          expect(numbersOf(commonNewestFirst), `${q} ${perPage} ${page} common`).toEqual(numbersOf(set));
          expect(numbersOf(commonSet), `${q} ${perPage} ${page} common set`).toEqual(numbersOf(set));
          expect(newestFirst.total).toBe(set.total);
          expect(commonNewestFirst.total).toBe(set.total);
          expect(commonSet.total).toBe(set.total);
        }
      }
    }
    // Marie's operations are a dense search: more than one page of three.
    expect(
      (
        await historyPage(world.db, {
          agentId: world.pap.id,
          type: undefined,
          q: 'Marie',
          page: 1,
          perPage: 3,
        })
      ).total,
    ).toBeGreaterThan(3);
  });

  it('searches a name with its case and accents set aside, as the database folds it (decision 175)', async () => {
    const world = await busyWorld();
    const token = world.pap.teller.token;
    // The recipient of the cash transfer is named Délice: typed without its accent, or in capitals.
    for (const name of ['delice', 'DELICE', 'Délice', 'DÉLICE', 'de\u0301lice']) {
      const answer = await history(world, `?q=${encodeURIComponent(name)}`, token);
      expect(answer.body.pagination.total, name).toBe(1);
      expect(answer.body.data[0].type).toBe('external_transfer');
    }
    expect((await history(world, '?q=dèlice', token)).body.pagination.total).toBe(1);
    expect((await history(world, '?q=dalice', token)).body.pagination.total).toBe(0);
    // A lone accent folds to nothing: no search (the whole history), not a name that every name starts with.
    const all = (await history(world, '', token)).body.pagination.total;
    expect((await history(world, `?q=${encodeURIComponent('\u0301')}`, token)).body.pagination.total).toBe(
      all,
    );
    // The database's lajan_fold and the domain's foldForSearch are one table of letters.
    const folded = await world.db.execute(sql`select lajan_fold(${searchFoldFrom + 'ŒæØß€ 1-'}) as folded`);
    expect((folded as { rows: { folded: string }[] }).rows[0]?.folded).toBe(
      foldForSearch(searchFoldFrom + 'ŒæØß€ 1-'),
    );
    expect(foldForSearch(searchFoldFrom)).toBe(searchFoldTo);
  });

  it('lowers per_page above 100 to 100, and refuses a page or a size that is not a whole number from 1', async () => {
    const world = await busyWorld();
    const answer = await history(world, '?per_page=5000', world.pap.teller.token);
    expect(answer.status).toBe(200);
    expect(answer.body.pagination).toEqual({ total: 10, total_pages: 1, firstItem: 1, lastItem: 10 });
    const badSize = await history(world, '?per_page=-1', world.pap.teller.token);
    expect(badSize.status).toBe(422);
    expect(badSize.body.errors).toEqual({ per_page: ['Nombre de lignes par page invalide'] });
    const badPage = await history(world, '?page=abc', world.pap.teller.token);
    expect(badPage.status).toBe(422);
    expect(badPage.body.errors).toEqual({ page: ['Numéro de page invalide'] });
  });
});

describe('POST /api/transactions/search', () => {
  it("finds one's own transactions, the party's document masked (decision 208); a pending external transfer answers its pay-out look-up to every agent", async () => {
    const world = await busyWorld();
    const rows = await history(world, '?type=withdrawal', world.pap.teller.token);
    const withdrawal = rows.body.data[0].transactionNumber as string;
    const own = await searchFor(world, withdrawal, world.pap.teller.token);
    expect(own.status).toBe(200);
    expect(own.body.data.transaction).toMatchObject({
      transactionNumber: withdrawal,
      type: 'withdrawal',
      party: { idDocumentNumber: maskDocumentNumber(world.jean.idDocumentNumber) },
    });

    // Decision 112: the same answer for the sending agent and another one, nothing of the identity file.
    for (const token of [world.pap.teller.token, world.cap.teller.token]) {
      const found = await searchFor(world, world.transferNumber, token);
      expect(found.status).toBe(200);
      expect(found.body.data.transaction).toEqual({
        transactionNumber: world.transferNumber,
        type: 'external_transfer',
        amount: 1000,
        fee: 65,
        currency: 'HTG',
        status: 'pending',
        createdAt: expect.any(String),
        agent: { code: 'PAP01', name: 'Kay Lajan Pétion-Ville' },
        recipientMaskedName: 'P. D.',
        locked: false,
      });
    }
  });

  it("answers 404 for another agent's transaction that is not a pending transfer, and for an unknown number", async () => {
    const world = await busyWorld();
    const rows = await history(world, '?type=withdrawal', world.pap.teller.token);
    const withdrawal = rows.body.data[0].transactionNumber as string;
    for (const transactionNumber of [withdrawal, '111111111113']) {
      const answer = await searchFor(world, transactionNumber, world.cap.teller.token);
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('Transaction introuvable');
    }
    const superAdmin = await searchFor(world, withdrawal, await superAdminToken(world.app));
    expect(superAdmin.status).toBe(200);
  });

  it('tells another agent that a transfer was already paid, and when, nothing more (decision 131)', async () => {
    const world = await busyWorld();
    const paid = await call(world.app, 'POST', '/api/transactions/receive-transfer', {
      token: world.cap.teller.token,
      body: {
        transactionNumber: world.transferNumber,
        recipient: recipientIdentity,
        party: recipientParty,
      },
    });
    expect(paid.status).toBe(201);
    // The sending agent reads its transfer whole, with the date it was paid.
    const sending = await searchFor(world, world.transferNumber, world.pap.teller.token);
    expect(sending.body.data.transaction).toMatchObject({
      status: 'completed',
      settledAt: expect.any(String),
    });
    const paidAt = sending.body.data.transaction.settledAt as string;

    const administrator = await createAgentAdmin(world.app, world.cap);
    for (const token of [world.cap.teller.token, administrator]) {
      const search = await searchFor(world, groupDigits(world.transferNumber), token);
      expect(search.status).toBe(409);
      expect(search.body).toEqual({
        code: 'TRANSFER_ALREADY_PAID',
        message: `Ce transfert a déjà été payé le ${formatDateTimeFr(paidAt)}`,
        paidAt,
      });
    }
    // The payout itself is CAP01's.
    const own = await searchFor(world, paid.body.data.transactionNumber, world.cap.teller.token);
    expect(own.body.data.transaction).toMatchObject({
      type: 'external_payout',
      relatedTransactionNumber: world.transferNumber,
    });
  });

  it('tells another agent that a transfer was cancelled, nothing more (decision 131)', async () => {
    const world = await busyWorld();
    const cancelled = await call(world.app, 'POST', `/api/transactions/${world.transferNumber}/cancel`, {
      token: world.pap.teller.token,
      body: cancelBody(world.marie),
    });
    expect(cancelled.status).toBe(201);
    const search = await searchFor(world, world.transferNumber, world.cap.teller.token);
    expect(search.status).toBe(409);
    expect(search.body).toEqual({
      code: 'TRANSFER_CANCELLED',
      message: "Ce transfert a été annulé par l'agent expéditeur : il ne peut plus être payé",
    });
    // Its refund is the sending agent's, unknown to another.
    const refund = cancelled.body.data.transactionNumber as string;
    expect((await searchFor(world, refund, world.cap.teller.token)).status).toBe(404);
    expect(
      (await searchFor(world, world.transferNumber, world.pap.teller.token)).body.data.transaction,
    ).toMatchObject({ status: 'cancelled' });
  });

  it('reads the code with spaces or dashes and refuses a wrong check digit in French (decision 131)', async () => {
    const world = await busyWorld();
    const code = world.transferNumber;
    const dashed = `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
    for (const typed of [groupDigits(code), dashed, ` ${code} `]) {
      const found = await searchFor(world, typed, world.cap.teller.token);
      expect(found.status).toBe(200);
      expect(found.body.data.transaction.transactionNumber).toBe(code);
    }
    const lastDigit = Number(code.at(-1));
    const typo = `${code.slice(0, -1)}${(lastDigit + 1) % 10}`;
    for (const [typed, message] of [
      [typo, 'Code invalide : vérifiez les chiffres'],
      [code.slice(0, 9), 'Le code de retrait contient 12 chiffres'],
      ['  ', 'Le code de retrait est requis'],
    ] as const) {
      const refused = await searchFor(world, typed, world.cap.teller.token);
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ transactionNumber: [message] });
    }
  });
});
