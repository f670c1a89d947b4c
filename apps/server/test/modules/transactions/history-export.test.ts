import { describe, expect, it } from 'vitest';
import { ledgerFlows } from '../../helpers/ledger-flows.js';
import { historyCsv } from '../../../src/modules/transactions/history-export.js';
import { call } from '../../helpers/fixtures.js';
import {
  busyLedgerWorld,
  counterForm,
  createAgentAdmin,
  createAgentWithTeller,
  createCustomerAccount,
  createPerson,
  superAdminToken,
  transactionRow,
} from '../../helpers/ledger.js';

const HEADER = 'Numéro;Type;Montant;Frais;Statut;Créé par;Agent;Date;Version du barème';

/** PAP01: two deposits for Marie (one of 1 500,50 HTG), a withdrawal for Jean, a cash external transfer; CAP01 a deposit. */
const busyWorld = () => busyLedgerWorld([100, 1500.5], { expectPosted: true });
type World = Awaited<ReturnType<typeof busyWorld>>;

async function exportCsv(world: World, query: string, token: string) {
  const response = await world.app.inject({
    method: 'GET',
    url: `/api/transactions/history/export${query}`,
    headers: { authorization: `Bearer ${token}` },
  });
  return response;
}

/** The CSV's lines after the header, as cells (none of these cells is quoted). */
function rowsOf(body: string): string[][] {
  const lines = body.replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe(HEADER);
  expect(lines.at(-1)).toBe('');
  return lines.slice(1, -1).map((line) => line.split(';'));
}

type Row = { transactionNumber: string; type: string; amount: number; fee: number; status: string };

async function historyRows(world: World, query: string, token: string): Promise<Row[]> {
  const answer = await call(world.app, 'GET', `/api/transactions/history?per_page=100${query}`, { token });
  expect(answer.status).toBe(200);
  return answer.body.data as Row[];
}

const typeLabels: Record<string, string> = {
  deposit: 'Dépôt',
  withdrawal: 'Retrait',
  external_transfer: 'Transfert externe',
  agent_deposit: 'Dépôt sur agent',
};
const statusLabels: Record<string, string> = { completed: 'Complété', pending: 'En attente' };
const twoDecimals = (amount: number) => amount.toFixed(2).replace('.', ',');

