import { t } from '@lingui/core/macro';
import {
  checkUniqueInputSchema,
  documentLookupNumberSchema,
  uniqueCheckAnswerSchema,
  errorBodySchema,
  idDocumentTypeSchema,
  listResponseSchema,
  paginationQuerySchema,
  fullPersonSchema,
  personInputSchema,
  personViewSchema,
  PHONE_REVIEWS_MAX,
  phoneReviewSchema,
  updatePersonInputSchema,
} from '@lajan/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCapability, sessionOf } from '../auth/index.js';

const bearer = [{ bearerAuth: [] }];
const tags = ['persons'];
const personResponse = z.object({ data: fullPersonSchema });
const viewResponse = z.object({ data: personViewSchema });
const foundResponse = z.object({ data: z.object({ person: personViewSchema }) });
const existsResponse = z.object({ data: uniqueCheckAnswerSchema });
const existsDescription =
  '`exists` dit si une personne du réseau détient déjà la valeur ; `id`, la personne qui la détient, seulement ' +
  'quand l’appelant peut la modifier (un lien vers sa fiche, décision 214). Dépense une recherche du budget ' +
  '(décision 207).';
const idParams = z.object({ id: z.string().max(64) });
const refused = { 401: errorBodySchema, 403: errorBodySchema };

const duplicateDescription =
  'L’e-mail (sans distinction de casse), le téléphone (en forme normale `+50937123456`) et la pièce (type et numéro) ' +
  'sont uniques : un doublon répond 409 avec `errors.email`, `errors.phoneNumber` ou `errors.idDocumentNumber`, ' +
  'même quand deux requêtes arrivent en même temps. Comparer une pièce, un téléphone ou un e-mail au réseau dépense ' +
  'une recherche du budget de l’appelant (décision 207) : au-delà, 429 avant toute comparaison.';

const scopeDescription =
  'Réponse entière (`masked: false`) pour l’agent qui a enregistré la personne ou qui tient un de ses comptes, ' +
  'pour qui peut la modifier, et pour le super administrateur ; sinon masquée (`masked: true`) : nom, type de pièce ' +
  'et numéro réduit à ses 3 derniers caractères (`••••••123`), sans date de naissance, revenu, adresse ni coordonnées. ' +
  '`canEdit` dit si l’appelant peut la modifier ; `canDelete`, s’il peut la supprimer maintenant : il peut la ' +
  'modifier et rien ne s’y rapporte encore (ni compte, ni agent, ni utilisateur, ni transfert envoyé), sinon la ' +
  'suppression répondrait 409. `hasUser`, donné seulement à qui peut la modifier, dit si un utilisateur (un ' +
  'identifiant de connexion) se tient derrière elle : une personne n’en a qu’un (décision 214).';

