import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { describe, expect, it } from 'vitest';
import { genericMessages } from '@lajan/domain';
import { build, SUPERADMIN } from './helpers/build.js';
import { activeSuperAdminToken, call, login } from './helpers/fixtures.js';
import { Mailbox } from './helpers/mailbox.js';

interface OpenApiOperation {
  requestBody: { content: Record<string, { schema: { required: string[] } }> };
  responses: Record<string, unknown>;
}

const faulty: FastifyPluginAsync = (api) => {
  api.get('/probe/fault', { config: { public: true } }, () => {
    throw new Error('relation "secret_table" does not exist at /srv/lajan/src/db.ts:42');
  });
  return Promise.resolve();
};

function webDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lajan-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="fr"><title>Lajan SPA</title><div id="root"></div></html>',
  );
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("lajan")');
  return dir;
}

describe('errors', () => {
  it('answers an unknown API route with a French JSON 404, whatever the method', async () => {
    const { app } = await build();
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const answer = await call(app, method, '/api/nulle-part');
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: 'Ressource introuvable', code: 'NOT_FOUND' });
    }
  });

  it('answers a 500 that says nothing of its cause, and logs the cause', async () => {
    const { app, logs } = await build({ overrides: { routes: faulty } });

    const answer = await call(app, 'GET', '/api/probe/fault');

    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({
      message: 'Une erreur interne est survenue. Veuillez réessayer.',
      code: 'INTERNAL_ERROR',
    });
    expect(answer.text).not.toContain('secret_table');
    expect(answer.text).not.toContain('/srv/lajan');
    const logged = logs.entries().find((entry) => entry.level === 50);
    expect(JSON.stringify(logged)).toContain('relation \\"secret_table\\" does not exist');
    expect(JSON.stringify(logged)).toContain('stack');
  });

  it('answers a body that is not JSON with a French 400', async () => {
    const { app } = await build();
    const answer = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "superadmin", ',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      message: 'Le corps de la requête est invalide.',
      code: 'BAD_JSON',
      requestId: answer.headers['x-request-id'],
    });
  });

  it('answers a JSON body that is not an object with 422', async () => {
    const { app } = await build();
    const answer = await call(app, 'POST', '/api/auth/login', { body: ['superadmin'] });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('Le corps de la requête est invalide.');
  });

  it('refuses a NUL character in a body, a path or a query with a French 422 on its field, before any query', async () => {
    const { app } = await build();
    const login = await call(app, 'POST', '/api/auth/login', {
      body: { username: 'super\u0000', password: 'x' },
    });
    expect(login.status).toBe(422);
    expect(login.body).toEqual({
      message: 'Ce champ contient un caractère non autorisé',
      code: 'VALIDATION_ERROR',
      errors: { username: ['Ce champ contient un caractère non autorisé'] },
    });
    const token = await activeSuperAdminToken(app);
    const agent = await call(app, 'GET', '/api/agents/%00', { token });
    expect(agent.status).toBe(422);
    expect(agent.body.errors).toEqual({ code: ['Ce champ contient un caractère non autorisé'] });
    const deposit = await call(app, 'POST', '/api/agents/deposit', {
      token,
      body: {
        code: 'AG\u0000',
        party: { name: 'Jean', idDocumentType: 'id_card', idDocumentNumber: 'N123' },
        amount: 100,
      },
    });
    expect(deposit.status).toBe(422);
    expect(deposit.body.errors).toEqual({ code: ['Ce champ contient un caractère non autorisé'] });
    const search = await call(app, 'GET', '/api/users/search?q=a%00b', { token });
    expect(search.status).toBe(422);
    expect(search.body.errors).toEqual({ q: ['Ce champ contient un caractère non autorisé'] });
  });

  it('answers a body over 100 KB with a French 413', async () => {
    const { app } = await build();
    const answer = await call(app, 'POST', '/api/auth/login', {
      body: { username: SUPERADMIN.username, password: 'x'.repeat(110 * 1024) },
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ message: 'La requête est trop volumineuse.', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers a body that is not JSON at all with a French 415', async () => {
    const { app } = await build();
    const answer = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'superadmin',
    });
    expect(answer.statusCode).toBe(415);
    expect(answer.json().message).toBe("Ce type de contenu n'est pas accepté : envoyez du JSON.");
  });
});

