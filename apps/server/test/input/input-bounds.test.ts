import { genericMessages, signInMessages } from '@lajan/domain';
import { describe, expect, it } from 'vitest';
import { largestJsonBytes } from '../../src/http/body-limit.js';
import { build } from '../helpers/build.js';
import { login } from '../helpers/fixtures.js';

/*
 * Issue 39, finding 1 (decision 198): a sign-in's username had no maximum length, and each refusal stored it.
 * DESIGN §7: every string in every schema has a maximum length, and each route's body limit fits its largest
 * legitimate body. Read from the OpenAPI document the server serves, so that a route added later is held too.
 */

type JsonSchema = Record<string, unknown>;
interface Operation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** Every place in `schema` where a string has no `maxLength` or a list no `maxItems`, named by its path. */
function unbounded(schema: unknown, where: string, defs: Record<string, unknown>, found: string[]): void {
  if (!schema || typeof schema !== 'object') return;
  const node = schema as JsonSchema;
  if (typeof node.$ref === 'string') {
    unbounded(defs[node.$ref.split('/').pop() ?? ''], where, defs, found);
    return;
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    for (const part of (node[key] as unknown[] | undefined) ?? []) unbounded(part, where, defs, found);
  }
  const types = ([] as unknown[]).concat(node.type ?? []);
  const fixed = Array.isArray(node.enum) || 'const' in node;
  if (types.includes('string') && !fixed && typeof node.maxLength !== 'number')
    found.push(`${where}: a string without maxLength`);
  if (types.includes('array') && typeof node.maxItems !== 'number')
    found.push(`${where}: a list without maxItems`);
  if (node.additionalProperties && typeof node.additionalProperties === 'object') {
    if (typeof node.maxProperties !== 'number') found.push(`${where}: a record without maxProperties`);
    unbounded(node.propertyNames, `${where} (key)`, defs, found);
    unbounded(node.additionalProperties, `${where}.*`, defs, found);
  }
  unbounded(node.items, `${where}[]`, defs, found);
  for (const [name, property] of Object.entries((node.properties ?? {}) as Record<string, unknown>))
    unbounded(property, `${where}.${name}`, defs, found);
}

async function servedDocument() {
  const { app } = await build();
  const answer = await app.inject({ method: 'GET', url: '/api/docs/json' });
  return answer.json<{
    paths: Record<string, Record<string, Operation>>;
    components?: { schemas?: Record<string, unknown> };
  }>();
}

describe('bounded input (DESIGN §7, decision 198)', () => {
  it('gives every string a route accepts a maximum length, and every list a maximum count', async () => {
    const document = await servedDocument();
    const defs = document.components?.schemas ?? {};
    const found: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const route = `${method.toUpperCase()} ${path}`;
        for (const parameter of operation.parameters ?? [])
          unbounded(parameter.schema, `${route} ${parameter.in}.${parameter.name}`, defs, found);
        const body = operation.requestBody?.content?.['application/json']?.schema;
        unbounded(body, `${route} body`, defs, found);
      }
    }
    // Each line names the route and the field: give it a `.max()` in its zod schema (packages/domain).
    expect(found, `unbounded input:\n${found.join('\n')}`).toEqual([]);
  });

  it('bounds the largest body of every route that takes one', async () => {
    const document = await servedDocument();
    const defs = document.components?.schemas ?? {};
    const endless = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.requestBody?.content?.['application/json']?.schema)
        .filter(([, operation]) => {
          const body = operation.requestBody!.content!['application/json']!.schema!;
          return !Number.isFinite(largestJsonBytes({ ...body, $defs: defs }));
        })
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(endless).toEqual([]);
  });

  it('refuses a 90 000-character username before reading it, and a 101-character one in French', async () => {
    const { app } = await build();
    const huge = await login(app, 'x'.repeat(90_000), 'faux-mot-de-passe');
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ message: genericMessages.payloadTooLarge, code: 'PAYLOAD_TOO_LARGE' });

    const long = await login(app, 'x'.repeat(101), 'faux-mot-de-passe');
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ username: [signInMessages.usernameTooLong] });
    // The longest a username can be still reaches the password check.
    expect((await login(app, 'x'.repeat(100), 'faux-mot-de-passe')).status).toBe(401);
  });

  it('takes the largest legitimate registration: five holders with every field at its longest', async () => {
    const { app } = await build();
    const person = (n: number) => ({
      firstName: 'É'.repeat(50),
      lastName: 'È'.repeat(50),
      dob: '1985-03-02',
      gender: 'female',
      country: 'Ç'.repeat(80),
      state: 'Ô'.repeat(80),
      city: 'Û'.repeat(80),
      address: 'À'.repeat(200),
      postalCode: '9'.repeat(20),
      phoneNumber: `+509 3${n}00 0000`,
      email: `${'a'.repeat(240)}${n}@exemple.ht`,
      idDocumentType: 'passport',
      idDocumentNumber: `${n}`.repeat(40),
      dateIssued: '2020-01-10',
      expirationDate: '2030-01-10',
      occupation: 'Ï'.repeat(100),
      maritalStatus: 'single',
      partner: 'Ë'.repeat(100),
      preferredContactMethod: 'email',
    });
    const answer = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { type: 'savings', currency: 'HTG', persons: [1, 2, 3, 4, 5].map(person) },
    });
    // Not refused for its size: what it says is judged (422 for a field, never 413).
    expect(answer.statusCode, answer.body).not.toBe(413);
  });
});
