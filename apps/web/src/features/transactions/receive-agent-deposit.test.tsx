import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { agent } from '../../test/network';
import { navigateTo, renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { feeQuoteRoute, transactionAnswer, transactionOf, serveEmptyDashboard } from '../../test/transactions';
import { superAdmin, teller } from '../../test/users';
import type { PayoutLookup } from '@lajan/domain';

let api: ApiServer;
beforeEach(async () => {
  api = await startApiServer();
  // The wizards go back to the dashboard when done (SPEC §4): its reads, answered empty.
  serveEmptyDashboard(api);
  api.on('GET /transactions/fees/quote', feeQuoteRoute());
});
afterEach(async () => {
  await api.close();
});

const next = () => screen.getByRole('button', { name: 'Suivant' });
const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));

/** What the search answers for a pending external transfer (decision 112): no name, no identity file. */
const pendingTransfer: PayoutLookup = {
  transactionNumber: '73829104556',
  type: 'external_transfer',
  amount: 2000,
  fee: 115,
  currency: 'HTG',
  status: 'pending',
  createdAt: '2026-11-22T14:05:09.123Z',
  agent: { code: 'JAC01', name: 'Jacmel Cash' },
  recipientMaskedName: 'M. J.',
  locked: false,
};

/** A transfer of the teller's own agent once paid, as that agent's search answers it whole. */
const paidTransfer = transactionOf({
  transactionNumber: '73829104556',
  type: 'external_transfer',
  status: 'completed',
  amount: 2000,
  agent: { code: 'CAP01', name: 'Cap Services' },
  recipient: { firstName: 'Marie', lastName: 'Joseph', idDocumentType: 'passport', idDocumentNumber: null },
});

