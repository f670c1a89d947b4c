// The fuzz's contract check (bench/contract.mjs) catches what Schemathesis would: run by `npm run test:fuzz`
// before the slice, so that a check that stopped catching fails first (decision 234).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { createContract, declaredExamples, samePathTemplates } from './contract.mjs';

const error = {
  type: 'object',
  properties: { message: { type: 'string' }, code: { type: 'string' } },
  required: ['message'],
};
const json = (schema) => ({ content: { 'application/json': { schema } } });
const document = {
  openapi: '3.1.0',
  paths: {
    '/api/things/{id}': {
      get: {
        parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'string' } }],
        responses: {
          200: json({
            type: 'object',
            properties: {
              data: {
                type: 'object',
                properties: { id: { type: 'string' }, email: { type: 'string', format: 'email' } },
                required: ['id'],
              },
            },
            required: ['data'],
          }),
          400: json(error),
          404: json(error),
        },
      },
    },
    '/api/things/export': {
      get: {
        responses: {
          200: { content: { 'text/csv': { schema: { type: 'string' } } } },
          422: json(error),
        },
      },
    },
  },
};
const jsonAnswer = (status, body) => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  text: JSON.stringify(body),
});

void describe('the fuzz’s contract check', () => {
  const contract = createContract(document);

  void it('passes an answer the document declares, an error with a property more (a request id) too', () => {
    assert.deepEqual(contract.problems('GET', '/api/things/a1', jsonAnswer(200, { data: { id: 'a1' } })), []);
    assert.deepEqual(
      contract.problems(
        'GET',
        '/api/things/zz',
        jsonAnswer(404, { message: 'Introuvable', requestId: 'r-1' }),
      ),
      [],
    );
  });

  void it('fails an answer that breaks its schema: a wrong type, a missing field, a bad e-mail', () => {
    assert.equal(contract.problems('GET', '/api/things/a1', jsonAnswer(200, { data: { id: 1 } })).length, 1);
    assert.equal(contract.problems('GET', '/api/things/a1', jsonAnswer(200, { data: {} })).length, 1);
    const email = contract.problems(
      'GET',
      '/api/things/a1',
      jsonAnswer(200, { data: { id: 'a1', email: 'paul@exa-.ht' } }),
    );
    assert.match(email.join(), /format/);
  });

  void it('fails a status the route does not declare', () => {
    const problems = contract.problems('GET', '/api/things/a1', jsonAnswer(409, { message: 'Conflit' }));
    assert.match(problems.join(), /statut non déclaré/);
  });

  void it('fails an error answered in a type its status does not declare, and a file in JSON', () => {
    const csvError = { status: 422, headers: { 'content-type': 'text/csv' }, text: 'x' };
    assert.match(contract.problems('GET', '/api/things/export', csvError).join(), /text\/csv/);
    assert.deepEqual(
      contract.problems('GET', '/api/things/export', {
        status: 200,
        headers: { 'content-type': 'text/csv' },
        text: 'a;b',
      }),
      [],
    );
  });

  void it('routes as the server does: a static segment before a parameter, an unknown URL only 404', () => {
    assert.equal(contract.routeOf('/api/things/export', 'get')?.path, '/api/things/export');
    assert.equal(contract.routeOf('/api/things/export', 'put'), undefined);
    assert.deepEqual(
      contract.problems('GET', '/api/nothing', jsonAnswer(404, { message: 'Introuvable' })),
      [],
    );
    assert.equal(contract.problems('GET', '/api/nothing', jsonAnswer(200, { data: 1 })).length, 1);
  });

  void it('finds one path under two parameter names', () => {
    assert.deepEqual(
      samePathTemplates({ paths: { '/users/{id}': {}, '/users/{username}': {}, '/users/{id}/x': {} } }),
      [['/users/{id}', '/users/{username}']],
    );
  });

  void it('lists the examples a document declares, of parameters and bodies', () => {
    const examples = declaredExamples({
      paths: {
        '/api/a/{code}': {
          post: {
            parameters: [{ in: 'path', name: 'code', example: 'EPI042', schema: { type: 'string' } }],
            requestBody: { content: { 'application/json': { schema: { examples: [{ amount: 10 }] } } } },
          },
        },
      },
    });
    assert.equal(examples.length, 2);
  });
});

void describe('the document the server serves (apps/web/src/test/openapi.json)', () => {
  const served = JSON.parse(
    readFileSync(new URL('../apps/web/src/test/openapi.json', import.meta.url), 'utf8'),
  );

  void it('has no path under two parameter names', () => {
    assert.deepEqual(samePathTemplates(served), []);
  });

  void it('declares JSON failures on every route: a malformed body, a path parameter too long', () => {
    for (const [path, item] of Object.entries(served.paths))
      for (const [method, operation] of Object.entries(item)) {
        assert.ok(operation.responses['400']?.content?.['application/json'], `${method} ${path} 400`);
        if (path.includes('{')) assert.ok(operation.responses['414'], `${method} ${path} 414`);
        for (const [status, response] of Object.entries(operation.responses))
          if (!status.startsWith('2'))
            assert.ok(response.content?.['application/json'], `${method} ${path} ${status} en JSON`);
      }
  });
});
