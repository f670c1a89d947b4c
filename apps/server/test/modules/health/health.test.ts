import { describe, expect, it } from 'vitest';
import { build } from '../../helpers/build.js';
import { call } from '../../helpers/fixtures.js';

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
