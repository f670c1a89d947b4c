import { describe, expect, it } from 'vitest';
import { build } from './helpers/build.js';
import { activeSuperAdminToken, call } from './helpers/fixtures.js';

/** The document as an outside tester reads it (decision 234): what every route answers, and the rules said. */
interface Schema {
  [keyword: string]: unknown;
  properties: Record<string, Schema>;
  required: string[];
}
interface Operation {
  parameters: { in: string; schema: Schema }[];
  requestBody: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content: Record<string, { schema?: Schema }> }>;
}

async function served(): Promise<{ paths: Record<string, Record<string, Operation>> }> {
  const { app } = await build();
  return (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
}

describe('the OpenAPI document (decision 234)', () => {
  it('declares the failures every route answers, in JSON, files included', async () => {
    const document = await served();
    const deposit = document.paths['/api/transactions/deposit']!.post!;
    for (const status of ['400', '413', '415', '422', '431', '503'])
      expect(deposit.responses[status]?.content?.['application/json']?.schema, status).toBeDefined();
    const agent = document.paths['/api/agents/{code}']!.get!;
    expect(Object.keys(agent.responses)).toEqual(expect.arrayContaining(['400', '414', '422']));
    const csv = document.paths['/api/transactions/history/export']!.get!;
    expect(Object.keys(csv.responses['200']!.content)).toEqual(['text/csv']);
    expect(Object.keys(csv.responses['422']!.content)).toEqual(['application/json']);
  });

  it('names the path of a user one way, under every method', async () => {
    const document = await served();
    const shapes = Object.keys(document.paths).map((path) => path.replace(/\{[^}]+\}/g, '{}'));
    expect(shapes.length).toBe(new Set(shapes).size);
    expect(Object.keys(document.paths['/api/users/{usernameOrId}']!)).toEqual(['get', 'put', 'delete']);
  });

  it('says the rules the server applies: bounds, patterns, formats, a required party', async () => {
    const document = await served();
    const bodyOf = (path: string) =>
      document.paths[path]!.post!.requestBody.content['application/json']!.schema;
    const body = bodyOf('/api/transactions/deposit');
    expect(body.properties.amount).toMatchObject({ minimum: 0.01, maximum: 100_000 });
    expect(body.required).toEqual(expect.arrayContaining(['party', 'amount']));
    expect(body.properties.party!.default).toBeUndefined();
    expect(body.properties.party!.properties.name!.pattern).toBeDefined();
    expect(bodyOf('/api/persons').properties.dob!.format).toBe('date');
    expect(bodyOf('/api/users').properties.role).toEqual({
      type: 'string',
      enum: ['sudo', 'agent_admin', 'user'],
    });
    const header = document.paths['/api/transactions/deposit']!.post!.parameters.find(
      (parameter) => parameter.in === 'header',
    );
    expect(header?.schema.pattern).toBeDefined();
  });
});

describe('an empty query value (decision 234)', () => {
  it('is an absent one, on every route: the day of the drawers, a role, a date of the audit', async () => {
    const { app } = await build();
    const token = await activeSuperAdminToken(app);
    for (const url of [
      '/api/drawer/sessions?date=',
      '/api/users?role=&agentCode=',
      '/api/audit?from=&to=&page=',
    ])
      expect((await call(app, 'GET', url, { token })).status, url).toBe(200);
  });
});
