import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Transaction } from '@lajan/domain';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { accountOf, jean } from '../../test/persons';
import { navigateTo, renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { feeQuoteRoute, historyPageRoute, transactionAnswer, transactionOf } from '../../test/transactions';
import { teller } from '../../test/users';

/*
 * Decision 146 (issue 15, item 5): after a money operation the screens show the new money without a
 * reload, and never the old figure on the way: the fake server's figures change when the operation is
 * posted, as the real server's would.
 */

let api: ApiServer;
let float: number;
let rows: Transaction[];
/** Lets a test hold the chart's answer, to see what the dashboard shows while it is on its way. */
let chartGate: Promise<void>;

beforeEach(async () => {
  api = await startApiServer();
  float = 10000;
  rows = [];
  chartGate = Promise.resolve();
  api.on(
    'GET /transactions/history',
    historyPageRoute(() => rows),
  );
  api.on('GET /reports/balance-series', async (request) => {
    const balance = float;
    await chartGate;
    return {
      body: {
        data: {
          period: request.query.period ?? '7d',
          currency: 'HTG',
          series: [
            { key: 'agent_float', label: "Float de l'agent", points: [{ date: '2026-11-24', balance }] },
          ],
        },
      },
    };
  });
  api.on('POST /accounts/search', { body: { data: { account: accountOf([jean], { balance: 2500 }) } } });
  api.on('GET /transactions/fees/quote', feeQuoteRoute());
  api.on('POST /transactions/deposit', () => {
    const deposit = transactionOf({ transactionNumber: '10000000017', type: 'deposit', amount: 1500.5 });
    float -= 1500.5;
    rows = [deposit, ...rows];
    return transactionAnswer(deposit);
  });
});
afterEach(async () => {
  await api.close();
});

const figure = () => screen.getByText("Float de l'agent", { selector: 'figcaption span' }).parentElement!;
const count = (path: string) => api.requests.filter((request) => request.path === path).length;

async function deposit(
  app: Parameters<typeof navigateTo>[0],
  user: UserEvent,
  beforeSave: () => void = () => {},
) {
  await navigateTo(app, '/transaction/deposit');
  await screen.findByRole('heading', { name: 'Dépôt', level: 1 }, { timeout: 5000 });
  await user.type(screen.getByRole('textbox', { name: 'Numéro de compte' }), '40912345678{Enter}');
  await screen.findByRole('region', { name: 'Compte trouvé' });
  await user.click(screen.getByRole('button', { name: 'Suivant' }));
  await user.type(screen.getByRole('textbox', { name: 'Nom complet' }), 'Jean Pierre');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Type de document' }), 'id_card');
  await user.type(screen.getByRole('textbox', { name: 'Numéro de document' }), '003-456-789');
  await user.type(screen.getByRole('textbox', { name: 'Montant (HTG)' }), '1 500,50');
  await user.click(screen.getByRole('button', { name: 'Suivant' }));
  const save = screen.getByRole('button', { name: 'Enregistrer' });
  await waitFor(() => expect(save).toBeEnabled());
  beforeSave();
  await user.click(save);
}

describe('screens follow the money (decision 146)', () => {
  it('shows the new float and the new row on the dashboard after a deposit, without a reload', async () => {
    const { app, user } = renderApp({ path: '/', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 }, { timeout: 5000 });
    await waitFor(() => expect(figure()).toHaveTextContent(/10\s?000,00\s?HTG/));
    expect(await screen.findByText('Aucune transaction pour le moment.')).toBeVisible();

    await deposit(app, user);
    expect(await screen.findByText('Dépôt réalisé avec succès', {}, { timeout: 5000 })).toBeVisible();
    await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 }, { timeout: 5000 });
    await waitFor(() => expect(figure()).toHaveTextContent(/8\s?499,50\s?HTG/));
    const table = await screen.findByRole('table', { name: 'Dernières transactions' });
    expect(within(table).getByText('10000000017')).toBeVisible();
    expect(within(table).getByText(/1\s?500,50\s?HTG/)).toBeVisible();
  });

  it('never shows the old float while the new one is on its way', async () => {
    const { app, user } = renderApp({ path: '/', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 }, { timeout: 5000 });
    await waitFor(() => expect(figure()).toHaveTextContent(/10\s?000,00\s?HTG/));

    let release = () => {};
    chartGate = new Promise((resolve) => (release = resolve));
    await deposit(app, user);
    await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 }, { timeout: 5000 });
    // Back on the dashboard before the chart answered: it says it is loading, not the float of before.
    expect(screen.getByText('Chargement du graphique...')).toBeVisible();
    expect(screen.queryByText(/10\s?000,00\s?HTG/)).toBeNull();
    release();
    await waitFor(() => expect(figure()).toHaveTextContent(/8\s?499,50\s?HTG/));
  });

  it('reads again only what the deposit touched', async () => {
    const { app, user } = renderApp({ path: '/', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 }, { timeout: 5000 });
    await waitFor(() => expect(figure()).toHaveTextContent(/10\s?000,00\s?HTG/));
    let before = { quotes: 0, user: 0, charts: 0 };

    await deposit(app, user, () => {
      before = {
        quotes: count('/transactions/fees/quote'),
        user: count('/auth/user'),
        charts: count('/reports/balance-series'),
      };
    });
    await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 }, { timeout: 5000 });
    await waitFor(() => expect(figure()).toHaveTextContent(/8\s?499,50\s?HTG/));
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The chart is read once more; the confirmation's fee quote (on screen when the deposit succeeded)
    // and the session are not read again.
    expect(count('/reports/balance-series')).toBe(before.charts + 1);
    expect(count('/transactions/fees/quote')).toBe(before.quotes);
    expect(count('/auth/user')).toBe(before.user);
  });
});
