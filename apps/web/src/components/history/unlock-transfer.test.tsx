import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { historyPageRoute, transactionOf } from '../../test/transactions';
import { agentAdmin, teller } from '../../test/users';

const lockedOwn = transactionOf({
  transactionNumber: '20000000017',
  type: 'external_transfer',
  status: 'pending',
  amount: 2000,
  fee: 115,
  total: 2115,
  locked: true,
  agent: { code: 'CAP01', name: 'Cap Services' },
});
const pendingOwn = transactionOf({
  transactionNumber: '20000000041',
  type: 'external_transfer',
  status: 'pending',
  agent: { code: 'CAP01', name: 'Cap Services' },
});
const lockedOther = transactionOf({
  transactionNumber: '20000000025',
  type: 'external_transfer',
  status: 'pending',
  locked: true,
  agent: { code: 'JAC02', name: 'Jacmel Transfert' },
});

const lockedExpired = transactionOf({
  transactionNumber: '20000000033',
  type: 'external_transfer',
  status: 'expired',
  locked: true,
  agent: { code: 'CAP01', name: 'Cap Services' },
});
const expiredOwn = transactionOf({
  transactionNumber: '20000000058',
  type: 'external_transfer',
  status: 'expired',
  agent: { code: 'CAP01', name: 'Cap Services' },
});

describe("unlocking a locked external transfer from the history: the administrator's (decisions 112, 200)", () => {
  let api: ApiServer;
  let rows = [lockedOwn, pendingOwn, lockedOther];
  beforeEach(async () => {
    rows = [lockedOwn, pendingOwn, lockedOther];
    api = await startApiServer();
    api.on(
      'GET /transactions/history',
      historyPageRoute(() => rows),
    );
  });
  afterEach(() => api.close());

  it("offers Débloquer on its own agent's locked transfer only, and confirms first", async () => {
    api.on('POST /transactions/20000000017/unlock', () => {
      rows = [{ ...lockedOwn, locked: false }, pendingOwn, lockedOther];
      return { status: 200, body: { data: { ...lockedOwn, locked: false } } };
    });
    renderApp({ path: '/transaction/history', token: makeToken(agentAdmin), apiBaseUrl: api.baseUrl });
    const button = await screen.findByRole(
      'button',
      { name: 'Débloquer le transfert 20000000017' },
      { timeout: 5000 },
    );
    expect(screen.queryByRole('button', { name: 'Débloquer le transfert 20000000041' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Débloquer le transfert 20000000025' })).toBeNull();

    const user = userEvent.setup();
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Débloquer le transfert externe' });
    expect(dialog).toHaveTextContent(/bloqué après cinq identifications échouées/);
    // The pick-up code grouped as its receipt prints it (decision 215).
    expect(dialog).toHaveTextContent(/200 000 000 17 — /);
    expect(api.requests.some((request) => request.path.endsWith('/unlock'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer le déblocage' }));

    expect(await screen.findByText('Transfert débloqué')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Débloquer le transfert 20000000017' })).toBeNull(),
    );
    expect(
      api.requests.filter((request) => request.path === '/transactions/20000000017/unlock'),
    ).toHaveLength(1);
  });

  it("shows the server's refusal in the dialog", async () => {
    api.on('POST /transactions/20000000017/unlock', () => ({
      status: 409,
      body: { message: "Ce transfert n'est pas bloqué", code: 'TRANSFER_NOT_LOCKED' },
    }));
    renderApp({ path: '/transaction/history', token: makeToken(agentAdmin), apiBaseUrl: api.baseUrl });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Débloquer le transfert 20000000017' }, { timeout: 5000 }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Débloquer le transfert externe' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer le déblocage' }));
    expect(await within(dialog).findByText("Ce transfert n'est pas bloqué")).toBeTruthy();
  });

  it('is not offered to a teller any more (decision 200)', async () => {
    renderApp({ path: '/transaction/history', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    expect(await screen.findByText('20000000017', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Débloquer/ })).toBeNull();
  });

  it('offers it on an expired transfer locked before its cash refund too (decision 225)', async () => {
    rows = [lockedExpired, expiredOwn];
    api.on('POST /transactions/20000000033/unlock', () => {
      rows = [{ ...lockedExpired, locked: false }, expiredOwn];
      return { status: 200, body: { data: { ...lockedExpired, locked: false } } };
    });
    renderApp({ path: '/transaction/history', token: makeToken(agentAdmin), apiBaseUrl: api.baseUrl });
    const button = await screen.findByRole(
      'button',
      { name: 'Débloquer le transfert 20000000033' },
      { timeout: 5000 },
    );
    expect(screen.queryByRole('button', { name: 'Débloquer le transfert 20000000058' })).toBeNull();
    const user = userEvent.setup();
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Débloquer le transfert externe' });
    expect(dialog).toHaveTextContent(/cinq nouveaux essais seront permis au remboursement/);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer le déblocage' }));
    expect(await screen.findByText('Transfert débloqué')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Débloquer le transfert 20000000033' })).toBeNull(),
    );
  });
});
