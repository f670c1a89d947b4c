import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { build } from '../../helpers/build.js';
import { databaseKind } from '../../helpers/database.js';
import { call } from '../../helpers/fixtures.js';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('GET /api/health', () => {
  it('answers 200 { status: "ok" } without a token once the database answers', async () => {
    const { app } = await build();
    const answer = await call(app, 'GET', '/api/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ok' });
  });

  it('answers 503 in French when the database does not answer', async () => {
    const { app, logs } = await build({ ownConnection: true });
    expect((await call(app, 'GET', '/api/health')).status).toBe(200);

    await app.database.close();
    const answer = await call(app, 'GET', '/api/health');

    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({
      message: 'Le service est momentanément indisponible. Veuillez réessayer.',
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(logs.text).toContain('la base de données ne répond pas');
  });
});

describe(`/api/health/live and /api/health/ready (decision 230, ${databaseKind})`, () => {
  it('answer 200 beside /api/health, without a session', async () => {
    const t = await build();
    for (const url of ['/api/health', '/api/health/live', '/api/health/ready']) {
      const answer = await call(t.app, 'GET', url);
      expect(answer.status, url).toBe(200);
      expect(answer.body, url).toEqual({ status: 'ok' });
    }
  });

  it('ready answers 503 while the last migration applied is not this build’s, live 200', async () => {
    const t = await build({ ownConnection: true });
    const db = t.app.database.db;
    const last = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
    await db.execute(
      sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = ${last}`,
    );
    try {
      const ready = await call(t.app, 'GET', '/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual(expect.objectContaining({ code: 'SERVICE_UNAVAILABLE' }));
      expect(JSON.parse(ready.text).requestId).toBe(ready.headers['x-request-id']);
      expect(t.logs.text).toContain('migrations de la base différentes de celles de cette version');
      expect((await call(t.app, 'GET', '/api/health/live')).status).toBe(200);
    } finally {
      await db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = created_at + 1 where created_at = ${last}`,
      );
    }
    expect((await call(t.app, 'GET', '/api/health/ready')).status).toBe(200);
  });

  it('ready answers 503 when the database does not answer, live 200', async () => {
    const t = await build({ ownConnection: true });
    await t.app.database.close();
    const ready = await call(t.app, 'GET', '/api/health/ready');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.text).requestId).toMatch(uuid);
    expect((await call(t.app, 'GET', '/api/health')).status).toBe(503);
    expect((await call(t.app, 'GET', '/api/health/live')).status).toBe(200);
  });

  it('live answers 200 before the database has, when the rest of the API answers 503', async () => {
    const t = await build({ overrides: { deferDatabaseStartup: true } });
    expect((await call(t.app, 'GET', '/api/health/live')).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/health/ready')).status).toBe(503);
    expect((await call(t.app, 'GET', '/api/health')).status).toBe(503);
  });
});
