import { genericMessages, textMessages } from '@lajan/domain';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, InjectOptions } from 'fastify';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { persons } from '../src/db/schema.js';
import { build, SUPERADMIN } from './helpers/build.js';
import { activeSuperAdminToken, call, login, type Answer } from './helpers/fixtures.js';
import { personInput } from './modules/persons/person-fixtures.js';

/** The security headers helmet sets, on an answer that may have left before helmet's hook ran. */
function expectSecurityHeaders(answer: Answer, label: string) {
  expect(answer.headers['x-content-type-options'], label).toBe('nosniff');
  expect(answer.headers['x-frame-options'], label).toBe('SAMEORIGIN');
  expect(answer.headers['content-security-policy'], label).toContain("default-src 'self'");
  expect(answer.headers['strict-transport-security'], label).toBeDefined();
  expect(answer.headers['referrer-policy'], label).toBe('no-referrer');
}

describe('what the framework refuses goes through the one error handler', () => {
  it('answers a bad URL, a parameter too long, bad JSON, a wrong media type, a big body and an unknown route in French, with the security headers, never echoing the input', async () => {
    const { app } = await build();
    const token = await activeSuperAdminToken(app);
    const cases: {
      label: string;
      request: InjectOptions;
      status: number;
      message: string;
      echo?: string;
    }[] = [
      {
        label: 'a URL that does not decode',
        request: { method: 'GET', url: '/api/%c0%af' },
        status: 400,
        message: genericMessages.badUrl,
        echo: 'c0',
      },
      {
        label: 'a bad URL under a route',
        request: {
          method: 'GET',
          url: '/api/persons/%E0%A4%A',
          headers: { authorization: `Bearer ${token}` },
        },
        status: 400,
        message: genericMessages.badUrl,
        echo: 'E0',
      },
      {
        label: 'a path parameter over the router’s limit',
        request: { method: 'GET', url: `/api/persons/${'Z'.repeat(300)}` },
        status: 414,
        message: genericMessages.urlTooLong,
        echo: 'ZZZZ',
      },
      {
        label: 'bad JSON',
        request: {
          method: 'POST',
          url: '/api/auth/login',
          payload: '{"username": "<script>',
          headers: { 'content-type': 'application/json' },
        },
        status: 400,
        message: genericMessages.badJson,
        echo: 'script',
      },
      {
        label: 'a form instead of JSON',
        request: {
          method: 'POST',
          url: '/api/auth/login',
          payload: 'username=<script>',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
        status: 415,
        message: genericMessages.unsupportedMediaType,
        echo: 'script',
      },
      {
        label: 'a body over 100 KB',
        request: {
          method: 'POST',
          url: '/api/auth/login',
          payload: JSON.stringify({ username: 'x'.repeat(200_000), password: 'y' }),
          headers: { 'content-type': 'application/json' },
        },
        status: 413,
        message: genericMessages.payloadTooLarge,
        echo: 'xxxx',
      },
      {
        label: 'an unknown API route',
        request: { method: 'DELETE', url: '/api/nulle-part/<script>' },
        status: 404,
        message: genericMessages.notFound,
        echo: 'script',
      },
    ];
    for (const { label, request, status, message, echo } of cases) {
      const response = await app.inject(request);
      const answer: Answer = {
        status: response.statusCode,
        headers: response.headers,
        body: response.json(),
        text: response.body,
      };
      expect(answer.status, label).toBe(status);
      expect(answer.body.message, label).toBe(message);
      expect(answer.headers['content-type'], label).toBe('application/json; charset=utf-8');
      expect(answer.headers['cache-control'], label).toBe('no-store');
      expectSecurityHeaders(answer, label);
      if (echo) expect(answer.text, label).not.toContain(echo);
    }
  });

  it('answers a request the HTTP parser refuses (a Content-Length that is not a number) in French, with the security headers', async () => {
    const { app } = await build();
    const [head, body] = await rawExchange(
      app,
      'POST /api/auth/login HTTP/1.1\r\nHost: lajan.test\r\nContent-Type: application/json\r\nContent-Length: douze\r\n\r\n{}',
    );
    expect(head.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expectSecurityHeaders({ status: 400, headers: head.headers, body: undefined, text: '' }, 'client error');
    expect(head.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(body)).toEqual({
      message: genericMessages.badRequest,
      code: 'BAD_REQUEST',
      requestId: head.headers['x-request-id'],
    });
    expect(body).not.toContain('douze');
  });

  it('answers headers too large with a French 431, and a HEAD without a body (the fuzz read its body as a broken answer)', async () => {
    const { app } = await build();
    const [get, getBody] = await rawExchange(
      app,
      `GET /api/users/${'x'.repeat(100_000)} HTTP/1.1\r\nHost: lajan.test\r\n\r\n`,
    );
    expect(get.statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(JSON.parse(getBody)).toEqual({
      message: genericMessages.headersTooLarge,
      code: 'HEADERS_TOO_LARGE',
      requestId: get.headers['x-request-id'],
    });
    expectSecurityHeaders({ status: 431, headers: get.headers, body: undefined, text: '' }, '431');

    const [head, headBody] = await rawExchange(
      app,
      `HEAD /api/users/${'x'.repeat(100_000)} HTTP/1.1\r\nHost: lajan.test\r\n\r\n`,
    );
    expect(head.statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(headBody).toBe('');
  });
});

/** Sends raw bytes to the listening app and reads everything it answers before closing the connection. */
async function rawExchange(
  app: Awaited<ReturnType<typeof build>>['app'],
  request: string,
): Promise<[{ statusLine: string; headers: Record<string, string> }, string]> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const raw = await new Promise<string>((resolve, reject) => {
    const socket = connect(address.port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    socket.on('close', () => resolve(received));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' ? resolve(received) : reject(error),
    );
    socket.write(request);
  });
  const separator = raw.indexOf('\r\n\r\n');
  const lines = raw.slice(0, separator).split('\r\n');
  const headers = Object.fromEntries(
    lines
      .slice(1)
      .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 2)]),
  );
  return [{ statusLine: lines[0]!, headers }, raw.slice(separator + 4)];
}

