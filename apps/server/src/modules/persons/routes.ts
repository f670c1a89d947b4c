import {
  checkUniqueInputSchema,
  errorBodySchema,
  idDocumentTypeSchema,
  listResponseSchema,
  paginationQuerySchema,
  personInputSchema,
  personSchema,
} from '@lajan/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../clock.js';
import { requireCapability, sessionOf } from '../auth/plugin.js';
import { PersonsService } from './service.js';

const bearer = [{ bearerAuth: [] }];
const tags = ['persons'];
const personResponse = z.object({ data: personSchema });
const foundResponse = z.object({ data: z.object({ person: personSchema }) });
const existsResponse = z.object({ data: z.object({ exists: z.boolean() }) });
const idParams = z.object({ id: z.string() });
const refused = { 401: errorBodySchema, 403: errorBodySchema };

const duplicateDescription =
  'L’e-mail (sans distinction de casse), le téléphone (en forme normale `+50937123456`) et la pièce (type et numéro) ' +
  'sont uniques : un doublon répond 409 avec `errors.email`, `errors.phoneNumber` ou `errors.idDocumentNumber`, ' +
  'même quand deux requêtes arrivent en même temps.';

/** SPEC §7 "Persons" (docs/contract-customers-agents.md): every signed-in role (`persons.manage`). */
export const personsRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = (app, options) => {
  const persons = new PersonsService({ db: app.database.db, clock: options.clock });
  const actorOf = (request: Parameters<typeof sessionOf>[0]) => ({
    user: sessionOf(request),
    ip: request.ip,
  });
  const preHandler = requireCapability('persons.manage');

  app.post(
    '/persons',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Enregistrer une personne (client, propriétaire d’agent, utilisateur)',
        description: duplicateDescription,
        security: bearer,
        body: personInputSchema,
        response: { 201: personResponse, ...refused, 409: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      const person = await persons.create(request.body, actorOf(request));
      return reply.code(201).send({ data: person });
    },
  );

  app.get(
    '/persons',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Liste des personnes, les plus récentes d’abord',
        description:
          '`q` cherche dans le nom, le numéro de pièce, l’e-mail et le téléphone (espaces et tirets ignorés).',
        security: bearer,
        querystring: paginationQuerySchema.extend({
          q: z.string().trim().max(100, 'Recherche trop longue').optional(),
        }),
        response: { 200: listResponseSchema(personSchema), ...refused, 422: errorBodySchema },
      },
    },
    (request) =>
      persons.list({ page: request.query.page, perPage: request.query.per_page, q: request.query.q }),
  );

  app.post(
    '/persons/check-unique/',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Un e-mail ou un téléphone est-il déjà pris ?',
        security: bearer,
        body: checkUniqueInputSchema,
        response: { 200: existsResponse, ...refused, 422: errorBodySchema },
      },
    },
    async (request) => ({
      data: { exists: await persons.fieldExists(request.body.field, request.body.value) },
    }),
  );

  app.get(
    '/persons/check-document-unique/:number/:type',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Une pièce d’identité (numéro, type) est-elle déjà enregistrée ?',
        security: bearer,
        params: z.object({ number: z.string().trim().min(1), type: idDocumentTypeSchema }),
        response: { 200: existsResponse, ...refused, 422: errorBodySchema },
      },
    },
    async (request) => ({
      data: { exists: await persons.documentExists(request.params.type, request.params.number) },
    }),
  );

  app.get(
    '/persons/search/:documentNumber',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Trouver une personne par numéro de pièce',
        security: bearer,
        params: z.object({ documentNumber: z.string().trim().min(1) }),
        response: { 200: foundResponse, ...refused, 404: errorBodySchema },
      },
    },
    async (request) => ({
      data: { person: await persons.searchByDocumentNumber(request.params.documentNumber) },
    }),
  );

  app.get(
    '/persons/search/:type/:number',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Trouver une personne par type et numéro de pièce',
        security: bearer,
        params: z.object({ type: idDocumentTypeSchema, number: z.string().trim().min(1) }),
        response: { 200: foundResponse, ...refused, 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request) => ({
      data: { person: await persons.searchByDocument(request.params.type, request.params.number) },
    }),
  );

  app.get(
    '/persons/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Une personne',
        security: bearer,
        params: idParams,
        response: { 200: personResponse, ...refused, 404: errorBodySchema },
      },
    },
    async (request) => ({ data: await persons.get(request.params.id) }),
  );

  app.put(
    '/persons/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Modifier une personne (le formulaire entier)',
        description: duplicateDescription,
        security: bearer,
        params: idParams,
        body: personInputSchema,
        response: {
          200: personResponse,
          ...refused,
          404: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request) => ({ data: await persons.update(request.params.id, request.body, actorOf(request)) }),
  );

  app.delete(
    '/persons/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Supprimer une personne à laquelle rien ne se rapporte',
        description:
          '409 « Cette personne est liée à un compte ou à un utilisateur » quand un compte, un agent, un utilisateur ou une transaction la cite.',
        security: bearer,
        params: idParams,
        response: {
          200: z.object({ data: z.object({ id: z.string() }) }),
          ...refused,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => ({ data: await persons.delete(request.params.id, actorOf(request)) }),
  );

  return Promise.resolve();
};
