import { balanceSeriesQuerySchema, balanceSeriesResponseSchema, errorBodySchema } from '@lajan/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCapability, sessionOf } from '../auth/index.js';
import { balanceSeries } from './balance-series.js';
import { statementRoutes } from './statement-routes.js';

/** The dashboard's balance chart (issue 6, docs/contract-daily.md). */
export const reportsRoutes: FastifyPluginAsyncZod = (app) => {
  app.get(
    '/reports/balance-series',
    {
      preHandler: requireCapability('dashboard.view'),
      schema: {
        tags: ['reports'],
        summary: 'Évolution du solde : un point par jour de la période',
        description:
          "`period` : `7d` (par défaut), `30d` ou `3m` (90 jours). Chaque point est le solde de clôture du jour en Haïti (America/Port-au-Prince), du plus ancien à aujourd'hui ; aujourd'hui : le solde actuel. Caissier et administrateur : le float de leur agent (`agent_float`) ; super administrateur : le float total du réseau (`network_float`) et la trésorerie (`treasury`). Une période sans mouvement est une ligne plate au solde actuel.",
        security: [{ bearerAuth: [] }],
        querystring: balanceSeriesQuerySchema,
        response: {
          200: balanceSeriesResponseSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request) => ({
      // A report: on the reporting database (decision 233).
      data: await balanceSeries(
        app.database.reporting.db,
        app.services.ledger.system,
        sessionOf(request),
        request.query.period,
        app.services.clock.now(),
      ),
    }),
  );
  // Commission statements, the network's reports, account statements (issue 16, decision 148).
  void app.register(statementRoutes);
  return Promise.resolve();
};
