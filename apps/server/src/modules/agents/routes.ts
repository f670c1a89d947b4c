import {
  agentListQuerySchema,
  agentSchema,
  agentSearchInputSchema,
  createAgentInputSchema,
  errorBodySchema,
  listResponseSchema,
} from '@lajan/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCapability, sessionOf } from '../auth/index.js';

const bearer = [{ bearerAuth: [] }];
const codeParams = z.object({
  code: z
    .string()
    .trim()
    .min(1)
    .max(20)
    .meta({ examples: ['EPI042'] })
    .describe('Le code de l’agent (« EPI042 »), quelle que soit la casse'),
});
const agentAnswer = z.object({ data: agentSchema });
const refusals = { 401: errorBodySchema, 403: errorBodySchema };

/** SPEC §7 "Agents" except the deposit on an agent (the ledger's). */
export const agentRoutes: FastifyPluginAsyncZod = (app) => {
  const agents = app.services.agents;

  app.get(
    '/agents',
    {
      preHandler: requireCapability('agents.read'),
      schema: {
        tags: ['agents'],
        summary: 'Liste des agents',
        description:
          'Le super administrateur voit tous les agents, les autres seulement le leur. `q` cherche dans le code, le nom, l’e-mail et le téléphone ; `status` : active, suspended ou inactive. Le solde du compte flottant est `null` sauf pour le super administrateur et les utilisateurs de l’agent.',
        security: bearer,
        querystring: agentListQuerySchema,
        response: { 200: listResponseSchema(agentSchema), ...refusals, 422: errorBodySchema },
      },
    },
    async (request) => {
      const query = request.query;
      const { agents: rows, total } = await agents.list(sessionOf(request), query);
      return { data: rows, meta: { total, page: query.page, per_page: query.per_page } };
    },
  );

  app.post(
    '/agents/search',
    {
      preHandler: requireCapability('agents.read'),
      schema: {
        tags: ['agents'],
        summary: 'Trouver un agent par son code',
        description: 'Mêmes règles de visibilité que la liste : un agent hors de portée répond 404.',
        security: bearer,
        body: agentSearchInputSchema,
        response: {
          200: z.object({ data: z.object({ agent: agentSchema }) }),
          ...refusals,
          404: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request) => ({ data: { agent: await agents.get(sessionOf(request), request.body.code) } }),
  );

  app.get(
    '/agents/:code',
    {
      preHandler: requireCapability('agents.read'),
      schema: {
        tags: ['agents'],
        summary: 'Un agent, avec ses propriétaires, son compte flottant et son premier administrateur',
        security: bearer,
        params: codeParams,
        response: { 200: agentAnswer, ...refusals, 404: errorBodySchema },
      },
    },
    async (request) => ({ data: await agents.get(sessionOf(request), request.params.code) }),
  );

  app.post(
    '/agents',
    {
      preHandler: requireCapability('agents.manage'),
      schema: {
        tags: ['agents'],
        summary: 'Créer un agent',
        description:
          'Dans une seule transaction : l’agent et son code, ses propriétaires (des personnes existantes), son compte flottant (solde 0) et son premier utilisateur (rôle agent_admin), dont le mot de passe temporaire est envoyé par e-mail au premier propriétaire. 409 `errors.username` si le nom d’utilisateur est pris (quelle que soit la casse) ; 422 `errors.personIds` pour une personne inconnue.',
        security: bearer,
        body: createAgentInputSchema,
        response: { 201: agentAnswer, ...refusals, 409: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      const agent = await agents.create(request.body, { user: sessionOf(request), ip: request.ip });
      return reply.code(201).send({ data: agent });
    },
  );

  const actions = [
    { method: 'POST', url: '/agents/:code/suspend', action: 'suspend', summary: 'Suspendre un agent' },
    { method: 'POST', url: '/agents/:code/activate', action: 'activate', summary: 'Réactiver un agent' },
    { method: 'DELETE', url: '/agents/:code', action: 'delete', summary: 'Supprimer (désactiver) un agent' },
  ] as const;
  for (const { method, url, action, summary } of actions) {
    app.route({
      method,
      url,
      preHandler: requireCapability('agents.manage'),
      schema: {
        tags: ['agents'],
        summary,
        description:
          'Suspendre ou supprimer empêche aussitôt les utilisateurs de l’agent de se connecter et met fin à leurs sessions ; réactiver lève la suspension et la suppression. Un agent n’est jamais effacé (deletedAt est renseigné).',
        security: bearer,
        params: codeParams,
        response: { 200: agentAnswer, ...refusals, 404: errorBodySchema },
      },
      handler: async (request) => ({
        data: await agents.change(request.params.code, action, { user: sessionOf(request), ip: request.ip }),
      }),
    });
  }

  return Promise.resolve();
};
