import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { EMAIL_PATTERN, errorBodySchema } from '@lajan/domain';
import { z } from 'zod';

/**
 * What the real server may answer, from a committed copy of its OpenAPI document (`npm run openapi -w
 * @lajan/server`): the web tests' fake cannot answer what the server never would (decision 130).
 */

type JsonSchema = Record<string, unknown>;
interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

export const OPENAPI_FILE = 'apps/web/src/test/openapi.json';
export const REGENERATE_OPENAPI = 'npm run openapi -w @lajan/server';

const API_PREFIX = '/api';

/**
 * Failures the server's error handler answers on any route without each route declaring them
 * (a malformed request, no or an expired session, a first password to change, a body too large,
 * a server or database failure), always with the common error body.
 */
const GENERIC_ERROR_STATUSES = new Set([400, 401, 403, 408, 413, 414, 415, 431, 500, 503]);

interface Template {
  method: string;
  /** `/accounts/{id}`, without the `/api` prefix. */
  path: string;
  segments: string[];
  operation: Operation;
}

let templates: Template[] | undefined;

function loadTemplates(): Template[] {
  if (templates) return templates;
  const document = JSON.parse(
    // Not `new URL(…, import.meta.url)`: in happy-dom, `URL` is the page's, which node:fs refuses.
    readFileSync(join(import.meta.dirname, 'openapi.json'), 'utf8'),
  ) as OpenApiDocument;
  templates = [];
  for (const [fullPath, operations] of Object.entries(document.paths)) {
    if (!fullPath.startsWith(`${API_PREFIX}/`)) continue;
    const path = fullPath.slice(API_PREFIX.length);
    for (const [method, operation] of Object.entries(operations))
      templates.push({ method: method.toUpperCase(), path, segments: path.split('/'), operation });
  }
  return templates;
}

const isParameter = (segment: string) => /^\{[^}]+\}$/.test(segment);

/**
 * The server's route for `METHOD /concrete/path` (under `/api`), as Fastify's router picks it: a
 * static segment wins over a parameter (`/accounts/self` before `/accounts/{id}`).
 */
export function routeOf(method: string, path: string): Template | undefined {
  const segments = path.split('/');
  const candidates = loadTemplates().filter(
    (template) =>
      template.method === method &&
      template.segments.length === segments.length &&
      template.segments.every(
        (segment, index) => segment === segments[index] || (isParameter(segment) && segments[index] !== ''),
      ),
  );
  candidates.sort((a, b) => {
    for (let index = 0; index < a.segments.length; index += 1) {
      const staticA = !isParameter(a.segments[index]!);
      const staticB = !isParameter(b.segments[index]!);
      if (staticA !== staticB) return staticA ? -1 : 1;
    }
    return 0;
  });
  return candidates[0];
}

let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

function compile(key: string, schema: JsonSchema): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    ajv ??= new Ajv2020({ allErrors: true, strict: false })
      // The only formats the server declares; what zod checks for them, roughly.
      .addFormat('email', EMAIL_PATTERN)
      .addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
    validate = ajv.compile(schema);
    validators.set(key, validate);
  }
  return validate;
}

const genericErrorSchema = z.toJSONSchema(errorBodySchema, { io: 'output' }) as JsonSchema;

function describeErrors(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((error) => {
    const where = error.instancePath || '(la réponse)';
    const extra =
      error.keyword === 'additionalProperties'
        ? ` (${String((error.params as { additionalProperty?: string }).additionalProperty)})`
        : error.keyword === 'enum'
          ? ` (${JSON.stringify((error.params as { allowedValues?: unknown }).allowedValues)})`
          : '';
    return `${where} ${error.message ?? error.keyword}${extra}`;
  });
}

export interface FakeAnswer {
  status: number;
  body: unknown;
  contentType: string;
}

/**
 * Whether the server has `METHOD path` (under `/api`): a fake for a route it lacks is refused. The
 * route's validators are compiled here, while the test sets up, not while the app waits for its answer.
 */
export function assertServerRoute(method: string, path: string): void {
  const route = routeOf(method, path);
  if (route) {
    for (const [status, response] of Object.entries(route.operation.responses)) {
      const schema = response.content?.['application/json']?.schema;
      if (schema) compile(`${route.method} ${route.path} ${status}`, schema);
    }
    return;
  }
  throw new Error(
    `Fausse API : le serveur n’a pas de route ${method} /api${path} (${OPENAPI_FILE}; si le serveur vient de l’ajouter : ${REGENERATE_OPENAPI}).`,
  );
}

/** Reads the document and compiles the common error body's validator (each fake server, at its start). */
export function prepareContract(): void {
  loadTemplates();
  compile('generic-error', genericErrorSchema);
}

/**
 * What is wrong with a fake answer to `METHOD path` (under `/api`) compared with what the server
 * declares for that route and status; an empty list when the server could answer it.
 */
export function contractProblems(method: string, path: string, answer: FakeAnswer): string[] {
  const route = routeOf(method, path);
  const label = `${method} /api${path} → ${answer.status}`;
  if (!route) return [`${label} : le serveur n’a pas cette route.`];
  const declared = route.operation.responses[String(answer.status)];
  if (!declared) {
    if (!GENERIC_ERROR_STATUSES.has(answer.status))
      return [
        `${label} : le serveur ne déclare pas ce statut pour ${method} /api${route.path} (il déclare ${Object.keys(route.operation.responses).join(', ')}).`,
      ];
    const validate = compile('generic-error', genericErrorSchema);
    return validate(answer.body) ? [] : describeErrors(validate.errors).map((line) => `${label} : ${line}`);
  }
  const content = declared.content ?? {};
  const mediaType = answer.contentType.split(';')[0]!.trim();
  const media = content[mediaType];
  if (!media)
    return [
      `${label} : le serveur répond en ${Object.keys(content).join(', ') || 'rien'}, pas en ${mediaType}.`,
    ];
  if (mediaType !== 'application/json' || !media.schema) return [];
  const validate = compile(`${route.method} ${route.path} ${answer.status}`, media.schema);
  return validate(answer.body) ? [] : describeErrors(validate.errors).map((line) => `${label} : ${line}`);
}
