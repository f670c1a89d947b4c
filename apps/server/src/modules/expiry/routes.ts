import {
  centimesToHtg,
  errorBodySchema,
  paginationQuerySchema,
  transfersToRefundResponseSchema,
} from '@lajan/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCapability, sessionOf } from '../auth/index.js';
import { transfersToRefund } from './store.js';

/** `GET /transactions/to-refund` (decision 225): what the sending agent owes in cash for expired transfers. */
export const expiryRoutes: FastifyPluginAsyncZod = (app) => {
  const { moneyFlowDeps } = app.services;
  app.get(
    '/transactions/to-refund',
    {
      preHandler: requireCapability('transactions.cancel'),
      schema: {
        tags: ['transactions'],
        summary: 'Transferts expirés à rembourser en espèces',
        description:
          'Les transferts externes de l’agent qui ont expiré sans être payés (décision 225) et qu’aucun remboursement ne règle encore : envoyés en espèces, ou depuis un compte qui a refusé le remboursement. Les plus anciens d’abord. Un caissier les rembourse par `POST /transactions/{transactionNumber}/refund`.',
        security: [{ bearerAuth: [] }],
        querystring: paginationQuerySchema,
        response: { 200: transfersToRefundResponseSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      const actor = await moneyFlowDeps.actors.of(moneyFlowDeps.db, sessionOf(request));
      const { page, per_page } = request.query;
      const { rows, total } = await transfersToRefund(moneyFlowDeps.db, actor.agent.id, {
        limit: per_page,
        offset: (page - 1) * per_page,
      });
      return {
        data: rows.map((row) => ({
          transactionNumber: row.transactionNumber,
          amount: centimesToHtg(row.amountCentimes),
          fee: centimesToHtg(row.feeCentimes),
          sentAt: row.sentAt.toISOString(),
          expiredAt: row.expiredAt.toISOString(),
          sender: row.sender,
          recipient: row.recipient,
          locked: row.locked,
        })),
        meta: { total, page, per_page },
      };
    },
  );
  return Promise.resolve();
};
