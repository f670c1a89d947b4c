import { formatHtg } from '@lajan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { listAnswer } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { serveEmptyDashboard } from '../../test/transactions';
import { agentAdmin, superAdmin, teller } from '../../test/users';
import { speakKreyolInEach } from '../../test/kreyol';

let api: ApiServer;
beforeEach(async () => {
  api = await startApiServer();
});
afterEach(async () => {
  await api.close();
});

const entries = [
  {
    id: 'tx:48213907561',
    at: '2026-11-20T19:00:00.000Z',
    actorUsername: 'caisse.cap',
    actorName: 'Nadège JOSEPH',
    action: 'transactions.deposit',
    target: '48213907561',
    targetLabel: '48213907561',
    agent: { code: 'CAP01', name: 'Cap Services' },
    ip: null,
    details: {
      amount: 1500,
      fee: 0,
      status: 'completed',
      accountNumber: '10000000016',
      recipientAccountNumber: null,
    },
  },
  {
    id: 'tx:30000000022',
    at: '2026-11-20T18:30:00.000Z',
    actorUsername: 'admincap',
    actorName: null,
    action: 'transactions.external_refund',
    target: '30000000022',
    targetLabel: '30000000022',
    agent: { code: 'CAP01', name: 'Cap Services' },
    ip: null,
    details: {
      amount: 1000,
      fee: 0,
      status: 'completed',
      accountNumber: '40912345678',
      recipientAccountNumber: null,
      reason: 'Bénéficiaire erroné',
    },
  },
  {
    id: '12',
    at: '2026-11-20T18:05:00.000Z',
    actorUsername: 'superadmin',
    actorName: 'Rose LAFLEUR',
    action: 'agents.suspend',
    target: 'CAP01',
    targetLabel: 'CAP01 · Cap Services',
    agent: { code: 'CAP01', name: 'Cap Services' },
    ip: '10.0.0.7',
    details: {},
  },
  {
    id: '11',
    at: '2026-11-20T17:00:00.000Z',
    actorUsername: 'caisse.cap',
    actorName: 'Nadège JOSEPH',
    action: 'persons.updated',
    target: '20000000-0000-4000-8000-000000000009',
    targetLabel: 'Rose-Merline ÉTIENNE',
    agent: { code: 'CAP01', name: 'Cap Services' },
    ip: '10.0.0.8',
    details: {},
  },
  {
    id: '10',
    at: '2026-11-20T08:00:00.000Z',
    actorUsername: null,
    actorName: null,
    action: 'auth.login_failed',
    target: null,
    targetLabel: null,
    agent: null,
    ip: '10.0.0.9',
    details: { reason: 'bad_credentials' },
  },
  {
    id: '9',
    at: '2026-11-19T08:00:00.000Z',
    actorUsername: 'admincap',
    actorName: null,
    action: 'ledger.something_new',
    target: null,
    targetLabel: null,
    agent: null,
    ip: null,
    details: null,
  },
];

