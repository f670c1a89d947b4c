import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holderDocumentMessages, holderDocumentTexts, type MaskedPerson } from '@lajan/domain';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { accountOf, jean, marie, personList } from '../../test/persons';
import { renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { agentAdmin, teller } from '../../test/users';

let api: ApiServer;
beforeEach(async () => {
  api = await startApiServer();
  api.on('GET /persons', { body: personList([jean, marie]) });
});
afterEach(async () => {
  await api.close();
});

async function openWizard() {
  const rendered = renderApp({ path: '/create-account', token: makeToken(teller), apiBaseUrl: api.baseUrl });
  await screen.findByRole('heading', { name: 'Créer un compte', level: 1 }, { timeout: 5000 });
  return rendered;
}

async function pick(user: UserEvent, name: RegExp) {
  await user.click(screen.getByRole('button', { name: 'Rechercher Personne' }));
  await user.type(screen.getByRole('searchbox'), 'a{Enter}');
  await user.click(await within(screen.getByRole('dialog')).findByRole('button', { name }));
}

const next = () => screen.getByRole('button', { name: 'Suivant' });

describe('the create-account wizard (SPEC §2, §4)', () => {
  it('is for tellers only', async () => {
    renderApp({ path: '/create-account', token: makeToken(agentAdmin), apiBaseUrl: api.baseUrl });
    expect(await screen.findByRole('heading', { name: 'Accès interdit' })).toBeVisible();
  });

  it('keeps Suivant disabled until a client is selected on step 1', async () => {
    const { user } = await openWizard();
    expect(screen.getByText('Étape 1 sur 3')).toBeVisible();
    expect(screen.getByText('Aucun client sélectionné')).toBeVisible();
    expect(next()).toBeDisabled();
    expect(next()).toHaveAccessibleDescription('Sélectionnez au moins un client pour continuer.');

    await pick(user, /Jean PIERRE/);
    expect(
      within(screen.getByRole('region', { name: 'Liste des clients' })).getByText('Jean PIERRE'),
    ).toBeVisible();
    expect(next()).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Retirer Jean PIERRE' }));
    expect(next()).toBeDisabled();
  });

  it('keeps Suivant disabled on step 2 while the type or the currency is missing', async () => {
    const { user } = await openWizard();
    await pick(user, /Jean PIERRE/);
    await user.click(next());
    expect(screen.getByText('Étape 2 sur 3')).toBeVisible();
    expect(screen.getByLabelText('Devise')).toHaveValue('HTG');
    expect(next()).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: /Épargne/ }));
    expect(next()).toBeEnabled();
    await user.selectOptions(screen.getByLabelText('Devise'), '');
    expect(next()).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Devise'), 'HTG');
    expect(next()).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    expect(screen.getByText('Étape 1 sur 3')).toBeVisible();
    expect(screen.getByText('Jean PIERRE')).toBeVisible();
  });

  it('opens a joint account: summary with principal and secondary holders, then the success screen with the number', async () => {
    let answer: (() => void) | undefined;
    api.on(
      'POST /accounts',
      () =>
        new Promise((resolve) => {
          answer = () =>
            resolve({
              status: 201,
              body: { data: accountOf([jean, marie], { accountNumber: '40955501234' }) },
            });
        }),
    );
    const { user } = await openWizard();
    await pick(user, /Jean PIERRE/);
    await pick(user, /Marie JOSEPH/);
    await user.click(next());
    await user.click(screen.getByRole('radio', { name: /Courant/ }));
    await user.click(next());

    expect(screen.getByText('Étape 3 sur 3')).toBeVisible();
    const holders = within(screen.getByRole('region', { name: 'Titulaires' })).getAllByRole('listitem');
    expect(holders[0]).toHaveTextContent('Jean PIERRE');
    expect(holders[0]).toHaveTextContent('Titulaire principal');
    expect(holders[1]).toHaveTextContent('Marie JOSEPH');
    expect(holders[1]).toHaveTextContent('Titulaire secondaire');
    expect(screen.getByText('Courant')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('button', { name: 'Enregistrement...' })).toBeDisabled();
    await waitFor(() => expect(answer).toBeDefined());
    answer?.();

    expect(await screen.findByRole('heading', { name: 'Compte créé avec succès !' })).toBeVisible();
    expect(screen.getByLabelText('Numéro de compte 40955501234')).toBeVisible();
    expect(screen.getByText('Conservez précieusement ce numéro pour accéder à votre compte.')).toBeVisible();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
    // Read aloud in groups of three; the first deposit is one click away, on this account.
    expect(screen.getByLabelText('Numéro de compte 40955501234')).toHaveTextContent('409 555 012 34');
    expect(screen.getByRole('link', { name: 'Faire un dépôt sur ce compte' })).toHaveAttribute(
      'href',
      '/transaction/deposit?compte=40955501234',
    );
    expect(
      within(screen.getByRole('region', { name: 'Notifications' })).getByText('Compte créé avec succès'),
    ).toBeVisible();
    expect(api.requests.find((request) => request.path === '/accounts')?.body).toEqual({
      type: 'current',
      currency: 'HTG',
      personIds: [jean.id, marie.id],
    });
  });

  it('starts afresh from its success screen when « Créer un compte » of the sidebar is clicked (decision 211)', async () => {
    api.on('POST /accounts', {
      status: 201,
      body: { data: accountOf([jean], { accountNumber: '40955501234' }) },
    });
    const { user } = await openWizard();
    await pick(user, /Jean PIERRE/);
    await user.click(next());
    await user.click(screen.getByRole('radio', { name: /Courant/ }));
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('heading', { name: 'Compte créé avec succès !' })).toBeVisible();

    const menu = screen.getByRole('navigation', { name: 'Menu principal' });
    await user.click(within(menu).getByRole('link', { name: 'Créer un compte' }));
    expect(await screen.findByRole('heading', { name: 'Créer un compte', level: 1 })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Compte créé avec succès !' })).not.toBeInTheDocument();
    expect(screen.getByText('Étape 1 sur 3')).toBeVisible();
    expect(screen.getByText('Aucun client sélectionné')).toBeVisible();
    expect(next()).toBeDisabled();
  });

  it('shows the account-opening slip (number, holders, type, date, agent) and prints it (decision 133)', async () => {
    api.on('POST /accounts', {
      status: 201,
      body: {
        data: accountOf([jean, marie], {
          accountNumber: '40955501234',
          type: 'savings',
          createdAt: '2026-11-20T15:30:00.000Z',
        }),
      },
    });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { user } = await openWizard();
    await pick(user, /Jean PIERRE/);
    await pick(user, /Marie JOSEPH/);
    await user.click(next());
    await user.click(screen.getByRole('radio', { name: /Épargne/ }));
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    const slip = await screen.findByRole('article', { name: "Fiche d'ouverture de compte" });
    expect(slip).toHaveClass('receipt-print');
    const fields = Object.fromEntries(
      within(slip)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(fields).toEqual({
      'Numéro de compte': '40955501234',
      'Type de compte': 'Épargne',
      Devise: 'HTG',
      // 15:30 UTC is 10:30 in Port-au-Prince (UTC−5 in November).
      "Date d'ouverture": '20/11/2026 10:30',
      Agent: 'Cap Services (CAP01)',
      'Ouvert par': 'Nadège JOSEPH',
    });
    const holders = within(within(slip).getByRole('region', { name: 'Titulaires' })).getAllByRole('listitem');
    expect(holders.map((holder) => holder.textContent)).toEqual([
      expect.stringMatching(/^Jean PIERRE.*Titulaire principal/),
      expect.stringMatching(/^Marie JOSEPH.*Titulaire secondaire/),
    ]);

    await user.click(screen.getByRole('button', { name: 'Imprimer la fiche' }));
    expect(print).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it('returns to the step of a field the server refuses, with its message', async () => {
    api.on('POST /accounts', {
      status: 422,
      body: {
        message: 'Veuillez corriger les erreurs du formulaire',
        errors: { personIds: ['Au moins un client doit être sélectionné'] },
      },
    });
    const { user } = await openWizard();
    await pick(user, /Jean PIERRE/);
    await user.click(next());
    await user.click(screen.getByRole('radio', { name: /Courant/ }));
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Étape 1 sur 3')).toBeVisible();
    expect(screen.getByText('Au moins un client doit être sélectionné')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Veuillez corriger les erreurs du formulaire');
  });

  it("asks the document number read from the card for another agent's customer (found masked), and sends it", async () => {
    const rose: MaskedPerson = {
      id: '10000000-0000-4000-8000-000000000009',
      firstName: 'Rose',
      lastName: 'Lafleur',
      idDocumentType: 'id_card',
      idDocumentNumber: '••••••789',
      createdAt: '2026-11-01T10:00:00.000Z',
      masked: true,
      canEdit: false,
      canDelete: false,
    };
    api.on('GET /persons', { body: { data: [rose], meta: { total: 1, page: 1, per_page: 20 } } });
    api.on('POST /accounts', {
      status: 422,
      body: {
        message: 'Veuillez corriger les erreurs du formulaire',
        code: 'VALIDATION_ERROR',
        errors: { holderDocuments: [holderDocumentMessages.mismatch('Rose LAFLEUR')] },
      },
    });
    const { user } = await openWizard();
    await pick(user, /Rose LAFLEUR/);
    expect(screen.getByRole('group', { name: holderDocumentTexts.legend })).toBeVisible();
    expect(next()).toBeDisabled();
    expect(next()).toHaveAccessibleDescription(holderDocumentTexts.blocked);

    await user.type(screen.getByLabelText(holderDocumentTexts.label('Rose LAFLEUR')), 'CIN-000-789');
    expect(next()).toBeEnabled();
    await user.click(next());
    await user.click(screen.getByRole('radio', { name: /Courant/ }));
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Étape 1 sur 3')).toBeVisible();
    expect(screen.getByText(holderDocumentMessages.mismatch('Rose LAFLEUR'))).toBeVisible();
    expect(api.requests.find((request) => request.path === '/accounts')?.body).toEqual({
      type: 'current',
      currency: 'HTG',
      personIds: [rose.id],
      holderDocuments: { [rose.id]: 'CIN-000-789' },
    });
  });

  it('says so when the server cannot be reached, and stays on the summary', async () => {
    api.on('POST /accounts', {
      status: 500,
      body: { message: 'Une erreur interne est survenue. Veuillez réessayer.' },
    });
    const { user } = await openWizard();
    await pick(user, /Jean PIERRE/);
    await user.click(next());
    await user.click(screen.getByRole('radio', { name: /Courant/ }));
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const alerts = await screen.findAllByText('Une erreur interne est survenue. Veuillez réessayer.');
    expect(alerts.length).toBeGreaterThan(0);
    expect(screen.getByText('Étape 3 sur 3')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeEnabled();
  });
});
