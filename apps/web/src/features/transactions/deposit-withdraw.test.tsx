import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { accountOf, jean } from '../../test/persons';
import { navigateTo, renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { transactionAnswer } from '../../test/transactions';
import { superAdmin, teller } from '../../test/users';

let api: ApiServer;
beforeEach(async () => {
  api = await startApiServer();
  api.on('POST /accounts/search', { body: { data: { account: accountOf([jean], { balance: 2500 }) } } });
  api.on('GET /transactions/fees/quote', (request) => {
    const amount = Number(request.query.amount);
    const fee = request.query.type === 'withdrawal' ? 40 : 0;
    return { body: { data: { type: request.query.type, amount, fee, agentShare: 16, total: amount + fee, currency: 'HTG' } } };
  });
});
afterEach(async () => {
  await api.close();
});

const next = () => screen.getByRole('button', { name: 'Suivant' });
const save = () => screen.getByRole('button', { name: 'Enregistrer' });
const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));

async function open(path: string, heading: string) {
  const rendered = renderApp({ path: '/', token: makeToken(teller), apiBaseUrl: api.baseUrl });
  await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 }, { timeout: 5000 });
  await navigateTo(rendered.app, path);
  await screen.findByRole('heading', { name: heading, level: 1 }, { timeout: 5000 });
  return rendered;
}

async function findAccount(user: UserEvent, number = '40912345678') {
  await user.type(screen.getByRole('textbox', { name: 'Numéro de compte' }), `${number}{Enter}`);
  await screen.findByRole('region', { name: 'Compte trouvé' });
}

async function fillDetails(user: UserEvent, amount = '1 500,50') {
  await user.type(screen.getByRole('textbox', { name: 'Nom complet' }), 'Jean Pierre');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Type de document' }), 'id_card');
  await user.type(screen.getByRole('textbox', { name: 'Numéro de document' }), '003-456-789');
  await user.type(screen.getByRole('textbox', { name: 'Montant (HTG)' }), amount);
}

describe('the deposit wizard (SPEC §2, §4, §5)', () => {
  it('is for tellers only', async () => {
    renderApp({ path: '/transaction/deposit', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    expect(await screen.findByRole('heading', { name: 'Accès interdit' }, { timeout: 5000 })).toBeVisible();
  });

  it('finds the account by its typed number and shows its holders', async () => {
    const { user } = await open('/transaction/deposit', 'Dépôt');
    expect(screen.getByText('Étape 1 sur 3')).toBeVisible();
    expect(next()).toBeDisabled();
    await findAccount(user);
    const card = screen.getByRole('region', { name: 'Compte trouvé' });
    expect(card).toHaveTextContent('40912345678');
    expect(card).toHaveTextContent('Jean PIERRE');
    expect(card).toHaveTextContent('2 500,00 HTG');
    expect(api.requests.find((request) => request.path === '/accounts/search')?.body).toEqual({ account_number: '40912345678' });
    expect(next()).toBeEnabled();
  });

  it('says when no account has this number', async () => {
    api.on('POST /accounts/search', { status: 404, body: { message: 'Compte introuvable', code: 'NOT_FOUND' } });
    const { user } = await open('/transaction/deposit', 'Dépôt');
    await user.type(screen.getByRole('textbox', { name: 'Numéro de compte' }), '40900000000{Enter}');
    expect(await screen.findByText('Compte introuvable')).toBeVisible();
    expect(next()).toBeDisabled();
  });

  it('blocks an account that is not active with "Le compte n\'est pas actif"', async () => {
    api.on('POST /accounts/search', { body: { data: { account: accountOf([jean], { status: 'inactive' }) } } });
    const { user } = await open('/transaction/deposit', 'Dépôt');
    await findAccount(user);
    expect(screen.getAllByText("Le compte n'est pas actif")[0]).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent("Le compte n'est pas actif");
    expect(next()).toBeDisabled();
  });

  it('shows the messages of SPEC §5 under the fields', async () => {
    const { user } = await open('/transaction/deposit', 'Dépôt');
    await findAccount(user);
    await user.click(next());
    await user.click(next());
    expect(screen.getByText('Étape 2 sur 3')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Nom complet' })).toHaveAccessibleDescription('Le nom est requis');
    expect(screen.getByRole('combobox', { name: 'Type de document' })).toHaveAccessibleDescription('Le type de document est requis');
    expect(screen.getByRole('textbox', { name: 'Numéro de document' })).toHaveAccessibleDescription('Le numéro de document est requis');
    expect(screen.getByRole('textbox', { name: 'Montant (HTG)' })).toHaveAccessibleDescription('Le montant est requis');

    await user.type(screen.getByRole('textbox', { name: 'Montant (HTG)' }), '-5');
    await user.click(next());
    expect(screen.getByRole('textbox', { name: 'Montant (HTG)' })).toHaveAccessibleDescription('Le montant doit être positif');
    expect(screen.getByText('Étape 2 sur 3')).toBeVisible();
  });

  it('previews the fee and the total on the confirmation step, then posts once with an idempotency key and goes back with the receipt', async () => {
    let answer: (() => void) | undefined;
    api.on('POST /transactions/deposit', () =>
      new Promise((resolve) => {
        answer = () => resolve(transactionAnswer({ amount: 1500.5, total: 1500.5 }));
      }),
    );
    const { user } = await open('/transaction/deposit', 'Dépôt');
    await findAccount(user);
    await user.click(next());
    await fillDetails(user);
    await user.click(next());

    expect(screen.getByText('Étape 3 sur 3')).toBeVisible();
    const preview = await screen.findByRole('region', { name: 'Frais et total' });
    expect(preview).toHaveTextContent('Frais0,00 HTG');
    expect(preview).toHaveTextContent('1 500,50 HTG');
    const quoteRequest = api.requests.find((request) => request.path === '/transactions/fees/quote');
    expect(quoteRequest?.query).toEqual({ type: 'deposit', amount: '1500.5' });

    await user.dblClick(save());
    expect(await screen.findByRole('button', { name: 'Enregistrement...' })).toBeDisabled();
    await waitFor(() => expect(answer).toBeDefined());
    answer?.();

    expect(await toasts().findByText('Depot realiser avec success')).toBeVisible();
    // SPEC §4: back to the previous page, the receipt in the panel.
    expect(await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 })).toBeVisible();
    const receipt = screen.getByRole('complementary', { name: 'Reçu' });
    expect(receipt).toHaveTextContent('48213907655');

    const posts = api.requests.filter((request) => request.path === '/transactions/deposit');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({
      accountNumber: '40912345678',
      party: { name: 'Jean Pierre', idDocumentType: 'id_card', idDocumentNumber: '003-456-789' },
      amount: 1500.5,
    });
    expect(posts[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
