import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { renderApp } from '../../test/render-app';

let api: ApiServer;
beforeEach(async () => {
  api = await startApiServer();
});
afterEach(async () => {
  await api.close();
});

const DRAFT_KEY = 'lajan.register-draft';

async function openRegister(keepStorage = false) {
  const rendered = renderApp({ path: '/register', apiBaseUrl: api.baseUrl, keepStorage });
  await screen.findByRole('heading', { name: 'Ouvrir un compte', level: 1 }, { timeout: 5000 });
  return rendered;
}

const field = (name: string) => screen.getByLabelText(name, { exact: true });
const next = () => screen.getByRole('button', { name: 'Suivant' });

async function fillPerson(user: UserEvent, first: string, documentNumber: string) {
  await user.type(field('Prénom'), first);
  await user.type(field('Nom'), 'Pierre');
  fireEvent.change(field('Date de naissance'), { target: { value: '1990-05-14' } });
  await user.click(screen.getByLabelText('Homme'));
  await user.selectOptions(field('Statut matrimonial'), 'single');
  await user.type(field('Profession'), 'Commerçant');
  await user.selectOptions(screen.getByLabelText('Type de document'), 'id_card');
  await user.type(field('Numéro du document'), documentNumber);
  fireEvent.change(field("Date d'émission"), { target: { value: '2020-01-10' } });
  fireEvent.change(field("Date d'expiration"), { target: { value: '2030-01-10' } });
  await user.type(field('Département'), 'Nord');
  await user.type(field('Commune'), 'Cap-Haïtien');
  await user.type(field('Adresse'), '3 rue 24');
  await user.type(field('Téléphone'), '3412 0000');
  await user.type(field('Email'), `${first.toLowerCase()}@example.ht`);
  await user.selectOptions(field('Moyen de contact préféré'), 'email');
}

async function throughStepOne(user: UserEvent) {
  await user.click(screen.getByRole('radio', { name: /Épargne/ }));
  await user.click(next());
}

function storedDraft() {
  return JSON.parse(localStorage.getItem(DRAFT_KEY) ?? 'null') as { step: number; persons: unknown[] } | null;
}