describe('the receive-transfer wizard (SPEC §2, §4)', () => {
  async function open() {
    const rendered = renderApp({ path: '/', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 }, { timeout: 5000 });
    await navigateTo(rendered.app, '/transaction/external-transfer/receive');
    await screen.findByRole(
      'heading',
      { name: 'Recevoir un transfert externe', level: 1 },
      { timeout: 5000 },
    );
    return rendered;
  }

  async function findTransfer(user: UserEvent) {
    await user.type(screen.getByRole('textbox', { name: 'Numéro de transaction' }), '73829104556{Enter}');
  }

  it('says when no transaction has this number', async () => {
    api.on('POST /transactions/search', {
      status: 404,
      body: { message: 'Transaction introuvable', code: 'NOT_FOUND' },
    });
    const { user } = await open();
    await findTransfer(user);
    expect(await screen.findByText('Transaction introuvable')).toBeVisible();
    expect(next()).toBeDisabled();
  });

  it('refuses a transfer that is no longer pending', async () => {
    api.on('POST /transactions/search', { body: { data: { transaction: paidTransfer } } });
    const { user } = await open();
    await findTransfer(user);
    expect(await screen.findByRole('alert')).toHaveTextContent("Ce transfert n'est plus en attente");
    expect(next()).toBeDisabled();
  });

  it('explains a transfer locked after five failed identifications, and goes no further', async () => {
    api.on('POST /transactions/search', {
      body: { data: { transaction: { ...pendingTransfer, locked: true } } },
    });
    const { user } = await open();
    await findTransfer(user);
    const card = await screen.findByRole('region', { name: 'Transfert trouvé' });
    expect(card).toHaveTextContent('Bloqué');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Ce transfert est bloqué après cinq identifications échouées. L'agent expéditeur doit le débloquer ou l'annuler avant tout paiement.",
    );
    expect(next()).toBeDisabled();
  });

  it('identifies the recipient, confirms the amount to hand over and pays it out', async () => {
    api.on('POST /transactions/search', { body: { data: { transaction: pendingTransfer } } });
    api.on(
      'POST /transactions/receive-transfer',
      transactionAnswer({
        transactionNumber: '51234567890',
        type: 'external_payout',
        amount: 2000,
        relatedTransactionNumber: '73829104556',
      }),
    );
    const { user } = await open();
    await findTransfer(user);
    const card = await screen.findByRole('region', { name: 'Transfert trouvé' });
    expect(card).toHaveTextContent('2 000,00 HTG');
    expect(card).toHaveTextContent('En attente');
    expect(card).toHaveTextContent('Jacmel Cash (JAC01)');
    // Only the initials before identification: the teller types the name read from the card.
    expect(card).toHaveTextContent('M. J.');
    expect(card).not.toHaveTextContent(/Marie|Joseph/i);
    expect(api.requests.find((request) => request.path === '/transactions/search')?.body).toEqual({
      transactionNumber: '73829104556',
    });
    await user.click(next());

    expect(screen.getByText('Étape 2 sur 3')).toBeVisible();
    await user.click(next());
    expect(screen.getByRole('textbox', { name: 'Prénom' })).toHaveAccessibleDescription(
      'Le prénom est requis',
    );
    expect(screen.getByRole('combobox', { name: 'Type de document' })).toHaveAccessibleDescription(
      'Le type de document est requis',
    );
    expect(screen.getByRole('textbox', { name: 'Numéro de document' })).toHaveAccessibleDescription(
      'Le numéro de document est requis',
    );

    await user.type(screen.getByRole('textbox', { name: 'Prénom' }), 'Marie');
    await user.type(screen.getByRole('textbox', { name: 'Nom' }), 'Joseph');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type de document' }), 'passport');
    await user.type(screen.getByRole('textbox', { name: 'Numéro de document' }), 'PA123456');
    await user.click(next());
    expect(screen.getByRole('region', { name: 'Montant à remettre' })).toHaveTextContent('2 000,00 HTG');

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await toasts().findByText('Transfert payé avec succès')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 })).toBeVisible();
    expect(screen.getByRole('complementary', { name: 'Reçu' })).toHaveTextContent('51234567890');
    const post = api.requests.find((request) => request.path === '/transactions/receive-transfer');
    expect(post?.body).toEqual({
      transactionNumber: '73829104556',
      amount: 2000,
      recipient: {
        firstName: 'Marie',
        lastName: 'Joseph',
        idDocumentType: 'passport',
        idDocumentNumber: 'PA123456',
      },
      party: { name: 'Marie Joseph', idDocumentType: 'passport', idDocumentNumber: 'PA123456' },
    });
    expect(post?.headers['idempotency-key']).toBeTruthy();
  });

  it("shows a refused identity in the server's French words", async () => {
    api.on('POST /transactions/search', { body: { data: { transaction: pendingTransfer } } });
    api.on('POST /transactions/receive-transfer', {
      status: 422,
      body: {
        message: "L'identité présentée ne correspond pas au bénéficiaire du transfert",
        code: 'RECIPIENT_MISMATCH',
      },
    });
    const { user } = await open();
    await findTransfer(user);
    await screen.findByRole('region', { name: 'Transfert trouvé' });
    await user.click(next());
    await user.type(screen.getByRole('textbox', { name: 'Prénom' }), 'Maria');
    await user.type(screen.getByRole('textbox', { name: 'Nom' }), 'Joseph');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type de document' }), 'passport');
    await user.type(screen.getByRole('textbox', { name: 'Numéro de document' }), 'PA123456');
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      (await screen.findAllByText("L'identité présentée ne correspond pas au bénéficiaire du transfert"))[0],
    ).toBeVisible();
  });

  it('shows the fallback when the server has no message', async () => {
    api.on('POST /transactions/search', { body: { data: { transaction: pendingTransfer } } });
    // A failure with no Lajan body (a proxy's): the server's own carry a message.
    api.on('POST /transactions/receive-transfer', { status: 400, proxy: true });
    const { user } = await open();
    await findTransfer(user);
    await screen.findByRole('region', { name: 'Transfert trouvé' });
    await user.click(next());
    await user.type(screen.getByRole('textbox', { name: 'Prénom' }), 'Marie');
    await user.type(screen.getByRole('textbox', { name: 'Nom' }), 'Joseph');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type de document' }), 'passport');
    await user.type(screen.getByRole('textbox', { name: 'Numéro de document' }), 'PA123456');
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await toasts().findByText('Échec du paiement du transfert')).toBeVisible();
  });
});

