import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setScreenLanguage } from '../../i18n/i18n';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { accountOf, jean, marie } from '../../test/persons';
import { renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { agentAdmin, teller } from '../../test/users';
import { speakKreyol } from '../../test/kreyol';

let api: ApiServer;
beforeEach(async () => {
  api = await startApiServer();
});
afterEach(async () => {
  await api.close();
});

const request = accountOf([jean, marie], {
  id: '20000000-0000-4000-8000-0000000000aa',
  accountNumber: '40977700011',
  status: 'pending',
  type: 'savings',
  agent: null,
  requestReference: 'REQ-7F3K',
});

function pendingList(accounts = [request]) {
  return { body: { data: accounts, meta: { total: accounts.length, page: 1, per_page: 10 } } };
}

async function openRequests() {
  const rendered = renderApp({
    path: '/account-requests',
    token: makeToken(teller),
    apiBaseUrl: api.baseUrl,
  });
  await screen.findByRole('heading', { name: "Demandes d'ouverture", level: 1 }, { timeout: 5000 });
  return rendered;
}

describe("the tellers' review of public requests (/account-requests)", () => {
  it("is in the teller's sidebar and closed to others", async () => {
    api.on('GET /accounts', pendingList([]));
    await openRequests();
    const nav = screen.getByRole('navigation', { name: 'Menu principal' });
    expect(within(nav).getByRole('link', { name: "Demandes d'ouverture" })).toHaveAttribute(
      'href',
      '/account-requests',
    );
    expect(await screen.findByText('Aucune demande en attente.')).toBeVisible();
    expect(api.requests[0]?.path).toBe('/accounts');
  });

  it('speaks Kreyòl when the screen does, its dates too (decision 236)', async () => {
    await speakKreyol();
    try {
      api.on('GET /accounts', pendingList());
      renderApp({ path: '/account-requests', token: makeToken(teller), apiBaseUrl: api.baseUrl });
      expect(
        await screen.findByRole('heading', { name: 'Demann pou louvri kont', level: 1 }, { timeout: 5000 }),
      ).toBeVisible();
      const card = await screen.findByRole('article', { name: 'Demann REQ-7F3K' });
      expect(card).toHaveTextContent(/Epay · HTG · resevwa \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
      expect(card).toHaveTextContent('(titilè prensipal)');
      expect(within(card).getByRole('button', { name: 'Aktive : Demann REQ-7F3K' })).toBeVisible();
    } finally {
      await setScreenLanguage('fr');
    }
  });

  it('is refused to an administrator', async () => {
    renderApp({ path: '/account-requests', token: makeToken(agentAdmin), apiBaseUrl: api.baseUrl });
    expect(await screen.findByRole('heading', { name: 'Accès interdit' })).toBeVisible();
  });

  it("lists each pending request with its persons and their identity document, and opens a holder's file", async () => {
    api.on('GET /accounts', pendingList());
    api.on(`GET /persons/${jean.id}`, { body: { data: { ...jean, expirationDate: '2021-01-01' } } });
    const { user } = await openRequests();
    const card = await screen.findByRole('article', { name: 'Demande REQ-7F3K' });
    expect(card).toHaveTextContent('Épargne · HTG');
    expect(card).toHaveTextContent('Jean PIERRE (titulaire principal)');
    expect(card).toHaveTextContent("Carte d'identité · 003-456-789");
    expect(card).toHaveTextContent('Marie JOSEPH (titulaire secondaire)');
    expect(card).toHaveTextContent('Passeport · PA123456');

    await user.click(within(card).getByRole('button', { name: 'Voir la fiche de Jean PIERRE' }));
    expect(await within(card).findByText('14/05/1990')).toBeVisible();
    expect(within(card).getByText("La pièce d'identité est expirée.")).toBeVisible();
  });

  it('activates a request only once the teller confirms the identity document was checked', async () => {
    api.on('GET /accounts', pendingList());
    api.on(`POST /accounts/${request.id}/activate`, () => {
      api.on('GET /accounts', pendingList([]));
      return {
        body: { data: { ...request, status: 'active', agent: { name: 'Cap Services', code: 'CAP01' } } },
      };
    });
    const { user } = await openRequests();
    await user.click(await screen.findByRole('button', { name: 'Activer : Demande REQ-7F3K' }));

    const dialog = screen.getByRole('dialog', { name: 'Activer la demande' });
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toHaveFocus();
    const confirm = within(dialog).getByRole('button', { name: 'Activer' });
    expect(confirm).toBeDisabled();
    await user.click(
      within(dialog).getByRole('checkbox', {
        name: "J'ai vérifié la pièce d'identité originale de chaque titulaire",
      }),
    );
    await user.click(confirm);

    expect(await screen.findByText('Compte 40977700011 activé')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Aucune demande en attente.')).toBeVisible();
    expect(
      api.requests.some((r) => r.method === 'POST' && r.path === `/accounts/${request.id}/activate`),
    ).toBe(true);
  });

  it('rejects a request with a reason, and asks for one', async () => {
    api.on('GET /accounts', pendingList());
    api.on(`POST /accounts/${request.id}/reject`, {
      body: { data: { ...request, status: 'closed', rejectionReason: 'Photo illisible' } },
    });
    const { user } = await openRequests();
    await user.click(await screen.findByRole('button', { name: 'Rejeter : Demande REQ-7F3K' }));
    const dialog = screen.getByRole('dialog', { name: 'Rejeter la demande' });
    await user.click(within(dialog).getByRole('button', { name: 'Rejeter' }));
    expect(within(dialog).getByLabelText('Motif du refus')).toHaveAccessibleDescription(
      'Le motif est requis',
    );
    expect(api.requests.some((r) => r.path.endsWith('/reject'))).toBe(false);

    await user.type(within(dialog).getByLabelText('Motif du refus'), 'Photo illisible');
    await user.click(within(dialog).getByRole('button', { name: 'Rejeter' }));
    expect(await screen.findByText('Demande rejetée')).toBeVisible();
    expect(api.requests.find((r) => r.path.endsWith('/reject'))?.body).toEqual({ reason: 'Photo illisible' });
  });

  it("shows the server's refusal in the dialog and keeps the request", async () => {
    api.on('GET /accounts', pendingList());
    api.on(`POST /accounts/${request.id}/activate`, {
      status: 409,
      body: { message: "Cette demande n'est plus en attente", code: 'CONFLICT' },
    });
    const { user } = await openRequests();
    await user.click(await screen.findByRole('button', { name: 'Activer : Demande REQ-7F3K' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Activer' }));
    expect(await within(dialog).findByText("Cette demande n'est plus en attente")).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Demande REQ-7F3K' })).toBeVisible();
  });
});
