import { screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Account } from '@lajan/domain';
import { setScreenLanguage } from '../../i18n/i18n';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { accountOf, jean, marie } from '../../test/persons';
import { renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { feeQuoteRoute, serveEmptyDashboard } from '../../test/transactions';
import { teller } from '../../test/users';
import { speakKreyol } from '../../test/kreyol';

// The money screens in Haitian Creole (decision 236): the page's own words and the domain's, from the catalogues.
const senderAccount = accountOf([jean], { accountNumber: '40912345678', balance: 5000 });
const recipientAccount = accountOf([marie], {
  id: '20000000-0000-4000-8000-000000000002',
  accountNumber: '40987654321',
});

let api: ApiServer;
beforeAll(async () => {
  await speakKreyol();
});
afterAll(async () => {
  await setScreenLanguage('fr');
});
beforeEach(async () => {
  api = await startApiServer();
  serveEmptyDashboard(api);
  const accounts: Record<string, Account> = {
    [senderAccount.accountNumber]: senderAccount,
    [recipientAccount.accountNumber]: recipientAccount,
  };
  api.on('POST /accounts/search', (request) => {
    const found = accounts[(request.body as { account_number: string }).account_number];
    return found
      ? { body: { data: { account: found } } }
      : { status: 404, body: { message: 'Kont lan pa egziste', code: 'NOT_FOUND' } };
  });
  api.on('GET /transactions/fees/quote', feeQuoteRoute({ transfer: 25 }));
});
afterEach(async () => {
  await api.close();
});

describe('the transfer wizard in Kreyòl', () => {
  it('says its title, its steps and the account found in Kreyòl', async () => {
    const { user } = renderApp({
      path: '/transaction/transfer',
      token: makeToken(teller),
      apiBaseUrl: api.baseUrl,
    });
    await screen.findByRole('heading', { name: 'Transfè', level: 1 }, { timeout: 5000 });
    expect(screen.getByText('Transfè soti nan yon kont pou ale sou yon lòt kont nan rezo a.')).toBeVisible();
    await user.type(
      screen.getByRole('textbox', { name: 'Kont moun ki voye a' }),
      `${senderAccount.accountNumber}{Enter}`,
    );
    const found = await screen.findByRole('region', { name: 'Kont yo jwenn' });
    expect(found).toHaveTextContent('Titilè : Jean');
    expect(found).toHaveTextContent('Balans : 5 000,00');
  });
});
