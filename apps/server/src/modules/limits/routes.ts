import {
  errorBodySchema,
  limitEditorMessages,
  limitLeftQuerySchema,
  limitLeftResponseSchema,
  limitScheduleResponseSchema,
  limitVersionInputSchema,
} from '@lajan/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCapability, scheduleEditorOf, sessionOf } from '../auth/index.js';
import { cancelLimitVersion, createLimitVersion, limitSchedule, limitsLeftFor } from './service.js';

const bearer = [{ bearerAuth: [] }];
const tags = ['limits'];
const refused = { 401: errorBodySchema, 403: errorBodySchema };

const scheduleDescription =
  'Répond `{ inForce, coming, past }` : la version en vigueur, les versions à venir (la plus proche d’abord), les versions remplacées ou annulées (la plus récente d’abord). Une version : `{ id, number, effectiveFrom, createdAt, createdBy: { username } | null, status, cancelledAt, values }` ; `effectiveFrom` nul : en vigueur depuis toujours (version 1) ; `status` : `in_force`, `coming`, `past` ou `cancelled` ; `values` : par catégorie (`cash_in`, `cash_out`, `send`), `{ category, label, perOperation, perDay, perThirtyDays }` en HTG.';

/** A customer's limits (decision 227): the schedule, its editor, and what a customer has left. */
export const limitsRoutes: FastifyPluginAsyncZod = (app) => {
  const editorOf = (request: Parameters<typeof scheduleEditorOf>[0]) =>
    scheduleEditorOf(request, app.services.clock);

  app.get(
    '/limits',
    {
      preHandler: requireCapability('limits.read'),
      schema: {
        tags,
        summary: 'Les limites des clients : la version en vigueur, celles à venir, les passées',
        description: `Lisible par qui lit le barème des frais. La version en vigueur se lit à l’horloge de la base, comme l’enregistrement la lit. ${scheduleDescription}`,
        security: bearer,
        response: { 200: limitScheduleResponseSchema, ...refused },
      },
    },
    async () => ({ data: await limitSchedule(app.database.db) }),
  );

  app.post(
    '/limits/versions',
    {
      preHandler: requireCapability('limits.edit'),
      schema: {
        tags,
        summary: 'Une nouvelle version des limites des clients',
        description: `Super administrateur. \`values\` : pour chacune des catégories \`cash_in\`, \`cash_out\` et \`send\`, \`{ per_operation, per_day, per_thirty_days }\` en HTG, deux décimales au plus ; par opération ≤ 100 000 HTG (plafond de la BRH) ≤ … ; par opération ≤ par jour ≤ sur 30 jours. \`effective_from\` (facultatif) : date et heure ISO 8601 avec fuseau de l’entrée en vigueur, pas dans le passé ; absente ou nulle, maintenant. Sinon 422 avec \`errors['values.cash_in.per_day']\` ou \`errors.effective_from\`, rien n’est écrit. Aucune version n’est jamais modifiée (décision 227) ; le changement est journalisé (version, entrée en vigueur, anciennes et nouvelles limites). Comme l’éditeur du barème, sans \`Idempotency-Key\` : une requête répétée crée une autre version. ${scheduleDescription}`,
        security: bearer,
        body: limitVersionInputSchema,
        response: { 201: limitScheduleResponseSchema, ...refused, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      const schedule = await createLimitVersion(app.database.db, request.body, editorOf(request));
      return reply.code(201).send({ data: schedule });
    },
  );

  app.post(
    '/limits/versions/:id/cancel',
    {
      preHandler: requireCapability('limits.edit'),
      schema: {
        tags,
        summary: 'Annuler une version des limites à venir',
        description: `Super administrateur. Une version déjà entrée en vigueur (en vigueur ou remplacée) : 409 ; inconnue : 404 ; déjà annulée : rien de plus. Journalisé. ${scheduleDescription}`,
        security: bearer,
        params: z.object({ id: z.string().max(64, { error: () => limitEditorMessages.versionNotFound }) }),
        response: {
          200: limitScheduleResponseSchema,
          ...refused,
          404: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request) => ({
      data: await cancelLimitVersion(app.database.db, request.params.id, editorOf(request)),
    }),
  );

  app.get(
    '/limits/left',
    {
      preHandler: requireCapability('limits.left'),
      schema: {
        tags,
        summary: 'Ce qu’un client peut encore faire aujourd’hui et sur 30 jours',
        description:
          '`type` : `deposit`, `withdrawal`, `transfer`, `external_transfer` ou `external_payout` ; avec `accountNumber` (les titulaires du compte sont comptés ; un compte d’un autre agent répond 404 comme `GET /accounts/{id}`) ou `personId` (l’expéditeur d’un envoi en espèces, le bénéficiaire d’un paiement ; inconnue : 404). Répond, pour la catégorie du type (décision 227), les limites en vigueur (`perOperation`, `perDay`, `perThirtyDays`), ce qui reste au jour d’Haïti (`day`) et sur les 30 jours qui finissent ce jour-là (`leftToday`, `leftThirtyDays`, chacun le moins des personnes comptées), et `maxAmount`, le plus grand montant permis maintenant, en HTG. Une lecture : l’enregistrement vérifie de nouveau.',
        security: bearer,
        querystring: limitLeftQuerySchema,
        response: { 200: limitLeftResponseSchema, ...refused, 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request) => ({
      data: await limitsLeftFor(app.database.db, sessionOf(request), request.query, app.services.clock.now()),
    }),
  );

  return Promise.resolve();
};
