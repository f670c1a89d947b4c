import {
  drawerCountInputSchema,
  drawerCurrentResponseSchema,
  drawerSessionResponseSchema,
  drawerSessionsQuerySchema,
  drawerSessionsResponseSchema,
  drawerTicketResponseSchema,
  drawerVerificationResponseSchema,
  errorBodySchema,
  todayIso,
} from '@lajan/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCapability, sessionOf } from '../auth/index.js';

const security = [{ bearerAuth: [] }];
const tags = ['drawer'];
const sessionParams = z.object({ id: z.uuid().max(36) });

/**
 * The tellers' cash drawers (decision 149). A cash operation (deposit, withdrawal, cash send, pay-out,
 * cash refund) needs its teller's open session, else 422 `DRAWER_CLOSED`.
 */
export const drawerRoutes: FastifyPluginAsyncZod = (app) => {
  const { drawer, clock } = app.services;

  app.get(
    '/drawer',
    {
      preHandler: requireCapability('drawer.operate'),
      schema: {
        tags,
        summary: 'Ma caisse ouverte',
        description:
          'La session de caisse ouverte du caissier connecté, ou `null`. Jamais le montant attendu : la clôture est à l’aveugle (`expected`, `counted`, `difference` restent `null` tant qu’elle est ouverte).',
        security,
        response: { 200: drawerCurrentResponseSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => ({ data: await drawer.current(sessionOf(request)) }),
  );

  app.post(
    '/drawer/open',
    {
      preHandler: requireCapability('drawer.operate'),
      schema: {
        tags,
        summary: 'Ouvrir ma caisse en comptant les espèces',
        description:
          'Compte par coupure (`counts` : clé de la coupure en HTG, `"1000"` … `"0.05"` : les billets, et chaque pièce de 5 HTG à 5 centimes, → nombre de billets ou pièces ; une coupure absente vaut 0). Une seule caisse ouverte par caissier (sinon 409). La session dure jusqu’à sa clôture, même après minuit. Le comptage est comparé au compté de la clôture précédente du caissier (`previousCounted`, `openingDifference`) ; un écart au-delà du seuil attend la validation de l’administrateur de l’agent. Un total au-delà du plafond plausible (`DRAWER_MAX_COUNT_HTG`, 2 000 000 HTG par défaut) est refusé (422).',
        security,
        body: drawerCountInputSchema,
        response: {
          201: drawerSessionResponseSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const opened = await drawer.open({ session: sessionOf(request), ip: request.ip }, request.body.counts);
      return reply.code(201).send({ data: opened });
    },
  );

  app.post(
    '/drawer/close',
    {
      preHandler: requireCapability('drawer.operate'),
      schema: {
        tags,
        summary: 'Fermer ma caisse à l’aveugle',
        description:
          'Le caissier donne son compte par coupure sans connaître le montant attendu ; la réponse donne alors l’attendu (calculé du grand livre : le fonds de caisse, plus dépôts et leurs frais, envois en espèces et leurs frais ; moins retraits, paiements de transferts et remboursements en espèces), le compté et l’écart (compté − attendu, exact au centime), avec le ticket de clôture et son empreinte. `differenceKind` dit ce qu’est l’écart : `none`, `rounding` (moins que la plus petite pièce, 5 centimes : un arrondi qu’aucun comptage n’évite, jamais un manquant ni à valider ; décision 212), `surplus` ou `shortage`. Un excédent ou un manquant au-delà du seuil attend la validation de l’administrateur de l’agent. La caisse fermée n’accepte plus d’opération en espèces. Sans caisse ouverte : 409. Un total au-delà du plafond plausible : 422.',
        security,
        body: drawerCountInputSchema,
        response: {
          200: drawerTicketResponseSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request) => ({
      data: await drawer.close({ session: sessionOf(request), ip: request.ip }, request.body.counts),
    }),
  );

  app.get(
    '/drawer/sessions',
    {
      preHandler: requireCapability('drawer.supervise'),
      schema: {
        tags,
        summary: 'Les caisses des caissiers pour un jour',
        description:
          'Les sessions ouvertes à un moment du jour `date` (AAAA-MM-JJ, jour de Haïti ; aujourd’hui par défaut) : ouvertes, fermées, avec l’écart des fermées. L’administrateur d’un agent : celles de son agent ; le super administrateur : toutes.',
        security,
        querystring: drawerSessionsQuerySchema,
        response: {
          200: drawerSessionsResponseSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request) => ({
      data: await drawer.ofDay(sessionOf(request), request.query.date ?? todayIso(clock.now())),
    }),
  );

  app.get(
    '/drawer/sessions/:id',
    {
      preHandler: requireCapability('drawer.read'),
      schema: {
        tags,
        summary: 'Ticket de caisse d’une session',
        description:
          'Les comptes par coupure, les totaux de la session par type d’opération, les frais et la part de l’agent, l’écart et l’empreinte. Au caissier sa propre session, à l’administrateur celles de son agent, au super administrateur toutes ; sinon 404. Une session ouverte n’a ni totaux ni attendu (clôture à l’aveugle).',
        security,
        params: sessionParams,
        response: {
          200: drawerTicketResponseSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request) => ({ data: await drawer.ticket(sessionOf(request), request.params.id) }),
  );

  app.get(
    '/drawer/sessions/:id/verify',
    {
      preHandler: requireCapability('drawer.read'),
      schema: {
        tags,
        summary: 'Vérifier l’empreinte d’une clôture',
        description:
          'Recalcule le SHA-256 du texte canonique de la session (ses comptes, ses transactions en espèces et leurs écritures, l’empreinte précédente du caissier) depuis le grand livre tel qu’il est, et le compare à celui de la clôture. `valid` est faux si une écriture a changé depuis, ou si l’empreinte précédente n’est plus celle de la clôture précédente. Mêmes droits que le ticket ; une session ouverte : 409.',
        security,
        params: sessionParams,
        response: {
          200: drawerVerificationResponseSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request) => ({ data: await drawer.verify(sessionOf(request), request.params.id) }),
  );

  app.post(
    '/drawer/sessions/:id/close',
    {
      preHandler: requireCapability('drawer.closeForTeller'),
      schema: {
        tags,
        summary: 'Fermer la caisse laissée ouverte par un caissier',
        description:
          'L’administrateur de l’agent ferme la caisse d’un caissier suspendu, supprimé ou parti, avec son propre comptage (décision 201) : même calcul que la clôture du caissier, enregistrée au nom de l’administrateur (`closedBy`, `closedByAdministrator`) et dans le journal d’audit. Un écart au-delà du seuil est validé par le super administrateur, jamais par elle. Une caisse d’un autre agent : 404 ; déjà fermée : 409 ; un total au-delà du plafond plausible : 422.',
        security,
        params: sessionParams,
        body: drawerCountInputSchema,
        response: {
          200: drawerTicketResponseSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request) => ({
      data: await drawer.closeFor(
        { session: sessionOf(request), ip: request.ip },
        request.params.id,
        request.body.counts,
      ),
    }),
  );

  app.post(
    '/drawer/sessions/:id/acknowledge-opening',
    {
      preHandler: requireCapability('drawer.acknowledge'),
      schema: {
        tags,
        summary: 'Valider l’écart d’une ouverture',
        description:
          'L’écart entre le comptage à l’ouverture et le compté de la clôture précédente du caissier, au-delà du seuil (décision 201) : par l’administrateur de l’agent du caissier (une autre session : 404 ; le super administrateur : 403), une fois (sinon 409).',
        security,
        params: sessionParams,
        response: {
          200: drawerTicketResponseSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request) => ({
      data: await drawer.acknowledgeOpening(
        { session: sessionOf(request), ip: request.ip },
        request.params.id,
      ),
    }),
  );

  app.post(
    '/drawer/sessions/:id/acknowledge',
    {
      preHandler: requireCapability('drawer.acknowledge'),
      schema: {
        tags,
        summary: 'Valider l’écart d’une clôture',
        description:
          'Par l’administrateur de l’agent du caissier (une autre session : 404), une fois, pour un écart au-delà du seuil (sinon 409). Une clôture faite par un administrateur avec son propre comptage est validée par le super administrateur, jamais par elle (403 ; décision 201) ; celle d’un caissier, par l’administrateur seul (403 au super administrateur). Enregistre qui et quand ; l’écart n’est pas une écriture du grand livre.',
        security,
        params: sessionParams,
        response: {
          200: drawerTicketResponseSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request) => ({
      data: await drawer.acknowledge({ session: sessionOf(request), ip: request.ip }, request.params.id),
    }),
  );

  return Promise.resolve();
};
