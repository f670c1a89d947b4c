import {
  checkUsernameUniqueInputSchema,
  createUserInputSchema,
  errorBodySchema,
  listResponseSchema,
  updateUserInputSchema,
  userListQuerySchema,
  userSchema,
  userSearchQuerySchema,
} from '@lajan/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCapability, sessionOf } from '../auth/index.js';

const bearer = [{ bearerAuth: [] }];
const userAnswer = z.object({ data: userSchema });
const refusals = { 401: errorBodySchema, 403: errorBodySchema };
// One name for the one path `/users/{usernameOrId}`: OpenAPI 3.1 forbids the same path under two names (decision 234).
const userParams = z.object({
  usernameOrId: z.string().trim().min(1).max(64).describe('Le nom d’utilisateur ou l’id (UUID)'),
});
const scopeNote =
  'Le super administrateur voit tous les utilisateurs ; les autres, ceux de leur agent seulement (un utilisateur hors de portée répond 404).';

/** SPEC §7 "Users" (the password change lives with the sessions, in the auth routes). */
export const userRoutes: FastifyPluginAsyncZod = (app) => {
  const users = app.services.users;

  app.get(
    '/users',
    {
      preHandler: requireCapability('users.read'),
      schema: {
        tags: ['users'],
        summary: 'Liste des utilisateurs',
        description: `${scopeNote} Filtres : \`role\` (sudo, agent_admin, user), \`agentCode\`, \`q\` (nom d’utilisateur, nom, e-mail). Les utilisateurs supprimés (désactivés) y figurent avec \`deletedAt\`.`,
        security: bearer,
        querystring: userListQuerySchema,
        response: { 200: listResponseSchema(userSchema), ...refusals, 422: errorBodySchema },
      },
    },
    async (request) => {
      const query = request.query;
      const { users: rows, total } = await users.list(sessionOf(request), query);
      return { data: rows, meta: { total, page: query.page, per_page: query.per_page } };
    },
  );

  app.get(
    '/users/search',
    {
      preHandler: requireCapability('users.read'),
      schema: {
        tags: ['users'],
        summary: 'Chercher des utilisateurs',
        description: `${scopeNote} \`q\` cherche dans le nom d’utilisateur, le nom et l’e-mail ; \`username\` et \`email\` dans ce seul champ. Au plus 20 réponses.`,
        security: bearer,
        querystring: userSearchQuerySchema,
        response: { 200: z.object({ data: z.array(userSchema) }), ...refusals, 422: errorBodySchema },
      },
    },
    async (request) => ({ data: await users.search(sessionOf(request), request.query) }),
  );

  for (const url of ['/users/check-unique/', '/users/check-unique']) {
    app.post(
      url,
      {
        config: { signedIn: true },
        schema: {
          tags: ['users'],
          summary: 'Ce nom d’utilisateur est-il déjà pris ?',
          description: 'Quelle que soit la casse, utilisateurs supprimés compris.',
          security: bearer,
          body: checkUsernameUniqueInputSchema,
          response: {
            200: z.object({ data: z.object({ exists: z.boolean() }) }),
            401: errorBodySchema,
            422: errorBodySchema,
          },
        },
      },
      async (request) => ({ data: { exists: await users.usernameExists(request.body.value) } }),
    );
  }

  app.get(
    '/users/:usernameOrId',
    {
      preHandler: requireCapability('users.read'),
      schema: {
        tags: ['users'],
        summary: 'Un utilisateur, par nom d’utilisateur ou par id (UUID)',
        description: scopeNote,
        security: bearer,
        params: userParams,
        response: { 200: userAnswer, ...refusals, 404: errorBodySchema },
      },
    },
    async (request) => ({ data: await users.get(sessionOf(request), request.params.usernameOrId) }),
  );

  app.post(
    '/users',
    {
      preHandler: requireCapability('users.create'),
      schema: {
        tags: ['users'],
        summary: 'Créer un utilisateur',
        description:
          'Un administrateur d’agent crée des administrateurs (agent_admin) et des caissiers (user) de son agent ; le super administrateur crée des super administrateurs (sudo) seulement. Un autre rôle répond 403. La personne doit exister (422 `errors.personId`) ; le nom d’utilisateur, d’au moins 8 caractères, doit être libre (409 `errors.username`). Le mot de passe temporaire est envoyé par e-mail à la personne ; l’utilisateur devra le changer à sa première connexion.',
        security: bearer,
        body: createUserInputSchema,
        response: { 201: userAnswer, ...refusals, 409: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = await users.create(request.body, { user: sessionOf(request), ip: request.ip });
      return reply.code(201).send({ data: user });
    },
  );

  app.put(
    '/users/:usernameOrId',
    {
      // Oneself, or a user one manages: checked on the user (service), on top of being signed in.
      config: { signedIn: true },
      schema: {
        tags: ['users'],
        summary: 'Modifier les coordonnées d’un utilisateur',
        description:
          'Seulement email, phoneNumber, address, city et state (ceux de sa personne) ; les autres clés sont ignorées. Soi-même, ou un utilisateur que l’on gère (users.manage, dans sa portée). 409 si l’e-mail ou le téléphone appartient à une autre personne.',
        security: bearer,
        params: userParams,
        body: updateUserInputSchema,
        response: {
          200: userAnswer,
          ...refusals,
          404: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request) => ({
      data: await users.updateContact(request.params.usernameOrId, request.body, {
        user: sessionOf(request),
        ip: request.ip,
      }),
    }),
  );

  app.delete(
    '/users/:usernameOrId',
    {
      preHandler: requireCapability('users.manage'),
      schema: {
        tags: ['users'],
        summary: 'Supprimer (désactiver) un utilisateur',
        description:
          'L’utilisateur n’est jamais effacé : deletedAt est renseigné, il ne peut plus se connecter et ses sessions prennent fin. Jamais soi-même (422).',
        security: bearer,
        params: userParams,
        response: { 200: userAnswer, ...refusals, 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request) => ({
      data: await users.disable(request.params.usernameOrId, { user: sessionOf(request), ip: request.ip }),
    }),
  );

  app.post(
    '/users/:usernameOrId/end-sessions',
    {
      preHandler: requireCapability('users.manage'),
      schema: {
        tags: ['users'],
        summary: 'Fermer toutes les sessions d’un utilisateur',
        description:
          'Pour un appareil perdu ou volé : toutes les sessions ouvertes de l’utilisateur prennent fin (ses jetons ne valent plus rien), sans le désactiver ; il se reconnecte avec son mot de passe. ' +
          scopeNote,
        security: bearer,
        params: userParams,
        response: { 200: userAnswer, ...refusals, 404: errorBodySchema },
      },
    },
    async (request) => ({
      data: await users.endSessions(request.params.usernameOrId, {
        user: sessionOf(request),
        ip: request.ip,
      }),
    }),
  );

  return Promise.resolve();
};
