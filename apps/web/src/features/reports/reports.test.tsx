import { formatHtg } from '@lajan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { floatAccount } from '../../test/persons';
import { serveEmptyDashboard } from '../../test/transactions';
import { agentAdmin, superAdmin, teller } from '../../test/users';

let api: ApiServer;
beforeEach(async () => {
  api = await startApiServer();
});
afterEach(async () => {
  await api.close();
});

const figures = (count: number, amount: number, fee: number, agentShare: number) => ({
  count,
  amount,
  fee,
  agentShare,
  feeIncome: Math.round((fee - agentShare) * 100) / 100,
});

const statement = {
  period: { from: '2026-11-01', to: '2026-11-30' },
  currency: 'HTG',
  agent: { code: 'CAP01', name: 'Cap Services' },
  byType: [
    { type: 'deposit', label: 'Dépôt', ...figures(3, 4500, 0, 0) },
    { type: 'transfer', label: 'Transfert', ...figures(1, 1500, 25, 10) },
    { type: 'withdrawal', label: 'Retrait', ...figures(2, 1500, 60, 24) },
    { type: 'external_transfer', label: 'Transfert externe', ...figures(1, 8000, 275, 110) },
  ],
  totals: figures(7, 15500, 360, 144),
  byAgent: [],
};

const operation = {
  transactionNumber: '48213907561',
  type: 'external_transfer',
  status: 'cancelled',
  amount: 8000,
  fee: 275,
  agentShare: 110,
  feeIncome: 165,
  agent: { code: 'CAP01', name: 'Cap Services' },
  createdAt: '2026-11-13T19:00:00.000Z',
};

function rowsOf(table: HTMLElement) {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent));
}

