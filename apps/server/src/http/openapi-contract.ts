import { errorBodySchema } from '@lajan/domain';
import { z } from 'zod';

/*
 * What the server answers on every route without each route saying it, written into the OpenAPI document
 * once, here (decision 234): an outside tester reads the document as the contract, and each of these was a
 * status, a content type or a rule it found undocumented.
 */

type Json = Record<string, unknown>;
interface Operation {
  parameters?: Json[];
  requestBody?: Json;
  responses?: Record<string, Json>;
  security?: unknown[];
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);
const JSON_MEDIA = 'application/json';

/** The one error body, as the routes declare it (`errorBodySchema`, packages/domain). */
function errorJsonSchema(): Json {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(errorBodySchema, {
    io: 'output',
    target: 'draft-2020-12',
  }) as Json;
  return schema;
}

/** The failures Fastify, the hooks and the error handler answer on any route of the API. */
const everyRouteFailures: Record<string, string> = {
  400: 'Requête mal formée : corps JSON illisible (`BAD_JSON`), URL mal encodée (`BAD_URL`).',
  413: 'Corps trop volumineux pour la route (`PAYLOAD_TOO_LARGE`).',
  415: 'Corps d’un autre type que `application/json` (`UNSUPPORTED_MEDIA_TYPE`).',
  431: 'En-têtes ou URL trop longs (`HEADERS_TOO_LARGE`).',
  503: 'Base de données injoignable, ou serveur en cours d’arrêt (`UNAVAILABLE`) : réessayer.',
  // The NUL check of the `preValidation` hook reads every query value and body field, declared or not.
  422: 'Un caractère NUL dans un paramètre ou le corps (`VALIDATION_ERROR`).',
};
const pathParameterFailures: Record<string, string> = {
  414: 'Un paramètre de chemin de plus de 100 caractères (`URL_TOO_LONG`).',
  422: 'Un paramètre refusé : `errors` par paramètre ou par champ.',
};
const inputFailure = { 422: 'Paramètres ou corps refusés : `errors` par paramètre ou par champ.' };
const signedInFailure = { 401: 'Sans session, ou une session expirée ou close (`UNAUTHENTICATED`).' };

const EMPTY_QUERY_NOTE = 'Une valeur vide (`?nom=`) vaut absence.';
const API_RULES =
  ' Une valeur vide d’un paramètre de requête vaut absence. Les textes libres refusent les caractères de contrôle et de format (le motif `pattern` de chaque champ ; au-delà du plan multilingue de base, les caractères de format et les demi-codets isolés aussi).';

/**
 * `@fastify/swagger`'s `transformObject`: the document the routes describe, with what every route answers
 * and the rules of the whole API made explicit. A route's own declaration always wins.
 */
export function exactContract<T>(openapiObject: T): T {
  const result = structuredClone(openapiObject);
  const document = result as Json & { info?: Json; paths?: Record<string, Record<string, Operation>> };
  const error = errorJsonSchema();
  if (document.info && typeof document.info.description === 'string') document.info.description += API_RULES;
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (!path.startsWith('/api/')) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const responses = (operation.responses ??= {});
      const parameters = operation.parameters ?? [];
      const declare = (failures: Record<string, string>) => {
        for (const [status, description] of Object.entries(failures))
          responses[status] ??= { description, content: { [JSON_MEDIA]: { schema: error } } };
      };
      if (parameters.some((parameter) => parameter.in === 'path')) declare(pathParameterFailures);
      if (operation.requestBody || parameters.some((parameter) => parameter.in === 'query'))
        declare(inputFailure);
      if (operation.security?.length) declare(signedInFailure);
      declare(everyRouteFailures);
      jsonErrorsBesideFiles(responses);
      for (const parameter of parameters) if (parameter.in === 'query') emptyIsAbsent(parameter);
      const body = (operation.requestBody?.content as Record<string, Json> | undefined)?.[JSON_MEDIA];
      if (body?.schema) requireFailingDefaults(body.schema);
    }
  }
  return result;
}

/**
 * A route that answers a file (`text/csv`) answers its failures in JSON: `produces` had declared every
 * status in the file's type.
 */
function jsonErrorsBesideFiles(responses: Record<string, Json>) {
  for (const [status, response] of Object.entries(responses)) {
    const content = response.content as Record<string, Json> | undefined;
    if (!content || content[JSON_MEDIA]) continue;
    const [mediaType, media] = Object.entries(content)[0] ?? [];
    if (!mediaType || !media) continue;
    if (status.startsWith('2')) {
      const description = (media.schema as Json | undefined)?.description;
      media.schema = { type: 'string', ...(description ? { description } : {}) };
    } else {
      response.content = { [JSON_MEDIA]: media };
    }
  }
}

/** An optional query parameter sent empty is absent (the `preValidation` hook drops it): its schema says so. */
function emptyIsAbsent(parameter: Json) {
  if (parameter.required) return;
  const schema = (parameter.schema ?? {}) as Json;
  if (!acceptsEmpty(schema)) parameter.schema = { anyOf: [schema, { type: 'string', maxLength: 0 }] };
  const description = typeof parameter.description === 'string' ? `${parameter.description} ` : '';
  parameter.description = `${description}${EMPTY_QUERY_NOTE}`;
}

function acceptsEmpty(schema: Json): boolean {
  if (Array.isArray(schema.enum)) return schema.enum.includes('');
  if (Array.isArray(schema.anyOf)) return schema.anyOf.some((branch) => acceptsEmpty(branch as Json));
  return (
    schema.const === '' ||
    (schema.type === 'string' && !schema.minLength && !schema.pattern && !schema.format)
  );
}

/**
 * A field whose default is an object its own schema refuses (`partySchema.prefault({})`: a missing party is
 * checked as an empty one, for a message per field) is required, whatever the default says.
 */
function requireFailingDefaults(schema: unknown) {
  if (!schema || typeof schema !== 'object') return;
  if (Array.isArray(schema)) {
    for (const item of schema) requireFailingDefaults(item);
    return;
  }
  const node = schema as Json;
  const properties = node.properties as Record<string, Json> | undefined;
  if (properties) {
    for (const [name, property] of Object.entries(properties)) {
      const fails =
        property.default !== null &&
        typeof property.default === 'object' &&
        Object.keys(property.default).length === 0 &&
        Array.isArray(property.required) &&
        property.required.length > 0;
      if (!fails) continue;
      delete property.default;
      const required = (node.required ??= []) as string[];
      if (!required.includes(name)) required.push(name);
    }
  }
  for (const value of Object.values(node))
    if (value && typeof value === 'object') requireFailingDefaults(value);
}
