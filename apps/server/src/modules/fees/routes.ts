import {
  errorBodySchema,
  feeGroupsResponseSchema,
  feeQuoteOf,
  feeQuoteQuerySchema,
  feeQuoteResponseSchema,
  htgToCentimes,
} from '@lajan/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCapability } from '../auth/index.js';
import { feeFor } from '../../ledger/fee-schedule.js';
import { feeGroups } from './tables.js';

const bearer = [{ bearerAuth: [] }];

/** The fee table (SPEC §7 `GET /transactions/fees`) and the quote a confirmation step shows (DESIGN §6). */
export const feesRoutes: FastifyPluginAsyncZod = (app) => {
  app.get(
    '/transactions/fees',
    {
      preHandler: requireCapability('fees.read'),
      schema: {
        tags: ['fees'],
        summary: 'Le barème des frais, par type',
        description:
          'Groupes `{ type, label, rows }` dans l’ordre dépôt, transfert, retrait, transfert externe ; chaque ligne `{ type, min_amount, max_amount, fee, agent_share }` en HTG, bornes incluses.',
        security: bearer,
        response: { 200: feeGroupsResponseSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async () => ({ data: await feeGroups(app.database.db) }),
  );

  app.get(
    '/transactions/fees/quote',
    {
      preHandler: requireCapability('fees.read'),
      schema: {
        tags: ['fees'],
        summary: 'Les frais et la part de l’agent qu’une opération coûterait',
        description:
          '`type` : `deposit`, `withdrawal`, `transfer`, `external_transfer` ou `agent_deposit` (sans frais) ; `amount` en HTG. Répond `{ type, amount, fee, agentShare, total, currency }`, ou 422 hors barème, comme la confirmation le ferait.',
        security: bearer,
        querystring: feeQuoteQuerySchema,
        response: {
          200: feeQuoteResponseSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { type, amount } = request.query;
      const amountCentimes = htgToCentimes(amount);
      if (type === 'agent_deposit') return { data: feeQuoteOf(type, amountCentimes, 0, 0) };
      const quote = await feeFor(app.database.db, type, amountCentimes);
      return { data: feeQuoteOf(type, amountCentimes, quote.feeCentimes, quote.agentShareCentimes) };
    },
  );

  return Promise.resolve();
};
