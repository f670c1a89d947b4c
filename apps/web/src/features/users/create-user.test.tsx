import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MaskedPerson, SessionUser } from '@lajan/domain';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { apiUser, apiUsers, listAnswer } from '../../test/network';
import { jean, marie, personList } from '../../test/persons';
import { renderApp } from '../../test/render-app';
import { answerJeanWithAUser, expectJeanNoLongerDeletable, fromPersonsWhereJeanIsDeletable } from '../../test/persons-page';
import { makeToken } from '../../test/tokens';
import { agentAdmin, superAdmin } from '../../test/users';

let api: ApiServer;
beforeEach(async () => {
  api = await startApiServer();
  api.on('GET /persons', { body: personList([jean, marie]) });
  api.on('POST /users/check-unique/', { body: { data: { exists: false } } });
  api.on('GET /users', { body: listAnswer([apiUsers.agentAdmin]) });
});
afterEach(async () => {
  await api.close();
});

const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));
const next = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Suivant' }));

async function openWizard(person: SessionUser) {
  const rendered = renderApp({ path: '/create-user', token: makeToken(person), apiBaseUrl: api.baseUrl });
  await screen.findByText('Étape 1 sur 3');
  return rendered;
}

async function pickPerson(user: UserEvent, name: RegExp) {
  await user.click(screen.getByRole('button', { name: 'Rechercher Personne' }));
  await user.type(screen.getByRole('searchbox'), 'a{Enter}');
  await user.click(await within(screen.getByRole('dialog')).findByRole('button', { name }));
}

