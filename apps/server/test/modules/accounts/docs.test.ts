import { describe, expect, it } from 'vitest';
import { build } from '../../helpers/build.js';

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string }[];
        requestBody?: unknown;
        responses: Record<string, unknown>;
      }
    >
  >;
}

describe('/api/docs for persons, accounts and the public registration', () => {
  it('documents every route with its parameters, body and answers', async () => {
    const { app } = await build();
    const answer = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(answer.statusCode).toBe(200);
    const { paths } = answer.json<OpenApi>();

    const expected: [path: string, method: string, statuses: string[]][] = [
      ['/api/persons', 'post', ['201', '409', '422', '429']],
      ['/api/persons', 'get', ['200']],
      ['/api/persons/{id}', 'get', ['200', '404']],
      ['/api/persons/{id}', 'put', ['200', '404', '409', '422', '429']],
      ['/api/persons/{id}', 'delete', ['200', '404', '409']],
      ['/api/persons/search/{documentNumber}', 'get', ['200', '404']],
      ['/api/persons/search/{type}/{number}', 'get', ['200', '404']],
      ['/api/persons/check-unique/', 'post', ['200']],
      ['/api/persons/check-document-unique/{number}/{type}', 'get', ['200']],
      ['/api/accounts', 'post', ['201', '422']],
      ['/api/accounts', 'get', ['200']],
      ['/api/accounts/search', 'post', ['200', '404']],
      ['/api/accounts/self', 'get', ['200', '404']],
      ['/api/accounts/{id}', 'get', ['200', '404']],
      ['/api/accounts/{id}', 'put', ['200', '404', '422']],
      ['/api/accounts/{id}', 'delete', ['200', '404', '422']],
      ['/api/accounts/{id}/activate', 'post', ['200', '404', '409']],
      ['/api/accounts/{id}/reject', 'post', ['200', '404', '409', '422']],
      ['/api/auth/register', 'post', ['201', '422', '429']],
    ];
    for (const [path, method, statuses] of expected) {
      const operation = paths[path]?.[method];
      expect(operation, `${method.toUpperCase()} ${path}`).toBeDefined();
      for (const status of statuses)
        expect(operation!.responses, `${method} ${path} ${status}`).toHaveProperty(status);
    }
    const listParameters = paths['/api/accounts']!.get!.parameters!.map((parameter) => parameter.name).sort();
    expect(listParameters).toEqual(['page', 'per_page', 'q', 'status']);
    expect(paths['/api/accounts/{id}/reject']!.post!.requestBody).toBeDefined();
    expect(paths['/api/auth/register']!.post!.requestBody).toBeDefined();
  });
});
