import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '@lajan/domain';
import { startApiServer, type ApiServer, type Answer } from '../../test/api-server';
import { agent, apiUsers, listAnswer } from '../../test/network';
import { floatAccount, jean, personList } from '../../test/persons';
import { renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { serveEmptyDashboard } from '../../test/transactions';
import { agentAdmin, superAdmin, teller } from '../../test/users';

/*
 * Decision 151: offline, every list keeps what it showed (TanStack Query's cache, in memory only) and
 * says when it was fetched, with one component (FetchedAt); no error takes its place.
 */

let api: ApiServer;
beforeEach(async () => {
  api = await startApiServer();
  serveEmptyDashboard(api);
  api.on('GET /health', { body: { status: 'ok' } });
});
afterEach(async () => {
  await api.close();
});

interface ListScreen {
  name: string;
  path: string;
  user: SessionUser;
  route: `GET /${string}`;
  answer: Answer;
  /** A text of the data the screen shows. */
  shows: string | RegExp;
}

const screens: ListScreen[] = [
  {
    name: 'the agents (a paged table)',
    path: '/agents',
    user: superAdmin,
    route: 'GET /agents',
    answer: { body: listAnswer([agent()]) },
    shows: agent().name,
  },
  {
    name: 'the users (a paged table)',
    path: '/users',
    user: agentAdmin,
    route: 'GET /users',
    answer: { body: listAnswer([apiUsers.agentAdmin, apiUsers.teller]) },
    shows: apiUsers.teller.username,
  },
  {
    name: 'the persons',
    path: '/persons',
    user: teller,
    route: 'GET /persons',
    answer: { body: personList([jean]) },
    shows: new RegExp(jean.lastName, 'i'),
  },
  {
    name: 'the audit trail',
    path: '/audit',
    user: superAdmin,
    route: 'GET /audit',
    answer: {
      body: listAnswer(
        [
          {
            id: '12',
            at: '2026-11-20T18:05:00.000Z',
            actorUsername: 'superadmin',
            actorName: 'Rose LAFLEUR',
            action: 'agents.suspend',
            target: 'CAP01',
            targetLabel: 'CAP01 · Cap Services',
            agent: { code: 'CAP01', name: 'Cap Services' },
            ip: '10.0.0.7',
            details: {},
          },
        ],
        { perPage: 20 },
      ),
    },
    shows: 'CAP01 · Cap Services',
  },
  {
    name: 'the fee table',
    path: '/fees-list',
    user: superAdmin,
    route: 'GET /transactions/fees',
    answer: {
      body: {
        data: [
          {
            type: 'withdrawal',
            label: 'Retrait',
            rows: [{ type: 'withdrawal', min_amount: 20, max_amount: 249.99, fee: 10, agent_share: 4 }],
            version: { number: 1, effectiveFrom: '2026-11-01T12:00:00.000Z' },
            coming: [],
          },
        ],
      },
    },
    shows: 'Retrait',
  },
  {
    name: 'the float account (Mon Compte)',
    path: '/account',
    user: teller,
    route: 'GET /accounts/self',
    answer: { body: { data: { account: floatAccount() } } },
    shows: floatAccount().accountNumber,
  },
];

describe('lists offline (decision 151)', () => {
  it.each(screens)('$name: keep their data, with the day and time it was fetched', async (list) => {
    api.on(list.route, list.answer);
    const { app } = renderApp({
      path: list.path,
      token: makeToken(list.user),
      apiBaseUrl: api.baseUrl,
      httpTimeoutMs: 300,
    });
    expect((await screen.findAllByText(list.shows, {}, { timeout: 5000 }))[0]).toBeVisible();
    // Online, nothing is said about the time.
    expect(screen.queryByText(/^Données du/)).toBeNull();

    // The link drops; the next read of the list gets no answer.
    api.on(list.route, { hang: true });
    await act(() => app.queryClient.invalidateQueries());
    expect(await screen.findByText('Hors ligne', {}, { timeout: 3000 })).toBeVisible();
    // Each list of the screen says it (Mon Compte also shows the agent's history).
    const notices = await screen.findAllByText(/^Données du \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}, hors ligne$/);
    for (const notice of notices) expect(notice).toBeVisible();
    expect(screen.getAllByText(list.shows)[0]).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();

    // Back online: the next answer replaces it, and the time is no longer said.
    api.on(list.route, list.answer);
    await act(() => app.queryClient.invalidateQueries());
    await waitFor(() => expect(screen.queryByText(/^Données du/)).toBeNull());
    expect(screen.queryByText('Hors ligne')).toBeNull();
  });

  it('keeps them when a gateway answers 502 in place of the server (no answer, not a fault: no /500 page)', async () => {
    api.on('GET /agents', { body: listAnswer([agent()]) });
    const { app } = renderApp({ path: '/agents', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    expect(await screen.findByText(agent().name, {}, { timeout: 5000 })).toBeVisible();

    api.on('GET /agents', { status: 502, proxy: true });
    await act(() => app.queryClient.invalidateQueries());
    expect(await screen.findByText('Hors ligne', {}, { timeout: 3000 })).toBeVisible();
    expect(await screen.findByText(/^Données du .*, hors ligne$/)).toBeVisible();
    expect(screen.getByText(agent().name)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Liste des agents');
    expect(app.router.state.location.pathname).toBe('/agents');
  });
});
