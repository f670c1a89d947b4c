// What an outside tester (Schemathesis) checks of each answer, read from the server's OpenAPI document: its
// status declared for the route and method, its content type declared for that status, its body valid against
// the declared schema (JSON Schema 2020-12, formats checked) (decision 234).
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
/** The router's 404, or what is answered before it (the HTTP parser, the body's parser, the database gate). */
const UNROUTED_STATUSES = new Set(['400', '404', '413', '414', '415', '431', '503']);
const SOME_ERROR = { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] };

const isParameter = (segment) => /^\{[^}]+\}$/.test(segment);

/**
 * @param {any} document the OpenAPI document the server serves
 */
export function createContract(document) {
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
  addFormats.default(ajv, { mode: 'full' });
  const validators = new Map();
  const compile = (key, schema) => {
    let validate = validators.get(key);
    if (!validate) {
      validate = ajv.compile(schema);
      validators.set(key, validate);
    }
    return validate;
  };

  const templates = [];
  for (const [path, item] of Object.entries(document.paths ?? {}))
    templates.push({ path, segments: path.split('/'), item });

  /** The documented path Fastify's router picks for a raw path and a method: a static segment wins over a parameter. */
  const routeOf = (rawPath, method = 'get') => {
    const segments = rawPath.split('/');
    const candidates = templates.filter(
      (template) =>
        template.item[method] &&
        template.segments.length === segments.length &&
        template.segments.every(
          // Fastify's router gives a parameter an empty value too (`/api/transactions//corrections`).
          (segment, index) => segment === segments[index] || isParameter(segment),
        ),
    );
    candidates.sort((a, b) => {
      for (let index = 0; index < a.segments.length; index += 1) {
        const staticA = !isParameter(a.segments[index]);
        const staticB = !isParameter(b.segments[index]);
        if (staticA !== staticB) return staticA ? -1 : 1;
      }
      return 0;
    });
    return candidates[0];
  };

  const genericError = () => {
    for (const template of templates)
      for (const method of METHODS) {
        const schema = template.item[method]?.responses?.['400']?.content?.['application/json']?.schema;
        if (schema) return schema;
      }
    return undefined;
  };
  const unroutedSchema = genericError() ?? SOME_ERROR;

  /**
   * What is wrong with an answer to `method url` (the raw target), against the document; empty when nothing is.
   * @param {string} method @param {string} url
   * @param {{ status: number; headers?: Record<string, string | string[] | undefined>; text: string }} answer
   */
  function problems(method, url, answer) {
    const rawPath = url.split('?')[0] ?? '';
    const status = String(answer.status);
    const verb = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
    const template = routeOf(rawPath, verb);
    const operation = template?.item[verb];
    // The documented route, not the URL: the same gap reads the same on every request.
    const label = `${method.toUpperCase()} ${operation ? template.path : '(sans route)'} → ${status}`;
    const key = operation ? `${verb} ${template.path}` : 'unrouted';
    let declared;
    if (operation) {
      const responses = operation.responses ?? {};
      declared = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default;
      if (!declared)
        return [`${label} : statut non déclaré (déclarés : ${Object.keys(responses).join(', ')})`];
    } else {
      // A method or a path the document does not have: the router's 404, or what comes before it.
      if (!UNROUTED_STATUSES.has(status))
        return [`${label} : ni route ni méthode documentée, et pas un 404 (${status})`];
      declared = { content: { 'application/json': { schema: unroutedSchema } } };
    }
    // A HEAD's answer has no body to check.
    if (method.toLowerCase() === 'head') return [];
    const content = declared.content ?? {};
    const contentType = String(answer.headers?.['content-type'] ?? '');
    const mediaType = contentType.split(';')[0].trim().toLowerCase();
    if (Object.keys(content).length === 0) {
      return answer.text === ''
        ? []
        : [`${label} : un corps (${mediaType || 'sans type'}) là où aucun n’est déclaré`];
    }
    const media = content[mediaType];
    if (!media)
      return [
        `${label} : répond en ${mediaType || 'rien'}, le document déclare ${Object.keys(content).join(', ')}`,
      ];
    if (mediaType !== 'application/json' || !media.schema) return [];
    let body;
    try {
      body = JSON.parse(answer.text);
    } catch {
      return [`${label} : un corps qui n’est pas du JSON`];
    }
    const validate = compile(`${key} ${status} ${mediaType}`, media.schema);
    if (validate(body)) return [];
    return (validate.errors ?? []).slice(0, 5).map((error) => {
      const where = error.instancePath || '(la réponse)';
      return `${label} : ${where.replace(/\/\d+(?=\/|$)/g, '/n')} ${error.message ?? error.keyword} ${JSON.stringify(error.params)}`;
    });
  }

  return { problems, routeOf };
}

/**
 * Two documented paths that differ only by the names of their parameters (`/users/{id}` and `/users/{username}`):
 * OpenAPI 3.1 forbids it, an outside tester refuses the document.
 */
export function samePathTemplates(document) {
  const byShape = new Map();
  for (const path of Object.keys(document.paths ?? {})) {
    const shape = path.replace(/\{[^}]+\}/g, '{}');
    byShape.set(shape, [...(byShape.get(shape) ?? []), path]);
  }
  return [...byShape.values()].filter((paths) => paths.length > 1);
}

/**
 * Every example the document declares for a request (a parameter's, a JSON body's), as requests to send: the
 * server must not refuse its own examples as malformed.
 */
export function declaredExamples(document) {
  const requests = [];
  const valuesOf = (holder) => {
    const values = [];
    if (holder && 'example' in holder) values.push(holder.example);
    if (holder?.examples && typeof holder.examples === 'object')
      for (const example of Object.values(holder.examples))
        values.push(example && typeof example === 'object' && 'value' in example ? example.value : example);
    return values;
  };
  for (const [path, item] of Object.entries(document.paths ?? {}))
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = operation.parameters ?? [];
      for (const parameter of parameters) {
        const examples = [
          ...valuesOf(parameter),
          ...(Array.isArray(parameter.schema?.examples) ? parameter.schema.examples : []),
        ];
        for (const value of examples)
          requests.push({ method, path, parameter: parameter.name, in: parameter.in, value });
      }
      const media = operation.requestBody?.content?.['application/json'];
      for (const value of [
        ...valuesOf(media),
        ...(Array.isArray(media?.schema?.examples) ? media.schema.examples : []),
      ])
        requests.push({ method, path, body: value });
    }
  return requests;
}
