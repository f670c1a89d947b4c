import {
  agentDepositInputSchema,
  depositInputSchema,
  errorBodySchema,
  externalTransferInputSchema,
  historyQuerySchema,
  historyResponseSchema,
  receiveTransferInputSchema,
  transactionNumberSchema,
  transactionResponseSchema,
  transactionSearchInputSchema,
  transactionSearchResponseSchema,
  transferInputSchema,
  withdrawInputSchema,
  type SessionUser,
  type Transaction,
} from '@lajan/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { Tx } from '../../db/client.js';
import { requireCapability, sessionOf } from '../auth/plugin.js';
import { IDEMPOTENCY_HEADER, idempotencyKeyOf } from '../ledger/idempotency.js';
import { TransactionsService } from './service.js';

const bearer = [{ bearerAuth: [] }];

// Loose: a zod object would otherwise replace the request's headers with only the ones it lists.
const idempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .optional()
    .describe(
      "Clé d'idempotence (1 à 200 caractères ASCII visibles) : la même clé avec la même requête renvoie la première réponse, à l'octet près, sans rien écrire ; avec une autre requête, 409.",
    ),
});

const moneyResponses = {
  201: transactionResponseSchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
  503: errorBodySchema,
};

export interface TransactionsRoutesOptions {
  clock: Clock;
}

/**
 * SPEC §7 "Transactions" and `POST /agents/deposit` (docs/contract-ledger.md). Every money-moving POST
 * takes an optional `Idempotency-Key` and answers 201 with the posted transaction.
 */
