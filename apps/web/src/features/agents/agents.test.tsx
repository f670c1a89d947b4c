import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { agent, apiUsers, listAnswer } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { agentAdmin, superAdmin } from '../../test/users';
import { speakKreyolInEach } from '../../test/kreyol';

let api: ApiServer;
beforeEach(async () => {
  api = await startApiServer();
});
afterEach(async () => {
  await api.close();
});

const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));
/** The visible text with Intl's special spaces shown as plain ones. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u202f\u00a0]/g, ' ');

function rowsOf(table: HTMLElement) {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => plain(cell.textContent)),
    );
}

const jacmel = agent({
  id: '30000000-0000-4000-8000-000000000002',
  code: 'JAC02',
  name: 'Jacmel Cash',
  type: 'Personal',
  status: 'suspended',
  balance: 0,
});
const gonaives = agent({
  id: '30000000-0000-4000-8000-000000000003',
  code: 'GON03',
  name: 'Gonaïves Express',
  type: 'Intern',
  status: 'inactive',
  balance: 1234567.89,
  deletedAt: '2026-11-10T12:00:00.000Z',
});

describe('/agents (SPEC §2)', () => {
  it('lists code, name, type, coloured status and the float balance in French HTG', async () => {
    api.on('GET /agents', { body: listAnswer([agent(), jacmel, gonaives], { total: 3 }) });
    renderApp({ path: '/agents', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });

    const table = await screen.findByRole('table', { name: 'Agents' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Code', 'Nom', 'Type', 'Statut', 'Solde']);
    expect(rowsOf(table)).toEqual([
      ['CAP01', 'Cap Services', 'Entreprise', 'Actif', '1 500,50 HTG'],
      ['JAC02', 'Jacmel Cash', 'Particulier', 'Suspendu', '0,00 HTG'],
      ['GON03', 'Gonaïves Express', 'Interne', 'Inactif', '1 234 567,89 HTG'],
    ]);
    expect(within(table).getByText('Suspendu')).toHaveAttribute('data-status', 'suspended');
    expect(within(table).getByRole('link', { name: 'CAP01' })).toHaveAttribute('href', '/agents/CAP01');
    expect(screen.getByText('1 – 3 sur 3')).toBeVisible();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Créer un agent' })).toHaveAttribute(
      'href',
      '/create-agent',
    );
    expect(api.requests.at(-1)?.query).toEqual({ page: '1', per_page: '10' });
  });

  it('hides the balance when the API gives none', async () => {
    api.on('GET /agents', { body: listAnswer([agent({ balance: null })]) });
    renderApp({ path: '/agents', token: makeToken(agentAdmin), apiBaseUrl: api.baseUrl });
    const table = await screen.findByRole('table', { name: 'Agents' });
    expect(within(table).queryByRole('columnheader', { name: 'Solde' })).not.toBeInTheDocument();
    expect(rowsOf(table)).toEqual([['CAP01', 'Cap Services', 'Entreprise', 'Actif']]);
    expect(screen.queryByRole('link', { name: 'Créer un agent' })).not.toBeInTheDocument();
  });

  it('pages with previous and next, saying "first – last of total"', async () => {
    api.on('GET /agents', (request) => {
      const page = Number(request.query.page);
      const rows = page === 1 ? [agent()] : [jacmel];
      return { body: listAnswer(rows, { total: 12, page }) };
    });
    const { user } = renderApp({ path: '/agents', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    expect(await screen.findByText('1 – 10 sur 12')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Précédent' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText('11 – 12 sur 12')).toBeVisible();
    expect(await screen.findByRole('link', { name: 'JAC02' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Suivant' })).toBeDisabled();
    expect(api.requests.at(-1)?.query).toMatchObject({ page: '2' });
    expect(window.location.search).toBe('?page=2');

    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    expect(await screen.findByText('1 – 10 sur 12')).toBeVisible();
  });

  it('searches on Enter and says when nothing matches', async () => {
    api.on('GET /agents', (request) => ({
      body: request.query.q ? listAnswer([]) : listAnswer([agent()]),
    }));
    const { user } = renderApp({ path: '/agents', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    await screen.findByRole('table', { name: 'Agents' });
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher un agent' }), 'zzz{Enter}');
    expect(await screen.findByText('Aucun agent ne correspond à « zzz ».')).toBeVisible();
    expect(api.requests.at(-1)?.query).toEqual({ page: '1', per_page: '10', q: 'zzz' });
  });

  it('shows a loading state, then the server message when the list fails', async () => {
    api.on('GET /agents', {
      status: 403,
      body: { message: "Vous n'avez pas la permission", code: 'FORBIDDEN' },
    });
    renderApp({ path: '/agents', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    expect(await screen.findByText('Chargement des agents...')).toBeVisible();
    // A 403 goes to /403 (SPEC §4).
    expect(await screen.findByRole('heading', { name: 'Accès interdit' })).toBeVisible();
  });

  it('says that the list could not load, with the server message in a toast', async () => {
    api.on('GET /agents', { status: 422, body: { message: 'Paramètres de recherche invalides' } });
    renderApp({ path: '/agents', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    expect(await screen.findByText("La liste des agents n'a pas pu être chargée.")).toBeVisible();
    expect(toasts().getByText('Paramètres de recherche invalides')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeVisible();
  });
});

describe('/agents/:code', () => {
  function serveAgent(current = agent()) {
    let state = current;
    api.on('GET /agents/CAP01', () => ({ body: { data: state } }));
    api.on('GET /users', {
      body: listAnswer([apiUsers.agentAdmin, apiUsers.teller]),
    });
    return {
      set(next: typeof state) {
        state = next;
      },
    };
  }

  it('shows owners, contact, float account and balance, and its users', async () => {
    serveAgent();
    renderApp({ path: '/agents/CAP01', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    expect(await screen.findByRole('heading', { name: 'Cap Services', level: 1 })).toBeVisible();

    const owners = screen.getByRole('region', { name: 'Propriétaires' });
    expect(within(owners).getByText('Jean PIERRE')).toBeVisible();
    expect(within(owners).getByText("Carte d'identité · 003-456-789")).toBeVisible();

    const contact = screen.getByRole('region', { name: 'Contact' });
    expect(within(contact).getByText('contact@capservices.ht')).toBeVisible();
    expect(within(contact).getByText('+509 3700 0001')).toBeVisible();

    const float = screen.getByRole('region', { name: 'Compte de float' });
    expect(within(float).getByText('90000000017')).toBeVisible();
    expect(plain(within(float).getByText(/HTG/).textContent)).toBe('1 500,50 HTG');

    const users = screen.getByRole('region', { name: 'Utilisateurs' });
    expect(await within(users).findByRole('link', { name: 'admincap' })).toHaveAttribute(
      'href',
      '/users/admincap',
    );
    expect(within(users).getByRole('link', { name: 'caissiere' })).toBeVisible();
    expect(api.requests.find((r) => r.path === '/users')?.query).toMatchObject({ agentCode: 'CAP01' });
  });

  it('dates the agent in Port-au-Prince time, as every other screen: 01:08 UTC on the 5th is the 4th, 20:08', async () => {
    serveAgent(
      agent({
        status: 'suspended',
        createdAt: '2026-12-05T01:08:00.000Z',
        suspendedAt: '2026-12-06T02:30:00.000Z',
      }),
    );
    renderApp({ path: '/agents/CAP01', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    const contact = await screen.findByRole('region', { name: 'Contact' });
    const created = within(contact).getByText('Créé le').nextElementSibling;
    expect(plain(created?.textContent)).toBe('04/12/2026 20:08');
    expect(screen.getByText(/Agent suspendu le/)).toHaveTextContent('Agent suspendu le 05/12/2026');
  });

  it('suspends after confirmation, with the success toast and the new status', async () => {
    const server = serveAgent();
    api.on('POST /agents/CAP01/suspend', () => {
      const suspended = agent({ status: 'suspended', suspendedAt: '2026-11-20T12:00:00.000Z' });
      server.set(suspended);
      return { body: { data: suspended } };
    });
    const { user } = renderApp({
      path: '/agents/CAP01',
      token: makeToken(superAdmin),
      apiBaseUrl: api.baseUrl,
    });
    await screen.findByRole('heading', { name: 'Cap Services', level: 1 });
    expect(screen.queryByRole('button', { name: 'Réactiver' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Suspendre' }));
    const dialog = screen.getByRole('dialog', { name: "Suspendre l'agent ?" });
    expect(dialog).toHaveTextContent('ses utilisateurs ne pourront plus se connecter');
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toHaveFocus();
    expect(api.requests.some((r) => r.path === '/agents/CAP01/suspend')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Suspendre' }));
    expect(await toasts().findByText('Agent suspendu avec succès')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 }).parentElement).toHaveTextContent('Suspendu');
    expect(screen.getByRole('button', { name: 'Réactiver' })).toBeVisible();
    expect(api.requests.filter((r) => r.path === '/agents/CAP01/suspend')).toHaveLength(1);
  });

  it('does nothing when the confirmation is cancelled', async () => {
    serveAgent();
    const { user } = renderApp({
      path: '/agents/CAP01',
      token: makeToken(superAdmin),
      apiBaseUrl: api.baseUrl,
    });
    await screen.findByRole('heading', { name: 'Cap Services', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Supprimer (désactiver)' }));
    const dialog = screen.getByRole('dialog', { name: "Supprimer (désactiver) l'agent ?" });
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Supprimer (désactiver)' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requests.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it('deletes (deactivates) after confirmation: the agent stays, inactive', async () => {
    serveAgent();
    api.on('DELETE /agents/CAP01', {
      body: { data: agent({ status: 'inactive', deletedAt: '2026-11-20T12:00:00.000Z' }) },
    });
    const { user } = renderApp({
      path: '/agents/CAP01',
      token: makeToken(superAdmin),
      apiBaseUrl: api.baseUrl,
    });
    await screen.findByRole('heading', { name: 'Cap Services', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Supprimer (désactiver)' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Supprimer (désactiver)' }),
    );
    expect(await toasts().findByText('Agent supprimé avec succès')).toBeVisible();
    expect(screen.getByText(/Agent inactif depuis le 20\/11\/2026/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Réactiver' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Suspendre' })).not.toBeInTheDocument();
  });

  it('reactivates a suspended agent after confirmation', async () => {
    serveAgent(agent({ status: 'suspended' }));
    api.on('POST /agents/CAP01/activate', { body: { data: agent() } });
    const { user } = renderApp({
      path: '/agents/CAP01',
      token: makeToken(superAdmin),
      apiBaseUrl: api.baseUrl,
    });
    await screen.findByRole('heading', { name: 'Cap Services', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Réactiver' }));
    await user.click(
      within(screen.getByRole('dialog', { name: "Réactiver l'agent ?" })).getByRole('button', {
        name: 'Réactiver',
      }),
    );
    expect(await toasts().findByText('Agent réactivé avec succès')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Suspendre' })).toBeVisible();
  });

  it('keeps the dialog open and toasts the server message when the action fails', async () => {
    serveAgent();
    // Deleted meanwhile by another super administrator: the server's 404.
    api.on('POST /agents/CAP01/suspend', {
      status: 404,
      body: { message: 'Agent introuvable', code: 'NOT_FOUND' },
    });
    const { user } = renderApp({
      path: '/agents/CAP01',
      token: makeToken(superAdmin),
      apiBaseUrl: api.baseUrl,
    });
    await screen.findByRole('heading', { name: 'Cap Services', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Suspendre' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Suspendre' }));
    expect(await toasts().findByText('Agent introuvable')).toBeVisible();
    expect(screen.getByRole('dialog')).toBeVisible();
  });

  it("gives an agent's administrator no action", async () => {
    serveAgent();
    renderApp({ path: '/agents/CAP01', token: makeToken(agentAdmin), apiBaseUrl: api.baseUrl });
    await screen.findByRole('heading', { name: 'Cap Services', level: 1 });
    for (const name of ['Suspendre', 'Réactiver', 'Supprimer (désactiver)']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('link', { name: 'Approvisionner' })).not.toBeInTheDocument();
  });

  it('funds the agent from its page: "Approvisionner" opens the agent deposit with the agent already found (decision 133)', async () => {
    serveAgent();
    api.on('POST /agents/search', { body: { data: { agent: agent() } } });
    const { user } = renderApp({
      path: '/agents/CAP01',
      token: makeToken(superAdmin),
      apiBaseUrl: api.baseUrl,
    });
    await screen.findByRole('heading', { name: 'Cap Services', level: 1 });
    await user.click(screen.getByRole('link', { name: 'Approvisionner' }));

    expect(
      await screen.findByRole('heading', { name: 'Dépôt sur agent', level: 1 }, { timeout: 5000 }),
    ).toBeVisible();
    expect(window.location.search).toBe('?code=CAP01');
    expect(screen.getByRole('textbox', { name: "Code de l'agent" })).toHaveValue('CAP01');
    const found = await screen.findByRole('region', { name: 'Agent trouvé' });
    expect(within(found).getByText('Cap Services')).toBeVisible();
    expect(
      api.requests.filter((request) => request.path === '/agents/search').map((request) => request.body),
    ).toEqual([{ code: 'CAP01' }]);
    expect(screen.getByRole('button', { name: 'Suivant' })).toBeEnabled();
  });

  it('offers no funding for an agent that is not active', async () => {
    serveAgent(agent({ status: 'suspended', suspendedAt: '2026-11-20T10:00:00.000Z' }));
    renderApp({ path: '/agents/CAP01', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    await screen.findByRole('heading', { name: 'Cap Services', level: 1 });
    expect(screen.getByRole('button', { name: 'Réactiver' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Approvisionner' })).not.toBeInTheDocument();
  });

  it('says when the code is unknown', async () => {
    api.on('GET /agents/NOPE', { status: 404, body: { message: 'Agent introuvable', code: 'NOT_FOUND' } });
    renderApp({ path: '/agents/NOPE', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    expect(await screen.findByText('Aucun agent ne porte le code « NOPE ».')).toBeVisible();
    expect(screen.getByRole('link', { name: '← Liste des agents' })).toHaveAttribute('href', '/agents');
    await waitFor(() => expect(window.location.pathname).toBe('/agents/NOPE'));
  });
});

describe('/agents in Kreyòl (decision 236)', () => {
  speakKreyolInEach();

  it('names the columns, the types and the statuses in Kreyòl, with the same figures', async () => {
    api.on('GET /agents', { body: listAnswer([agent(), jacmel, gonaives], { total: 3 }) });
    renderApp({ path: '/agents', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });

    const table = await screen.findByRole('table', { name: 'Ajan yo' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Kòd', 'Non', 'Tip', 'Estati', 'Balans']);
    const rows = rowsOf(table);
    expect(rows[1]?.slice(2)).toEqual(['Patikilye', 'Sispandi', '0,00 HTG']);
    expect(rows[2]?.slice(2)).toEqual(['Entèn', 'Inaktif', '1 234 567,89 HTG']);
    expect(screen.getByRole('heading', { name: 'Lis ajan yo', level: 1 })).toBeVisible();
  });
});
