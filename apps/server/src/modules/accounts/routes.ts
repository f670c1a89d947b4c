import { t } from '@lingui/core/macro';
import {
  accountSchema,
  accountSearchInputSchema,
  accountSearchResponseSchema,
  accountStatusSchema,
  createAccountInputSchema,
  errorBodySchema,
  floatAccountSchema,
  listResponseSchema,
  paginationQuerySchema,
  rejectAccountRequestInputSchema,
  updateAccountInputSchema,
} from '@lajan/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCapability, sessionOf } from '../auth/index.js';

const bearer = [{ bearerAuth: [] }];
const tags = ['accounts'];
const accountResponse = z.object({ data: accountSchema });
const idParams = z.object({ id: z.string().max(64) });
const refused = { 401: errorBodySchema, 403: errorBodySchema };

const accountDescription =
  '`balance` en HTG (deux décimales au plus) ; `customers[0]` est le titulaire principal. ' +
  'Statuts : `pending` (demande publique), `active` (seul statut où l’argent circule), `inactive`, `closed`.';

/** SPEC §7 "Accounts" (docs/contract-customers-agents.md). */
export const accountsRoutes: FastifyPluginAsyncZod = (app) => {
  const service = app.services.accounts;
  const actorOf = (request: FastifyRequest) => ({ user: sessionOf(request), ip: request.ip });
  const manage = requireCapability('accounts.manage');

  app.post(
    '/accounts',
    {
      preHandler: manage,
      schema: {
        tags,
        summary:
          'Ouvrir un compte actif pour des personnes enregistrées (la première est titulaire principale)',
        description: `${accountDescription}\n\nUn titulaire dont l’agent ne peut lire le dossier entier (client d’un autre agent) exige \`holderDocuments[personId]\`, le numéro de sa pièce lu sur la carte ; cinq numéros erronés en 15 minutes : 429.`,
        security: bearer,
        body: createAccountInputSchema,
        response: { 201: accountResponse, ...refused, 422: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const account = await service.create(request.body, actorOf(request));
      return reply.code(201).send({ data: account });
    },
  );

  app.post(
    '/accounts/search',
    {
      config: { signedIn: true },
      schema: {
        tags,
        summary:
          'Trouver un compte client : par son numéro exact (`account_number`), ou comme on parle (`q`)',
        description: `${accountDescription} Avec \`account_number\`, un seul compte par son numéro exact, quel que soit son agent, répondu \`{ account }\` ; un numéro de compte d’agent ou de compte système répond 404 « Compte introuvable ». Avec \`q\`, \`{ accounts }\` (au plus 20, les plus récents d’abord, jamais un compte fermé) : un numéro de compte, le téléphone ou le numéro de pièce d’un titulaire, exacts, dans tout le réseau ; le nom d’un titulaire, en partie, parmi les comptes de l’agent de l’utilisateur seulement. Les numéros de pièce des titulaires sont masqués (\`••••••123\`) pour un agent qui ne tient pas le compte et n’a pas enregistré le titulaire.`,
        security: bearer,
        body: accountSearchInputSchema,
        response: {
          200: accountSearchResponseSchema,
          401: errorBodySchema,
          404: errorBodySchema,
          422: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { account_number: accountNumber, q } = request.body;
      if (accountNumber !== undefined) {
        return { data: { account: await service.findByNumber(accountNumber, sessionOf(request)) } };
      }
      return { data: { accounts: await service.search(q ?? '', actorOf(request)) } };
    },
  );

  app.get(
    '/accounts/self',
    {
      preHandler: requireCapability('account.self'),
      schema: {
        tags,
        summary: '« Mon Compte » : le compte de l’agent de l’utilisateur connecté (float)',
        description:
          'Même forme qu’un compte client, avec `type: null`, `customers: []` et `agent` renseigné.',
        security: bearer,
        response: {
          200: z.object({ data: z.object({ account: floatAccountSchema }) }),
          ...refused,
          404: errorBodySchema,
        },
      },
    },
    async (request) => ({ data: { account: await service.ownFloat(sessionOf(request)) } }),
  );

  app.get(
    '/accounts',
    {
      preHandler: manage,
      schema: {
        tags,
        summary: 'Comptes clients de l’agent ; `status=pending` : les demandes publiques à examiner',
        description:
          'Sans `status=pending`, les comptes de l’agent de l’utilisateur, les plus récents d’abord. ' +
          'Avec `status=pending`, les demandes publiques (sans agent), les plus anciennes d’abord. ' +
          '`q` cherche dans le numéro de compte, la référence de demande, le nom et le numéro de pièce des titulaires.',
        security: bearer,
        querystring: paginationQuerySchema.extend({
          status: accountStatusSchema.optional(),
          q: z
            .string()
            .trim()
            .max(100, { error: () => t`Recherche trop longue` })
            .optional(),
        }),
        response: { 200: listResponseSchema(accountSchema), ...refused, 422: errorBodySchema },
      },
    },
    (request) =>
      service.list(
        {
          page: request.query.page,
          perPage: request.query.per_page,
          status: request.query.status,
          q: request.query.q,
        },
        sessionOf(request),
      ),
  );

  app.get(
    '/accounts/:id',
    {
      preHandler: manage,
      schema: {
        tags,
        summary: 'Un compte de l’agent, ou une demande publique en attente',
        description: accountDescription,
        security: bearer,
        params: idParams,
        response: { 200: accountResponse, ...refused, 404: errorBodySchema },
      },
    },
    async (request) => ({ data: await service.get(request.params.id, sessionOf(request)) }),
  );

  app.put(
    '/accounts/:id',
    {
      preHandler: manage,
      schema: {
        tags,
        summary: 'Activer ou désactiver un compte de l’agent (seul le statut change)',
        description:
          'Un compte fermé répond 422. Une demande publique en attente n’appartient encore à aucun agent : elle s’active ou se refuse (404 ici).',
        security: bearer,
        params: idParams,
        body: updateAccountInputSchema,
        response: { 200: accountResponse, ...refused, 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request) => ({
      data: await service.updateStatus(request.params.id, request.body.status, actorOf(request)),
    }),
  );

  app.delete(
    '/accounts/:id',
    {
      preHandler: manage,
      schema: {
        tags,
        summary: 'Fermer un compte de l’agent dont le solde est nul',
        description:
          '422 « Le compte a encore un solde » tant que le solde n’est pas 0 ; 422 (« errors.transfers ») tant qu’un transfert externe envoyé du compte attend d’être payé (son annulation y rendrait l’argent).',
        security: bearer,
        params: idParams,
        response: { 200: accountResponse, ...refused, 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request) => ({ data: await service.close(request.params.id, actorOf(request)) }),
  );

  app.post(
    '/accounts/:id/activate',
    {
      preHandler: manage,
      schema: {
        tags,
        summary: 'Accepter une demande publique : le compte devient actif et rattaché à l’agent',
        description:
          'Enregistre qui a décidé et quand ; le titulaire principal reçoit un e-mail. Une demande déjà traitée répond 409.',
        security: bearer,
        params: idParams,
        response: { 200: accountResponse, ...refused, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => ({ data: await service.activateRequest(request.params.id, actorOf(request)) }),
  );

  app.post(
    '/accounts/:id/reject',
    {
      preHandler: manage,
      schema: {
        tags,
        summary: 'Refuser une demande publique, avec son motif (elle devient `closed`)',
        description:
          'Enregistre qui a décidé et quand ; le titulaire principal reçoit le motif par e-mail. Une demande déjà traitée répond 409.',
        security: bearer,
        params: idParams,
        body: rejectAccountRequestInputSchema,
        response: {
          200: accountResponse,
          ...refused,
          404: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request) => ({
      data: await service.rejectRequest(request.params.id, request.body.reason, actorOf(request)),
    }),
  );

  return Promise.resolve();
};