function rowsOf(table: HTMLElement) {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

describe('/audit, the audit trail (decision 133)', () => {
  it('lists date and time (fr-FR, Haiti), who by name, action with its amount, target by name, agent and address, paged', async () => {
    api.on('GET /audit', (request) => ({
      body: listAnswer(entries, { total: 45, page: Number(request.query.page), perPage: 20 }),
    }));
    const { user } = renderApp({ path: '/audit', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    const table = await screen.findByRole('table', { name: "Journal d'audit" });
    expect(rowsOf(table)).toEqual([
      // 19:00 UTC is 14:00 in Port-au-Prince (UTC−5 in November).
      [
        '20/11/2026 14:00',
        'Nadège JOSEPHcaisse.cap',
        `Dépôt${formatHtg(1500)} · compte 10000000016`,
        '48213907561',
        'CAP01 · Cap Services',
        '—',
      ],
      // An approved cancellation shows the administrator's reason (decision 205).
      [
        '20/11/2026 13:30',
        'admincap',
        `Remboursement de transfert${formatHtg(1000)} · compte 40912345678 · motif : Bénéficiaire erroné`,
        '30000000022',
        'CAP01 · Cap Services',
        '—',
      ],
      [
        '20/11/2026 13:05',
        'Rose LAFLEURsuperadmin',
        'Agent suspendu',
        'CAP01 · Cap Services',
        'CAP01 · Cap Services',
        '10.0.0.7',
      ],
      [
        '20/11/2026 12:00',
        'Nadège JOSEPHcaisse.cap',
        'Personne modifiée',
        'Rose-Merline ÉTIENNE',
        'CAP01 · Cap Services',
        '10.0.0.8',
      ],
      ['20/11/2026 03:00', 'Anonyme', 'Connexion refusée', '—', 'Réseau', '10.0.0.9'],
      ['19/11/2026 03:00', 'admincap', 'ledger.something_new', '—', 'Réseau', '—'],
    ]);
    // Never a raw id on the screen.
    expect(table.textContent).not.toContain('20000000-0000-4000-8000-000000000009');
    expect(screen.getByText('1 – 20 sur 45')).toBeVisible();
    expect(api.requests.at(-1)?.query).toEqual({ page: '1', per_page: '20' });

    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText('21 – 40 sur 45')).toBeVisible();
    expect(api.requests.at(-1)?.query).toEqual({ page: '2', per_page: '20' });
  });

  it('filters by user, action, agent and period, keeps the filters in the address and clears them', async () => {
    api.on('GET /audit', (request) => ({
      body: request.query.agent
        ? listAnswer(entries.slice(0, 1), { perPage: 20 })
        : listAnswer(entries, { perPage: 20 }),
    }));
    const { user } = renderApp({ path: '/audit', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    await screen.findByRole('table', { name: "Journal d'audit" });
    const filters = screen.getByRole('search', { name: 'Filtrer le journal' });
    await user.type(within(filters).getByLabelText("Nom d'utilisateur"), 'caisse.cap');
    await user.selectOptions(within(filters).getByLabelText('Action'), 'Dépôt');
    await user.type(within(filters).getByLabelText("Code de l'agent"), 'CAP01');
    await user.type(within(filters).getByLabelText('Du'), '2026-11-01');
    await user.type(within(filters).getByLabelText('Au'), '2026-11-20');
    await user.click(within(filters).getByRole('button', { name: 'Filtrer' }));

    await waitFor(() =>
      expect(api.requests.at(-1)?.query).toEqual({
        page: '1',
        per_page: '20',
        user: 'caisse.cap',
        action: 'transactions.deposit',
        agent: 'CAP01',
        from: '2026-11-01',
        to: '2026-11-20',
      }),
    );
    expect(await screen.findByRole('row', { name: /48213907561/ })).toBeVisible();
    expect(screen.queryByRole('cell', { name: 'Agent suspendu' })).toBeNull();
    expect(window.location.search).toBe(
      '?user=caisse.cap&action=transactions.deposit&agent=CAP01&from=2026-11-01&to=2026-11-20',
    );

    await user.click(within(screen.getByRole('search')).getByRole('button', { name: 'Effacer les filtres' }));
    await waitFor(() => expect(api.requests.at(-1)?.query).toEqual({ page: '1', per_page: '20' }));
    expect(screen.getByRole('search', { name: 'Filtrer le journal' })).toBeVisible();
    expect(within(screen.getByRole('search')).getByLabelText("Nom d'utilisateur")).toHaveValue('');
  });

  it('says that the period is upside down, under "Au", and asks nothing of the server', async () => {
    api.on('GET /audit', { body: listAnswer(entries, { perPage: 20 }) });
    const { user } = renderApp({ path: '/audit', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    await screen.findByRole('table', { name: "Journal d'audit" });
    const sent = api.requests.length;
    await user.type(screen.getByLabelText('Du'), '2026-11-20');
    await user.type(screen.getByLabelText('Au'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Filtrer' }));
    expect(screen.getByLabelText('Au')).toHaveAccessibleDescription(
      'La date de début doit précéder la date de fin',
    );
    expect(api.requests.length).toBe(sent);
  });

  it('says when no line matches the filters', async () => {
    api.on('GET /audit', { body: listAnswer([], { perPage: 20 }) });
    renderApp({ path: '/audit?user=personne', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    expect(await screen.findByText('Aucune ligne ne correspond à ces filtres.')).toBeVisible();
  });

  it('is in the super administrator’s sidebar', async () => {
    api.on('GET /audit', { body: listAnswer([]) });
    serveEmptyDashboard(api);
    const { user } = renderApp({ path: '/', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    const nav = await screen.findByRole('navigation', { name: 'Menu principal' });
    await user.click(within(nav).getByRole('link', { name: "Journal d'audit" }));
    expect(await screen.findByText('Le journal est vide.')).toBeVisible();
  });

  it("is in an agent's administrator's sidebar, for its own agent: no agent filter", async () => {
    api.on('GET /audit', { body: listAnswer(entries.slice(0, 1), { perPage: 20 }) });
    // It starts on the dashboard, whose reads the fake answers as the server would.
    serveEmptyDashboard(api);
    const { user } = renderApp({ path: '/', token: makeToken(agentAdmin), apiBaseUrl: api.baseUrl });
    const nav = await screen.findByRole('navigation', { name: 'Menu principal' });
    await user.click(within(nav).getByRole('link', { name: "Journal d'audit" }));
    expect(await screen.findByRole('row', { name: /48213907561/ })).toBeVisible();
    expect(screen.getByText(/de votre agent/)).toBeVisible();
    expect(screen.queryByLabelText("Code de l'agent")).toBeNull();
  });

  it('is forbidden to a teller', async () => {
    renderApp({ path: '/audit', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    expect(await screen.findByRole('heading', { name: 'Accès interdit' })).toBeVisible();
    expect(api.requests.filter((request) => request.path.endsWith('/audit'))).toEqual([]);
  });
});

describe('/audit in Kreyòl (decision 236)', () => {
  speakKreyolInEach();

  it('names the columns, the actions and the network in Kreyòl, at the same Haiti times', async () => {
    api.on('GET /audit', { body: listAnswer(entries, { total: 6 }) });
    renderApp({ path: '/audit', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });

    const table = await screen.findByRole('table', { name: 'Jounal odit' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Dat ak lè', 'Itilizatè', 'Aksyon', 'Sib', 'Ajan', 'Adrès']);
    const rows = rowsOf(table);
    expect(rows[0]?.[0]).toBe('20/11/2026 14:00');
    expect(rows[0]?.[2]).toContain(' · kont 10000000016');
    expect(rows[1]?.[2]).toContain(' · rezon : Bénéficiaire erroné');
    expect(rows[2]?.[2]).toBe('Ajan sispandi');
    expect(rows[4]?.slice(1, 5)).toEqual(['Anonim', 'Koneksyon refize', '—', 'Rezo']);
    expect(screen.getByRole('search', { name: 'Filtre jounal la' })).toBeVisible();
  });
});
