import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { agent, listAnswer } from '../../test/network';
import { jean, marie, personList } from '../../test/persons';
import { renderApp } from '../../test/render-app';
import { answerJeanWithAUser, expectJeanNoLongerDeletable, fromPersonsWhereJeanIsDeletable } from '../../test/persons-page';
import { makeToken } from '../../test/tokens';
import { superAdmin } from '../../test/users';

let api: ApiServer;
beforeEach(async () => {
  api = await startApiServer();
  api.on('GET /persons', { body: personList([jean, marie]) });
  api.on('POST /users/check-unique/', { body: { data: { exists: false } } });
  api.on('GET /agents', { body: listAnswer([agent()]) });
});
afterEach(async () => {
  await api.close();
});

const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));
const next = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Suivant' }));

/** The wizard opened from the agents list, so that "back one page" has somewhere to go. */
async function openWizard() {
  const rendered = renderApp({ path: '/agents', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
  await rendered.user.click(within(await screen.findByRole('main')).getByRole('link', { name: 'Créer un agent' }));
  expect(await screen.findByRole('heading', { name: 'Créer un agent', level: 1 })).toBeVisible();
  return rendered;
}

async function pickOwner(user: UserEvent, name: RegExp) {
  await user.click(screen.getByRole('button', { name: 'Rechercher Personne' }));
  await user.type(screen.getByRole('searchbox'), 'a{Enter}');
  await user.click(await within(screen.getByRole('dialog')).findByRole('button', { name }));
}

async function fillInformation(user: UserEvent, { username = 'capnord01' } = {}) {
  await user.type(screen.getByLabelText('Nom'), 'Cap Nord');
  await user.type(screen.getByLabelText('Adresse'), '3 rue 24, Cap-Haïtien');
  await user.type(screen.getByLabelText('Email'), 'nord@cap.ht');
  await user.type(screen.getByLabelText('Téléphone'), '37123456');
  await user.selectOptions(screen.getByLabelText('Type'), 'Business');
  await user.type(screen.getByLabelText("Nom d'utilisateur"), username);
}

describe('/create-agent (SPEC §2 "Create agent", §5 "Agent creation")', () => {
  it('asks for at least one owner person', async () => {
    const { user } = await openWizard();
    expect(screen.getByText('Étape 1 sur 3')).toBeVisible();
    expect(screen.getByText('Aucun client sélectionné')).toBeVisible();
    await next(user);
    expect(screen.getByRole('alert')).toHaveTextContent('Veuillez sélectionner au moins une personne.');
    expect(screen.getByText('Étape 1 sur 3')).toBeVisible();

    await pickOwner(user, /Jean PIERRE/);
    expect(screen.queryByText('Veuillez sélectionner au moins une personne.')).not.toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'Liste des clients' });
    expect(within(list).getByText('Jean PIERRE')).toBeVisible();
    await user.click(within(list).getByRole('button', { name: 'Retirer Jean PIERRE' }));
    expect(screen.getByText('Aucun client sélectionné')).toBeVisible();
  });

  it('says at the pick that the first owner already has a login: it would be the first user (decision 214)', async () => {
    api.on('GET /persons', { body: personList([{ ...jean, hasUser: true }, marie]) });
    const { user } = await openWizard();
    await pickOwner(user, /Jean PIERRE/);
    expect(screen.getByRole('alert')).toHaveTextContent('La première personne est déjà liée à un utilisateur');
    await next(user);
    expect(screen.getByText('Étape 1 sur 3')).toBeVisible();

    // A second owner may have a login; once the first is removed, the wizard goes on.
    await pickOwner(user, /Marie JOSEPH/);
    const list = screen.getByRole('region', { name: 'Liste des clients' });
    await user.click(within(list).getByRole('button', { name: 'Retirer Jean PIERRE' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await next(user);
    expect(await screen.findByText('Étape 2 sur 3')).toBeVisible();
  });

  it('says in French what the information step is missing', async () => {
    const { user } = await openWizard();
    await pickOwner(user, /Jean PIERRE/);
    await next(user);
    expect(screen.getByText('Étape 2 sur 3')).toBeVisible();
    await next(user);

    expect(await screen.findByText('Le nom est requis')).toBeVisible();
    expect(screen.getByLabelText('Nom')).toHaveAccessibleDescription('Le nom est requis');
    expect(screen.getByLabelText('Adresse')).toHaveAccessibleDescription("L'adresse est requise");
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription("L'email est requis");
    expect(screen.getByLabelText('Téléphone')).toHaveAccessibleDescription('Le téléphone est requis');
    expect(screen.getByLabelText('Type')).toHaveAccessibleDescription('Type invalide');
    expect(screen.getByLabelText("Nom d'utilisateur")).toHaveAccessibleDescription(/Le nom d'utilisateur est requis/);
    // The keyboard starts at the first wrong field; a corrected field loses its message at once.
    expect(screen.getByLabelText('Nom')).toHaveFocus();
    await user.selectOptions(screen.getByLabelText('Type'), 'Personal');
    expect(screen.queryByText('Type invalide')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'pas-un-email');
    await next(user);
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email invalide');
    expect(screen.getByText('Étape 2 sur 3')).toBeVisible();
  });

  it('offers the prefixes +509, +1 and +33', async () => {
    const { user } = await openWizard();
    await pickOwner(user, /Jean PIERRE/);
    await next(user);
    const prefix = screen.getByLabelText('Indicatif');
    expect(within(prefix).getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual([
      '+509',
      '+1',
      '+33',
    ]);
    expect(screen.getByLabelText('Téléphone')).toHaveAttribute('placeholder', '612345678');
  });

  it(`checks the username 800 ms after typing and says "Ce nom d'utilisateur existe déjà"`, async () => {
    api.on('POST /users/check-unique/', (request) => ({
      body: { data: { exists: (request.body as { value: string }).value === 'admincap' } },
    }));
    const { user } = await openWizard();
    await pickOwner(user, /Jean PIERRE/);
    await next(user);
    await fillInformation(user, { username: 'admincap' });

    expect(await screen.findByText("Ce nom d'utilisateur existe déjà", {}, { timeout: 3000 })).toBeVisible();
    expect(api.requests.filter((r) => r.path === '/users/check-unique/').map((r) => r.body)).toEqual([
      { field: 'username', value: 'admincap' },
    ]);
    await next(user);
    expect(screen.getByText('Étape 2 sur 3')).toBeVisible();

    await user.type(screen.getByLabelText("Nom d'utilisateur"), '2');
    await waitFor(() => expect(screen.queryByText("Ce nom d'utilisateur existe déjà")).not.toBeInTheDocument(), { timeout: 3000 });
    await next(user);
    expect(await screen.findByText('Étape 3 sur 3')).toBeVisible();
  });

  it('creates the agent from the confirmation, says so, and shows its code and the next steps (decision 133)', async () => {
    api.on('POST /agents', { status: 201, body: { data: agent({ code: 'CAP02', name: 'Cap Nord', username: 'capnord01' }) } });
    const { user } = await openWizard();
    await pickOwner(user, /Jean PIERRE/);
    await pickOwner(user, /Marie JOSEPH/);
    await next(user);
    await user.selectOptions(screen.getByLabelText('Indicatif'), '+33');
    await fillInformation(user);
    await next(user);

    expect(await screen.findByText('Étape 3 sur 3')).toBeVisible();
    const summary = screen.getByRole('region', { name: 'Propriétaires' });
    expect(within(summary).getByText('Jean PIERRE')).toBeVisible();
    expect(within(summary).getByText('Marie JOSEPH')).toBeVisible();
    expect(screen.getByText('+3337123456')).toBeVisible();
    expect(screen.getByText('Entreprise')).toBeVisible();
    expect(screen.getByText(/recevra son mot de passe temporaire par e-mail à l'adresse jean.pierre@example.ht/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await toasts().findByText('Agent enregistré avec succès')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Agent créé : Cap Nord', level: 1 })).toHaveFocus();
    expect(screen.getByLabelText("Code de l'agent")).toHaveTextContent('CAP02');
    const steps = screen.getByRole('region', { name: 'Étapes suivantes' });
    expect(within(steps).getByText(/Son administrateur « capnord01 » a été créé/)).toBeVisible();
    expect(within(steps).getByRole('link', { name: "Approvisionner l'agent" })).toHaveAttribute(
      'href',
      '/transaction/deposit-agent?code=CAP02',
    );
    expect(screen.getByRole('link', { name: "Voir la fiche de l'agent" })).toHaveAttribute('href', '/agents/CAP02');
    expect(screen.getByRole('link', { name: 'Retour à la liste des agents' })).toHaveAttribute('href', '/agents');
    expect(window.location.pathname).toBe('/create-agent');
    expect(api.requests.find((r) => r.method === 'POST' && r.path === '/agents')?.body).toEqual({
      name: 'Cap Nord',
      address: '3 rue 24, Cap-Haïtien',
      email: 'nord@cap.ht',
      phone: '+3337123456',
      type: 'Business',
      username: 'capnord01',
      personIds: [jean.id, marie.id],
    });
  });

  it('reads the persons again once the agent is created: its first owner is no longer offered for deletion (decision 214)', async () => {
    api.on('POST /agents', { status: 201, body: { data: agent({ code: 'CAP02', name: 'Cap Nord', username: 'capnord01' }) } });
    api.on('GET /persons/phone-reviews', { body: { data: [] } });
    const rendered = await fromPersonsWhereJeanIsDeletable(api, makeToken(superAdmin), '/create-agent');
    await pickOwner(rendered.user, /Jean PIERRE/);
    await next(rendered.user);
    await fillInformation(rendered.user);
    await next(rendered.user);
    await screen.findByText('Étape 3 sur 3');
    // Jean is now the agent's owner and its first user.
    answerJeanWithAUser(api);
    await rendered.user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await toasts().findByText('Agent enregistré avec succès')).toBeVisible();
    await expectJeanNoLongerDeletable(rendered);
  });

  it('starts a new, empty wizard from "Créer un autre agent"', async () => {
    api.on('POST /agents', { status: 201, body: { data: agent({ code: 'CAP02', name: 'Cap Nord', username: 'capnord01' }) } });
    const { user } = await openWizard();
    await pickOwner(user, /Jean PIERRE/);
    await next(user);
    await fillInformation(user);
    await next(user);
    await user.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    await user.click(await screen.findByRole('button', { name: 'Créer un autre agent' }));
    expect(await screen.findByText('Étape 1 sur 3')).toBeVisible();
    expect(screen.getByText('Aucun client sélectionné')).toBeVisible();
    await next(user);
    expect(screen.getByRole('alert')).toHaveTextContent('Veuillez sélectionner au moins une personne.');
  });

  it('puts server field errors on the fields and returns to step 2', async () => {
    api.on('POST /agents', {
      status: 409,
      body: {
        message: 'Veuillez corriger les erreurs du formulaire',
        code: 'CONFLICT',
        errors: { username: ["Ce nom d'utilisateur existe déjà"], email: ['Email invalide', 'second'] },
      },
    });
    const { user } = await openWizard();
    await pickOwner(user, /Jean PIERRE/);
    await next(user);
    await fillInformation(user);
    await next(user);
    await screen.findByText('Étape 3 sur 3');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Étape 2 sur 3')).toBeVisible();
    expect(screen.getByLabelText("Nom d'utilisateur")).toHaveAccessibleDescription(/Ce nom d'utilisateur existe déjà/);
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email invalide');
    expect(screen.queryByText('second')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    expect(screen.getByLabelText('Nom')).toHaveValue('Cap Nord');
    expect(toasts().getByText('Veuillez corriger les erreurs du formulaire')).toBeVisible();
    expect(window.location.pathname).toBe('/create-agent');
  });

  it('shows the server message of a refusal that names no field', async () => {
    api.on('POST /agents', { status: 422, body: { message: 'Le propriétaire doit être majeur' } });
    const { user } = await openWizard();
    await pickOwner(user, /Jean PIERRE/);
    await next(user);
    await fillInformation(user);
    await next(user);
    await screen.findByText('Étape 3 sur 3');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await toasts().findByText('Le propriétaire doit être majeur')).toBeVisible();
    expect(screen.getByText('Étape 3 sur 3')).toBeVisible();
  });
});
