import { afterEach, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer } from './api-server';
import { contractProblems, routeOf } from './contract';
import { floatAccount, jean } from './persons';

/**
 * The fake API checks each answer against the response the real server declares (decision 130):
 * these tests prove that a fake the server would never give makes its test fail, and says why.
 */

const float = floatAccount();

let api: ApiServer | undefined;
afterEach(async () => {
  // Each test closes its own server and looks at what close() says; this is only a safety net.
  await api?.close().catch(() => undefined);
  api = undefined;
});

async function get(path: string) {
  const answer = await fetch(`${api!.baseUrl}${path}`);
  return { status: answer.status, body: (await answer.json()) as { message?: string } };
}

describe('the fake API, checked against the server’s OpenAPI document', () => {
  it('lets through an answer the server could give', async () => {
    api = await startApiServer();
    api.on('GET /accounts/self', { body: { data: { account: float } } });
    expect(await get('/accounts/self')).toEqual({ status: 200, body: { data: { account: float } } });
    await expect(api.close()).resolves.toBeUndefined();
  });

  it('answers 500 to a wrong shape and fails the test at close(), naming the route and the field', async () => {
    api = await startApiServer();
    // A customer account's holders without `principal`, and a field the server never sends.
    const { unavailableBalance: _left, ...withoutUnavailable } = float;
    api.on('GET /accounts/self', {
      body: { data: { account: { ...withoutUnavailable, owner: 'Cap Services' } } },
    });
    const answer = await get('/accounts/self');
    expect(answer.status).toBe(500);
    expect(answer.body.message).toContain('Fausse réponse que le serveur ne donnerait pas');
    expect(api.contractViolations).toEqual(
      expect.arrayContaining([
        "GET /api/accounts/self → 200 : /data/account must have required property 'unavailableBalance'",
        'GET /api/accounts/self → 200 : /data/account must NOT have additional properties (owner)',
      ]),
    );
    const closing = api.close();
    await expect(closing).rejects.toThrow(/La fausse API a répondu ce que le serveur ne répondrait jamais/);
    await expect(closing).rejects.toThrow(/\/data\/account must have required property 'unavailableBalance'/);
  });

  it('refuses at once a fake for a route the server does not have', async () => {
    api = await startApiServer();
    expect(() => api!.on('GET /accounts/self/history', { body: { data: {} } })).toThrow(
      'Fausse API : le serveur n’a pas de route GET /api/accounts/self/history',
    );
    expect(() => api!.on('PUT /transactions/deposit', { body: {} })).toThrow(
      /pas de route PUT \/api\/transactions\/deposit/,
    );
    await expect(api.close()).resolves.toBeUndefined();
  });

  it('refuses a status the route never answers, and an error without the common error body', async () => {
    api = await startApiServer();
    api.on('POST /agents/CAP01/suspend', { status: 409, body: { message: 'Agent déjà suspendu' } });
    api.on('GET /users/caissiere', { status: 404, body: { error: 'not found' } });
    await fetch(`${api.baseUrl}/agents/CAP01/suspend`, { method: 'POST' });
    await get('/users/caissiere');
    expect(api.contractViolations).toEqual([
      'POST /api/agents/CAP01/suspend → 409 : le serveur ne déclare pas ce statut pour POST /api/agents/{code}/suspend (il déclare 200, 400, 401, 403, 404, 413, 414, 415, 422, 431, 503).',
      "GET /api/users/caissiere → 404 : (la réponse) must have required property 'message'",
      'GET /api/users/caissiere → 404 : (la réponse) must NOT have additional properties (error)',
    ]);
    await expect(api.close()).rejects.toThrow(/POST \/api\/agents\/CAP01\/suspend → 409/);
  });

  it('refuses the default 404 for a call the test gave no answer to, where the server never answers 404', async () => {
    api = await startApiServer();
    expect((await get('/transactions/history')).status).toBe(500);
    expect(api.contractViolations[0]).toContain(
      "aucune fausse réponse pour cet appel : le test doit en donner une, api.on('GET /transactions/history', …)",
    );
    await expect(api.close()).rejects.toThrow(/GET \/api\/transactions\/history → 404/);
  });

  it('lets a proxy’s failure through (no Lajan body), but only a failure', async () => {
    api = await startApiServer();
    api.on('GET /transactions/fees', { status: 502, proxy: true });
    expect((await fetch(`${api.baseUrl}/transactions/fees`)).status).toBe(502);
    await expect(api.close()).resolves.toBeUndefined();

    api = await startApiServer();
    api.on('GET /transactions/fees', { status: 200, proxy: true, body: { data: 'n’importe quoi' } });
    await fetch(`${api.baseUrl}/transactions/fees`);
    await expect(api.close()).rejects.toThrow(/une réponse de proxy est un échec/);
  });

  it('matches a path to the server’s route as Fastify does: a static segment before a parameter', () => {
    expect(routeOf('GET', '/accounts/self')?.path).toBe('/accounts/self');
    expect(routeOf('GET', '/accounts/a0000000-0000-4000-8000-000000000001')?.path).toBe('/accounts/{id}');
    expect(routeOf('GET', '/persons/search/passport/PA123456')?.path).toBe('/persons/search/{type}/{number}');
    expect(routeOf('GET', '/accounts/')).toBeUndefined();
    // The server's person answer is the whole file or its masked summary, nothing in between.
    expect(
      contractProblems('GET', `/persons/${jean.id}`, {
        status: 200,
        body: { data: jean },
        contentType: 'application/json',
      }),
    ).toEqual([]);
    const { canDelete: _canDelete, ...withoutDeleteFlag } = jean;
    const { masked: _masked, canEdit: _canEdit, ...unmarked } = jean;
    for (const person of [withoutDeleteFlag, unmarked]) {
      expect(
        contractProblems('GET', `/persons/${jean.id}`, {
          status: 200,
          body: { data: person },
          contentType: 'application/json',
        }),
      ).not.toEqual([]);
    }
  });

  it('checks the media type: the history export is CSV, not JSON', () => {
    const csv = 'Numéro;Type\r\n';
    expect(
      contractProblems('GET', '/transactions/history/export', {
        status: 200,
        body: csv,
        contentType: 'text/csv; charset=utf-8',
      }),
    ).toEqual([]);
    expect(
      contractProblems('GET', '/transactions/history/export', {
        status: 200,
        body: csv,
        contentType: 'application/json',
      }),
    ).toEqual([
      'GET /api/transactions/history/export → 200 : le serveur répond en text/csv, pas en application/json.',
    ]);
  });
});
