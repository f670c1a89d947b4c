import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer } from '../test/api-server';
import { navigateTo, renderApp } from '../test/render-app';
import { loginAnswer, makeToken } from '../test/tokens';
import { serveEmptyDashboard } from '../test/transactions';
import { agentAdmin, superAdmin, teller } from '../test/users';

let api: ApiServer;
beforeEach(async () => {
  api = await startApiServer();
});
afterEach(async () => {
  await api.close();
});

const signInHeading = () => screen.findByRole('heading', { name: 'Bienvenue sur Lajan' });
const dashboardHeading = () => screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 });

/** The guard let the person in: still on `path`, and a screen other than the dashboard or "Accès interdit" shows. */
async function expectScreenOpened(path: string) {
  expect(window.location.pathname).toBe(path);
  await waitFor(() => {
    const titles = screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent);
    expect(titles).not.toContain('Accès interdit');
    expect(titles).not.toContain('Tableau de Bord');
  });
  expect(window.location.pathname).toBe(path);
}

describe('signed out', () => {
  it('sends a visitor of a protected page to /login, then back there after signing in', async () => {
    api.on('POST /auth/login', { body: loginAnswer(teller) });
    const { user } = renderApp({ path: '/transaction/history', apiBaseUrl: api.baseUrl });

    expect(await signInHeading()).toBeVisible();
    expect(window.location.pathname).toBe('/login');

    await user.type(screen.getByLabelText("Nom d'utilisateur"), 'caissiere');
    await user.type(screen.getByLabelText('Mot de passe'), 'Mot-de-passe-1');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    expect(await screen.findByRole('heading', { name: 'Historique' })).toBeVisible();
    expect(window.location.pathname).toBe('/transaction/history');
  });

  it('starts the dashboard at sign-in: its two reads go out at once and are each asked once', async () => {
    api.on('POST /auth/login', { body: loginAnswer(teller) });
    serveEmptyDashboard(api);
    const { user } = renderApp({ path: '/login', apiBaseUrl: api.baseUrl });
    await user.type(await screen.findByLabelText("Nom d'utilisateur"), 'caissiere');
    await user.type(screen.getByLabelText('Mot de passe'), 'Mot-de-passe-1');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    expect(await dashboardHeading()).toBeVisible();
    expect(await screen.findByText('Aucune transaction pour le moment.')).toBeVisible();
    const asked = api.requests.map((r) => `${r.method} ${r.path}`);
    expect(asked[0]).toBe('POST /auth/login');
    expect(asked.slice(1).sort()).toEqual(['GET /reports/balance-series', 'GET /transactions/history']);
  });

  it('treats an expired, garbled or two-part stored token as signed out and removes it', async () => {
    for (const token of [
      makeToken(teller, { expiresInSeconds: -5 }),
      'xx.yy.zz',
      makeToken(teller).split('.').slice(0, 2).join('.'),
    ]) {
      const { unmount } = renderApp({ path: '/', token });
      expect(await signInHeading()).toBeVisible();
      expect(localStorage.getItem('access_token')).toBeNull();
      unmount();
    }
  });
});

