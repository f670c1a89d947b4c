import {
  correctionListQuerySchema,
  correctionListResponseSchema,
  correctionParamsSchema,
  correctionRejectInputSchema,
  correctionRequestInputSchema,
  correctionResponseSchema,
  correctionTransactionParamsSchema,
  errorBodySchema,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  transactionResponseSchema,
} from '@lajan/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCapability, sessionOf } from '../auth/index.js';
import { idempotencyKeyOf } from '../transactions/index.js';
import type { CorrectionAnswer, CorrectionCall } from './service.js';

const security = [{ bearerAuth: [] }];
const tags = ['corrections'];
const errors = {
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
};
const idempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .meta({ maxLength: 200, pattern: IDEMPOTENCY_KEY_PATTERN.source })
    .optional()
    .describe(
      "Clé d'idempotence (1 à 200 caractères ASCII visibles) : la même clé avec la même requête renvoie la première réponse, sans rien écrire.",
    ),
});

function callOf(request: FastifyRequest): CorrectionCall {
  return {
    session: sessionOf(request),
    ip: request.ip,
    idempotencyKey: idempotencyKeyOf(request.headers[IDEMPOTENCY_HEADER]),
  };
}

/** A posted reversal as stored with its key (a replay byte for byte), or the request as it now is. */
function send(reply: FastifyReply, answer: CorrectionAnswer) {
  if (!answer.posted) return reply.code(200).send({ data: answer.correction });
  const raw: FastifyReply = reply;
  if (answer.replayed) void raw.header('idempotent-replay', 'true');
  return raw.code(answer.status).type('application/json; charset=utf-8').send(answer.bodyText);
}

/**
 * Corrections (DESIGN §4c, decision 226): a request with a reason, decided by another person, posted as a
 * `reversal` of the original's entries negated. Another agent's requests are unknown (404).
 */
export const correctionsRoutes: FastifyPluginAsyncZod = (app) => {
  const { corrections } = app.services;

  app.post(
    '/transactions/:transactionNumber/corrections',
    {
      preHandler: requireCapability('corrections.request'),
      schema: {
        tags,
        summary: 'Demander la correction d’une opération',
        description:
          'Par un caissier ou un administrateur de l’agent qui l’a enregistrée (un dépôt sur agent : un super administrateur ou l’administrateur de l’agent), avec un motif. Seuls un dépôt, un retrait, un transfert entre comptes ou un dépôt sur agent complétés se corrigent (sinon 409 `NOT_REVERSIBLE`) ; une seule demande ouverte par opération (409). Rien n’est enregistré dans le grand livre : la demande attend sa validation par une autre personne (l’administrateur de l’agent ; un super administrateur pour un dépôt sur agent ou quand le demandeur est le seul administrateur).',
        security,
        params: correctionTransactionParamsSchema,
        body: correctionRequestInputSchema,
        response: { 201: correctionResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const correction = await corrections.ask(
        callOf(request),
        request.params.transactionNumber,
        request.body.reason,
      );
      return reply.code(201).send({ data: correction });
    },
  );

  app.get(
    '/corrections',
    {
      preHandler: requireCapability('corrections.read'),
      schema: {
        tags,
        summary: 'Demandes de correction',
        description:
          'Les 200 plus récentes, de l’agent de l’utilisateur (toutes pour un super administrateur), d’un statut si `status` est donné : `requested` à valider, `approved` à exécuter au guichet quand `cashMoves`.',
        security,
        querystring: correctionListQuerySchema,
        response: { 200: correctionListResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await corrections.list(sessionOf(request), request.query.status) }),
  );

  app.get(
    '/corrections/:id',
    {
      preHandler: requireCapability('corrections.read'),
      schema: {
        tags,
        summary: 'Une demande de correction',
        security,
        params: correctionParamsSchema,
        response: { 200: correctionResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await corrections.get(sessionOf(request), request.params.id) }),
  );

  app.post(
    '/corrections/:id/approve',
    {
      preHandler: requireCapability('corrections.review'),
      schema: {
        tags,
        summary: 'Approuver une demande de correction',
        description:
          'Par une autre personne que le demandeur (403) : l’administrateur de l’agent, ou un super administrateur quand la demande l’exige. Sans espèces (transfert, dépôt sur agent), la correction est enregistrée aussitôt : 201 avec la transaction `reversal` (ses écritures sont celles de l’opération, de signe opposé ; l’opération devient `reversed`), idempotente par sa clé ; un compte qui passerait sous zéro : 422 `INSUFFICIENT_FUNDS` avec le montant qui manque. Avec des espèces (dépôt, retrait) : 200 avec la demande approuvée, qu’un caissier exécute au guichet.',
        security,
        headers: idempotencyHeaders,
        params: correctionParamsSchema,
        response: { 200: correctionResponseSchema, 201: transactionResponseSchema, ...errors },
      },
    },
    async (request, reply) => send(reply, await corrections.approve(callOf(request), request.params.id)),
  );

  app.post(
    '/corrections/:id/reject',
    {
      preHandler: requireCapability('corrections.review'),
      schema: {
        tags,
        summary: 'Rejeter une demande de correction',
        description:
          'Avec un motif, par qui pourrait l’approuver ; rien n’est enregistré dans le grand livre.',
        security,
        params: correctionParamsSchema,
        body: correctionRejectInputSchema,
        response: { 200: correctionResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await corrections.reject(callOf(request), request.params.id, request.body.reason),
    }),
  );

  app.post(
    '/corrections/:id/execute',
    {
      preHandler: requireCapability('corrections.execute'),
      schema: {
        tags,
        summary: 'Exécuter au guichet une correction approuvée',
        description:
          'Par un caissier de l’agent, caisse ouverte (sinon 422 `DRAWER_CLOSED`) : la correction d’un dépôt rend les espèces (ou les garde pour un nouveau dépôt), celle d’un retrait les reprend ; elle compte dans la caisse. 201 avec la transaction `reversal`, idempotente par sa clé ; une demande non approuvée ou déjà exécutée : 409 `CORRECTION_NOT_APPROVED`.',
        security,
        headers: idempotencyHeaders,
        params: correctionParamsSchema,
        response: { 201: transactionResponseSchema, ...errors },
      },
    },
    async (request, reply) => send(reply, await corrections.execute(callOf(request), request.params.id)),
  );

  return Promise.resolve();
};
