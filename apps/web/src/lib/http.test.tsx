import { authMessages } from '@lajan/domain';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startApiServer, type ApiServer } from '../test/api-server';
import { listAnswer } from '../test/network';
import { jean } from '../test/persons';
import { renderApp } from '../test/render-app';
import { loginAnswer, makeToken } from '../test/tokens';
import { teller } from '../test/users';
import {
  createHttpClient,
  EARLY_ANSWER_MAX_AGE_MS,
  errorMessage,
  HttpError,
  networkMessages,
  type HttpClientOptions,
} from './http';

let api: ApiServer;
beforeEach(async () => {
  api = await startApiServer();
});
afterEach(async () => {
  await api.close();
});

function client(overrides: Partial<HttpClientOptions> = {}) {
  const handlers = {
    getToken: vi.fn<() => string | null>(() => null),
    onUnauthorized: vi.fn(),
    onForbidden: vi.fn(),
    onPasswordChangeRequired: vi.fn(),
  };
  const http = createHttpClient({ baseUrl: api.baseUrl, ...handlers, ...overrides });
  return { http, ...handlers };
}

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('the call should have failed');
}

describe('the http client (SPEC §7)', () => {
  it('calls /api with JSON and the bearer token, and unwraps data', async () => {
    api.on('POST /persons', { status: 201, body: { data: jean } });
    const { http } = client({ getToken: () => 'le.jeton.ici' });
    await expect(
      http.post('/persons', { firstName: 'Nadège' }, { query: { page: 1, skip: undefined } }),
    ).resolves.toEqual(jean);
    const [request] = api.requests;
    expect(request?.path).toBe('/persons');
    expect(request?.headers.authorization).toBe('Bearer le.jeton.ici');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.body).toEqual({ firstName: 'Nadège' });
  });

  it('sends no Authorization header without a token and returns a body without data as it is', async () => {
    api.on('GET /health', { body: { status: 'ok' } });
    const { http } = client();
    await expect(http.get('/health')).resolves.toEqual({ status: 'ok' });
    expect(api.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('fails with a typed error carrying status, message, code and the errors map', async () => {
    api.on('POST /persons', {
      status: 422,
      body: {
        message: 'Veuillez corriger les erreurs du formulaire',
        code: 'VALIDATION_ERROR',
        errors: { 'party.name': ['Le nom est requis'] },
      },
    });
    const { http, onUnauthorized, onForbidden } = client();
    const error = await failure(http.post('/persons', {}));
    expect(error).toMatchObject({
      status: 422,
      message: 'Veuillez corriger les erreurs du formulaire',
      code: 'VALIDATION_ERROR',
      errors: { 'party.name': ['Le nom est requis'] },
    });
    expect(errorMessage(error, 'Échec du dépôt')).toBe('Veuillez corriger les erreurs du formulaire');
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(onForbidden).not.toHaveBeenCalled();
  });

  it('keeps the request id of a failure, and adds it to a server fault’s message (decision 230)', async () => {
    api.on('POST /transactions/deposit', {
      status: 500,
      body: { message: 'Une erreur interne est survenue. Veuillez réessayer.', requestId: 'id-du-corps' },
    });
    api.on('GET /transactions/fees', {
      status: 400,
      body: { message: 'La requête est invalide.' },
      headers: { 'X-Request-Id': 'id-de-l-en-tete' },
    });
    const { http } = client();
    const fault = await failure(http.post('/transactions/deposit', {}));
    expect(fault.requestId).toBe('id-du-corps');
    expect(errorMessage(fault, 'Échec du dépôt')).toBe(
      'Une erreur interne est survenue. Veuillez réessayer. Référence : id-du-corps',
    );
    const refusal = await failure(http.get('/transactions/fees'));
    expect(refusal.requestId).toBe('id-de-l-en-tete');
    expect(errorMessage(refusal, 'Échec')).toBe('La requête est invalide.');
  });

  it("lets the caller's fallback speak when the server gives no message", async () => {
    // A proxy's 502 between the app and the server: no Lajan error body.
    api.on('GET /transactions/fees', { status: 502, proxy: true });
    const { http } = client();
    const error = await failure(http.get('/transactions/fees'));
    expect(error.status).toBe(502);
    expect(error.serverMessage).toBeUndefined();
    expect(errorMessage(error, 'Échec du chargement des frais')).toBe('Échec du chargement des frais');
  });

  it('gives up after its timeout with a French message', async () => {
    api.on('GET /transactions/fees', { hang: true });
    const { http } = client({ timeoutMs: 200 });
    const started = Date.now();
    const error = await failure(http.get('/transactions/fees'));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error).toMatchObject({ status: 0, code: 'TIMEOUT', message: networkMessages.timeout });
    expect(errorMessage(error, 'Une erreur est survenue')).toBe(networkMessages.timeout);
  });

  it('says in French when the server cannot be reached', async () => {
    const { http } = client({ baseUrl: 'http://127.0.0.1:9/api' });
    const error = await failure(http.get('/health'));
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: networkMessages.network });
    expect(error.message).toBe(
      'Le serveur ne répond pas. Vérifiez la connexion, ou réessayez dans un instant.',
    );
  });

  it('says there is no internet when the browser knows it is offline', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const { http } = client({ baseUrl: 'http://127.0.0.1:9/api' });
      const error = await failure(http.get('/health'));
      expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: networkMessages.offline });
      expect(error.message).toMatch(/^Pas de connexion internet/);
    } finally {
      onLine.mockRestore();
    }
  });

  it('hands 401, 403 and PASSWORD_CHANGE_REQUIRED to their handlers, unless the caller handles them', async () => {
    api.on('GET /transactions/fees', {
      status: 401,
      body: { message: 'Veuillez vous connecter.', code: 'UNAUTHENTICATED' },
    });
    api.on('GET /agents', { status: 403, body: { message: 'Interdit', code: 'FORBIDDEN' } });
    api.on('GET /users', { status: 403, body: { message: 'Changez', code: 'PASSWORD_CHANGE_REQUIRED' } });
    const { http, onUnauthorized, onForbidden, onPasswordChangeRequired } = client();

    expect((await failure(http.get('/transactions/fees'))).handled).toBe(true);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await failure(http.get('/agents'));
    expect(onForbidden).toHaveBeenCalledTimes(1);
    await failure(http.get('/users'));
    expect(onPasswordChangeRequired).toHaveBeenCalledTimes(1);
    expect(onForbidden).toHaveBeenCalledTimes(1);

    const own = await failure(http.get('/transactions/fees', { redirectOnUnauthorized: false }));
    expect(own.handled).toBe(false);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('hands a renewed token (X-Access-Token) to its handler, only for a signed-in call', async () => {
    api.on('GET /transactions/fees', {
      body: { data: [] },
      headers: { 'X-Access-Token': 'jeton.renouvele.ici' },
    });
    const onRefreshedToken = vi.fn();
    const signedIn = client({ getToken: () => 'le.jeton.ici', onRefreshedToken });
    await expect(signedIn.http.get('/transactions/fees')).resolves.toEqual([]);
    expect(onRefreshedToken).toHaveBeenCalledWith('jeton.renouvele.ici');

    const anonymous = client({ onRefreshedToken });
    await anonymous.http.get('/transactions/fees');
    expect(onRefreshedToken).toHaveBeenCalledTimes(1);
  });
});

