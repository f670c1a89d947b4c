import { errorCodes, genericMessages, negotiateLanguage, type ErrorBody } from '@lajan/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { describeDatabaseError, isDatabaseUnavailable, postgresErrorOf } from '../db/errors.js';
import { describeDomainError, isDomainError, summarise, type FieldErrors } from './errors.js';
import { REQUEST_ID_HEADER } from './request-id.js';
import { inLanguage } from '../i18n/language.js';
import { API_CACHE_CONTROL, isApiUrl, securityHeaders } from './security-headers.js';

type GenericText = keyof typeof genericMessages;

/** Fastify's own client errors. Any other 4xx of Fastify becomes `badRequest`. */
const fastifyClientErrors: Record<string, { text: GenericText; code: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { text: 'badJson', code: 'BAD_JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { text: 'badJson', code: 'BAD_JSON' },
  FST_ERR_CTP_BODY_TOO_LARGE: { text: 'payloadTooLarge', code: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { text: 'unsupportedMediaType', code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { text: 'badRequest', code: 'BAD_REQUEST' },
  FST_ERR_BAD_URL: { text: 'badUrl', code: 'BAD_URL' },
  FST_ERR_MAX_PARAM_LENGTH: { text: 'urlTooLong', code: 'URL_TOO_LONG' },
};

/** The body of one of Fastify's client errors, its message read now, in the language of the moment (decision 236). */
function fastifyClientError(code: string | undefined): ErrorBody | undefined {
  const known = code ? fastifyClientErrors[code] : undefined;
  return known && { message: genericMessages[known.text], code: known.code };
}

/**
 * The one error handler: every failure leaves as `{ message, code?, errors? }`
 * in French. A 5xx tells the client nothing of its cause and the log everything.
 */
export const errorHandlerPlugin = fp(
  (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fieldErrors: FieldErrors = {};
        let rootProblem = false;
        for (const issue of error.validation) {
          const key = issue.instancePath.split('/').filter(Boolean).join('.');
          if (key === '') {
            rootProblem = true;
            continue;
          }
          (fieldErrors[key] ??= []).push(issue.message ?? genericMessages.badRequest);
        }
        const message =
          rootProblem && Object.keys(fieldErrors).length === 0
            ? genericMessages.badJson
            : summarise(fieldErrors);
        const body = { message, code: errorCodes.validation, errors: fieldErrors };
        logRefusal(request, 422, body);
        return send(reply, 422, body);
      }

      if (isDomainError(error)) {
        const { status, body, headers } = describeDomainError(error);
        if (headers) void reply.headers(headers);
        logRefusal(request, status, body);
        return send(reply, status, body);
      }

      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 400 && status < 500) {
        const known = fastifyClientError(error.code);
        request.log.info({ code: error.code, status }, 'requête refusée');
        return send(reply, status, known ?? { message: genericMessages.badRequest, code: 'BAD_REQUEST' });
      }

      // The database unreachable (down, restarting, a connection cut, too slow): not a fault of the
      // code, a 503 to try again, logged as one short line (decision 120).
      if (isDatabaseUnavailable(error)) {
        request.log.warn(
          { database: describeDatabaseError(error), status: 503 },
          'base de données injoignable',
        );
        return send(reply, 503, { message: genericMessages.unavailable, code: errorCodes.unavailable });
      }

      // What the database said, when it said something: Drizzle's wrapper names only the query.
      const database = postgresErrorOf(error) ? describeDatabaseError(error) : undefined;
      request.log.error({ err: error, ...(database ? { database } : {}) }, 'erreur interne');
      return send(reply, 500, { message: genericMessages.internal, code: errorCodes.internal });
    });
  },
  { name: 'error-handler' },
);

/**
 * Security events (ASVS 16.3): one log line per refusal with who, what route, the status and code, and the
 * refused fields' names, never their values. Access and throttling refusals are warnings (decision 113).
 */
