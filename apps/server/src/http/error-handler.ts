import { errorCodes, genericMessages, type ErrorBody } from '@lajan/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { describeDomainError, isDomainError, summarise, type FieldErrors } from './errors.js';

/** Fastify's own client errors, in French. Any other 4xx of Fastify becomes `badRequest`. */
const fastifyClientErrors: Record<string, { message: string; code: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { message: genericMessages.badJson, code: 'BAD_JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { message: genericMessages.badJson, code: 'BAD_JSON' },
  FST_ERR_CTP_BODY_TOO_LARGE: { message: genericMessages.payloadTooLarge, code: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    message: genericMessages.unsupportedMediaType,
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
};

/**
 * The one error handler (DESIGN §6): every failure leaves as `{ message, code?, errors? }`
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
        return send(reply, 422, { message, code: errorCodes.validation, errors: fieldErrors });
      }

      if (isDomainError(error)) {
        const { status, body, headers } = describeDomainError(error);
        if (headers) void reply.headers(headers);
        return send(reply, status, body);
      }

      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 400 && status < 500) {
        const known = error.code ? fastifyClientErrors[error.code] : undefined;
        request.log.info({ code: error.code, status }, 'requête refusée');
        return send(reply, status, known ?? { message: genericMessages.badRequest, code: 'BAD_REQUEST' });
      }

      request.log.error({ err: error }, 'erreur interne');
      return send(reply, 500, { message: genericMessages.internal, code: errorCodes.internal });
    });
  },
  { name: 'error-handler' },
);

function send(reply: FastifyReply, status: number, body: ErrorBody) {
  // A handler may have set headers meant for a success (a content type, a cache policy).
  void reply.code(status).type('application/json; charset=utf-8');
  return reply.send(body);
}

/** The 404 of an unknown API route. */
export function sendApiNotFound(reply: FastifyReply) {
  return send(reply, 404, { message: genericMessages.notFound, code: errorCodes.notFound });
}