describe('the http client inside the app', () => {
  async function signedIn(path = '/fees-list') {
    // /fees-list reads the fee schedule; an empty one keeps the screen quiet.
    api.on('GET /transactions/fees', { body: { data: [] } });
    const rendered = renderApp({
      path,
      token: makeToken(teller),
      apiBaseUrl: api.baseUrl,
      httpTimeoutMs: 300,
    });
    await screen.findByRole('heading', { name: 'Tableau des frais', level: 1 });
    return rendered;
  }
  const call = (promise: Promise<unknown>) =>
    act(() =>
      promise.then(
        () => undefined,
        () => undefined,
      ),
    );

  it('on a 401 clears the session, shows the sign-in page, then returns to the page after signing in', async () => {
    api.on('GET /agents', {
      status: 401,
      body: { message: 'Veuillez vous connecter.', code: 'UNAUTHENTICATED' },
    });
    api.on('POST /auth/login', { body: loginAnswer(teller) });
    const { app, user } = await signedIn('/fees-list');
    await call(app.http.get('/agents'));

    expect(await screen.findByRole('heading', { name: 'Bienvenue sur Lajan' })).toBeVisible();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(
      within(screen.getByRole('region', { name: 'Notifications' })).getByText(
        'Votre session a expiré. Veuillez vous reconnecter.',
      ),
    ).toBeVisible();

    await user.type(screen.getByLabelText("Nom d'utilisateur"), 'caissiere');
    await user.type(screen.getByLabelText('Mot de passe'), 'Mot-de-passe-1');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('heading', { name: 'Tableau des frais' })).toBeVisible();
  });

  it('keeps a renewed token from the server, in storage and for the next calls', async () => {
    const { app } = await signedIn();
    const first = localStorage.getItem('access_token');
    const renewed = makeToken(teller, { expiresInSeconds: 30 * 60 });
    expect(renewed).not.toBe(first);
    api.on('GET /health', { body: { status: 'ok' }, headers: { 'X-Access-Token': renewed } });
    api.on('GET /agents', { body: listAnswer([]) });

    await call(app.http.get('/health'));
    expect(localStorage.getItem('access_token')).toBe(renewed);
    expect(app.session.getSnapshot().token).toBe(renewed);
    await call(app.http.get('/agents'));
    expect(api.requests.at(-1)?.headers.authorization).toBe(`Bearer ${renewed}`);
    expect(screen.getByRole('heading', { name: 'Tableau des frais', level: 1 })).toBeVisible();
  });

  it("on a 401 after 12 hours of session says to sign in again, with the server's words", async () => {
    api.on('GET /agents', {
      status: 401,
      body: { message: authMessages.sessionTooOld, code: 'UNAUTHENTICATED' },
    });
    const { app } = await signedIn();
    await call(app.http.get('/agents'));
    expect(await screen.findByRole('heading', { name: 'Bienvenue sur Lajan' })).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Notifications' })).getByText(authMessages.sessionTooOld),
    ).toBeVisible();
  });

  it('does not sign back in with a renewed token that arrives after signing out', async () => {
    const { app } = await signedIn();
    api.on('GET /health', { body: { status: 'ok' }, headers: { 'X-Access-Token': makeToken(teller) } });
    const pending = app.http.get('/health');
    act(() => app.session.clear('user'));
    await call(pending);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(app.session.getSnapshot().token).toBeNull();
  });

  it('on a 403 shows "Accès interdit"', async () => {
    api.on('GET /agents', {
      status: 403,
      body: { message: "Vous n'avez pas la permission d'effectuer cette action.", code: 'FORBIDDEN' },
    });
    const { app } = await signedIn();
    await call(app.http.get('/agents'));
    expect(await screen.findByRole('heading', { name: 'Accès interdit' })).toBeVisible();
    expect(localStorage.getItem('access_token')).not.toBeNull();
  });

  it('on PASSWORD_CHANGE_REQUIRED shows the first password change instead', async () => {
    api.on('GET /agents', {
      status: 403,
      body: {
        message: 'Vous devez changer votre mot de passe avant de continuer.',
        code: 'PASSWORD_CHANGE_REQUIRED',
      },
    });
    const { app } = await signedIn();
    await call(app.http.get('/agents'));
    expect(await screen.findByRole('heading', { name: 'Choisissez votre mot de passe' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Accès interdit' })).not.toBeInTheDocument();
  });

  it('on a timeout toasts the French timeout message', async () => {
    api.on('POST /forgot-password', { hang: true });
    const { user } = renderApp({ path: '/forgot-password', apiBaseUrl: api.baseUrl, httpTimeoutMs: 300 });
    await user.type(await screen.findByLabelText("Nom d'utilisateur"), 'superadmin');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(
      await within(screen.getByRole('region', { name: 'Notifications' })).findByText(networkMessages.timeout),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Envoyer le lien' })).toBeEnabled();
  });
});

describe('early answers (decision 152)', () => {
  const series = { data: { period: '7d', currency: 'HTG', series: [] } };
  const read = (http: ReturnType<typeof client>['http'], period = '7d') =>
    http.get('/reports/balance-series', { query: { period }, envelope: true });

  it('sends a prefetched GET at once; the same get takes its answer and asks nothing more, once', async () => {
    api.on('GET /reports/balance-series', { body: series });
    const { http } = client({ getToken: () => 'le.jeton' });
    http.prefetch('/reports/balance-series', { query: { period: '7d' } });
    await vi.waitFor(() => expect(api.requests).toHaveLength(1));
    expect(api.requests[0]?.headers.authorization).toBe('Bearer le.jeton');
    await expect(read(http)).resolves.toEqual(series);
    expect(api.requests).toHaveLength(1);
    // Taken once: the next read asks the server.
    await expect(read(http)).resolves.toEqual(series);
    expect(api.requests).toHaveLength(2);
  });

  it('is not taken by another query, by another session, or once it is too old', async () => {
    api.on('GET /reports/balance-series', { body: series });
    let token = 'premier.jeton';
    const { http } = client({ getToken: () => token });
    http.prefetch('/reports/balance-series', { query: { period: '7d' } });
    await vi.waitFor(() => expect(api.requests).toHaveLength(1));
    await read(http, '30d');
    expect(api.requests).toHaveLength(2);
    token = 'autre.jeton';
    await read(http);
    expect(api.requests).toHaveLength(3);
    expect(api.requests[2]?.headers.authorization).toBe('Bearer autre.jeton');

    http.prefetch('/reports/balance-series', { query: { period: '7d' } });
    await vi.waitFor(() => expect(api.requests).toHaveLength(4));
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + EARLY_ANSWER_MAX_AGE_MS + 1);
    try {
      await read(http);
    } finally {
      vi.restoreAllMocks();
    }
    expect(api.requests).toHaveLength(5);
  });

  it('handles an early 401 only when it is taken, as an answer of its own', async () => {
    api.on('GET /reports/balance-series', { status: 401, body: { message: 'Non authentifié' } });
    const { http, onUnauthorized } = client({ getToken: () => 'le.jeton' });
    http.prefetch('/reports/balance-series', { query: { period: '7d' } });
    await vi.waitFor(() => expect(api.requests).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect((await failure(read(http))).status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(api.requests).toHaveLength(1);
  });

  it('asks again when the early request got no answer', async () => {
    api.on('GET /reports/balance-series', { body: series });
    let calls = 0;
    const flaky: typeof fetch = (input, init) => {
      calls += 1;
      return calls === 1 ? Promise.reject(new TypeError('Failed to fetch')) : fetch(input, init);
    };
    const { http } = client({ getToken: () => 'le.jeton', fetch: flaky });
    http.prefetch('/reports/balance-series', { query: { period: '7d' } });
    await expect(read(http)).resolves.toEqual(series);
    expect(calls).toBe(2);
    expect(api.requests).toHaveLength(1);
  });
});
