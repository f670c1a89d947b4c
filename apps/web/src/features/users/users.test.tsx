import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { apiUser, apiUsers, listAnswer } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { agentAdmin, superAdmin, teller } from '../../test/users';
import { speakKreyolInEach } from '../../test/kreyol';

let api: ApiServer;
beforeEach(async () => {
  api = await startApiServer();
});
afterEach(async () => {
  await api.close();
});

const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));

const newTeller = apiUser(
  {
    ...teller,
    id: '00000000-0000-4000-8000-000000000009',
    username: 'nouveau01',
    firstName: 'paul',
    lastName: 'Étienne',
  },
  { passwordUpdatedAt: null, email: 'paul@lajan.test' },
);
const gone = apiUser(
  {
    ...teller,
    id: '00000000-0000-4000-8000-000000000010',
    username: 'ancien001',
    firstName: 'Luc',
    lastName: 'Noël',
  },
  { deletedAt: '2026-11-15T09:00:00.000Z' },
);

function rowOf(username: string) {
  const link = screen.getByRole('link', { name: username });
  return link.closest('tr') as HTMLElement;
}

describe('/users (SPEC §2, §6)', () => {
  it('lists username, full name, e-mail, role, agent and status', async () => {
    api.on('GET /users', {
      body: listAnswer([apiUsers.agentAdmin, apiUsers.teller, newTeller, gone], { total: 4 }),
    });
    renderApp({ path: '/users', token: makeToken(agentAdmin), apiBaseUrl: api.baseUrl });

    const table = await screen.findByRole('table', { name: 'Liste des utilisateurs' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(["Nom d'utilisateur", 'Nom complet', 'Email', 'Rôle', 'Agent', 'Statut', 'Actions']);
    const cells = within(rowOf('caissiere'))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      'caissiere',
      'Nadège JOSEPH',
      'nadege@lajan.test',
      'Caissier',
      'Cap Services (CAP01)',
      'Actif',
      'Supprimer caissiere',
    ]);
    expect(within(rowOf('admincap')).getByText('Administrateur')).toBeVisible();
    expect(within(rowOf('nouveau01')).getByText('En attente d’activation')).toBeVisible();
    expect(within(rowOf('ancien001')).getByText('Désactivé')).toBeVisible();
    expect(screen.getByRole('link', { name: 'caissiere' })).toHaveAttribute('href', '/users/caissiere');
    expect(screen.getByText('1 – 4 sur 4')).toBeVisible();
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Créer un utilisateur' }),
    ).toHaveAttribute('href', '/create-user');
  });

  it('shows no delete button on one’s own row (nor on a disabled user)', async () => {
    api.on('GET /users', { body: listAnswer([apiUsers.agentAdmin, apiUsers.teller, gone]) });
    renderApp({ path: '/users', token: makeToken(agentAdmin), apiBaseUrl: api.baseUrl });
    await screen.findByRole('table', { name: 'Liste des utilisateurs' });
    expect(within(rowOf('admincap')).getByText('(vous)')).toBeVisible();
    expect(within(rowOf('admincap')).queryByRole('button', { name: /Supprimer/ })).not.toBeInTheDocument();
    expect(within(rowOf('ancien001')).queryByRole('button', { name: /Supprimer/ })).not.toBeInTheDocument();
    expect(within(rowOf('caissiere')).getByRole('button', { name: 'Supprimer caissiere' })).toBeVisible();
  });

  it('gives a teller the list without any delete button', async () => {
    api.on('GET /users', { body: listAnswer([apiUsers.agentAdmin, apiUsers.teller]) });
    renderApp({ path: '/users', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    await screen.findByRole('table', { name: 'Liste des utilisateurs' });
    expect(screen.queryByRole('button', { name: /Supprimer/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Créer un utilisateur' })).not.toBeInTheDocument();
  });

  it('deletes after confirmation, says "Utilisateur supprimé avec succès" and reloads the list', async () => {
    let rows = [apiUsers.agentAdmin, apiUsers.teller];
    api.on('GET /users', () => ({ body: listAnswer(rows) }));
    api.on('DELETE /users/caissiere', () => {
      rows = [apiUsers.agentAdmin, { ...apiUsers.teller, deletedAt: '2026-11-20T10:00:00.000Z' }];
      return { body: { data: rows[1] } };
    });
    const { user } = renderApp({ path: '/users', token: makeToken(agentAdmin), apiBaseUrl: api.baseUrl });
    await screen.findByRole('table', { name: 'Liste des utilisateurs' });

    await user.click(screen.getByRole('button', { name: 'Supprimer caissiere' }));
    const dialog = screen.getByRole('dialog', { name: "Supprimer l'utilisateur ?" });
    expect(dialog).toHaveTextContent('Le compte de caissiere (Nadège JOSEPH) sera désactivé');
    expect(api.requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await toasts().findByText('Utilisateur supprimé avec succès')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await within(rowOf('caissiere')).findByText('Désactivé')).toBeVisible();
    expect(api.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/users/caissiere',
    ]);
  });

  it(`says "Échec de la suppression de l'utilisateur" when the failure has no message, and the server message otherwise`, async () => {
    api.on('GET /users', { body: listAnswer([apiUsers.agentAdmin, apiUsers.teller]) });
    api.on('DELETE /users/caissiere', { status: 502, proxy: true });
    const { user } = renderApp({ path: '/users', token: makeToken(agentAdmin), apiBaseUrl: api.baseUrl });
    await screen.findByRole('table', { name: 'Liste des utilisateurs' });
    await user.click(screen.getByRole('button', { name: 'Supprimer caissiere' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await toasts().findByText("Échec de la suppression de l'utilisateur")).toBeVisible();

    api.on('DELETE /users/caissiere', {
      status: 422,
      body: { message: 'Vous ne pouvez pas supprimer cet utilisateur' },
    });
    // The dialog stays open to try again.
    await user.click(await within(screen.getByRole('dialog')).findByRole('button', { name: 'Supprimer' }));
    expect(await toasts().findByText('Vous ne pouvez pas supprimer cet utilisateur')).toBeVisible();
  });

  it('filters by role and pages', async () => {
    api.on('GET /users', (request) => ({
      body: listAnswer([apiUsers.teller], { total: 25, page: Number(request.query.page) }),
    }));
    const { user } = renderApp({ path: '/users', token: makeToken(agentAdmin), apiBaseUrl: api.baseUrl });
    await screen.findByRole('table', { name: 'Liste des utilisateurs' });
    const role = screen.getByLabelText('Rôle');
    expect(
      within(role)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Tous les rôles', 'Administrateur', 'Caissier']);
    await user.selectOptions(role, 'user');
    await waitFor(() =>
      expect(api.requests.at(-1)?.query).toEqual({ page: '1', per_page: '10', role: 'user' }),
    );

    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText('11 – 20 sur 25')).toBeVisible();
    expect(api.requests.at(-1)?.query).toEqual({ page: '2', per_page: '10', role: 'user' });
  });

  it('offers the super administrator every role in the filter, and no "Créer un utilisateur"', async () => {
    api.on('GET /users', { body: listAnswer([apiUsers.superAdmin, apiUsers.agentAdmin]) });
    renderApp({ path: '/users?role=agent_admin', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    await screen.findByRole('table', { name: 'Liste des utilisateurs' });
    const role = screen.getByLabelText('Rôle');
    expect(
      within(role)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Tous les rôles', 'Super administrateur', 'Administrateur', 'Caissier']);
    expect(role).toHaveValue('agent_admin');
    expect(api.requests.at(-1)?.query).toEqual({ page: '1', per_page: '10', role: 'agent_admin' });
    expect(screen.queryByRole('link', { name: 'Créer un utilisateur' })).not.toBeInTheDocument();
  });

  it('says "Échec du chargement des utilisateurs" when the list fails without a message', async () => {
    // A proxy's answer (no Lajan error body): the screen's own words.
    api.on('GET /users', { status: 400, proxy: true });
    renderApp({ path: '/users', token: makeToken(agentAdmin), apiBaseUrl: api.baseUrl });
    expect(await toasts().findByText('Échec du chargement des utilisateurs')).toBeVisible();
    expect(screen.getByText("La liste des utilisateurs n'a pas pu être chargée.")).toBeVisible();
  });
});

describe('/administrators', () => {
  it("lists the super administrator's sudo users, without a role filter", async () => {
    api.on('GET /users', {
      body: listAnswer([
        apiUsers.superAdmin,
        apiUser({ ...superAdmin, id: 'sudo-2', username: 'deuxiemeadmin' }),
      ]),
    });
    renderApp({ path: '/administrators', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    expect(await screen.findByRole('heading', { name: 'Liste des administrateurs', level: 1 })).toBeVisible();
    await screen.findByRole('table', { name: 'Liste des administrateurs' });
    expect(api.requests.at(-1)?.query).toEqual({ page: '1', per_page: '10', role: 'sudo' });
    expect(screen.queryByLabelText('Rôle')).not.toBeInTheDocument();
    expect(within(rowOf('superadmin')).queryByRole('button', { name: /Supprimer/ })).not.toBeInTheDocument();
    expect(
      within(rowOf('deuxiemeadmin')).getByRole('button', { name: 'Supprimer deuxiemeadmin' }),
    ).toBeVisible();
    expect(within(rowOf('deuxiemeadmin')).getByText('Super administrateur')).toBeVisible();
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Créer un administrateur' }),
    ).toHaveAttribute('href', '/create-user');
  });
});

describe('/users/:username', () => {
  it('shows the user with its person, and no change-password link on someone else', async () => {
    api.on('GET /users/caissiere', { body: { data: apiUsers.teller } });
    renderApp({ path: '/users/caissiere', token: makeToken(agentAdmin), apiBaseUrl: api.baseUrl });
    expect(await screen.findByRole('heading', { name: 'Nadège JOSEPH', level: 1 })).toBeVisible();
    const personal = screen.getByRole('region', { name: 'Informations personnelles' });
    expect(within(personal).getByText('12/03/1985')).toBeVisible();
    expect(within(personal).getByText('Femme')).toBeVisible();
    expect(within(personal).getByText('Célibataire')).toBeVisible();
    expect(within(personal).getByText("Carte d'identité · 001-222-333")).toBeVisible();
    expect(screen.getByRole('link', { name: 'Cap Services (CAP01)' })).toHaveAttribute(
      'href',
      '/agents/CAP01',
    );
    expect(screen.queryByRole('link', { name: 'Modifier le mot de passe' })).not.toBeInTheDocument();
  });

  it('ends the sessions of a user after confirmation, and offers it to no teller nor on oneself', async () => {
    api.on('GET /users/caissiere', { body: { data: apiUsers.teller } });
    api.on('POST /users/caissiere/end-sessions', { body: { data: apiUsers.teller } });
    const { user } = renderApp({
      path: '/users/caissiere',
      token: makeToken(agentAdmin),
      apiBaseUrl: api.baseUrl,
    });
    await screen.findByRole('heading', { name: 'Nadège JOSEPH', level: 1 });

    await user.click(screen.getByRole('button', { name: 'Fermer ses sessions' }));
    const dialog = screen.getByRole('dialog', { name: 'Fermer les sessions ?' });
    expect(dialog).toHaveTextContent(
      'Toutes les sessions ouvertes de caissiere (Nadège JOSEPH) prendront fin',
    );
    expect(api.requests.some((r) => r.path.endsWith('/end-sessions'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Fermer les sessions' }));
    expect(
      await toasts().findByText("Les sessions de l'utilisateur sont fermées : il devra se reconnecter."),
    ).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/users/caissiere/end-sessions',
    ]);
  });

  it('says "Échec de la fermeture des sessions" when ending them fails without a message', async () => {
    api.on('GET /users/caissiere', { body: { data: apiUsers.teller } });
    api.on('POST /users/caissiere/end-sessions', { status: 502, proxy: true });
    const { user } = renderApp({
      path: '/users/caissiere',
      token: makeToken(agentAdmin),
      apiBaseUrl: api.baseUrl,
    });
    await user.click(await screen.findByRole('button', { name: 'Fermer ses sessions' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Fermer les sessions' }));
    expect(await toasts().findByText('Échec de la fermeture des sessions')).toBeVisible();
    expect(screen.getByRole('dialog')).toBeVisible();
  });

  it('offers no "Fermer ses sessions" to a teller, nor on one’s own details', async () => {
    api.on('GET /users/caissiere', { body: { data: apiUsers.teller } });
    renderApp({ path: '/users/caissiere', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    await screen.findByRole('heading', { name: 'Nadège JOSEPH', level: 1 });
    expect(screen.queryByRole('button', { name: 'Fermer ses sessions' })).not.toBeInTheDocument();
  });

  it('shows the change-password link on one’s own details', async () => {
    api.on('GET /users/admincap', { body: { data: apiUsers.agentAdmin } });
    renderApp({ path: '/users/admincap', token: makeToken(agentAdmin), apiBaseUrl: api.baseUrl });
    expect(await screen.findByRole('link', { name: 'Modifier le mot de passe' })).toHaveAttribute(
      'href',
      '/update-password',
    );
    // One's own sessions end with Déconnexion, not from here.
    expect(screen.queryByRole('button', { name: 'Fermer ses sessions' })).not.toBeInTheDocument();
  });

  it('says "Non spécifié" for a missing date of birth', async () => {
    api.on('GET /users/caissiere', { body: { data: { ...apiUsers.teller, dob: null } } });
    renderApp({ path: '/users/caissiere', token: makeToken(agentAdmin), apiBaseUrl: api.baseUrl });
    const personal = await screen.findByRole('region', { name: 'Informations personnelles' });
    const dob = within(personal).getByText('Date de naissance');
    expect(dob.nextElementSibling).toHaveTextContent('Non spécifié');
  });

  it('updates the contact fields that changed and says "Utilisateur modifié avec succès"', async () => {
    api.on('GET /users/caissiere', { body: { data: apiUsers.teller } });
    api.on(`PUT /users/${teller.id}`, {
      body: { data: { ...apiUsers.teller, email: 'nadege.j@lajan.test', city: 'Delmas' } },
    });
    const { user } = renderApp({
      path: '/users/caissiere',
      token: makeToken(agentAdmin),
      apiBaseUrl: api.baseUrl,
    });
    await user.click(await screen.findByRole('button', { name: 'Modifier les coordonnées' }));
    const form = screen.getByRole('form', { name: 'Modifier les coordonnées' });
    expect(within(form).getByLabelText('Email')).toHaveValue('nadege@lajan.test');
    expect(within(form).getByLabelText('Email')).toHaveFocus();

    await user.clear(within(form).getByLabelText('Adresse'));
    await user.type(within(form).getByLabelText('Adresse'), '12');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(within(form).getByLabelText('Adresse')).toHaveAccessibleDescription(
      "L'adresse doit contenir au moins 5 caractères",
    );
    expect(api.requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.clear(within(form).getByLabelText('Adresse'));
    await user.type(within(form).getByLabelText('Adresse'), '12 rue Grégoire');
    await user.clear(within(form).getByLabelText('Email'));
    await user.type(within(form).getByLabelText('Email'), 'nadege.j@lajan.test');
    await user.clear(within(form).getByLabelText('Commune'));
    await user.type(within(form).getByLabelText('Commune'), 'Delmas');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));

    expect(await toasts().findByText('Utilisateur modifié avec succès')).toBeVisible();
    // The address was typed back to what it was: unchanged, so not sent.
    expect(api.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      email: 'nadege.j@lajan.test',
      city: 'Delmas',
    });
    const contact = screen.getByRole('region', { name: 'Coordonnées' });
    expect(within(contact).getByText('nadege.j@lajan.test')).toBeVisible();
    expect(within(contact).getByText('Delmas')).toBeVisible();
  });

  it(`puts server field errors on the fields, or says "Échec de la modification de l'utilisateur"`, async () => {
    api.on('GET /users/caissiere', { body: { data: apiUsers.teller } });
    api.on(`PUT /users/${teller.id}`, {
      status: 409,
      body: {
        message: 'Cette adresse e-mail existe déjà',
        errors: { email: ['Cette adresse e-mail existe déjà'] },
      },
    });
    const { user } = renderApp({
      path: '/users/caissiere',
      token: makeToken(agentAdmin),
      apiBaseUrl: api.baseUrl,
    });
    await user.click(await screen.findByRole('button', { name: 'Modifier les coordonnées' }));
    const form = screen.getByRole('form', { name: 'Modifier les coordonnées' });
    await user.clear(within(form).getByLabelText('Email'));
    await user.type(within(form).getByLabelText('Email'), 'jerome@lajan.test');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Email')).toHaveAccessibleDescription(
        'Cette adresse e-mail existe déjà',
      ),
    );

    api.on(`PUT /users/${teller.id}`, { status: 502, proxy: true });
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await toasts().findByText("Échec de la modification de l'utilisateur")).toBeVisible();
  });

  it('asks for the current password when one changes one’s own e-mail, and sends it', async () => {
    api.on('GET /users/admincap', { body: { data: apiUsers.agentAdmin } });
    api.on(`PUT /users/${agentAdmin.id}`, (request) =>
      (request.body as { current_password?: string }).current_password === 'Bon-Mot-2026'
        ? { body: { data: { ...apiUsers.agentAdmin, email: 'moi.nouveau@lajan.test' } } }
        : {
            status: 422,
            body: {
              message: 'Le mot de passe actuel est incorrect',
              code: 'VALIDATION_ERROR',
              errors: { current_password: ['Le mot de passe actuel est incorrect'] },
            },
          },
    );
    const { user } = renderApp({
      path: '/users/admincap',
      token: makeToken(agentAdmin),
      apiBaseUrl: api.baseUrl,
    });
    await user.click(await screen.findByRole('button', { name: 'Modifier les coordonnées' }));
    const form = screen.getByRole('form', { name: 'Modifier les coordonnées' });
    // Another field needs no password.
    expect(within(form).queryByLabelText(/Mot de passe actuel/)).not.toBeInTheDocument();

    await user.clear(within(form).getByLabelText('Email'));
    await user.type(within(form).getByLabelText('Email'), 'moi.nouveau@lajan.test');
    const password = within(form).getByLabelText(/Mot de passe actuel/);
    expect(password).toHaveAccessibleDescription(/confirmez avec votre mot de passe actuel/);
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(password).toHaveAccessibleDescription(
      /Le mot de passe actuel est requis pour changer votre adresse e-mail/,
    );
    expect(api.requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.type(password, 'Mauvais-2026');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(/Le mot de passe actuel est incorrect/));

    await user.clear(password);
    await user.type(password, 'Bon-Mot-2026');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await toasts().findByText('Utilisateur modifié avec succès')).toBeVisible();
    expect(api.requests.filter((r) => r.method === 'PUT').at(-1)?.body).toEqual({
      email: 'moi.nouveau@lajan.test',
      current_password: 'Bon-Mot-2026',
    });
  });

  it('says when the user is unknown', async () => {
    api.on('GET /users/personne', { status: 404, body: { message: 'Utilisateur introuvable' } });
    renderApp({ path: '/users/personne', token: makeToken(agentAdmin), apiBaseUrl: api.baseUrl });
    expect(await screen.findByText('Utilisateur introuvable')).toBeVisible();
    expect(screen.getByText('Aucun utilisateur « personne ».')).toBeVisible();
  });
});

describe('/users in Kreyòl (decision 236)', () => {
  speakKreyolInEach();

  it('names the columns, the teller « Kesye » and the statuses in Kreyòl', async () => {
    api.on('GET /users', { body: listAnswer([apiUsers.agentAdmin, apiUsers.teller, gone], { total: 3 }) });
    renderApp({ path: '/users', token: makeToken(agentAdmin), apiBaseUrl: api.baseUrl });

    const table = await screen.findByRole('table', { name: 'Lis itilizatè yo' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Non itilizatè', 'Non konplè', 'Imèl', 'Wòl', 'Ajan', 'Estati', 'Aksyon']);
    expect(within(rowOf('caissiere')).getByText('Kesye')).toBeVisible();
    expect(within(rowOf('caissiere')).getByText('Aktif')).toBeVisible();
    expect(within(rowOf('ancien001')).getByText('Dezaktive')).toBeVisible();
    expect(within(rowOf('admincap')).getByText('(ou)')).toBeVisible();
    expect(within(rowOf('caissiere')).getByRole('button', { name: 'Efase caissiere' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Wòl' })).toHaveDisplayValue('Tout wòl yo');
  });
});
