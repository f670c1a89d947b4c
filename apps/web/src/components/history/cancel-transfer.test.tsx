import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { historyPageRoute, transactionAnswer, transactionOf } from '../../test/transactions';
import { agentAdmin, teller } from '../../test/users';

const pendingOwn = transactionOf({
  transactionNumber: '20000000017',
  type: 'external_transfer',
  status: 'pending',
  amount: 2000,
  fee: 115,
  total: 2115,
  agent: { code: 'CAP01', name: 'Cap Services' },
});
const pendingOther = transactionOf({
  transactionNumber: '20000000025',
  type: 'external_transfer',
  status: 'pending',
  agent: { code: 'JAC02', name: 'Jacmel Transfert' },
});
const paid = transactionOf({
  transactionNumber: '20000000033',
  type: 'external_transfer',
  status: 'completed',
});

describe('cancelling a pending external transfer from the history', () => {
  let api: ApiServer;
  let rows = [pendingOwn, pendingOther, paid];
  beforeEach(async () => {
    rows = [pendingOwn, pendingOther, paid];
    api = await startApiServer();
    api.on(
      'GET /transactions/history',
      historyPageRoute(() => rows),
    );
  });
  afterEach(() => api.close());

  it("offers it only on its own agent's pending transfers, confirms, and shows the refund's receipt", async () => {
    api.on('POST /transactions/20000000017/cancel', () => {
      rows = [{ ...pendingOwn, status: 'cancelled' }, pendingOther, paid];
      return transactionAnswer({
        transactionNumber: '30000000014',
        type: 'external_refund',
        amount: 2000,
        relatedTransactionNumber: '20000000017',
      });
    });
    renderApp({ path: '/transaction/history', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    const button = await screen.findByRole(
      'button',
      { name: 'Annuler le transfert 20000000017' },
      { timeout: 5000 },
    );
    expect(screen.queryByRole('button', { name: 'Annuler le transfert 20000000025' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Annuler le transfert 20000000033' })).toBeNull();

    const user = userEvent.setup();
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Annuler le transfert externe' });
    expect(within(dialog).getByText(/les frais restent acquis/)).toBeTruthy();
    expect(dialog).toHaveTextContent(
      /Le transfert 20000000017 de .+ HTG n'a pas été payé\. Son montant sera rendu à l'expéditeur ; les frais restent acquis\./,
    );
    await user.click(within(dialog).getByRole('button', { name: "Confirmer l'annulation" }));

    expect(await screen.findByText('Transfert annulé : le montant a été rendu')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Annuler le transfert 20000000017' })).toBeNull(),
    );
    const cancel = api.requests.find((request) => request.path === '/transactions/20000000017/cancel');
    expect(cancel?.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    expect(await screen.findByText(/30000000014/)).toBeTruthy();
  });

  it('shows the refusal in the dialog when the transfer was paid out meanwhile', async () => {
    api.on('POST /transactions/20000000017/cancel', () => ({
      status: 409,
      body: { message: "Ce transfert n'est plus en attente", code: 'TRANSFER_NOT_PENDING' },
    }));
    renderApp({ path: '/transaction/history', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Annuler le transfert 20000000017' }, { timeout: 5000 }),
    );
    await user.click(screen.getByRole('button', { name: "Confirmer l'annulation" }));
    const dialog = screen.getByRole('dialog', { name: 'Annuler le transfert externe' });
    expect(await within(dialog).findByText("Ce transfert n'est plus en attente")).toBeTruthy();
  });

  it('is not offered to an administrator, who does not work at the counter', async () => {
    renderApp({ path: '/transaction/history', token: makeToken(agentAdmin), apiBaseUrl: api.baseUrl });
    await screen.findAllByText('20000000017', undefined, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: /Annuler le transfert/ })).toBeNull();
  });
});
