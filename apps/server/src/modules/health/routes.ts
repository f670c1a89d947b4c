import { errorBodySchema, genericMessages, healthResponseSchema, errorCodes } from '@lajan/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { describeDatabaseError } from '../../db/errors.js';

/** `GET /api/health`: 200 once the database answers, 503 otherwise. */
export const healthRoutes: FastifyPluginAsyncZod = (app) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'État du service',
        response: { 200: healthResponseSchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      try {
        await app.database.ping();
        return { status: 'ok' as const };
      } catch (error) {
        request.log.warn({ database: describeDatabaseError(error) }, 'la base de données ne répond pas');
        return reply.code(503).send({ message: genericMessages.unavailable, code: errorCodes.unavailable });
      }
    },
  );
  return Promise.resolve();
};
