import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { listAnswer } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { agentAdmin, superAdmin } from '../../test/users';

let api: ApiServer;
beforeEach(async () => {
  api = await startApiServer();
});
afterEach(async () => {
  await api.close();
});

const entries = [
  {
    id: 'a2',
    at: '2026-11-20T18:05:00.000Z',
    actorUsername: 'superadmin',
    action: 'agents.suspend',
    target: 'CAP01',
    ip: '10.0.0.7',
    details: {},
  },
  {
    id: 'a1',
    at: '2026-11-20T08:00:00.000Z',
    actorUsername: null,
    action: 'auth.login_failed',
    target: 'inconnu',
    ip: '10.0.0.9',
    details: {},
  },
  { id: 'a0', at: '2026-11-19T08:00:00.000Z', actorUsername: 'admincap', action: 'ledger.something_new', target: null, ip: null, details: null },
];

describe("/audit, the super administrator's audit log", () => {
  it('lists date and time (fr-FR, Haiti), who, action, target and address, paged', async () => {
    api.on('GET /audit', (request) => ({ body: listAnswer(entries, { total: 45, page: Number(request.query.page), perPage: 20 }) }));
    const { user } = renderApp({ path: '/audit', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    const table = await screen.findByRole('table', { name: "Journal d'audit" });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      // 18:05 UTC is 13:05 in Port-au-Prince (UTC−5 in November).
      ['20/11/2026 13:05', 'superadmin', 'Agent suspenduagents.suspend', 'CAP01', '10.0.0.7'],
      ['20/11/2026 03:00', 'Anonyme', 'Connexion refuséeauth.login_failed', 'inconnu', '10.0.0.9'],
      ['19/11/2026 03:00', 'admincap', 'ledger.something_new', '—', '—'],
    ]);
    expect(screen.getByText('1 – 20 sur 45')).toBeVisible();
    expect(api.requests.at(-1)?.query).toEqual({ page: '1', per_page: '20' });

    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText('21 – 40 sur 45')).toBeVisible();
    expect(api.requests.at(-1)?.query).toEqual({ page: '2', per_page: '20' });
  });

  it('is in the super administrator’s sidebar only', async () => {
    api.on('GET /audit', { body: listAnswer([]) });
    const { user } = renderApp({ path: '/', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    const nav = await screen.findByRole('navigation', { name: 'Menu principal' });
    await user.click(within(nav).getByRole('link', { name: "Journal d'audit" }));
    expect(await screen.findByText('Le journal est vide.')).toBeVisible();
  });

  it("is forbidden to an agent's administrator", async () => {
    renderApp({ path: '/audit', token: makeToken(agentAdmin), apiBaseUrl: api.baseUrl });
    expect(await screen.findByRole('heading', { name: 'Accès interdit' })).toBeVisible();
    expect(api.requests).toEqual([]);
  });
});
