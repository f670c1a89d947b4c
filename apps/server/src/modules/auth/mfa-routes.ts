import {
  errorBodySchema,
  loginMfaEnrolConfirmInputSchema,
  loginMfaEnrolConfirmResponseSchema,
  loginMfaEnrolInputSchema,
  loginMfaInputSchema,
  loginResponseSchema,
  messageResponseSchema,
  mfaConfirmInputSchema,
  mfaDisableInputSchema,
  mfaEnrolmentResponseSchema,
  mfaMessages,
  mfaRecoveryCodesResponseSchema,
  mfaStatusResponseSchema,
} from '@lajan/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCapability, sessionOf } from './plugin.js';

const bearer = [{ bearerAuth: [] }];
const throttledCodes =
  'Chaque code est compté avant d’être vérifié : 5 codes incorrects par utilisateur, ou 50 par adresse, en 15 minutes, puis 429 jusqu’à la fin de la fenêtre.';

/**
 * A second factor (decision 203): the sign-in's second step after `POST /auth/login` answered 401
 * `MFA_REQUIRED` or `MFA_ENROLMENT_REQUIRED` with a challenge, and the signed-in enrolment of
 * administrators and super administrators.
 */
export const mfaRoutes: FastifyPluginAsyncZod = (app) => {
  app.post(
    '/auth/login/mfa',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Connexion, seconde étape : le code de l’application (ou un code de secours)',
        description: `Le défi (challenge) de la réponse 401 MFA_REQUIRED de /auth/login, valable 5 minutes, et un code à 6 chiffres (RFC 6238) ou un des codes de secours, chacun utilisable une seule fois. Un code refusé : 422 sous le champ code. ${throttledCodes}`,
        body: loginMfaInputSchema,
        response: {
          200: loginResponseSchema,
          401: errorBodySchema,
          422: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      const session = await app.services.mfa.signInWithCode(request.body, request.ip);
      return {
        data: {
          access_token: session.accessToken,
          token_type: 'Bearer' as const,
          expires_in: session.expiresIn,
          user: session.user,
        },
      };
    },
  );

  app.post(
    '/auth/login/mfa/enrol',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Connexion avec MFA_REQUIRED=1 : le QR code du second facteur à activer',
        description:
          'Le défi de la réponse 401 MFA_ENROLMENT_REQUIRED de /auth/login (un super administrateur sans second facteur).',
        body: loginMfaEnrolInputSchema,
        response: {
          200: mfaEnrolmentResponseSchema,
          401: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request) => ({ data: await app.services.mfa.startEnrolmentAtSignIn(request.body.challenge) }),
  );

  app.post(
    '/auth/login/mfa/enrol/confirm',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Connexion avec MFA_REQUIRED=1 : le premier code active le facteur et ouvre la session',
        description: `Renvoie la session et les dix codes de secours, montrés cette seule fois. ${throttledCodes}`,
        body: loginMfaEnrolConfirmInputSchema,
        response: {
          200: loginMfaEnrolConfirmResponseSchema,
          401: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      const session = await app.services.mfa.confirmEnrolmentAtSignIn(request.body, request.ip);
      return {
        data: {
          access_token: session.accessToken,
          token_type: 'Bearer' as const,
          expires_in: session.expiresIn,
          user: session.user,
          recovery_codes: session.recoveryCodes,
        },
      };
    },
  );

  app.get(
    '/auth/mfa',
    {
      preHandler: requireCapability('mfa.manage'),
      schema: {
        tags: ['auth'],
        summary: 'Le second facteur de l’utilisateur connecté',
        security: bearer,
        response: { 200: mfaStatusResponseSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => ({ data: await app.services.mfa.status(sessionOf(request)) }),
  );

  app.post(
    '/auth/mfa/enrol',
    {
      preHandler: requireCapability('mfa.manage'),
      schema: {
        tags: ['auth'],
        summary: 'Activer un second facteur : le secret et son QR code',
        description:
          'Administrateurs et super administrateurs. Le secret n’est plus jamais montré une fois l’activation confirmée ; une activation non confirmée est remplacée.',
        security: bearer,
        response: {
          200: mfaEnrolmentResponseSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => ({ data: await app.services.mfa.startEnrolment(sessionOf(request)) }),
  );

  app.post(
    '/auth/mfa/enrol/confirm',
    {
      preHandler: requireCapability('mfa.manage'),
      schema: {
        tags: ['auth'],
        summary: 'Confirmer le second facteur avec un premier code : les dix codes de secours',
        description: `Les codes de secours sont montrés cette seule fois. ${throttledCodes}`,
        security: bearer,
        body: mfaConfirmInputSchema,
        response: {
          200: mfaRecoveryCodesResponseSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => ({
      data: {
        message: mfaMessages.enrolled,
        recovery_codes: await app.services.mfa.confirmEnrolment(
          sessionOf(request),
          request.body.code,
          request.ip,
        ),
      },
    }),
  );

  app.post(
    '/auth/mfa/disable',
    {
      preHandler: requireCapability('mfa.manage'),
      schema: {
        tags: ['auth'],
        summary: 'Désactiver le second facteur (mot de passe et code)',
        description: `Refusé (403) à un super administrateur quand MFA_REQUIRED=1. ${throttledCodes}`,
        security: bearer,
        body: mfaDisableInputSchema,
        response: {
          200: messageResponseSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      await app.services.mfa.disable(sessionOf(request), request.body, request.ip);
      return { data: { message: mfaMessages.disabled } };
    },
  );

  return Promise.resolve();
};