function logRefusal(request: FastifyRequest, status: number, body: ErrorBody) {
  const event =
    status === 401
      ? 'authentication_refused'
      : status === 403
        ? 'authorization_refused'
        : status === 429
          ? 'throttled'
          : status === 409
            ? 'conflict_refused'
            : status === 422
              ? 'input_refused'
              : undefined;
  if (!event) return;
  const session = request.session;
  const entry = {
    event,
    status,
    code: body.code,
    route: `${request.method} ${request.routeOptions.url ?? ''}`,
    userId: session?.id ?? null,
    username: session?.username ?? null,
    ...(body.errors ? { fields: Object.keys(body.errors) } : {}),
  };
  if (status === 422 || status === 409) request.log.info(entry, 'requête refusée');
  else request.log.warn(entry, 'requête refusée');
}

function send(reply: FastifyReply, status: number, body: ErrorBody) {
  // A handler may have set headers meant for a success (a content type, a cache policy).
  void reply.code(status).type('application/json; charset=utf-8');
  if (isApiUrl(reply.request.url)) void reply.header('cache-control', API_CACHE_CONTROL);
  if (status < 500) reply.server.metrics?.refusals.inc({ code: body.code ?? 'NONE', status: String(status) });
  // What a teller reads out from the error message, to find this answer's log lines (decision 230).
  return reply.send({ ...body, requestId: reply.request.id });
}

/**
 * What Fastify's router refuses before any hook runs (an undecodable URL, an over-long parameter): answered
 * like every other failure, in French, without echoing the URL, with the headers helmet's hook could not set.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  void reply.headers(securityHeaders).header(REQUEST_ID_HEADER, request.id);
  // Before any hook: the request's language is its header's, set here (decision 237).
  inLanguage(negotiateLanguage(request.headers['accept-language']), () => {
    const known = fastifyClientError(error.code);
    if (known) {
      const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      request.log.info({ code: error.code, status }, 'requête refusée');
      void send(reply, status, known);
      return;
    }
    request.log.error({ err: error }, 'erreur interne');
    void send(reply, 500, { message: genericMessages.internal, code: errorCodes.internal });
  });
}

const clientErrorAnswers: Record<
  string,
  { status: number; reason: string; text: GenericText; code: string }
> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    text: 'requestTimeout',
    code: 'REQUEST_TIMEOUT',
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    text: 'headersTooLarge',
    code: 'HEADERS_TOO_LARGE',
  },
};
const badRequestAnswer = {
  status: 400,
  reason: 'Bad Request',
  text: 'badRequest',
  code: 'BAD_REQUEST',
} as const;

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refused (a Content-Length that is not
 * a number, a malformed header, headers too large). No request exists yet, so the answer is written
 * on the socket, in French, with the security headers and `no-store`, then the connection closes.
 */
export function clientErrorHandler(this: FastifyInstance, failure: Error, socket: Socket) {
  const error = failure as Error & { code?: string; rawPacket?: Buffer };
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = (error.code && clientErrorAnswers[error.code]) || badRequestAnswer;
  const requestId = randomUUID();
  this.log.info({ reqId: requestId, code: error.code, status: answer.status }, 'requête refusée');
  if (socket.writable) {
    // The answer to a HEAD has no body (a client would read the body as the next answer).
    const head = error.rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ';
    // No request, no header read: French, the default language.
    const message = genericMessages[answer.text];
    const text = JSON.stringify({ message, code: answer.code, requestId });
    const body = head ? '' : text;
    const headers: Record<string, string | number> = {
      ...securityHeaders,
      [REQUEST_ID_HEADER]: requestId,
      'cache-control': API_CACHE_CONTROL,
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
      connection: 'close',
    };
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${answer.status} ${answer.reason}\r\n${lines.join('')}\r\n${body}`);
  }
  socket.destroy(error);
}

/** The 404 of an unknown API route. */
export function sendApiNotFound(reply: FastifyReply) {
  return send(reply, 404, { message: genericMessages.notFound, code: errorCodes.notFound });
}

/** The 414 of a path parameter over the router's limit, as `frameworkErrorHandler` answers it. */
export function sendUrlTooLong(reply: FastifyReply) {
  return send(reply, 414, fastifyClientError('FST_ERR_MAX_PARAM_LENGTH')!);
}