describe('Cache-Control: no-store', () => {
  it('is on every /api answer: success, 401, 404, 422 and 429', async () => {
    const { app } = await build();
    const token = await activeSuperAdminToken(app);
    const answers: [string, Answer][] = [
      ['health', await call(app, 'GET', '/api/health')],
      ['signed-in user', await call(app, 'GET', '/api/auth/user', { token })],
      ['persons', await call(app, 'GET', '/api/persons', { token })],
      ['no session', await call(app, 'GET', '/api/persons')],
      ['unknown route', await call(app, 'GET', '/api/nulle-part', { token })],
      ['invalid form', await call(app, 'POST', '/api/persons', { token, body: {} })],
      ['docs', await call(app, 'GET', '/api/docs/json')],
    ];
    let throttled: Answer | undefined;
    for (let attempt = 0; attempt < 60 && !throttled; attempt += 1) {
      const answer = await login(app, 'personne', 'Mauvais-Mot-De-Passe');
      if (answer.status === 429) throttled = answer;
    }
    answers.push(['throttled', throttled!]);
    expect(answers.map(([label, answer]) => [label, answer.status])).toEqual([
      ['health', 200],
      ['signed-in user', 200],
      ['persons', 200],
      ['no session', 401],
      ['unknown route', 404],
      ['invalid form', 422],
      ['docs', 200],
      ['throttled', 429],
    ]);
    for (const [label, answer] of answers) expect(answer.headers['cache-control'], label).toBe('no-store');
  });
});

describe('names, addresses and free text', () => {
  it('refuse a line break, a tab or a bidirectional character with a French message, and nothing is written', async () => {
    const { app, database } = await build();
    const token = await activeSuperAdminToken(app);
    const input = personInput(1, {
      firstName: 'Marie\nBcc: pirate@exemple.ht',
      lastName: 'Jo\u202eseph',
      address: '12, rue\tCapois',
      occupation: 'Commer\u200bçante',
      mother: 'Anne\u2066Joseph',
    });
    const answer = await call(app, 'POST', '/api/persons', { token, body: input });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({
      firstName: [textMessages.forbiddenCharacters],
      lastName: [textMessages.forbiddenCharacters],
      address: [textMessages.forbiddenCharacters],
      occupation: [textMessages.forbiddenCharacters],
      mother: [textMessages.forbiddenCharacters],
    });
    expect(textMessages.forbiddenCharacters).toBe('Caractères non autorisés');
    const rows = await database.db.select().from(persons).where(eq(persons.email, input.email));
    expect(rows).toEqual([]);

    const contact = await call(app, 'PUT', `/api/users/${SUPERADMIN.username}`, {
      token,
      body: { address: '12, rue Capois\r\nBcc: x', city: 'Jac\u202emel' },
    });
    expect(contact.status).toBe(422);
    expect(contact.body.errors).toEqual({
      address: [textMessages.forbiddenCharacters],
      city: [textMessages.forbiddenCharacters],
    });
  });
});