/** SPEC §7 "Persons" (docs/contract-customers-agents.md): every signed-in role (`persons.manage`), scoped. */
export const personsRoutes: FastifyPluginAsyncZod = (app) => {
  const persons = app.services.persons;
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
        response: {
          201: personResponse,
          ...refused,
          409: errorBodySchema,
          422: errorBodySchema,
          429: errorBodySchema,
        },
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
          '`q` cherche dans le nom ; dans le numéro de pièce, l’e-mail et le téléphone (espaces et tirets ignorés) ' +
          'en partie parmi les personnes dont l’appelant lit la fiche entière, exactement ailleurs. Un agent ne voit ' +
          'pas les personnes d’un autre agent (ses utilisateurs, ses propriétaires) ni d’un super administrateur, ' +
          'sauf s’il les a enregistrées ou tient un de leurs comptes, ou si `q` est leur pièce, e-mail ou téléphone ' +
          'exact (décision 184). ' +
          scopeDescription,
        security: bearer,
        querystring: paginationQuerySchema.extend({
          q: z
            .string()
            .trim()
            .max(100, { error: () => t`Recherche trop longue` })
            .optional(),
        }),
        response: {
          200: listResponseSchema(personViewSchema),
          ...refused,
          422: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    (request) =>
      persons.list(
        { page: request.query.page, perPage: request.query.per_page, q: request.query.q },
        actorOf(request),
      ),
  );

  app.get(
    '/persons/phone-reviews',
    {
      preHandler: requireCapability('persons.phoneReviews'),
      schema: {
        tags,
        summary: 'Numéros de téléphone à revoir (super administrateur)',
        description:
          'Les numéros qu’une version antérieure avait enregistrés sans indicatif et que la migration 0036 n’a pas ' +
          'pu écrire en E.164, une autre personne ayant déjà ce numéro (décision 204) : chacun avec sa forme ' +
          'E.164 et la personne qui la détient. Une fiche corrigée quitte la liste.',
        security: bearer,
        response: { 200: z.object({ data: z.array(phoneReviewSchema).max(PHONE_REVIEWS_MAX) }), ...refused },
      },
    },
    async () => ({ data: await persons.phoneReviews() }),
  );

  app.post(
    '/persons/check-unique/',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Un e-mail ou un téléphone est-il déjà pris ?',
        description: existsDescription,
        security: bearer,
        body: checkUniqueInputSchema,
        response: { 200: existsResponse, ...refused, 422: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => ({
      data: await persons.fieldExists(request.body.field, request.body.value, actorOf(request)),
    }),
  );

  app.get(
    '/persons/check-document-unique/:number/:type',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Une pièce d’identité (numéro, type) est-elle déjà enregistrée ?',
        description: existsDescription,
        security: bearer,
        params: z.object({ number: documentLookupNumberSchema, type: idDocumentTypeSchema }),
        response: { 200: existsResponse, ...refused, 422: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => ({
      data: await persons.documentExists(request.params.type, request.params.number, actorOf(request)),
    }),
  );

  app.get(
    '/persons/search/:documentNumber',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Trouver une personne par numéro de pièce',
        description: scopeDescription,
        security: bearer,
        params: z.object({ documentNumber: documentLookupNumberSchema }),
        response: { 200: foundResponse, ...refused, 404: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => ({
      data: { person: await persons.searchByDocument(request.params.documentNumber, actorOf(request)) },
    }),
  );

  app.get(
    '/persons/search/:type/:number',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Trouver une personne par type et numéro de pièce',
        description: scopeDescription,
        security: bearer,
        params: z.object({ type: idDocumentTypeSchema, number: documentLookupNumberSchema }),
        response: {
          200: foundResponse,
          ...refused,
          404: errorBodySchema,
          422: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => ({
      data: {
        person: await persons.searchByDocument(request.params.number, actorOf(request), request.params.type),
      },
    }),
  );

  app.get(
    '/persons/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Une personne',
        description: `${scopeDescription} Chaque lecture de la fiche entière est inscrite au journal d’audit (\`persons.read\`).`,
        security: bearer,
        params: idParams,
        response: { 200: viewResponse, ...refused, 404: errorBodySchema },
      },
    },
    async (request) => ({ data: await persons.get(request.params.id, actorOf(request)) }),
  );

  app.put(
    '/persons/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Modifier une personne (le formulaire entier)',
        description:
          `${duplicateDescription} Seulement par qui peut la modifier (\`canEdit\`), sinon 403 : une personne liée à un ` +
          'utilisateur ou propriétaire d’agent, par qui gère cet utilisateur (jamais un agent guichetier) ; un client, par ' +
          'l’agent qui l’a enregistré ou qui tient un de ses comptes ; tout le monde, par le super administrateur. ' +
          'Changer l’e-mail de sa propre personne demande `current_password` (422 sinon) ; un changement d’e-mail d’un ' +
          'utilisateur est inscrit au journal et annoncé à l’ancienne adresse.',
        security: bearer,
        params: idParams,
        body: updatePersonInputSchema,
        response: {
          200: personResponse,
          ...refused,
          404: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
          429: errorBodySchema,
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
          '409 « Cette personne est liée à un compte ou à un utilisateur » quand un compte, un agent, un utilisateur ou une transaction la cite. ' +
          'Seulement par qui peut la modifier (`canEdit`), sinon 403.',
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