describe('GET /api/transactions/history/export', () => {
  it('answers a UTF-8 CSV with a BOM, French headers, labels, accents and amounts with two decimals', async () => {
    const world = await busyWorld();
    const response = await exportCsv(world, '', world.pap.teller.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Port-au-Prince' }).format(
      world.clock.now(),
    );
    expect(response.headers['content-disposition']).toBe(`attachment; filename="historique-${today}.csv"`);
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // "Numéro": é is two bytes in UTF-8 (not Latin-1's one).
    expect([...bytes.subarray(3, 10)]).toEqual([...Buffer.from('Numéro', 'utf8')]);

    const rows = rowsOf(bytes.toString('utf8'));
    // The world's fundings are stamped by the real clock, the operations by the test clock: find by content.
    const transfer = rows.find((row) => row[0] === world.transferNumber);
    const withdrawal = rows.find((row) => row[1] === 'Retrait');
    const bigDeposit = rows.find((row) => row[2] === '1500,50');
    expect(transfer).toEqual([
      world.transferNumber,
      'Transfert externe',
      '1000,00',
      '65,00',
      'En attente',
      'caisse.pap01',
      'Kay Lajan Pétion-Ville (PAP01)',
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/),
      // The fee version it was charged with (decision 150).
      '1',
    ]);
    expect(rows.find((row) => row[1] === 'Dépôt sur agent')![8]).toBe('');
    expect(withdrawal!.slice(1, 5)).toEqual(['Retrait', '500,00', '20,00', 'Complété']);
    expect(bigDeposit!.slice(1, 5)).toEqual(['Dépôt', '1500,50', '0,00', 'Complété']);
    // The date is Haiti's wall clock, of the transfer's own moment (the test clock has moved on since).
    const { createdAt } = await transactionRow(world.db, world.transferNumber);
    const haitiTime = new Intl.DateTimeFormat('fr-FR', {
      timeZone: 'America/Port-au-Prince',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    })
      .format(createdAt)
      .replace(',', '');
    expect(transfer![7]).toBe(haitiTime);
  });

  it('holds exactly the rows the history shows for the same filter, in the same order', async () => {
    const world = await busyWorld();
    const token = world.pap.teller.token;
    for (const query of [
      '',
      '&type=deposit',
      `&q=${world.jeanAccount.accountNumber}`,
      '&q=d%C3%A9lice',
      '&type=withdrawal&q=jean',
      '&q=personne-inconnue',
    ]) {
      const shown = await historyRows(world, query, token);
      const csv = rowsOf((await exportCsv(world, `?${query.slice(1)}`, token)).body);
      expect(csv.map((row) => row.slice(0, 5))).toEqual(
        shown.map((row) => [
          row.transactionNumber,
          typeLabels[row.type],
          twoDecimals(row.amount),
          twoDecimals(row.fee),
          statusLabels[row.status],
        ]),
      );
    }
    expect(rowsOf((await exportCsv(world, '?q=personne-inconnue', token)).body)).toEqual([]);
  });

  it("keeps the history's scope: an agent's own rows, everything for the super administrator", async () => {
    const world = await busyWorld();
    const cap = rowsOf((await exportCsv(world, '', world.cap.teller.token)).body);
    expect(cap.every((row) => row[6] === 'Lajan Cap-Haïtien (CAP01)')).toBe(true);
    expect(cap).toHaveLength((await historyRows(world, '', world.cap.teller.token)).length);
    const admin = await createAgentAdmin(world.app, world.pap);
    expect(rowsOf((await exportCsv(world, '', admin)).body)).toHaveLength(
      (await historyRows(world, '', world.pap.teller.token)).length,
    );
    const superToken = await superAdminToken(world.app);
    const all = rowsOf((await exportCsv(world, '', superToken)).body);
    expect(all.map((row) => row[0])).toEqual(
      (await historyRows(world, '', superToken)).map((row) => row.transactionNumber),
    );
    expect(new Set(all.map((row) => row[6]))).toEqual(
      new Set(['Kay Lajan Pétion-Ville (PAP01)', 'Lajan Cap-Haïtien (CAP01)']),
    );
    const wrongType = await exportCsv(world, '?type=gift', world.pap.teller.token);
    expect(wrongType.statusCode).toBe(422);
  });

  it('quotes a cell holding the separator or a quote and defuses one that starts like a formula', async () => {
    const world = await busyWorld();
    const odd = await createAgentWithTeller(world.app, { code: 'ODD01', name: '=Kay; "Lajan"' });
    const person = await createPerson(world.database.db, { firstName: 'Anne', lastName: 'Pierre' });
    const account = await createCustomerAccount(world.database.db, [person], { agentId: odd.id });
    await ledgerFlows(world.app.services.ledger).agentDeposit(world.database.db, {
      userId: odd.teller.id,
      agent: { id: odd.id, floatAccountId: odd.floatAccountId },
      party: { name: 'Trésorerie', idDocumentType: 'id_card', idDocumentNumber: 'TRESOR' },
      amountCentimes: 10_000,
      at: world.clock.now(),
    });
    expect(
      (
        await call(world.app, 'POST', '/api/transactions/deposit', {
          token: odd.teller.token,
          body: counterForm(account, person, 20),
        })
      ).status,
    ).toBe(201);
    const body = (await exportCsv(world, '', odd.teller.token)).body;
    const lines = body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`;"'=Kay; ""Lajan"" (ODD01)";`);
  });

  it('reads page by page and writes a row once even when rows are posted while it runs', async () => {
    const world = await busyWorld();
    const all = await historyRows(world, '', world.pap.teller.token);
    const chunks = historyCsv(world.database.db, { agentId: world.pap.id, type: undefined, q: undefined }, 3);
    let text = '';
    for (let step = 0; ; step += 1) {
      const next = await chunks.next();
      if (next.done) break;
      text += next.value;
      if (step === 1) {
        // After the first page: two new deposits land at the top and push every row down.
        world.clock.advance(10 * 60 * 1000);
        for (const amount of [30, 40]) {
          world.clock.advance(1000);
          const posted = await call(world.app, 'POST', '/api/transactions/deposit', {
            token: world.pap.teller.token,
            body: counterForm(world.marieAccount, world.marie, amount),
          });
          expect(posted.status).toBe(201);
        }
      }
    }
    // Offsets alone would have written the last two rows of the first page again; the new rows came after
    // the export began and are left out, as they would be from a screen loaded before them.
    const numbers = rowsOf(text).map((row) => row[0]);
    expect(all.length).toBeGreaterThan(6);
    expect(numbers).toEqual(all.map((row) => row.transactionNumber));
    expect(await historyRows(world, '', world.pap.teller.token)).toHaveLength(all.length + 2);
  });

  it('writes every row once, in the history order, when many rows share one instant', async () => {
    const world = await busyWorld();
    // The clock stands still: these deposits share their created_at, the order falls to their ids.
    for (const amount of [31, 32, 33, 34, 35, 36, 37]) {
      const posted = await call(world.app, 'POST', '/api/transactions/deposit', {
        token: world.pap.teller.token,
        body: counterForm(world.marieAccount, world.marie, amount),
      });
      expect(posted.status).toBe(201);
    }
    const all = await historyRows(world, '', world.pap.teller.token);
    for (const pageSize of [1, 2, 3, 100]) {
      let text = '';
      for await (const chunk of historyCsv(
        world.database.db,
        { agentId: world.pap.id, type: undefined, q: undefined },
        pageSize,
      ))
        text += chunk;
      expect(rowsOf(text).map((row) => row[0])).toEqual(all.map((row) => row.transactionNumber));
    }
  });
});