describe('the public /register wizard (SPEC §2, DESIGN §3)', () => {
  it('asks for type and currency first, with the staff\'s Connexion link, and keeps Suivant disabled until a type is chosen', async () => {
    const { user } = await openRegister();
    expect(screen.getByText('Étape 1 sur 3')).toBeVisible();
    // SPEC's « Connexion » link, named for the staff it is for: a customer has no sign-in (decision 213).
    expect(screen.getByRole('link', { name: 'Connexion du personnel' })).toHaveAttribute('href', '/login');
    expect(screen.queryByText(/Déjà client/)).toBeNull();
    expect(next()).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /Courant/ }));
    expect(next()).toBeEnabled();
    await user.click(next());
    expect(screen.getByText('Étape 2 sur 3')).toBeVisible();
    expect(screen.getByText('Aucun titulaire ajouté')).toBeVisible();
    // A visitor types persons in; there is no search and no link to the back office's /person.
    expect(screen.queryByRole('button', { name: 'Rechercher Personne' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ajouter une nouvelle personne' })).not.toBeInTheDocument();
    expect(next()).toBeDisabled();
  });

  it('adds holders with the person form, checks them with the same messages, and lists them', async () => {
    const { user } = await openRegister();
    await throughStepOne(user);
    await user.click(screen.getByRole('button', { name: 'Ajouter ce titulaire' }));
    expect(await screen.findByText('Le prénom est requis')).toBeVisible();
    expect(field('Prénom')).toHaveAccessibleDescription('Le prénom est requis');

    await fillPerson(user, 'Jean', '003-111-222');
    await user.click(screen.getByRole('button', { name: 'Ajouter ce titulaire' }));
    const list = screen.getByRole('region', { name: 'Titulaires du compte' });
    expect(await within(list).findByText('Jean PIERRE')).toBeVisible();
    expect(field('Prénom')).toHaveValue('');
    expect(next()).toBeEnabled();

    await fillPerson(user, 'Rose', '003-111-222');
    await user.click(screen.getByRole('button', { name: 'Ajouter ce titulaire' }));
    expect(await screen.findByText("Ce numéro de carte d'identité existe déjà")).toBeVisible();
    await user.clear(field('Numéro du document'));
    await user.type(field('Numéro du document'), '003-333-444');
    await user.click(screen.getByRole('button', { name: 'Ajouter ce titulaire' }));
    expect(await within(list).findByText('Rose PIERRE')).toBeVisible();
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('Titulaire secondaire');
    // No uniqueness check: a visitor is not signed in.
    expect(api.requests).toEqual([]);
  });

  it('keeps the step and the draft in localStorage across a reload', async () => {
    const { user } = await openRegister();
    await throughStepOne(user);
    await fillPerson(user, 'Jean', '003-111-222');
    await user.click(screen.getByRole('button', { name: 'Ajouter ce titulaire' }));
    await screen.findByText('Jean PIERRE');
    await user.type(field('Prénom'), 'Ro');
    expect(storedDraft()).toMatchObject({ step: 1, type: 'savings', currency: 'HTG', personDraft: { firstName: 'Ro' } });

    cleanup();
    await openRegister(true);
    expect(screen.getByText('Étape 2 sur 3')).toBeVisible();
    expect(screen.getByText('Jean PIERRE')).toBeVisible();
    expect(field('Prénom')).toHaveValue('Ro');
    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    expect(screen.getByRole('radio', { name: /Épargne/ })).toBeChecked();
  });

  it('sends the request, promises an e-mail within 24 hours and clears the draft and the step', async () => {
    let answer: (() => void) | undefined;
    api.on('POST /auth/register', () => new Promise((resolve) => {
      answer = () => resolve({ status: 201, body: { data: { user: null, token: null, reference: 'REQ-7F3K' } } });
    }));
    const { user } = await openRegister();
    await throughStepOne(user);
    await fillPerson(user, 'Jean', '003-111-222');
    await user.click(screen.getByRole('button', { name: 'Ajouter ce titulaire' }));
    await screen.findByText('Jean PIERRE');
    await user.click(next());
    expect(screen.getByText('Étape 3 sur 3')).toBeVisible();
    expect(screen.getByText(/Jean PIERRE/)).toBeVisible();
    expect(storedDraft()?.step).toBe(2);

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('button', { name: 'Enregistrement...' })).toBeDisabled();
    await waitFor(() => expect(answer).toBeDefined());
    answer?.();

    expect(await screen.findByRole('heading', { name: 'Demande envoyée' })).toBeVisible();
    expect(screen.getByText(/Vous recevrez un e-mail dans les 24 heures/)).toBeVisible();
    expect(screen.getByText('REQ-7F3K')).toBeVisible();
    // What happens next: a cash point, the reference, the document given; then a teller (decision 213).
    const nextSteps = screen.getByRole('region', { name: 'Pour ouvrir votre compte' });
    expect(within(nextSteps).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Présentez-vous dans un point de service Lajan avec la référence de votre demande.',
      "Apportez l'original de la pièce d'identité indiquée dans la demande :Jean PIERRE · Carte d'identité 003-111-222",
      "Jean PIERRE · Carte d'identité 003-111-222",
      'Un caissier vérifie les pièces et ouvre votre compte ; son numéro vous est envoyé par e-mail.',
    ]);
    expect(screen.getByText(/Les clients n'ont pas d'accès en ligne/)).toBeVisible();
    // « Connexion » is no longer the success's main action: only the staff's plain link at the top.
    expect(screen.queryByRole('button', { name: /Connexion/ })).toBeNull();
    expect(screen.getAllByRole('link', { name: /Connexion/ }).map((link) => link.textContent)).toEqual(['Connexion du personnel']);
    expect(screen.getByText('Inscription réussie')).toBeVisible();
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
    const body = api.requests.find((request) => request.path === '/auth/register')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ type: 'savings', currency: 'HTG' });
    expect(body.persons).toEqual([
      expect.objectContaining({
        firstName: 'Jean',
        phoneNumber: '+50934120000',
        idDocumentType: 'id_card',
        idDocumentNumber: '003-111-222',
      }),
    ]);

    await user.click(screen.getByRole('link', { name: 'Connexion du personnel' }));
    expect(await screen.findByRole('heading', { name: 'Bienvenue sur Lajan' })).toBeVisible();
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('shows the field errors with "Veuillez corriger les erreurs du formulaire"', async () => {
    api.on('POST /auth/register', {
      status: 422,
      body: {
        message: 'Veuillez corriger les erreurs du formulaire',
        errors: { 'persons.0.email': ['Email invalide'] },
      },
    });
    const { user } = await openRegister();
    await throughStepOne(user);
    await fillPerson(user, 'Jean', '003-111-222');
    await user.click(screen.getByRole('button', { name: 'Ajouter ce titulaire' }));
    await screen.findByText('Jean PIERRE');
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Veuillez corriger les erreurs du formulaire');
    expect(alert).toHaveTextContent('Titulaire 1 (Jean PIERRE) · Email : Email invalide');
    expect(storedDraft()?.persons).toHaveLength(1);

    // The visitor goes back and edits the holder in the form.
    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    await user.click(screen.getByRole('button', { name: 'Modifier Jean PIERRE' }));
    expect(field('Email')).toHaveValue('jean@example.ht');
    expect(screen.getByText('Aucun titulaire ajouté')).toBeVisible();
  });

  it('shows the server message, or "Échec de l\'inscription" when there is none', async () => {
    api.on('POST /auth/register', { status: 429, body: { message: 'Trop de demandes. Réessayez plus tard.', code: 'TOO_MANY_REQUESTS' } });
    const { user } = await openRegister();
    await throughStepOne(user);
    await fillPerson(user, 'Jean', '003-111-222');
    await user.click(screen.getByRole('button', { name: 'Ajouter ce titulaire' }));
    await screen.findByText('Jean PIERRE');
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Trop de demandes. Réessayez plus tard.');

    api.on('POST /auth/register', { status: 502, proxy: true });
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent("Échec de l'inscription"));
  });
});