describe('signed in', () => {
  it('restores the session from access_token on load without asking the server who the user is', async () => {
    serveEmptyDashboard(api);
    renderApp({ path: '/', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    expect(await dashboardHeading()).toBeVisible();
    expect(screen.getByText(/Bienvenue, Nadège JOSEPH/)).toBeVisible();
    // Only the dashboard's own reads, sent as the app opens (decision 152): no GET /auth/user.
    await waitFor(() => expect(api.requests).toHaveLength(2));
    expect(api.requests.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'GET /reports/balance-series',
      'GET /transactions/history',
    ]);
  });

  it('fetches the current user when the token carries no usable user claim', async () => {
    api.on('GET /auth/user', { body: { data: { user: agentAdmin } } });
    renderApp({ path: '/', token: makeToken({ id: agentAdmin.id }), apiBaseUrl: api.baseUrl });
    expect(await screen.findByText(/Bienvenue, Jérôme PIERRE/)).toBeVisible();
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /auth/user']);
  });

  it('signs out when that current-user fetch fails', async () => {
    api.on('GET /auth/user', {
      status: 500,
      body: { message: 'Une erreur interne est survenue. Veuillez réessayer.' },
    });
    renderApp({ path: '/', token: makeToken({ id: agentAdmin.id }), apiBaseUrl: api.baseUrl });
    expect(await signInHeading()).toBeVisible();
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it.each(['/login', '/forgot-password', '/reset-password/abc?username=caissiere'])(
    'sends a signed-in person from %s to the dashboard',
    async (path) => {
      renderApp({ path, token: makeToken(teller) });
      expect(await dashboardHeading()).toBeVisible();
      expect(window.location.pathname).toBe('/');
    },
  );

  it.each([
    [
      'the super administrator',
      superAdmin,
      ['/transaction/deposit', '/create-account', '/account', '/setting'],
    ],
    [
      'an administrator',
      agentAdmin,
      ['/create-agent', '/transaction/deposit-agent', '/administrators', '/transaction/withdraw'],
    ],
    ['a teller', teller, ['/create-agent', '/create-user', '/administrators', '/transaction/deposit-agent']],
  ])('shows "Accès interdit" to %s on the screens of other roles', async (_who, person, paths) => {
    const { app } = renderApp({ path: '/', token: makeToken(person) });
    await dashboardHeading();
    for (const path of paths) {
      await navigateTo(app, path);
      expect(await screen.findByRole('heading', { name: 'Accès interdit' })).toBeVisible();
      expect(window.location.pathname).toBe('/403');
      await navigateTo(app, '/');
      await dashboardHeading();
    }
  });

  it.each([
    [
      'the super administrator',
      superAdmin,
      ['/agents', '/transaction/deposit-agent', '/create-agent', '/administrators', '/create-user'],
    ],
    ['an administrator', agentAdmin, ['/users', '/create-user', '/account', '/fees-list']],
    [
      'a teller',
      teller,
      ['/transaction/deposit', '/transaction/external-transfer/receive', '/create-account', '/person'],
    ],
  ])('opens to %s the screens of its role', async (_who, person, paths) => {
    const { app } = renderApp({ path: '/', token: makeToken(person) });
    await dashboardHeading();
    for (const path of paths) {
      await navigateTo(app, path);
      await expectScreenOpened(path);
    }
  });

  it('forces a user without passwordUpdatedAt to the first password change, wherever it goes', async () => {
    const { app } = renderApp({ path: '/agents', token: makeToken({ ...teller, passwordUpdatedAt: null }) });
    expect(await screen.findByRole('heading', { name: 'Choisissez votre mot de passe' })).toBeVisible();
    expect(window.location.pathname).toBe('/first-update-password');
    await navigateTo(app, '/fees-list');
    expect(await screen.findByRole('heading', { name: 'Choisissez votre mot de passe' })).toBeVisible();
    expect(window.location.pathname).toBe('/first-update-password');
  });

  it('sends someone who already changed its password away from /first-update-password', async () => {
    renderApp({ path: '/first-update-password', token: makeToken(teller) });
    expect(await dashboardHeading()).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Choisissez votre mot de passe' })).not.toBeInTheDocument();
  });

  it('signs out when the token expires in the open app', async () => {
    const { app } = renderApp({ path: '/', token: makeToken(teller, { expiresInSeconds: 1 }) });
    await dashboardHeading();
    await waitFor(() => expect(app.session.getSnapshot().token).toBeNull(), { timeout: 3000 });
    expect(await signInHeading()).toBeVisible();
  });
});

describe('unknown paths', () => {
  it.each([
    ['signed out', undefined],
    ['signed in', makeToken(teller)],
  ])('show the 404 page with Accueil and Retour (%s)', async (_state, token) => {
    renderApp({ path: '/nulle-part/ici', token });
    expect(await screen.findByRole('heading', { name: 'Page non trouvée' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Accueil' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Retour' })).toBeVisible();
  });

  it('go home with Accueil', async () => {
    const { user } = renderApp({ path: '/nulle-part', token: makeToken(superAdmin) });
    await user.click(await screen.findByRole('link', { name: 'Accueil' }));
    expect(await dashboardHeading()).toBeVisible();
  });
});