export const transactionsRoutes: FastifyPluginAsyncZod<TransactionsRoutesOptions> = (app, options) => {
  const service = new TransactionsService(app.database.db, app.ledger, options.clock);

  /** Sends a money answer exactly as stored, so that a replay is the first answer byte for byte. */
  async function sendMoney(
    request: FastifyRequest,
    reply: FastifyReply,
    route: string,
    input: unknown,
    work: (tx: Tx, at: Date, session: SessionUser) => Promise<Transaction>,
  ) {
    const session = sessionOf(request);
    const answer = await service.run(
      { session, route, idempotencyKey: idempotencyKeyOf(request.headers[IDEMPOTENCY_HEADER]), input },
      (tx, at) => work(tx, at, session),
    );
    if (answer.replayed) void reply.header('idempotent-replay', 'true');
    return reply.code(answer.status).type('application/json; charset=utf-8').send(answer.bodyText);
  }

  app.post(
    '/transactions/deposit',
    {
      preHandler: requireCapability('transactions.operate'),
      schema: {
        tags: ['transactions'],
        summary: 'Dépôt : le client apporte des espèces',
        description:
          'Débite le float de l’agent, crédite le compte client (les frais du barème, nuls par défaut, sont payés en espèces). Toute personne peut déposer.',
        security: bearer,
        headers: idempotencyHeaders,
        body: depositInputSchema,
        response: moneyResponses,
      },
    },
    (request, reply) =>
      sendMoney(request, reply, 'POST /transactions/deposit', request.body, (tx, at, session) =>
        service.deposit(tx, at, session, request.body),
      ),
  );

  app.post(
    '/transactions/withdraw',
    {
      preHandler: requireCapability('transactions.operate'),
      schema: {
        tags: ['transactions'],
        summary: 'Retrait : le client reçoit des espèces',
        description:
          'Débite le compte client du montant et des frais ; crédite le float de l’agent du montant et de sa part des frais. La personne au guichet doit être titulaire du compte (403).',
        security: bearer,
        headers: idempotencyHeaders,
        body: withdrawInputSchema,
        response: moneyResponses,
      },
    },
    (request, reply) =>
      sendMoney(request, reply, 'POST /transactions/withdraw', request.body, (tx, at, session) =>
        service.withdraw(tx, at, session, request.body),
      ),
  );

  app.post(
    '/transactions/transfer',
    {
      preHandler: requireCapability('transactions.operate'),
      schema: {
        tags: ['transactions'],
        summary: 'Transfert entre deux comptes clients',
        description:
          'Débite l’expéditeur du montant et des frais, crédite le bénéficiaire du montant ; la part de l’agent va à son float, le reste des frais aux revenus. La personne au guichet doit être titulaire du compte expéditeur (403).',
        security: bearer,
        headers: idempotencyHeaders,
        body: transferInputSchema,
        response: moneyResponses,
      },
    },
    (request, reply) =>
      sendMoney(request, reply, 'POST /transactions/transfer', request.body, (tx, at, session) =>
        service.transfer(tx, at, session, request.body),
      ),
  );

  app.post(
    '/transactions/transfer-extern',
    {
      preHandler: requireCapability('transactions.operate'),
      schema: {
        tags: ['transactions'],
        summary: 'Envoyer un transfert externe (retrait en espèces par le bénéficiaire)',
        description:
          'Sans `accountNumber` (espèces) : le float de l’agent paie le montant et les frais, `currency` est requise. Avec `accountNumber` : le compte paie, la personne au guichet doit en être titulaire. Le transfert reste `pending` jusqu’au paiement ou à l’annulation ; son numéro est le code de retrait.',
        security: bearer,
        headers: idempotencyHeaders,
        body: externalTransferInputSchema,
        response: moneyResponses,
      },
    },
    (request, reply) =>
      sendMoney(request, reply, 'POST /transactions/transfer-extern', request.body, (tx, at, session) =>
        service.externalTransfer(tx, at, session, request.body),
      ),
  );

  app.post(
    '/transactions/receive-transfer',
    {
      preHandler: requireCapability('transactions.operate'),
      schema: {
        tags: ['transactions'],
        summary: 'Payer un transfert externe au bénéficiaire',
        description:
          'Par tout agent actif. Verrouille le transfert, vérifie qu’il est en attente (sinon 409), que le montant éventuel est le sien, que le nom et la pièce présentés sont ceux du bénéficiaire (403) ; crédite le float de l’agent payeur.',
        security: bearer,
        headers: idempotencyHeaders,
        body: receiveTransferInputSchema,
        response: moneyResponses,
      },
    },
    (request, reply) =>
      sendMoney(request, reply, 'POST /transactions/receive-transfer', request.body, (tx, at, session) =>
        service.receive(tx, at, session, request.body),
      ),
  );

  app.post(
    '/transactions/:transactionNumber/cancel',
    {
      preHandler: requireCapability('transactions.operate'),
      schema: {
        tags: ['transactions'],
        summary: 'Annuler un transfert externe en attente',
        description:
          'Par l’agent expéditeur. Rembourse le montant (les frais restent acquis) au compte expéditeur, ou en espèces au float de l’agent ; 409 si le transfert n’est plus en attente.',
        security: bearer,
        headers: idempotencyHeaders,
        params: z.object({ transactionNumber: transactionNumberSchema }),
        response: moneyResponses,
      },
    },
    (request, reply) =>
      sendMoney(
        request,
        reply,
        'POST /transactions/:transactionNumber/cancel',
        { transactionNumber: request.params.transactionNumber },
        (tx, at, session) => service.cancel(tx, at, session, request.params.transactionNumber),
      ),
  );

  app.post(
    '/agents/deposit',
    {
      preHandler: requireCapability('agents.deposit'),
      schema: {
        tags: ['transactions'],
        summary: 'Dépôt sur agent : le super administrateur approvisionne le float d’un agent',
        description: 'De la trésorerie vers le float de l’agent, sans frais, au plus 1 000 000 HTG.',
        security: bearer,
        headers: idempotencyHeaders,
        body: agentDepositInputSchema,
        response: moneyResponses,
      },
    },
    (request, reply) =>
      sendMoney(request, reply, 'POST /agents/deposit', request.body, (tx, at, session) =>
        service.agentDeposit(tx, at, session, request.body),
      ),
  );

  app.post(
    '/transactions/search',
    {
      preHandler: requireCapability('transactions.history'),
      schema: {
        tags: ['transactions'],
        summary: 'Trouver une transaction par son numéro',
        description:
          'Les transactions de son agent (le super administrateur : toutes) ; celles d’un autre agent seulement s’il s’agit d’un transfert externe en attente, pour le payer (numéros de pièce masqués).',
        security: bearer,
        body: transactionSearchInputSchema,
        response: {
          200: transactionSearchResponseSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request) => ({
      data: { transaction: await service.search(sessionOf(request), request.body.transactionNumber) },
    }),
  );

  app.get(
    '/transactions/history',
    {
      preHandler: requireCapability('transactions.history'),
      schema: {
        tags: ['transactions'],
        summary: 'Historique des transactions, les plus récentes d’abord',
        description:
          'Caissier et administrateur : les transactions de leur agent ; super administrateur : toutes. `per_page` (10 par défaut) au-delà de 100 est ramené à 100. `type` filtre par type ; `q` cherche un numéro de transaction ou de compte, ou un nom.',
        security: bearer,
        querystring: historyQuerySchema,
        response: {
          200: historyResponseSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request) => service.history(sessionOf(request), request.query),
  );

  return Promise.resolve();
};
