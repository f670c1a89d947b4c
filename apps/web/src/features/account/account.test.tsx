import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setScreenLanguage } from '../../i18n/i18n';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { floatAccount } from '../../test/persons';
import { renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { transactionOf } from '../../test/transactions';
import { agentAdmin, teller } from '../../test/users';
import { speakKreyol } from '../../test/kreyol';

function term(name: string) {
  const label = screen.getByText(name, { selector: 'dt' });
  return label.nextElementSibling as HTMLElement;
}

describe('the account view (SPEC §2 "Account view", /account and /setting)', () => {
  let api: ApiServer;
  beforeEach(async () => {
    api = await startApiServer();
    api.on('GET /transactions/history', {
      body: { data: [transactionOf()], pagination: { total: 1, total_pages: 1, firstItem: 1, lastItem: 1 } },
    });
  });
  afterEach(() => api.close());

  it("shows the agent, the available balance and currency, the account number, the status and the agent's history", async () => {
    api.on('GET /accounts/self', { body: { data: { account: floatAccount() } } });
    renderApp({ path: '/account', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    expect(
      await screen.findByRole('heading', { name: 'Mon Compte', level: 1 }, { timeout: 5000 }),
    ).toBeVisible();
    expect(await screen.findByText('Cap Services (CAP01)')).toBeVisible();
    expect(term('Solde disponible')).toHaveTextContent('98 500,50 HTG');
    // The float's statement is its administrator's (decision 191).
    expect(screen.queryByRole('link', { name: 'Relevé du float' })).toBeNull();
    expect(term('Solde disponible')).toHaveTextContent('Devise : HTG');
    expect(term('Numéro de compte')).toHaveTextContent('90000000017');
    expect(within(term('Statut')).getByText('Actif')).not.toHaveAttribute('data-warning');
    const history = await screen.findByRole('table', {
      name: "Transactions de l'agent, les plus récentes d'abord",
    });
    expect(history).toHaveTextContent('48213907655');
  });

  it.each([
    ['inactive', 'Inactif', false],
    ['pending', 'En attente', true],
    ['closed', 'Fermé', true],
  ] as const)('shows the status %s as %s, in the warning style: %s', async (status, label, warning) => {
    api.on('GET /accounts/self', { body: { data: { account: floatAccount({ status }) } } });
    renderApp({ path: '/setting', token: makeToken(agentAdmin), apiBaseUrl: api.baseUrl });
    const badge = await screen.findByText(label, { selector: 'dd span' }, { timeout: 5000 });
    if (warning) {
      expect(badge).toHaveAttribute('data-warning', 'true');
      expect(badge).toHaveClass('bg-amber-100');
    } else {
      expect(badge).not.toHaveAttribute('data-warning');
    }
  });

  it('speaks Kreyòl when the screen does (decision 236)', async () => {
    await speakKreyol();
    try {
      api.on('GET /accounts/self', { body: { data: { account: floatAccount() } } });
      renderApp({ path: '/account', token: makeToken(teller), apiBaseUrl: api.baseUrl });
      expect(
        await screen.findByRole('heading', { name: 'Kont mwen', level: 1 }, { timeout: 5000 }),
      ).toBeVisible();
      expect(await screen.findByText('Cap Services (CAP01)')).toBeVisible();
      expect(term('Balans disponib')).toHaveTextContent('98 500,50 HTG');
      expect(term('Balans disponib')).toHaveTextContent('Deviz : HTG');
      expect(within(term('Estati')).getByText('Aktif')).toBeVisible();
      expect(screen.getByRole('heading', { name: 'Istorik', level: 2 })).toBeVisible();
    } finally {
      await setScreenLanguage('fr');
    }
  });

  it('says what failed when the account cannot be read', async () => {
    api.on('GET /accounts/self', { status: 404, body: { message: 'Compte introuvable', code: 'NOT_FOUND' } });
    renderApp({ path: '/account', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    expect(
      await screen.findByText('Compte introuvable', { selector: '[role="alert"] *' }, { timeout: 5000 }),
    ).toBeVisible();
  });
});