describe('the agent deposit wizard (SPEC §2, §4)', () => {
  async function open() {
    const rendered = renderApp({
      path: '/transaction/deposit-agent',
      token: makeToken(superAdmin),
      apiBaseUrl: api.baseUrl,
    });
    await screen.findByRole('heading', { name: 'Dépôt sur agent', level: 1 }, { timeout: 5000 });
    return rendered;
  }

  it('is for the super administrator only', async () => {
    renderApp({ path: '/transaction/deposit-agent', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    expect(await screen.findByRole('heading', { name: 'Accès interdit' }, { timeout: 5000 })).toBeVisible();
  });

  it('blocks an agent that is not active', async () => {
    api.on('POST /agents/search', {
      body: { data: { agent: agent({ status: 'suspended', suspendedAt: '2026-11-20T10:00:00.000Z' }) } },
    });
    const { user } = await open();
    await user.type(screen.getByRole('textbox', { name: "Code de l'agent" }), 'CAP01{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent("L'agent n'est pas actif");
    expect(next()).toBeDisabled();
  });

  it('funds an agent found by its code, then goes to the dashboard with a French toast', async () => {
    api.on('POST /agents/search', { body: { data: { agent: agent() } } });
    api.on(
      'POST /agents/deposit',
      transactionAnswer({
        type: 'agent_deposit',
        amount: 250000,
        total: 250000,
        code: 'CAP01',
        accountNumber: null,
        account: null,
      }),
    );
    api.on('GET /agents', { body: { data: [], meta: { total: 0, page: 1, per_page: 10 } } });
    const { user } = await open();
    await user.type(screen.getByRole('textbox', { name: "Code de l'agent" }), 'CAP01{Enter}');
    expect(await screen.findByRole('region', { name: 'Agent trouvé' })).toHaveTextContent('Cap Services');
    expect(api.requests.find((request) => request.path === '/agents/search')?.body).toEqual({
      code: 'CAP01',
    });
    await user.click(next());

    await user.type(screen.getByRole('textbox', { name: 'Nom complet' }), 'Rose Lafleur');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type de document' }), 'id_card');
    await user.type(screen.getByRole('textbox', { name: 'Numéro de document' }), '001-000-001');
    await user.type(screen.getByRole('textbox', { name: 'Montant (HTG)' }), '1000001');
    await user.click(next());
    expect(screen.getByRole('textbox', { name: 'Montant (HTG)' })).toHaveAccessibleDescription(
      'Le montant ne peut pas dépasser 1 000 000 HTG',
    );
    await user.clear(screen.getByRole('textbox', { name: 'Montant (HTG)' }));
    await user.type(screen.getByRole('textbox', { name: 'Montant (HTG)' }), '250000');
    await user.click(next());

    const preview = await screen.findByRole('region', { name: 'Frais et total' });
    expect(preview).toHaveTextContent('Total crédité250 000,00 HTG');
    expect(api.requests.find((request) => request.path === '/transactions/fees/quote')?.query).toEqual({
      type: 'agent_deposit',
      amount: '250000',
    });
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await toasts().findByText('Dépôt sur agent effectué avec succès')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 })).toBeVisible();
    const receipt = screen.getByRole('complementary', { name: 'Reçu' });
    expect(receipt).toHaveTextContent('Agent créditéCAP01');
    expect(api.requests.find((request) => request.path === '/agents/deposit')?.body).toEqual({
      code: 'CAP01',
      party: { name: 'Rose Lafleur', idDocumentType: 'id_card', idDocumentNumber: '001-000-001' },
      amount: 250000,
    });
  });
});