describe('security headers', () => {
  it('are on every answer, API and pages alike', async () => {
    const { app } = await build({ overrides: { webDistDir: webDist() } });
    for (const url of ['/api/health', '/api/nulle-part', '/tableau', '/api/docs/']) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
      expect(answer.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(answer.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(answer.headers['content-security-policy'], url).not.toContain('upgrade-insecure-requests');
    }
  });
});

describe('the API description', () => {
  it('is served at /api/docs, generated from the zod schemas', async () => {
    const { app } = await build();
    const json = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const spec = json.json<{ openapi: string; paths: Record<string, Record<string, OpenApiOperation>> }>();
    expect(spec.openapi).toBe('3.1.0');
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/auth/login',
        '/api/auth/user',
        '/api/auth/logout',
        '/api/users/update-password',
        '/api/forgot-password',
        '/api/auth/forgot-password',
        '/api/reset-password',
        '/api/auth/reset-password',
      ]),
    );
    const loginBody = spec.paths['/api/auth/login']!.post!.requestBody.content['application/json']!.schema;
    expect(loginBody.required).toEqual(['username', 'password']);
    // With what every route answers (decision 234).
    expect(Object.keys(spec.paths['/api/auth/login']!.post!.responses)).toEqual([
      '200',
      '400',
      '401',
      '413',
      '415',
      '422',
      '429',
      '431',
      '503',
    ]);

    const page = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});

describe('the single-page app', () => {
  it('answers every GET outside /api with index.html, and serves the assets', async () => {
    const { app } = await build({ overrides: { webDistDir: webDist() } });
    for (const url of ['/', '/login', '/reset-password/abc?username=superadmin', '/agents/PAP01']) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body, url).toContain('<title>Lajan SPA</title>');
      expect(answer.headers['cache-control'], url).toBe('no-cache');
    }
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("lajan")');
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('answers an API path parameter over the router’s limit 414, in French, as without the web app', async () => {
    const { app } = await build({ overrides: { webDistDir: webDist() } });
    const answer = await app.inject({ method: 'GET', url: `/api/persons/${'Z'.repeat(300)}` });
    expect(answer.statusCode).toBe(414);
    expect(answer.json()).toEqual({
      message: genericMessages.urlTooLong,
      code: 'URL_TOO_LONG',
      requestId: answer.headers['x-request-id'],
    });
    expect(answer.body).not.toContain('ZZZZ');
    expect((await app.inject({ method: 'GET', url: '/api/nothing-here' })).statusCode).toBe(404);
  });

  it('says in French that the web app is not built when its files are missing', async () => {
    const { app } = await build({ overrides: { webDistDir: path.join(tmpdir(), 'lajan-absent-web') } });
    const answer = await app.inject({ method: 'GET', url: '/login' });
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['content-type']).toContain('text/html');
    expect(answer.body).toContain("L'application web n'est pas construite");
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('the log', () => {
  it('never holds a password, a token, an Authorization header or the secret of a reset link', async () => {
    const mailbox = await Mailbox.start();
    try {
      const { app, logs } = await build({
        env: { SMTP_URL: mailbox.url, LOG_LEVEL: 'trace' },
        overrides: { webDistDir: webDist() },
      });
      const token = await activeSuperAdminToken(app);
      await login(app, SUPERADMIN.username, 'Mauvais-Mot-De-Passe');
      await call(app, 'GET', '/api/auth/user', { token });
      await call(app, 'POST', '/api/forgot-password', { body: { username: SUPERADMIN.username } });
      const [mail] = await mailbox.waitForCount(1);
      const link = /http:\/\/\S+/.exec(mail!.text)![0];
      const resetToken = new URL(link).pathname.split('/').pop()!;
      // The SPA's own URL carries the secret too.
      await app.inject({ method: 'GET', url: new URL(link).pathname + new URL(link).search });
      await call(app, 'POST', '/api/reset-password', {
        body: {
          username: SUPERADMIN.username,
          token: resetToken,
          password: 'Encore-Nouveau-2026',
          password_confirmation: 'Encore-Nouveau-2026',
        },
      });

      expect(logs.lines.length).toBeGreaterThan(10);
      expect(logs.text).toContain('/reset-password/[secret]');
      for (const secret of [
        SUPERADMIN.password,
        'Nouveau-Depart-2026',
        'Encore-Nouveau-2026',
        'Mauvais-Mot-De-Passe',
        token,
        token.split('.')[2]!,
        resetToken,
        'Bearer',
        'argon2',
      ]) {
        expect(logs.text, secret).not.toContain(secret);
      }
    } finally {
      await mailbox.close();
    }
  });
});
