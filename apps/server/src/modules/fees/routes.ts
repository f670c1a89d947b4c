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
import { feeQuoteFor } from '../../ledger/fee-schedule.js';
import { feeGroups } from './versions.js';

const bearer = [{ bearerAuth: [] }];

/** The fee table (SPEC §7 `GET /transactions/fees`) and the quote a confirmation step shows. */
export const feesRoutes: FastifyPluginAsyncZod = (app) => {
  app.get(
    '/transactions/fees',
    {
      preHandler: requireCapability('fees.read'),
      schema: {
        tags: ['fees'],
        summary: 'Le barème des frais, par type',
        description:
          'Groupes `{ type, label, version, coming, rows }` dans l’ordre dépôt, transfert, retrait, transfert externe ; `rows` : les tranches en vigueur, chaque ligne `{ type, min_amount, max_amount, fee, agent_share }` en HTG, bornes incluses ; `version` : `{ number, effectiveFrom }` de la version en vigueur ; `coming` : les versions à venir, par date d’entrée en vigueur, avec leurs tranches (décision 150).',
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
          '`type` : `deposit`, `withdrawal`, `transfer`, `external_transfer` ou `agent_deposit` (sans frais) ; `amount` en HTG. Répond `{ type, amount, fee, agentShare, total, currency, feeVersion }`, ou 422 hors barème, comme la confirmation le ferait ; `feeVersion` : `{ number, effectiveFrom }` de la version du barème en vigueur qui l’a calculé (nulle pour `agent_deposit`), à renvoyer en `feeVersion` avec l’opération (décision 150).',
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
      if (type === 'agent_deposit') return { data: feeQuoteOf(type, amountCentimes, 0, 0, null) };
      const quote = await feeQuoteFor(app.database.db, type, amountCentimes);
      return {
        data: feeQuoteOf(type, amountCentimes, quote.feeCentimes, quote.agentShareCentimes, {
          number: quote.version.number,
          effectiveFrom: quote.version.effectiveFrom.toISOString(),
        }),
      };
    },
  );

  return Promise.resolve();
};