describe('the log', () => {
  it('keeps neither the e-mail of a search, the account number of an export nor a bearer token', async () => {
    const { app, logs } = await build({ env: { LOG_LEVEL: 'trace' } });
    const token = await activeSuperAdminToken(app);
    const email = 'marie.joseph@exemple.ht';
    const searched = await call(app, 'GET', `/api/persons?q=${encodeURIComponent(email)}&page=1`, { token });
    expect(searched.status).toBe(200);
    await call(app, 'GET', '/api/transactions/history/export?q=000123456789', { token });
    await call(app, 'GET', `/api/accounts?q=${email}`, { token });
    await call(app, 'GET', `/api/users?${email}`, { token });

    expect(logs.text).toContain('/api/persons?q=[redacted]&page=[redacted]');
    expect(logs.text).toContain('/api/transactions/history/export?q=[redacted]');
    for (const secret of [
      email,
      encodeURIComponent(email),
      'marie.joseph',
      '000123456789',
      token,
      token.split('.')[2]!,
      'Bearer',
    ]) {
      expect(logs.text, secret).not.toContain(secret);
    }
  });
});

describe('the log of a path (issue 39, decision 198)', () => {
  it('masks the document, account and transaction numbers and the idempotency keys of paths', async () => {
    const { app, logs } = await build({ env: { LOG_LEVEL: 'trace' } });
    const token = await activeSuperAdminToken(app);
    const typed = {
      document: 'NIF-004-218-771-5',
      account: '000123456789',
      transaction: '482913573014',
      key: 'cle-de-caisse-Marie',
    };
    await call(app, 'GET', `/api/persons/search/${typed.document}`, { token });
    await call(app, 'GET', `/api/persons/search/id_card/${typed.document}`, { token });
    await call(app, 'GET', `/api/persons/check-document-unique/${typed.document}/id_card`, { token });
    await call(app, 'GET', `/api/reports/accounts/${typed.account}/statement`, { token });
    await call(app, 'POST', `/api/transactions/${typed.transaction}/unlock`, { token });
    await call(app, 'GET', `/api/transactions/by-idempotency-key/${typed.key}`, { token });

    expect(logs.text).toContain('/api/reports/accounts/[redacted]/statement');
    expect(logs.text).toContain('/api/transactions/[redacted]/unlock');
    expect(logs.text).toContain('/api/transactions/by-idempotency-key/[redacted]');
    for (const secret of [...Object.values(typed), 'NIF-004', '123456789'])
      expect(logs.text, secret).not.toContain(secret);
  });
});

describe('the log of an answer', () => {
  it('keeps its status, never its headers (a refreshed token may travel there) nor a token in a body', async () => {
    const refreshed = 'eyJhbGciOiJIUzI1NiJ9.rafraichi.signature-secrete';
    const probe: FastifyPluginAsync = (api) => {
      api.get('/probe/refresh', { config: { public: true } }, (request, reply) => {
        request.log.info({ body: { access_token: refreshed, nested: { token: refreshed } } }, 'sonde');
        void reply.header('x-access-token', refreshed).header('authorization', `Bearer ${refreshed}`);
        return { ok: true };
      });
      return Promise.resolve();
    };
    const { app, logs } = await build({ env: { LOG_LEVEL: 'trace' }, overrides: { routes: probe } });
    const answer = await app.inject({ method: 'GET', url: '/api/probe/refresh' });
    expect(answer.headers['x-access-token']).toBe(refreshed);
    expect(logs.text).toContain('"statusCode":200');
    expect(logs.text).toContain('sonde');
    expect(logs.text).not.toContain('rafraichi');
  });
});
