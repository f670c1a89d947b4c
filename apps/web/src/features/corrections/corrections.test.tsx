import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Correction } from '@lajan/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { setScreenLanguage } from '../../i18n/i18n';
import { renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { historyPageRoute, transactionOf } from '../../test/transactions';
import { agentAdmin, teller } from '../../test/users';
import { speakKreyol } from '../../test/kreyol';

const deposit = transactionOf({ transactionNumber: '48213907655', type: 'deposit', amount: 1500 });

function correctionOf(overrides: Partial<Correction> = {}): Correction {
  return {
    id: '0193f0c2-9a1e-7c4b-8d2e-3f4a5b6c7d8e',
    status: 'requested',
    transactionNumber: deposit.transactionNumber,
    transactionType: 'deposit',
    amount: 1500,
    agent: { code: 'CAP01', name: 'Cap Services' },
    reason: 'Mauvais compte',
    requestedBy: { username: 'caissiere' },
    requestedAt: '2026-11-22T14:10:00.000Z',
    superAdminRequired: false,
    cashMoves: true,
    decidedBy: null,
    decidedAt: null,
    rejectionReason: null,
    executedBy: null,
    executedAt: null,
    reversalNumber: null,
    ...overrides,
  };
}

describe('a correction: asked from the history, approved by the administrator, carried out at the counter (decision 226)', () => {
  let api: ApiServer;
  beforeEach(async () => {
    api = await startApiServer();
  });
  afterEach(() => api.close());

  it('lets the teller ask for a correction of a completed deposit, with a reason', async () => {
    api.on(
      'GET /transactions/history',
      historyPageRoute(() => [deposit]),
    );
    api.on(`POST /transactions/${deposit.transactionNumber}/corrections`, () => ({
      status: 201,
      body: { data: correctionOf() },
    }));
    renderApp({ path: '/transaction/history', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole(
        'button',
        { name: "Demander la correction de l'opération 48213907655" },
        { timeout: 5000 },
      ),
    );
    const dialog = screen.getByRole('dialog', { name: 'Demander une correction' });
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));
    expect(within(dialog).getByText('Le motif est requis')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Motif'), 'Mauvais compte');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));
    expect(await screen.findByText('Demande de correction envoyée pour validation')).toBeTruthy();
    const sent = api.requests.filter((request) => request.path.endsWith('/corrections'));
    expect(sent.map((request) => request.body)).toEqual([{ reason: 'Mauvais compte' }]);
  });

  it('shows the administrator what to validate, never her own request, and approves after a confirmation', async () => {
    let rows = [
      correctionOf(),
      correctionOf({ id: '0193f0c2-9a1e-7c4b-8d2e-3f4a5b6c7d8f', requestedBy: { username: 'admincap' } }),
    ];
    api.on('GET /corrections', () => ({ body: { data: rows } }));
    api.on(`POST /corrections/${rows[0]!.id}/approve`, () => {
      rows = [{ ...rows[0]!, status: 'approved', decidedBy: { username: 'admincap' } }, rows[1]!];
      return { status: 200, body: { data: rows[0] } };
    });
    renderApp({ path: '/corrections', token: makeToken(agentAdmin), apiBaseUrl: api.baseUrl });
    const toValidate = await screen.findByRole(
      'region',
      { name: 'Corrections à valider' },
      { timeout: 5000 },
    );
    const approve = within(toValidate).getAllByRole('button', {
      name: "Approuver la correction de l'opération 48213907655",
    });
    expect(approve).toHaveLength(1);
    const user = userEvent.setup();
    await user.click(approve[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Approuver la correction' });
    expect(dialog).toHaveTextContent('Un caissier de l’agent l’exécutera au guichet, dans sa caisse.');
    await user.click(within(dialog).getByRole('button', { name: 'Approuver' }));
    expect(await screen.findByText('Correction approuvée')).toBeTruthy();
    const posted = api.requests.filter((request) => request.path.endsWith('/approve'));
    expect(posted).toHaveLength(1);
    expect(posted[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('lets a teller carry out an approved cash correction and opens its slip', async () => {
    const approved = correctionOf({ status: 'approved', decidedBy: { username: 'admincap' } });
    api.on('GET /corrections', () => ({ body: { data: [approved] } }));
    const reversal = transactionOf({
      transactionNumber: '51234567890',
      type: 'reversal',
      party: null,
      relatedTransactionNumber: deposit.transactionNumber,
    });
    api.on(`POST /corrections/${approved.id}/execute`, () => ({ status: 201, body: { data: reversal } }));
    renderApp({ path: '/corrections', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    const toExecute = await screen.findByRole(
      'region',
      { name: 'Corrections à exécuter' },
      { timeout: 5000 },
    );
    const user = userEvent.setup();
    await user.click(
      within(toExecute).getByRole('button', { name: "Exécuter la correction de l'opération 48213907655" }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Exécuter la correction au guichet' });
    expect(dialog).toHaveTextContent(/Rendez les espèces du dépôt au client/);
    await user.click(within(dialog).getByRole('button', { name: 'Exécuter' }));
    expect(await screen.findByText('Correction exécutée')).toBeTruthy();
    const slip = await screen.findByRole('article', { name: 'Reçu de la transaction 51234567890' });
    expect(slip).toHaveTextContent(/Bordereau de correction/);
    expect(slip).toHaveTextContent(/Opération corrigée/);
    await waitFor(() => expect(api.requests.filter((r) => r.path.endsWith('/execute'))).toHaveLength(1));
  });
});

describe('« Demander une correction » from a receipt, off its print (decision 226)', () => {
  let api: ApiServer;
  beforeEach(async () => {
    api = await startApiServer();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    return api.close();
  });

  const reversed = transactionOf({ transactionNumber: '48213907663', status: 'reversed' });
  const transfer = transactionOf({
    transactionNumber: '20000000041',
    type: 'external_transfer',
    status: 'pending',
  });
  const otherAgents = transactionOf({
    transactionNumber: '48213907671',
    agent: { code: 'JAC02', name: 'Jacmel Transfert' },
  });

  async function openReceipt(transactionNumber: string) {
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole(
        'button',
        { name: `Réimprimer le reçu ${transactionNumber}` },
        { timeout: 5000 },
      ),
    );
    const panel = screen.getByRole('complementary', { name: 'Reçu' });
    expect(
      within(panel).getByRole('article', { name: `Reçu de la transaction ${transactionNumber}` }),
    ).toBeTruthy();
    return { user, panel };
  }

  it("asks for the correction of the receipt's completed deposit, from a button that does not print", async () => {
    api.on(
      'GET /transactions/history',
      historyPageRoute(() => [deposit]),
    );
    api.on(`POST /transactions/${deposit.transactionNumber}/corrections`, () => ({
      status: 201,
      body: { data: correctionOf() },
    }));
    renderApp({ path: '/transaction/history', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    const { user, panel } = await openReceipt(deposit.transactionNumber);
    const button = await within(panel).findByRole('button', {
      name: "Demander la correction de l'opération 48213907655",
    });
    // Among the panel's on-screen controls, which the receipt's print leaves out.
    expect(button.closest('.print\\:hidden')).not.toBeNull();
    expect(within(panel).getByRole('article').contains(button)).toBe(false);

    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Demander une correction' });
    await user.type(within(dialog).getByLabelText('Motif'), 'Mauvais compte');
    // Escape in the dialog closes the dialog, not the receipt behind it.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('complementary', { name: 'Reçu' })).toBeTruthy();
    await user.click(button);
    const again = screen.getByRole('dialog', { name: 'Demander une correction' });
    await user.type(within(again).getByLabelText('Motif'), 'Mauvais compte');
    await user.click(within(again).getByRole('button', { name: 'Envoyer la demande' }));
    expect(await screen.findByText('Demande de correction envoyée pour validation')).toBeTruthy();
    const sent = api.requests.filter((request) => request.path.endsWith('/corrections'));
    expect(sent.map((request) => request.body)).toEqual([{ reason: 'Mauvais compte' }]);
  });

  it('keeps Tab in its dialog on a phone, where the receipt covers the page', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: query === '(max-width: 1023.98px)', media: query }) as MediaQueryList,
    );
    api.on(
      'GET /transactions/history',
      historyPageRoute(() => [deposit]),
    );
    renderApp({ path: '/transaction/history', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    const { user, panel } = await openReceipt(deposit.transactionNumber);
    await user.click(await within(panel).findByRole('button', { name: /Demander la correction/ }));
    const dialog = screen.getByRole('dialog', { name: 'Demander une correction' });
    for (let i = 0; i < 4; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('offers it on no reversed, pending or other agent’s transaction, as the history row', async () => {
    api.on(
      'GET /transactions/history',
      historyPageRoute(() => [deposit, reversed, transfer, otherAgents]),
    );
    renderApp({ path: '/transaction/history', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    // The completed deposit's receipt offers it: the chunk is loaded, its absence below is no wait.
    const first = await openReceipt(deposit.transactionNumber);
    expect(await within(first.panel).findByRole('button', { name: /Demander la correction/ })).toBeTruthy();
    for (const transaction of [reversed, transfer, otherAgents]) {
      const { panel } = await openReceipt(transaction.transactionNumber);
      expect(within(panel).getByRole('button', { name: 'Fermer' })).toBeTruthy();
      expect(within(panel).queryByRole('button', { name: /Demander la correction/ })).toBeNull();
    }
  });
});

describe('the corrections in Kreyòl (decisions 236, 238)', () => {
  let api: ApiServer;
  beforeEach(async () => {
    api = await startApiServer();
    await speakKreyol();
  });
  afterEach(async () => {
    await api.close();
    await setScreenLanguage('fr');
  });

  it('lists what to approve and asks before approving, in Kreyòl', async () => {
    api.on('GET /corrections', () => ({ body: { data: [correctionOf()] } }));
    renderApp({ path: '/corrections', token: makeToken(agentAdmin), apiBaseUrl: api.baseUrl });
    const toValidate = await screen.findByRole(
      'region',
      { name: 'Koreksyon pou apwouve' },
      { timeout: 5000 },
    );
    expect(screen.getByRole('heading', { name: 'Koreksyon', level: 1 })).toBeVisible();
    expect(within(toValidate).getByRole('columnheader', { name: 'Moun ki mande' })).toBeVisible();
    expect(within(toValidate).getByText('caissiere, 22/11/2026 09:10')).toBeVisible();
    expect(within(toValidate).getByText('Mande')).toBeVisible();
    const user = userEvent.setup();
    await user.click(
      within(toValidate).getByRole('button', { name: 'Apwouve koreksyon tranzaksyon 48213907655' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Apwouve koreksyon an' });
    expect(dialog).toHaveTextContent('Yon kesye ajan an ap fè l nan kès li, nan gichè a.');
    // The same figures as in French (decision 238).
    expect(dialog).toHaveTextContent('48213907655 — 1 500,00 HTG — rezon : Mauvais compte');
  });
});