describe('/create-user (SPEC §2 "Create user", §5, §6)', () => {
  it('asks for exactly one person: a new choice replaces the previous one', async () => {
    const { user } = await openWizard(agentAdmin);
    expect(screen.getByRole('heading', { name: 'Créer un utilisateur', level: 1 })).toBeVisible();
    await next(user);
    expect(screen.getByRole('alert')).toHaveTextContent('Veuillez sélectionner une personne');

    await pickPerson(user, /Jean PIERRE/);
    await pickPerson(user, /Marie JOSEPH/);
    const chosen = screen.getByRole('region', { name: 'Personne sélectionnée' });
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(1);
    expect(within(chosen).getByText('Marie JOSEPH')).toBeVisible();
    await next(user);
    expect(await screen.findByText('Étape 2 sur 3')).toBeVisible();
  });

  it('says at the pick, not after step 3, that the person already has a login, in the server\'s words (decision 214)', async () => {
    api.on('GET /persons', { body: personList([{ ...jean, hasUser: true }, marie]) });
    const { user } = await openWizard(superAdmin);
    await pickPerson(user, /Jean PIERRE/);
    expect(screen.getByRole('alert')).toHaveTextContent('Cette personne est déjà liée à un utilisateur');
    await next(user);
    expect(screen.getByText('Étape 1 sur 3')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Cette personne est déjà liée à un utilisateur');

    // Another person, with no login, takes its place and the wizard goes on.
    await pickPerson(user, /Marie JOSEPH/);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await next(user);
    expect(await screen.findByText('Étape 2 sur 3')).toBeVisible();
  });

  it("says at the pick that a person another agent manages is not the administrator's to give a login", async () => {
    const masked: MaskedPerson = {
      id: jean.id,
      firstName: jean.firstName,
      lastName: jean.lastName,
      idDocumentType: 'id_card',
      idDocumentNumber: '••••••789',
      createdAt: jean.createdAt,
      masked: true,
      canEdit: false,
      canDelete: false,
    };
    api.on('GET /persons', { body: personList([masked]) });
    const { user } = await openWizard(agentAdmin);
    await pickPerson(user, /Jean PIERRE/);
    expect(screen.getByRole('alert')).toHaveTextContent(
      "Vous ne pouvez pas créer un utilisateur pour cette personne : elle relève d'un autre agent ou d'un utilisateur que vous ne gérez pas.",
    );
    await next(user);
    expect(screen.getByText('Étape 1 sur 3')).toBeVisible();
  });

  it("offers an agent's administrator the roles Administrateur and Caissier, and requires one", async () => {
    const { user } = await openWizard(agentAdmin);
    await pickPerson(user, /Jean PIERRE/);
    await next(user);
    const role = screen.getByLabelText('Rôle');
    expect(within(role).getAllByRole('option').map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['', 'Choisir un rôle'],
      ['agent_admin', 'Administrateur'],
      ['user', 'Caissier'],
    ]);
    await next(user);
    expect(await screen.findByText('Le rôle est requis')).toBeVisible();
    expect(role).toHaveAccessibleDescription('Le rôle est requis');
    expect(screen.getByLabelText("Nom d'utilisateur")).toHaveAccessibleDescription(/Le nom d'utilisateur est requis/);

    await user.type(screen.getByLabelText("Nom d'utilisateur"), 'court');
    await next(user);
    expect(screen.getByLabelText("Nom d'utilisateur")).toHaveAccessibleDescription(
      /Le nom d'utilisateur doit contenir au moins 8 caractères/,
    );
  });

  it('creates a teller and goes to the users list with "Utilisateur créé avec succès"', async () => {
    api.on('POST /users', { status: 201, body: { data: apiUser({ ...agentAdmin, id: 'new', username: 'caissier02', role: 'user' }) } });
    const { user } = await openWizard(agentAdmin);
    await pickPerson(user, /Jean PIERRE/);
    await next(user);
    await user.selectOptions(screen.getByLabelText('Rôle'), 'user');
    await user.type(screen.getByLabelText("Nom d'utilisateur"), 'caissier02');
    await next(user);

    expect(await screen.findByText('Étape 3 sur 3')).toBeVisible();
    expect(screen.getByText("Jean PIERRE · Carte d'identité 003-456-789")).toBeVisible();
    expect(screen.getByText('Caissier', { selector: 'dd' })).toBeVisible();
    expect(screen.getByText('Cap Services (CAP01)')).toBeVisible();
    expect(screen.getByText(/mot de passe temporaire sera envoyé par e-mail à jean.pierre@example.ht/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await toasts().findByText('Utilisateur créé avec succès')).toBeVisible();
    await waitFor(() => expect(window.location.pathname).toBe('/users'));
    expect(api.requests.find((r) => r.method === 'POST' && r.path === '/users')?.body).toEqual({
      role: 'user',
      username: 'caissier02',
      personId: jean.id,
    });
  });

  it('reads the persons again once a user stands behind one: the list no longer offers to delete her (decision 214)', async () => {
    api.on('POST /users', { status: 201, body: { data: apiUser({ ...agentAdmin, id: 'new', username: 'caissier02', role: 'user' }) } });
    const rendered = await fromPersonsWhereJeanIsDeletable(api, makeToken(agentAdmin), '/create-user');
    await pickPerson(rendered.user, /Jean PIERRE/);
    await next(rendered.user);
    await rendered.user.selectOptions(screen.getByLabelText('Rôle'), 'user');
    await rendered.user.type(screen.getByLabelText("Nom d'utilisateur"), 'caissier02');
    await next(rendered.user);
    await screen.findByText('Étape 3 sur 3');
    answerJeanWithAUser(api);
    await rendered.user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(window.location.pathname).toBe('/users'));
    await expectJeanNoLongerDeletable(rendered);
  });

  it('hides the role selector from the super administrator, sends sudo, and goes to the administrators list', async () => {
    api.on('POST /users', { status: 201, body: { data: apiUser({ ...superAdmin, id: 'new', username: 'adminnord' }) } });
    const { user } = await openWizard(superAdmin);
    expect(screen.getByRole('heading', { name: 'Créer un administrateur', level: 1 })).toBeVisible();
    await pickPerson(user, /Marie JOSEPH/);
    await next(user);
    expect(screen.queryByLabelText('Rôle')).not.toBeInTheDocument();
    expect(screen.getByText(/^Rôle :/)).toHaveTextContent('Rôle : Super administrateur');
    await user.type(screen.getByLabelText("Nom d'utilisateur"), 'adminnord');
    await next(user);
    await screen.findByText('Étape 3 sur 3');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await toasts().findByText('Utilisateur créé avec succès')).toBeVisible();
    await waitFor(() => expect(window.location.pathname).toBe('/administrators'));
    expect(api.requests.find((r) => r.method === 'POST' && r.path === '/users')?.body).toEqual({
      role: 'sudo',
      username: 'adminnord',
      personId: marie.id,
    });
  });

  it(`says "Ce nom d'utilisateur existe déjà" 800 ms after typing a taken username, and will not go on`, async () => {
    api.on('POST /users/check-unique/', (request) => ({
      body: { data: { exists: (request.body as { value: string }).value === 'caissiere' } },
    }));
    const { user } = await openWizard(agentAdmin);
    await pickPerson(user, /Jean PIERRE/);
    await next(user);
    await user.selectOptions(screen.getByLabelText('Rôle'), 'agent_admin');
    await user.type(screen.getByLabelText("Nom d'utilisateur"), 'caissiere');
    expect(await screen.findByText("Ce nom d'utilisateur existe déjà", {}, { timeout: 3000 })).toBeVisible();
    expect(screen.getByLabelText("Nom d'utilisateur")).toHaveAccessibleDescription(/Ce nom d'utilisateur existe déjà/);
    expect(api.requests.filter((r) => r.path === '/users/check-unique/')).toHaveLength(1);
    await next(user);
    expect(screen.getByText('Étape 2 sur 3')).toBeVisible();
  });

  it('puts a server refusal of the username back on step 2', async () => {
    api.on('POST /users', { status: 409, body: { message: "Ce nom d'utilisateur existe déjà", errors: { username: ["Ce nom d'utilisateur existe déjà"] } } });
    const { user } = await openWizard(agentAdmin);
    await pickPerson(user, /Jean PIERRE/);
    await next(user);
    await user.selectOptions(screen.getByLabelText('Rôle'), 'user');
    await user.type(screen.getByLabelText("Nom d'utilisateur"), 'caissier03');
    await next(user);
    await screen.findByText('Étape 3 sur 3');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Étape 2 sur 3')).toBeVisible();
    expect(screen.getByLabelText("Nom d'utilisateur")).toHaveAccessibleDescription(/Ce nom d'utilisateur existe déjà/);
    await waitFor(() => expect(screen.getByLabelText("Nom d'utilisateur")).toHaveFocus());
  });
});
