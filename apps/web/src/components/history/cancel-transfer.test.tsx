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
  // The sender the teller identifies: the server compares the card with her, and refuses a transfer without one.
  senderId: '5b8f3c1e-2d4a-4e6b-9c7d-1a2b3c4d5e6f',
  sender: {
    id: '5b8f3c1e-2d4a-4e6b-9c7d-1a2b3c4d5e6f',
    firstName: 'Marie',
    lastName: 'Joseph',
    idDocumentType: 'id_card',
    idDocumentNumber: 'CIN-4455',
    phoneNumber: null,
    address: null,
  },
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

/** The sender's card, typed as the teller reads it. */
async function fillSender(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText(/Prénom/), 'Marie');
  await user.type(within(dialog).getByLabelText(/^Nom/), 'Joseph');
  await user.selectOptions(within(dialog).getByLabelText(/Type de document/), 'id_card');
  await user.type(within(dialog).getByLabelText(/Numéro de document/), 'CIN-4455');
}

describe('cancelling a pending external transfer from the history (decision 200)', () => {
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

  it('offers a teller no cancellation of a transfer locked by five failed identifications', async () => {
    rows = [{ ...pendingOwn, locked: true }, pendingOther, paid];
    renderApp({ path: '/transaction/history', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    await screen.findByRole('button', { name: 'Réimprimer le reçu 20000000017' }, { timeout: 5000 });
    // The cancel button loads with the row's chunk: give it the time it would take to appear.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('button', { name: 'Annuler le transfert 20000000017' })).toBeNull();
  });

  it("asks the sender's name and document on its own agent's pending transfers, and prints who was identified", async () => {
    api.on('POST /transactions/20000000017/cancel', () => {
      rows = [{ ...pendingOwn, status: 'cancelled' }, pendingOther, paid];
      return transactionAnswer({
        transactionNumber: '30000000014',
        type: 'external_refund',
        amount: 2000,
        relatedTransactionNumber: '20000000017',
        party: { name: 'Marie Joseph', idDocumentType: 'id_card', idDocumentNumber: 'CIN-4455' },
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
    expect(dialog).toHaveTextContent(
      // The pick-up code grouped as its receipt prints it (decision 215).
      /Le transfert 200 000 000 17 de .+ HTG n'a pas été payé\. Son montant sera rendu à l'expéditeur ; les frais restent acquis\./,
    );
    expect(dialog).toHaveTextContent(/tels qu'ils figurent sur la pièce présentée par l'expéditeur/);
    // Nothing typed: the form says what is missing and nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: "Confirmer l'annulation" }));
    expect(await within(dialog).findByText('Le prénom est requis')).toBeTruthy();
    expect(api.requests.some((request) => request.path.endsWith('/cancel'))).toBe(false);

    await fillSender(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: "Confirmer l'annulation" }));

    expect(await screen.findByText('Transfert annulé : le montant a été rendu')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Annuler le transfert 20000000017' })).toBeNull(),
    );
    const cancel = api.requests.find((request) => request.path === '/transactions/20000000017/cancel');
    expect(cancel?.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    expect(cancel?.body).toEqual({
      sender: {
        firstName: 'Marie',
        lastName: 'Joseph',
        idDocumentType: 'id_card',
        idDocumentNumber: 'CIN-4455',
      },
    });
    const receipt = await screen.findByRole('article', { name: 'Reçu de la transaction 30000000014' });
    const identified = within(receipt).getByRole('region', { name: 'Expéditeur identifié' });
    expect(identified).toHaveTextContent('Marie Joseph');
    expect(identified).toHaveTextContent('CIN-4455');
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
    const dialog = screen.getByRole('dialog', { name: 'Annuler le transfert externe' });
    await fillSender(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: "Confirmer l'annulation" }));
    expect(await within(dialog).findByText("Ce transfert n'est plus en attente")).toBeTruthy();
  });

  it("lets the agent's administrator approve, with a reason, the cancellation of a send from an account only", async () => {
    const fromAccount = {
      ...pendingOwn,
      senderAccountNumber: '40912345678',
      senderAccount: { accountNumber: '40912345678' },
    };
    rows = [fromAccount, { ...pendingOwn, transactionNumber: '20000000041' }, pendingOther, paid];
    api.on('POST /transactions/20000000017/cancel', () =>
      transactionAnswer({
        transactionNumber: '30000000022',
        type: 'external_refund',
        amount: 2000,
        relatedTransactionNumber: '20000000017',
        party: null,
        createBy: { username: 'admincap' },
        approvalReason: 'Bénéficiaire erroné',
      }),
    );
    renderApp({ path: '/transaction/history', token: makeToken(agentAdmin), apiBaseUrl: api.baseUrl });
    const button = await screen.findByRole(
      'button',
      { name: 'Annuler le transfert 20000000017' },
      { timeout: 5000 },
    );
    // A cash send is cancelled at the counter, with its sender: not offered to the administrator.
    expect(screen.queryByRole('button', { name: 'Annuler le transfert 20000000041' })).toBeNull();

    const user = userEvent.setup();
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: "Approuver l'annulation du transfert externe" });
    expect(dialog).toHaveTextContent(/aucune espèce ne sort de caisse/);
    await user.click(within(dialog).getByRole('button', { name: "Approuver l'annulation" }));
    expect(await within(dialog).findByText("Le motif de l'annulation est requis")).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Motif de l'annulation/), 'Bénéficiaire erroné');
    await user.click(within(dialog).getByRole('button', { name: "Approuver l'annulation" }));

    expect(await screen.findByText('Transfert annulé : le montant a été rendu')).toBeTruthy();
    const cancel = api.requests.find((request) => request.path === '/transactions/20000000017/cancel');
    expect(cancel?.body).toEqual({ reason: 'Bénéficiaire erroné' });
    const receipt = await screen.findByRole('article', { name: 'Reçu de la transaction 30000000022' });
    const approvedBy = within(receipt).getByRole('region', { name: 'Approuvée par' });
    expect(approvedBy).toHaveTextContent('admincap');
    expect(approvedBy).toHaveTextContent('Motif');
    expect(approvedBy).toHaveTextContent('Bénéficiaire erroné');
  });
});
