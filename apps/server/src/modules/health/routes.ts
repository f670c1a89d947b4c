import { errorBodySchema, healthResponseSchema } from '@lajan/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { describeDatabaseError } from '../../db/errors.js';
import { migrationsApplied } from '../../db/migration-state.js';
import { ServiceUnavailable } from '../../http/errors.js';

/** Liveness: answered before the database has answered (`app.ts`'s gate lets it through, decision 230). */
export const LIVE_PATH = '/api/health/live';

/** How long readiness waits for the database before it says "not ready". */
const READY_TIMEOUT_MS = 2_000;

/**
 * `GET /api/health`: 200 once the database answers, 503 otherwise. `/health/live` and `/health/ready`
 * tell a load balancer "alive" from "ready to serve" (decision 230).
 */
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
    async (request) => {
      try {
        await app.database.ping();
        return { status: 'ok' as const };
      } catch (error) {
        request.log.warn({ database: describeDatabaseError(error) }, 'la base de données ne répond pas');
        throw new ServiceUnavailable();
      }
    },
  );

  app.get(
    '/health/live',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Le processus répond (sans interroger la base)',
        description:
          'Vivacité : 200 tant que le processus répond, même quand la base de données ne répond pas encore.',
        response: { 200: healthResponseSchema, 503: errorBodySchema },
      },
    },
    () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Prêt à servir : base joignable et migrations appliquées',
        description:
          'Disponibilité : 200 quand la base répond et que sa dernière migration est celle de cette version ; 503 sinon.',
        response: { 200: healthResponseSchema, 503: errorBodySchema },
      },
    },
    async (request) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), READY_TIMEOUT_MS);
      });
      let reason: string | undefined;
      try {
        const applied = await Promise.race([migrationsApplied(app.database.db), timeout]);
        if (applied === 'timeout') reason = 'la base de données ne répond pas à temps';
        else if (!applied) reason = 'migrations de la base différentes de celles de cette version';
      } catch (error) {
        request.log.warn({ database: describeDatabaseError(error) }, 'la base de données ne répond pas');
        reason = 'la base de données ne répond pas, ou n’a pas de migrations';
      } finally {
        clearTimeout(timer);
      }
      if (reason === undefined) return { status: 'ok' as const };
      request.log.warn({ reason }, 'service pas prêt');
      throw new ServiceUnavailable();
    },
  );
  return Promise.resolve();
};
