import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { can, translate, type SessionUser } from '@lajan/domain';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { serveEmptyDashboard } from '../../test/transactions';
import { agentAdmin, audiences, superAdmin, teller } from '../../test/users';
import { routeByName } from '../route-table';
import { sidebarItems } from './nav';

let api: ApiServer;
beforeEach(async () => {
  api = await startApiServer();
  // What the screens behind the shell read, empty: the dashboard's history and chart, the fees.
  serveEmptyDashboard(api);
  api.on('GET /transactions/fees', { body: { data: [] } });
});
afterEach(async () => {
  await api.close();
});

async function openShell(person: SessionUser, path = '/') {
  const rendered = renderApp({ path, token: makeToken(person), apiBaseUrl: api.baseUrl });
  await screen.findByRole('navigation', { name: 'Menu principal' });
  return rendered;
}

/** What the sidebar shows, top to bottom: link names, and group names in brackets. */
function sidebarEntries() {
  const nav = screen.getByRole('navigation', { name: 'Menu principal' });
  return Array.from(nav.querySelectorAll('a, p')).map((node) =>
    node.tagName === 'P' ? `[${node.textContent}]` : (node.textContent ?? ''),
  );
}

describe('the sidebar (SPEC §2)', () => {
  it('shows a teller the counter operations and its account', async () => {
    await openShell(teller);
    expect(sidebarEntries()).toEqual([
      'Tableau de Bord',
      // The teller's cash drawer (decision 149).
      'Ma caisse',
      'Retrait',
      'Dépôt',
      'Transfert',
      '[Transfert externe]',
      'Effectuer',
      'Recevoir',
      // Its expired cash transfers owed to their senders (decision 225).
      'À rembourser',
      'Historique',
      'Créer un compte',
      'Nouveau client',
      "Demandes d'ouverture",
      'Personnes',
      'Mon Compte',
      // Corrections to ask for and carry out (decision 226).
      'Corrections',
      // A customer's account statement (decision 148).
      '[Rapports]',
      'Relevé de compte',
      'Tableau des Frais',
    ]);
  });

  it("shows an administrator its agent's users", async () => {
    await openShell(agentAdmin);
    expect(sidebarEntries()).toEqual([
      'Tableau de Bord',
      'Personnes',
      'Mon Compte',
      'Liste des utilisateurs',
      'Créer un utilisateur',
      // Its tellers' drawers (decision 149).
      'Caisses',
      // Corrections to validate (decision 226).
      'Corrections',
      // Its own agent's trail (decision 133).
      "Journal d'audit",
      // Its agent's commissions and its customers' statements (decision 148), its float's (decision 191).
      '[Rapports]',
      'Relevé de commissions',
      'Relevé de compte',
      'Relevé du float',
      'Tableau des Frais',
    ]);
  });

  it('shows the super administrator the agent network and the administrators', async () => {
    await openShell(superAdmin);
    expect(sidebarEntries()).toEqual([
      'Tableau de Bord',
      'Personnes',
      'Liste des agents',
      'Dépôt sur agent',
      'Créer un agent',
      'Lister les administrateurs',
      'Créer un administrateur',
      'Caisses',
      'Corrections',
      "Journal d'audit",
      '[Rapports]',
      'Relevé de commissions',
      'Rapports du réseau',
      'Déclarations UCREF',
      'Relevé de compte',
      'Relevé du float',
      'Tableau des Frais',
      // A customer's limits, beside the fee table (decision 227).
      'Limites des clients',
      // The SMS controls (decision 242).
      'SMS',
    ]);
  });

  it('links each item to its screen and marks the current one', async () => {
    const { user } = await openShell(teller);
    const nav = screen.getByRole('navigation', { name: 'Menu principal' });
    expect(within(nav).getByRole('link', { name: 'Recevoir' })).toHaveAttribute(
      'href',
      '/transaction/external-transfer/receive',
    );
    await user.click(within(nav).getByRole('link', { name: 'Dépôt' }));
    expect(await screen.findByRole('heading', { name: 'Dépôt' })).toBeVisible();
    // The keyboard starts at the new screen, not on the sidebar's link: here (a computer) in its first field.
    expect(screen.getByRole('textbox', { name: 'Numéro de compte' })).toHaveFocus();
    expect(within(nav).getByRole('link', { name: 'Dépôt' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Tableau de Bord' })).not.toHaveAttribute('aria-current');
  });

  it('never shows an item whose screen would answer "Accès interdit"', () => {
    const links = sidebarItems.flatMap((item) => (item.kind === 'link' ? [item] : item.children));
    for (const person of Object.values(audiences)) {
      for (const item of links) {
        const access = routeByName(item.route).access;
        if (
          can(person, item.capability) &&
          access !== 'guest' &&
          access !== 'public' &&
          access !== 'signed-in'
        ) {
          expect(can(person, access), `${translate(item.label)} pour ${person.username}`).toBe(true);
        }
      }
    }
  });

  it('becomes a drawer behind a menu button on a phone', async () => {
    const { user } = await openShell(teller);
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ouvrir le menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    await user.click(within(drawer).getByRole('link', { name: 'Historique' }));
    expect(await screen.findByRole('heading', { name: 'Historique' })).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    // Not lost with the closed drawer's link: on the screen, once the shell's effect for the new path has
    // run (a passive effect: the heading can be found before it, as it was once on a loaded CI host).
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Ouvrir le menu' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });
});

describe('the user menu (SPEC §2)', () => {
  it('shows the full name, the e-mail and the links, Compte included, to a teller', async () => {
    const { user } = await openShell(teller);
    await user.click(screen.getByRole('button', { name: 'Menu utilisateur' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByText('Nadège JOSEPH')).toBeVisible();
    expect(within(menu).getByText('nadege@lajan.test')).toBeVisible();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Tableau de Bord', 'Mon Profil', 'Compte', 'Se déconnecter']);
    expect(within(menu).getByRole('menuitem', { name: 'Compte' })).toHaveAttribute('href', '/account');
  });

  it('hides Compte from the super administrator', async () => {
    const { user } = await openShell(superAdmin);
    await user.click(screen.getByRole('button', { name: 'Menu utilisateur' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByText('Rose LAFLEUR')).toBeVisible();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Tableau de Bord', 'Mon Profil', 'Se déconnecter']);
  });

  it('moves with the arrow keys and closes with Escape', async () => {
    const { user } = await openShell(agentAdmin);
    const button = screen.getByRole('button', { name: 'Menu utilisateur' });
    await user.click(button);
    expect(screen.getByRole('menuitem', { name: 'Tableau de Bord' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Mon Profil' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Se déconnecter' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('opens Mon Profil', async () => {
    const { user } = await openShell(agentAdmin);
    await user.click(screen.getByRole('button', { name: 'Menu utilisateur' }));
    await user.click(screen.getByRole('menuitem', { name: 'Mon Profil' }));
    expect(await screen.findByRole('heading', { name: 'Mon Profil' })).toBeVisible();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('Se déconnecter calls the server, says "Déconnexion réussie" and shows the sign-in page', async () => {
    api.on('POST /auth/logout', { body: { data: { message: 'Déconnexion réussie' } } });
    const { user, app } = await openShell(teller, '/fees-list');
    await waitFor(() =>
      expect(
        app.queryClient
          .getQueryCache()
          .getAll()
          .some((query) => query.state.data !== undefined || query.state.error !== null),
      ).toBe(true),
    );
    await user.click(screen.getByRole('button', { name: 'Menu utilisateur' }));
    await user.click(screen.getByRole('menuitem', { name: 'Se déconnecter' }));

    expect(await screen.findByRole('heading', { name: 'Bienvenue sur Lajan' })).toBeVisible();
    // Nothing the teller's screens fetched stays in memory for the next person at the counter.
    const held = app.queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.data !== undefined || query.state.error !== null);
    expect(held.map((query) => query.queryKey)).toEqual([]);
    expect(screen.getByText('Déconnexion réussie')).toBeVisible();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(window.location.pathname).toBe('/login');
    const logout = api.requests.find((request) => request.path === '/auth/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.authorization).toMatch(/^Bearer .+\..+\..+$/);
  });

  it('signs out even when the server refuses, with its message', async () => {
    api.on('POST /auth/logout', {
      status: 503,
      body: { message: 'Le service est momentanément indisponible. Veuillez réessayer.' },
    });
    const { user } = await openShell(teller);
    await user.click(screen.getByRole('button', { name: 'Menu utilisateur' }));
    await user.click(screen.getByRole('menuitem', { name: 'Se déconnecter' }));
    expect(await screen.findByRole('heading', { name: 'Bienvenue sur Lajan' })).toBeVisible();
    expect(screen.getByText('Le service est momentanément indisponible. Veuillez réessayer.')).toBeVisible();
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('says "Échec de la déconnexion" when the failure has no message', async () => {
    api.on('POST /auth/logout', { status: 502, proxy: true });
    const { user } = await openShell(teller);
    await user.click(screen.getByRole('button', { name: 'Menu utilisateur' }));
    await user.click(screen.getByRole('menuitem', { name: 'Se déconnecter' }));
    expect(await screen.findByText('Échec de la déconnexion')).toBeVisible();
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
  });
});

describe('the dashboard (SPEC §2 "/")', () => {
  it.each([
    [
      'a teller',
      teller,
      ['Dépôt', 'Retrait', 'Créer un compte', 'Nouveau client', 'Transfert', 'Recevoir un transfert'],
    ],
    ['an administrator', agentAdmin, ['Créer un utilisateur']],
    ['the super administrator', superAdmin, ['Créer un administrateur', 'Créer un agent']],
  ])('offers %s the quick actions of its role, each opening its screen', async (_who, person, expected) => {
    const { user } = await openShell(person);
    expect(
      screen.getByText(`Bienvenue, ${person.firstName} ${person.lastName.toUpperCase()}.`),
    ).toBeVisible();
    const section = screen.getByRole('region', { name: 'Actions rapides' });
    const titles = within(section)
      .getAllByRole('link')
      .map((link) => link.firstElementChild?.textContent);
    expect(titles).toEqual(expected);
    for (const name of expected) {
      const actions = screen.getByRole('region', { name: 'Actions rapides' });
      await user.click(within(actions).getByRole('link', { name: new RegExp(`^${name} `) }));
      await waitFor(() => {
        const titles = screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent);
        expect(titles).not.toContain('Accès interdit');
        expect(titles).not.toContain('Tableau de Bord');
      });
      const nav = screen.getByRole('navigation', { name: 'Menu principal' });
      await user.click(within(nav).getByRole('link', { name: 'Tableau de Bord' }));
      await screen.findByRole('region', { name: 'Actions rapides' });
    }
  });
});
