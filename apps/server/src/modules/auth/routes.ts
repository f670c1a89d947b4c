import {
  authMessages,
  changeLanguageInputSchema,
  currentUserResponseSchema,
  errorBodySchema,
  forgotPasswordByEmailInputSchema,
  forgotPasswordInputSchema,
  loginInputSchema,
  loginRefusedErrorBodySchema,
  loginResponseSchema,
  messageResponseSchema,
  resetPasswordInputSchema,
  storageKeyResponseSchema,
  updatePasswordInputSchema,
  updatePasswordResponseSchema,
} from '@lajan/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCapability, sessionOf } from './plugin.js';
import { REFRESHED_TOKEN_HEADER } from './tokens.js';

const bearer = [{ bearerAuth: [] }];

/**
 * Sign-in, session and passwords (contract-foundation). `POST /users/update-password` lives
 * here too: it is the password of the signed-in user, whatever module owns the users list.
 */
export const authRoutes: FastifyPluginAsyncZod = (app) => {
  app.post(
    '/auth/login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Connexion par nom d’utilisateur et mot de passe',
        description:
          'Renvoie un jeton HS256 valable 30 minutes (SESSION_IDLE_MINUTES) ; une requête dans la seconde moitié de sa vie reçoit un jeton neuf dans l’en-tête X-Access-Token, jusqu’à 12 heures après la connexion. Après 5 échecs pour un nom d’utilisateur, ou 50 depuis une adresse, en 15 minutes : 429 jusqu’à la fin de la fenêtre. Un utilisateur qui a un second facteur reçoit, pour le bon mot de passe, 401 MFA_REQUIRED avec un défi (challenge) de 5 minutes, à envoyer avec le code à POST /auth/login/mfa ; avec MFA_REQUIRED=1, un super administrateur sans second facteur reçoit 401 MFA_ENROLMENT_REQUIRED (POST /auth/login/mfa/enrol, puis …/confirm).',
        body: loginInputSchema,
        response: {
          200: loginResponseSchema,
          401: loginRefusedErrorBodySchema,
          422: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      const result = await app.services.auth.login(request.body, request.ip);
      return {
        data: {
          access_token: result.accessToken,
          token_type: 'Bearer' as const,
          expires_in: result.expiresIn,
          user: result.user,
        },
      };
    },
  );

  app.get(
    '/auth/user',
    {
      config: { allowBeforePasswordChange: true },
      preHandler: requireCapability('profile.view'),
      schema: {
        tags: ['auth'],
        summary: 'L’utilisateur connecté',
        security: bearer,
        response: { 200: currentUserResponseSchema, 401: errorBodySchema },
      },
    },
    (request) => Promise.resolve({ data: { user: sessionOf(request) } }),
  );

  app.put(
    '/auth/user/language',
    {
      // Her own only; before her first password too, so that she reads that page in her language.
      config: { allowBeforePasswordChange: true, signedIn: true },
      schema: {
        tags: ['auth'],
        summary: 'Choisir la langue de l’utilisateur connecté',
        description:
          'fr (français) ou ht (kreyòl) : la langue de ses écrans et des messages de l’API qui lui répondent (décision 237). Renvoie sa session ; l’en-tête X-Access-Token porte un jeton neuf qui la contient, de la même connexion. Inscrit au journal d’audit (users.update).',
        security: bearer,
        body: changeLanguageInputSchema,
        response: { 200: currentUserResponseSchema, 401: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { user, accessToken } = await app.services.auth.changeLanguage(
        sessionOf(request),
        request.body.language,
        request.headers.authorization,
        request.ip,
      );
      if (accessToken) void reply.header(REFRESHED_TOKEN_HEADER, accessToken);
      return { data: { user } };
    },
  );

  app.get(
    '/auth/storage-key',
    {
      config: { signedIn: true },
      schema: {
        tags: ['auth'],
        summary: 'La clé de stockage du navigateur pour l’utilisateur connecté',
        description:
          'La même pour le même utilisateur à chaque connexion, une autre pour un autre : le navigateur chiffre avec elle les opérations gardées et les brouillons, la garde en mémoire seulement et l’oublie à la déconnexion (décision 202). Jamais mise en cache (no-store).',
        security: bearer,
        response: { 200: storageKeyResponseSchema, 401: errorBodySchema },
      },
    },
    (request) => Promise.resolve({ data: { key: app.services.auth.storageKey(sessionOf(request)) } }),
  );

  app.post(
    '/auth/logout',
    {
      config: { allowBeforePasswordChange: true, signedIn: true },
      schema: {
        tags: ['auth'],
        summary: 'Déconnexion : tous les jetons de l’utilisateur cessent de fonctionner',
        security: bearer,
        response: { 200: messageResponseSchema, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      await app.services.auth.logout(sessionOf(request), request.ip);
      // The browser's HTTP cache emptied for the next person; not "storage": it would erase the held
      // operations and drafts sealed for their owner's next sign-in, and the /register draft (decision 206).
      void reply.header('clear-site-data', '"cache"');
      return { data: { message: authMessages.logoutSuccess } };
    },
  );

  app.post(
    '/users/update-password',
    {
      config: { allowBeforePasswordChange: true },
      preHandler: requireCapability('password.update'),
      schema: {
        tags: ['auth'],
        summary: 'Changer son mot de passe (aussi le premier)',
        description:
          'Fixe passwordUpdatedAt ; tous les autres jetons de l’utilisateur cessent de fonctionner et la réponse porte un jeton neuf (comme la connexion), avec lequel l’appelant reste connecté. Un mot de passe courant est refusé (422). Le 5e mot de passe actuel incorrect en 15 minutes ferme toutes les sessions de l’utilisateur (401) ; ensuite 429 jusqu’à la fin de la fenêtre.',
        security: bearer,
        body: updatePasswordInputSchema,
        response: {
          200: updatePasswordResponseSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          422: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      const result = await app.services.auth.updatePassword(sessionOf(request), request.body, request.ip);
      return {
        data: {
          message: authMessages.passwordUpdated,
          access_token: result.accessToken,
          token_type: 'Bearer' as const,
          expires_in: result.expiresIn,
          user: result.user,
        },
      };
    },
  );

  const forgotDescription =
    'La même réponse, que l’utilisateur existe ou non. Le lien envoyé par e-mail vaut une heure, une seule fois.';

  app.post(
    '/forgot-password',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Demander un lien de réinitialisation (par nom d’utilisateur)',
        description: forgotDescription,
        body: forgotPasswordInputSchema,
        response: { 200: messageResponseSchema, 422: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      await app.services.auth.requestResetByUsername(request.body.username, request.ip);
      return { data: { message: authMessages.resetLinkSent } };
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Demander un lien de réinitialisation (par e-mail)',
        description: forgotDescription,
        body: forgotPasswordByEmailInputSchema,
        response: { 200: messageResponseSchema, 422: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      await app.services.auth.requestResetByEmail(request.body.email, request.ip);
      return { data: { message: authMessages.resetLinkSent } };
    },
  );

  for (const url of ['/reset-password', '/auth/reset-password']) {
    app.post(
      url,
      {
        config: { public: true },
        schema: {
          tags: ['auth'],
          summary: 'Choisir un nouveau mot de passe avec le lien reçu',
          description:
            'Met fin à toutes les sessions de l’utilisateur. Un mot de passe courant est refusé (422). 10 essais par adresse en 15 minutes, puis 429.',
          body: resetPasswordInputSchema,
          response: { 200: messageResponseSchema, 422: errorBodySchema, 429: errorBodySchema },
        },
      },
      async (request) => {
        await app.services.auth.resetPassword(request.body, request.ip);
        return { data: { message: authMessages.resetSuccess } };
      },
    );
  }

  return Promise.resolve();
};
