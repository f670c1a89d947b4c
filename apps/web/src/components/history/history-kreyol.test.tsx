import { screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setScreenLanguage } from '../../i18n/i18n';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { transactionOf } from '../../test/transactions';
import { teller } from '../../test/users';
import { speakKreyol } from '../../test/kreyol';

// The history in Haitian Creole (decision 236): its headings, its buttons, the types and the parties' line.
const rows = [
  transactionOf({
    transactionNumber: '10000000001',
    type: 'deposit',
    amount: 1500,
    createdAt: '2026-11-01T17:05:00.000Z',
    party: { name: 'Client 1', idDocumentType: 'id_card', idDocumentNumber: '001-000' },
  }),
];

let api: ApiServer;
beforeAll(async () => {
  await speakKreyol();
});
afterAll(async () => {
  await setScreenLanguage('fr');
});
beforeEach(async () => {
  api = await startApiServer();
  api.on('GET /transactions/history', () => ({
    body: { data: rows, pagination: { total: 1, total_pages: 1, firstItem: 1, lastItem: 1 } },
  }));
});
afterEach(async () => {
  await api.close();
});

describe('the history table in Kreyòl', () => {
  it('says its columns, its rows and its buttons in Kreyòl', async () => {
    renderApp({ path: '/transaction/history', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    await screen.findByRole('heading', { name: 'Istorik', level: 1 }, { timeout: 5000 });
    const table = await screen.findByRole('table', {
      name: 'Tranzaksyon yo, sa ki pi resan yo an premye',
    });
    expect(within(table).getByRole('columnheader', { name: 'Tip' })).toBeVisible();
    expect(within(table).getByRole('columnheader', { name: 'Estati' })).toBeVisible();
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('Depo');
    expect(row).toHaveTextContent('Konplete');
    expect(row).toHaveTextContent('01/11/2026 12:05');
    expect(within(row).getByRole('button', { name: 'Enprime resi 10000000001 an ankò' })).toHaveTextContent(
      'Enprime ankò',
    );
    expect(screen.getByRole('option', { name: 'Tout kalite' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ekspòte an CSV' })).toBeVisible();
  });
});
