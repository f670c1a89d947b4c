import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { setScreenLanguage } from '../../i18n/i18n';
import { renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { transactionAnswer } from '../../test/transactions';
import { agentAdmin, teller } from '../../test/users';
import { speakKreyol } from '../../test/kreyol';

const owed = {
  transactionNumber: '20000000017',
  amount: 2000,
  fee: 115,
  sentAt: '2026-10-02T14:00:00.000Z',
  expiredAt: '2026-11-01T15:00:00.000Z',
  sender: { firstName: 'Marie', lastName: 'Joseph' },
  recipient: { firstName: 'Paul', lastName: 'Délice' },
  locked: false,
};

describe('« Transferts à rembourser » (decision 225)', () => {
  let api: ApiServer;
  let rows: (typeof owed)[] = [owed];
  beforeEach(async () => {
    rows = [owed];
    api = await startApiServer();
    api.on('GET /transactions/to-refund', () => ({
      body: { data: rows, meta: { total: rows.length, page: 1, per_page: 100 } },
    }));
  });
  afterEach(() => api.close());

  it("lists the agent's expired transfers and refunds one to its identified sender, with its receipt", async () => {
    let tries = 0;
    api.on('POST /transactions/20000000017/refund', () => {
      tries += 1;
      if (tries === 1)
        return {
          status: 422,
          body: {
            message:
              "L'identité présentée ne correspond pas à l'expéditeur du transfert : encore 4 essais avant le blocage du transfert",
            code: 'SENDER_MISMATCH',
          },
        };
      rows = [];
      return transactionAnswer({
        transactionNumber: '30000000014',
        type: 'external_refund',
        amount: 2000,
        fee: 0,
        total: 2000,
        relatedTransactionNumber: '20000000017',
        party: { name: 'Marie Joseph', idDocumentType: 'id_card', idDocumentNumber: 'CIN-4455' },
      });
    });
    renderApp({ path: '/transfers-to-refund', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    expect(
      await screen.findByRole('heading', { name: 'Transferts à rembourser', level: 1 }, { timeout: 5000 }),
    ).toBeTruthy();
    const row = (await screen.findByText('200 000 000 17')).closest('tr')!;
    expect(row).toHaveTextContent('Marie Joseph');
    expect(row).toHaveTextContent('Paul Délice');
    expect(row).toHaveTextContent(/2\s000,00\sHTG/);

    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Rembourser le transfert 200 000 000 17' }));
    const dialog = screen.getByRole('dialog', { name: 'Rembourser un transfert expiré' });
    expect(dialog).toHaveTextContent(
      /Le transfert 200 000 000 17 n'a pas été payé dans le délai\. Rendez .+ en espèces/,
    );
    // Nothing typed: the form says what is missing, nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer le remboursement' }));
    expect(await within(dialog).findByText('Le prénom est requis')).toBeTruthy();
    expect(api.requests.some((request) => request.path.endsWith('/refund'))).toBe(false);

    await user.type(within(dialog).getByLabelText(/Prénom/), 'Marie');
    await user.type(within(dialog).getByLabelText(/^Nom/), 'Joseph');
    await user.selectOptions(within(dialog).getByLabelText(/Type de document/), 'id_card');
    await user.type(within(dialog).getByLabelText(/Numéro de document/), 'CIN-4455');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer le remboursement' }));
    // A refused card: the message stays in the dialog, which stays open.
    expect(await within(dialog).findByText(/encore 4 essais avant le blocage du transfert/)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Confirmer le remboursement' }));
    expect(await screen.findByText('Transfert remboursé : le montant a été rendu en espèces')).toBeTruthy();
    const refunds = api.requests.filter((request) => request.path === '/transactions/20000000017/refund');
    expect(refunds).toHaveLength(2);
    // One key for the dialog: the retry after the refusal is the same operation.
    expect(refunds[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    expect(refunds[1]!.headers['idempotency-key']).toBe(refunds[0]!.headers['idempotency-key']);
    expect(refunds[1]!.body).toEqual({
      sender: {
        firstName: 'Marie',
        lastName: 'Joseph',
        idDocumentType: 'id_card',
        idDocumentNumber: 'CIN-4455',
      },
    });
    const receipt = await screen.findByRole('article', { name: 'Reçu de la transaction 30000000014' });
    expect(within(receipt).getByRole('region', { name: 'Expéditeur identifié' })).toHaveTextContent(
      'Marie Joseph',
    );
    await waitFor(() => expect(screen.getByText('Aucun transfert à rembourser.')).toBeTruthy());
  });

  it('says a locked transfer waits for its administrator, who unlocks it there (decision 225)', async () => {
    rows = [{ ...owed, locked: true }];
    api.on('POST /transactions/20000000017/unlock', () => {
      rows = [owed];
      return transactionAnswer({
        transactionNumber: '20000000017',
        type: 'external_transfer',
        status: 'expired',
        amount: 2000,
        fee: 115,
        total: 2115,
      });
    });
    renderApp({ path: '/transfers-to-refund', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    const tellersRow = (await screen.findByText('200 000 000 17', {}, { timeout: 5000 })).closest('tr')!;
    expect(tellersRow).toHaveTextContent(/Bloqué après cinq identifications échouées/);
    // A teller can neither refund it (the server would refuse it) nor unlock it.
    expect(within(tellersRow).queryByRole('button')).toBeNull();
  });

  it("lets the agent's administrator unlock a locked one, then refund it", async () => {
    rows = [{ ...owed, locked: true }];
    api.on('POST /transactions/20000000017/unlock', () => {
      rows = [owed];
      return {
        status: 200,
        body: {
          data: {
            ...transactionAnswer({
              transactionNumber: '20000000017',
              type: 'external_transfer',
              status: 'expired',
            }).body.data,
          },
        },
      };
    });
    renderApp({ path: '/transfers-to-refund', token: makeToken(agentAdmin), apiBaseUrl: api.baseUrl });
    const row = (await screen.findByText('200 000 000 17', {}, { timeout: 5000 })).closest('tr')!;
    expect(row).toHaveTextContent(/Bloqué après cinq identifications échouées/);
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Débloquer le transfert 20000000017' }));
    const dialog = screen.getByRole('dialog', { name: 'Débloquer le transfert externe' });
    expect(dialog).toHaveTextContent(/Ce transfert expiré est bloqué/);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer le déblocage' }));
    expect(await screen.findByText('Transfert débloqué')).toBeTruthy();
    expect(
      await screen.findByRole('button', { name: 'Rembourser le transfert 200 000 000 17' }),
    ).toBeTruthy();
    expect(screen.queryByText(/Bloqué après cinq identifications échouées/)).toBeNull();
    expect(
      api.requests.filter((request) => request.path === '/transactions/20000000017/unlock'),
    ).toHaveLength(1);
  });
});

describe('« Transferts à rembourser » in Kreyòl (decisions 236, 238)', () => {
  let api: ApiServer;
  beforeEach(async () => {
    api = await startApiServer();
    api.on('GET /transactions/to-refund', () => ({
      body: { data: [{ ...owed, locked: true }], meta: { total: 1, page: 1, per_page: 100 } },
    }));
    await speakKreyol();
  });
  afterEach(async () => {
    await api.close();
    await setScreenLanguage('fr');
  });

  it('dates the transfers with the French figures and offers the unlock in Kreyòl', async () => {
    renderApp({ path: '/transfers-to-refund', token: makeToken(agentAdmin), apiBaseUrl: api.baseUrl });
    const unlock = await screen.findByRole(
      'button',
      { name: 'Debloke transfè 20000000017' },
      { timeout: 5000 },
    );
    expect(unlock).toHaveTextContent('Debloke');
    const row = unlock.closest('tr');
    expect(row).toHaveTextContent('02/10/2026');
    expect(row).toHaveTextContent('01/11/2026');
    expect(row).toHaveTextContent('2 000,00 HTG');
    await userEvent.setup().click(unlock);
    expect(screen.getByRole('dialog', { name: 'Debloke transfè pou touche a' })).toHaveTextContent(
      'Konfime deblokaj la',
    );
  });
});