describe('/reports/commissions, the commission statement (decision 148)', () => {
  it("shows an administrator its agent's fees and share by type, the totals and the operations, and downloads the CSV", async () => {
    api.on('GET /reports/commissions', { body: { data: statement } });
    api.on('GET /reports/commissions/operations', {
      body: { data: [operation], meta: { total: 1, page: 1, per_page: 20 } },
    });
    const csv = "\ufeffNuméro;Type;Statut;Agent;Date;Montant;Frais;Part de l'agent;Revenu de frais\r\n";
    api.on('GET /reports/commissions/export', {
      body: csv,
      headers: { 'Content-Type': 'text/csv; charset=utf-8' },
    });
    const saved: Blob[] = [];
    Object.defineProperty(URL, 'createObjectURL', {
      value: vi.fn((blob: Blob) => (saved.push(blob), 'blob:releve')),
      configurable: true,
      writable: true,
    });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true, writable: true });
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    serveEmptyDashboard(api);
    const { user } = renderApp({ path: '/', token: makeToken(agentAdmin), apiBaseUrl: api.baseUrl });
    const nav = await screen.findByRole('navigation', { name: 'Menu principal' });
    expect(within(nav).getByText('Rapports')).toBeVisible();
    expect(within(nav).queryByRole('link', { name: 'Rapports du réseau' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Déclarations UCREF' })).toBeNull();
    await user.click(within(nav).getByRole('link', { name: 'Relevé de commissions' }));

    expect(await screen.findByRole('heading', { name: 'Relevé de commissions' })).toBeVisible();
    expect(await screen.findByText('Cap Services (CAP01) · Du 01/11/2026 au 30/11/2026')).toBeVisible();
    const byType = screen.getByRole('table', { name: "Par type d'opération" });
    expect(rowsOf(byType)).toEqual([
      ['Dépôt', '3', formatHtg(4500), formatHtg(0), formatHtg(0), formatHtg(0)],
      ['Transfert', '1', formatHtg(1500), formatHtg(25), formatHtg(10), formatHtg(15)],
      ['Retrait', '2', formatHtg(1500), formatHtg(60), formatHtg(24), formatHtg(36)],
      ['Transfert externe', '1', formatHtg(8000), formatHtg(275), formatHtg(110), formatHtg(165)],
      ['Total', '7', formatHtg(15500), formatHtg(360), formatHtg(144), formatHtg(216)],
    ]);
    const operations = await screen.findByRole('table', { name: 'Opérations' });
    expect(rowsOf(operations)).toEqual([
      [
        '13/11/2026 14:00',
        '48213907561',
        'Transfert externe',
        'Annulé',
        formatHtg(8000),
        formatHtg(275),
        formatHtg(110),
      ],
    ]);
    // No agent filter for an administrator: its own agent.
    expect(screen.queryByLabelText("Code de l'agent")).toBeNull();

    await user.type(screen.getByLabelText('Mois'), '2026-10');
    await user.click(within(screen.getByRole('search')).getByRole('button', { name: 'Afficher' }));
    await waitFor(() =>
      expect(api.requests.filter((request) => request.path === '/reports/commissions').at(-1)?.query).toEqual(
        {
          month: '2026-10',
        },
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Exporter en CSV' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    const request = api.requests.find((candidate) => candidate.path === '/reports/commissions/export');
    expect(request?.headers.authorization).toMatch(/^Bearer /);
    expect(request?.query).toEqual({ month: '2026-10' });
    expect(clicks[0]?.download).toBe('commissions-CAP01-2026-11-01-2026-11-30.csv');
    const bytes = new Uint8Array(await saved[0]!.arrayBuffer());
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
  });

  it("gives the super administrator the network's totals and each agent's fee income, and an agent's statement by its code", async () => {
    api.on('GET /reports/commissions', (request) => ({
      body: {
        data: request.query.agentCode
          ? statement
          : {
              ...statement,
              agent: null,
              byAgent: [{ agent: { code: 'CAP01', name: 'Cap Services' }, ...figures(7, 15500, 360, 144) }],
            },
      },
    }));
    api.on('GET /reports/commissions/operations', {
      body: { data: [operation], meta: { total: 1, page: 1, per_page: 20 } },
    });
    const { user } = renderApp({
      path: '/reports/commissions',
      token: makeToken(superAdmin),
      apiBaseUrl: api.baseUrl,
    });
    expect(await screen.findByText('Réseau · Du 01/11/2026 au 30/11/2026')).toBeVisible();
    expect(rowsOf(screen.getByRole('table', { name: 'Par agent' }))).toEqual([
      ['CAP01 · Cap Services', '7', formatHtg(15500), formatHtg(360), formatHtg(144), formatHtg(216)],
    ]);
    await user.type(screen.getByLabelText("Code de l'agent"), 'CAP01');
    await user.click(within(screen.getByRole('search')).getByRole('button', { name: 'Afficher' }));
    expect(await screen.findByText('Cap Services (CAP01) · Du 01/11/2026 au 30/11/2026')).toBeVisible();
    expect(window.location.search).toBe('?agentCode=CAP01');
  });

  it('is not a teller’s: no link, and the address is forbidden', async () => {
    renderApp({ path: '/reports/commissions', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    expect(await screen.findByRole('heading', { name: 'Accès interdit' })).toBeVisible();
    expect(api.requests.filter((request) => request.path.startsWith('/reports/commissions'))).toEqual([]);
  });
});

describe('/reports/network, the super administrator’s reports', () => {
  it('shows the trial balance summing to zero and a person’s day split into small operations', async () => {
    api.on('GET /reports/trial-balance', {
      body: {
        data: {
          at: '2026-11-24T12:00:00.000Z',
          currency: 'HTG',
          rows: [
            {
              key: 'fee_income',
              label: 'Revenus de frais',
              accountNumber: '90000000017',
              accounts: 1,
              balance: 216,
            },
            {
              key: 'payout',
              label: 'Transferts externes à payer',
              accountNumber: '90000000025',
              accounts: 1,
              balance: 0,
            },
            {
              key: 'treasury',
              label: 'Trésorerie',
              accountNumber: '90000000033',
              accounts: 1,
              balance: -500000,
            },
            { key: 'floats', label: 'Floats des agents', accountNumber: null, accounts: 2, balance: 450000 },
            { key: 'customers', label: 'Comptes clients', accountNumber: null, accounts: 3, balance: 49784 },
          ],
          total: 0,
        },
      },
    });
    api.on('GET /reports/large-operations', {
      body: {
        data: [
          {
            date: '2026-11-05',
            person: { name: 'Marie Joseph', idDocumentType: 'id_card', idDocumentNumber: 'CIN-123' },
            count: 2,
            total: 105000,
            largest: 60000,
            split: true,
            operations: [
              {
                transactionNumber: '40000000011',
                type: 'deposit',
                status: 'completed',
                amount: 60000,
                roles: ['party'],
                agent: { code: 'CAP01', name: 'Cap Services' },
                createdAt: '2026-11-05T13:30:00.000Z',
              },
              {
                transactionNumber: '40000000029',
                type: 'external_transfer',
                status: 'pending',
                amount: 45000,
                roles: ['party', 'sender'],
                agent: { code: 'PAP01', name: 'Kay Lajan' },
                createdAt: '2026-11-05T21:45:00.000Z',
              },
            ],
          },
        ],
        meta: { total: 1, page: 1, per_page: 20, threshold: 100000, from: '2026-11-05', to: '2026-11-05' },
      },
    });
    serveEmptyDashboard(api);
    const { user } = renderApp({ path: '/', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    const nav = await screen.findByRole('navigation', { name: 'Menu principal' });
    expect(within(nav).getByText('Rapports')).toBeVisible();
    await user.click(within(nav).getByRole('link', { name: 'Rapports du réseau' }));
    const trial = await screen.findByRole('table', { name: 'Balance générale' });
    expect(rowsOf(trial).at(-1)).toEqual(['Somme (doit être nulle)', formatHtg(0)]);
    expect(rowsOf(trial)[2]).toEqual(['Trésorerie', '90000000033', '1', formatHtg(-500000)]);
    const day = await screen.findByRole('table', { name: 'Marie Joseph, 05/11/2026' });
    expect(rowsOf(day)).toEqual([
      ['05/11/2026 08:30', '40000000011', 'Dépôt', 'Au guichet', 'CAP01', formatHtg(60000)],
      [
        '05/11/2026 16:45',
        '40000000029',
        'Transfert externe',
        'Au guichet, Expéditeur',
        'PAP01',
        formatHtg(45000),
      ],
    ]);
    expect(screen.getByText('Fractionné')).toBeVisible();
    expect(screen.getByText(/^Total du jour/).textContent).toContain(formatHtg(105000));

    await user.clear(screen.getByLabelText('Seuil (HTG)'));
    await user.type(screen.getByLabelText('Seuil (HTG)'), '50000');
    await user.type(screen.getByLabelText('Du'), '2026-11-01');
    await user.click(within(screen.getByRole('search')).getByRole('button', { name: 'Afficher' }));
    await waitFor(() =>
      expect(
        api.requests.filter((request) => request.path === '/reports/large-operations').at(-1)?.query,
      ).toEqual({
        from: '2026-11-01',
        threshold: '50000',
        page: '1',
        per_page: '20',
      }),
    );
  });
});

describe('/reports/account-statement, a customer account’s statement', () => {
  it('asks for the account, then shows opening, each movement with its balance, and closing; 404 under the field', async () => {
    api.on('GET /reports/accounts/10000000016/statement', {
      body: {
        data: {
          account: { accountNumber: '10000000016', type: 'current', holders: ['Marie Joseph'] },
          period: { from: '2026-11-01', to: '2026-11-30' },
          currency: 'HTG',
          openingBalance: 1000,
          totalCredits: 2500.5,
          totalDebits: -1240,
          closingBalance: 2260.5,
          movements: [
            {
              transactionNumber: '40000000011',
              type: 'deposit',
              label: 'Dépôt',
              createdAt: '2026-11-02T15:00:00.000Z',
              amount: 2500.5,
              balance: 3500.5,
            },
            {
              transactionNumber: '40000000029',
              type: 'withdrawal',
              label: 'Retrait',
              createdAt: '2026-11-02T16:00:00.000Z',
              amount: -1240,
              balance: 2260.5,
            },
          ],
        },
        meta: { total: 2, page: 1, per_page: 20 },
      },
    });
    api.on('GET /reports/accounts/99999999999/statement', {
      status: 404,
      body: { message: 'Compte introuvable', code: 'NOT_FOUND' },
    });
    const { user } = renderApp({
      path: '/reports/account-statement',
      token: makeToken(teller),
      apiBaseUrl: api.baseUrl,
    });
    expect(await screen.findByText('Saisissez un numéro de compte pour afficher son relevé.')).toBeVisible();

    await user.type(screen.getByLabelText('Numéro de compte'), '99999999999');
    await user.click(within(screen.getByRole('search')).getByRole('button', { name: 'Afficher' }));
    expect(
      await screen.findByRole('textbox', { name: 'Numéro de compte', description: 'Compte introuvable' }),
    ).toBeVisible();

    await user.clear(screen.getByLabelText('Numéro de compte'));
    await user.type(screen.getByLabelText('Numéro de compte'), '10000000016{Enter}');
    const movements = await screen.findByRole('table', { name: 'Mouvements' });
    expect(rowsOf(movements)).toEqual([
      ['02/11/2026 10:00', '40000000011', 'Dépôt', formatHtg(2500.5), formatHtg(3500.5)],
      ['02/11/2026 11:00', '40000000029', 'Retrait', formatHtg(-1240), formatHtg(2260.5)],
    ]);
    expect(screen.getByText("Solde d'ouverture").nextSibling?.textContent).toBe(formatHtg(1000));
    expect(screen.getByText('Solde de clôture').nextSibling?.textContent).toBe(formatHtg(2260.5));
    expect(screen.getByRole('button', { name: 'Imprimer' })).toBeVisible();
    expect(window.location.search).toBe('?account=10000000016');
  });
});

const floatStatement = {
  data: {
    account: {
      accountNumber: '20000000019',
      type: 'float',
      holders: [],
      agent: { code: 'CAP01', name: 'Cap Services' },
    },
    period: { from: '2026-11-01', to: '2026-11-30' },
    currency: 'HTG',
    openingBalance: 50000,
    totalCredits: 1216,
    totalDebits: -2500,
    closingBalance: 48716,
    movements: [
      {
        transactionNumber: '40000000011',
        type: 'deposit',
        label: 'Dépôt',
        createdAt: '2026-11-02T15:00:00.000Z',
        amount: -2500,
        balance: 47500,
      },
      {
        transactionNumber: '40000000029',
        type: 'withdrawal',
        label: 'Retrait',
        createdAt: '2026-11-02T16:00:00.000Z',
        amount: 1216,
        balance: 48716,
      },
    ],
  },
  meta: { total: 2, page: 1, per_page: 20 },
};

describe('/reports/float-statement, an agent’s float statement (decision 191)', () => {
  it("shows an administrator its agent's float, each movement with its balance, reached from « Mon Compte »", async () => {
    api.on('GET /accounts/self', {
      body: { data: { account: floatAccount({ accountNumber: '20000000019' }) } },
    });
    api.on('GET /transactions/history', {
      body: { data: [], pagination: { total: 0, total_pages: 0, firstItem: 0, lastItem: 0 } },
    });
    api.on('GET /reports/float/statement', { body: floatStatement });
    const { user } = renderApp({ path: '/account', token: makeToken(agentAdmin), apiBaseUrl: api.baseUrl });
    await user.click(await screen.findByRole('link', { name: 'Relevé du float' }));

    expect(await screen.findByRole('heading', { name: 'Relevé du float' })).toBeVisible();
    const movements = await screen.findByRole('table', { name: 'Mouvements' });
    expect(rowsOf(movements)).toEqual([
      ['02/11/2026 10:00', '40000000011', 'Dépôt', formatHtg(-2500), formatHtg(47500)],
      ['02/11/2026 11:00', '40000000029', 'Retrait', formatHtg(1216), formatHtg(48716)],
    ]);
    expect(screen.getByText('Float de Cap Services (CAP01)')).toBeVisible();
    expect(screen.queryByText('Titulaires')).toBeNull();
    // An administrator's own agent: no agent field, no code sent.
    expect(screen.queryByLabelText("Code de l'agent")).toBeNull();
    const asked = api.requests.find((request) => request.path === '/reports/float/statement');
    expect(asked?.query.agentCode).toBeUndefined();
  });

  it('asks the super administrator for an agent, and says under the field when it is unknown', async () => {
    api.on('GET /reports/float/statement', (request) =>
      request.query.agentCode === 'CAP01'
        ? { body: floatStatement }
        : { status: 404, body: { message: 'Agent introuvable', code: 'NOT_FOUND' } },
    );
    const { user } = renderApp({
      path: '/reports/float-statement',
      token: makeToken(superAdmin),
      apiBaseUrl: api.baseUrl,
    });
    expect(
      await screen.findByText("Saisissez le code d'un agent pour afficher le relevé de son float."),
    ).toBeVisible();
    await user.type(screen.getByLabelText("Code de l'agent"), 'NOPE1{Enter}');
    expect(
      await screen.findByRole('textbox', { name: "Code de l'agent", description: 'Agent introuvable' }),
    ).toBeVisible();
    await user.clear(screen.getByLabelText("Code de l'agent"));
    await user.type(screen.getByLabelText("Code de l'agent"), 'CAP01{Enter}');
    expect(await screen.findByRole('table', { name: 'Mouvements' })).toBeVisible();
    expect(window.location.search).toBe('?agentCode=CAP01');
  });

  it('is not a teller’s: no link, and the address is forbidden', async () => {
    renderApp({ path: '/reports/float-statement', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    expect(await screen.findByRole('heading', { name: 'Accès interdit' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Relevé du float' })).toBeNull();
    expect(api.requests.some((request) => request.path.startsWith('/reports/float'))).toBe(false);
  });
});
