import {
  cancelTransferParamsSchema,
  errorBodySchema,
  feesChangedErrorBodySchema,
  historyQuerySchema,
  historyResponseSchema,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  moneyFlowDeclarations,
  operationFateResponseSchema,
  operationKeyMessages,
  refundExpiredBodySchema,
  transactionNumberSchema,
  transactionResponseSchema,
  transactionSearchInputSchema,
  transactionSearchResponseSchema,
  transferClosedErrorBodySchema,
  type Capability,
  type SessionUser,
} from '@lajan/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFound } from '../../http/errors.js';
import { requireCapability, sessionOf } from '../auth/index.js';
import type { Roles } from '../../ledger/flows.js';
import type { MoneyFlow, OperationFate } from './execute.js';
import { agentDepositFlow } from './flows/agent-deposit.js';
import { cancelFlow } from './flows/cancel.js';
import { depositFlow, withdrawalFlow } from './flows/counter.js';
import { externalTransferFlow } from './flows/external-transfer.js';
import { payoutFlow } from './flows/payout.js';
import { refundExpiredFlow } from './flows/refund-expired.js';
import { transferFlow } from './flows/transfer.js';
import { correctionMoneyScopes } from './correction-scopes.js';
import { idempotencyKeyOf } from './idempotency-header.js';
import { showSenders } from './sender-view.js';
import { answersByRoute } from './stored-answer.js';
import { unlockTransfer } from './unlock.js';

const bearer = [{ bearerAuth: [] }];

// Loose: a zod object would otherwise replace the request's headers with only the ones it lists.
const idempotencyHeaders = z.looseObject({
  // Bounded by `idempotencyKeyOf`, whose refusal names the header by its name; declared here (decision 198).
  [IDEMPOTENCY_HEADER]: z
    .string()
    .meta({
      maxLength: 200,
      pattern: IDEMPOTENCY_KEY_PATTERN.source,
      examples: ['5f0c6a4e-2b1d-4c8e-9a7f-3d2e1b0c9a8f'],
    })
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
  409: feesChangedErrorBodySchema,
  422: errorBodySchema,
  429: errorBodySchema,
  503: errorBodySchema,
};

/** What the four banded routes say of `feeVersion` (decision 150). */
const feeVersionNote =
  ' `feeVersion` (facultatif) : le numéro de la version du barème que le devis a montré (`GET /transactions/fees/quote`) ; si une autre version est en vigueur au moment de l’enregistrement, 409 `FEES_CHANGED` « Les frais ont changé » avec le nouveau devis (`quote`), rien n’est écrit et la clé d’idempotence reste libre. La transaction porte la version appliquée (`feeVersion`).';

/**
 * What differs from one money route to the next: a line per route, its flow. The validated input (hashed
 * for `Idempotency-Key` and given to the flow) is the body, or, for a route without one, the path
 * parameters.
 */
type MoneyRoute<Input extends z.ZodType, R extends Roles, Params extends z.ZodType = z.ZodNever> = {
  /** Below the `/api` prefix; the idempotency scope is `POST ${path}`. */
  path: string;
  capability: Capability;
  summary: string;
  description: string;
  flow: MoneyFlow<z.output<Input> & ([Params] extends [z.ZodNever] ? unknown : z.output<Params>), R>;
} & (
  | { body: Input; params?: never }
  | { params: Input; body?: never }
  /** Both (the cancellation, decision 200): the flow gets the body with the path's parameters. */
  | { body: Input; params: Params }
);

/**
 * SPEC §7 "Transactions" and `POST /agents/deposit` (docs/contract-ledger.md). Every money-moving POST
 * takes an optional `Idempotency-Key` and answers 201 with the posted transaction.
 */
export const transactionsRoutes: FastifyPluginAsyncZod = (app) => {
  const { moneyFlows: executor, transactionReads: reads, moneyFlowDeps } = app.services;
  /**
   * The idempotency scopes of every money route, the corrections' that post a reversal too: an abandoned
   * key is voided on each (decision 147).
   */
  const moneyScopes: string[] = [...correctionMoneyScopes];

  /**
   * Declares one money-moving POST: its capability, the `Idempotency-Key` header, the money answers,
   * and a handler that sends the answer exactly as stored, so that a replay is the first answer byte
   * for byte. The flow gets the validated input: the body, or the path parameters when `params` is given.
   */
  function moneyRoute<Input extends z.ZodType, R extends Roles, Params extends z.ZodType = z.ZodNever>(
    route: MoneyRoute<Input, R, Params>,
  ) {
    const { path, capability, summary, description, body, params, flow } = route;
    moneyScopes.push(`POST ${path}`);
    // A replay or a key's fate finds the flow's answer by the key's route (decision 222).
    if (flow.answer && answersByRoute.get(`POST ${path}`) !== flow.answer)
      throw new Error(`transactions: POST ${path} is not the route of its flow's answer`);
    // The idempotency hash is of the input as checked before its amount became centimes (the schema's
    // first stage), exactly as before decision 136: a key keeps telling the same requests apart.
    const checked = body instanceof z.ZodPipe ? (body.in as z.ZodType) : body;
    const rawBodies = new WeakMap<object, unknown>();
    app.post(
      path,
      {
        preValidation: (request, _reply, done) => {
          rawBodies.set(request, request.body);
          done();
        },
        preHandler: requireCapability(capability),
        schema: {
          tags: ['transactions'],
          summary,
          description,
          security: bearer,
          headers: idempotencyHeaders,
          ...(body ? { body } : {}),
          ...(params ? { params } : {}),
          response: moneyResponses,
        },
      },
      async (request, reply) => {
        const session = sessionOf(request);
        const pathParams = body && params ? (request.params as object) : {};
        const input = (
          body ? { ...(request.body as object), ...pathParams } : request.params
        ) as z.output<Input> & ([Params] extends [z.ZodNever] ? unknown : z.output<Params>);
        const idempotencyKey = idempotencyKeyOf(request.headers[IDEMPOTENCY_HEADER]);
        const answer = await executor.run(flow, {
          session,
          route: `POST ${path}`,
          idempotencyKey,
          input,
          hashed:
            idempotencyKey && checked
              ? { ...(checked.parse(rawBodies.get(request)) as object), ...pathParams }
              : input,
          ip: request.ip,
        });
        // A plain reply: what it sends is the stored text, as is.
        const raw: FastifyReply = reply;
        if (answer.replayed) void raw.header('idempotent-replay', 'true');
        return raw.code(answer.status).type('application/json; charset=utf-8').send(answer.bodyText);
      },
    );
  }

  moneyRoute({
    path: moneyFlowDeclarations.deposit.path,
    capability: 'transactions.operate',
    summary: 'Dépôt : le client apporte des espèces',
    description:
      'Débite le float de l’agent, crédite le compte client (les frais du barème, nuls par défaut, sont payés en espèces). Toute personne peut déposer.' +
      feeVersionNote,
    body: moneyFlowDeclarations.deposit.input,
    flow: depositFlow,
  });

  moneyRoute({
    path: moneyFlowDeclarations.withdrawal.path,
    capability: 'transactions.operate',
    summary: 'Retrait : le client reçoit des espèces',
    description:
      'Débite le compte client du montant et des frais ; crédite le float de l’agent du montant et de sa part des frais. La personne au guichet doit être titulaire du compte (403).' +
      feeVersionNote,
    body: moneyFlowDeclarations.withdrawal.input,
    flow: withdrawalFlow,
  });

  moneyRoute({
    path: moneyFlowDeclarations.transfer.path,
    capability: 'transactions.operate',
    summary: 'Transfert entre deux comptes clients',
    description:
      'Débite l’expéditeur du montant et des frais, crédite le bénéficiaire du montant ; la part de l’agent va à son float, le reste des frais aux revenus. La personne au guichet doit être titulaire du compte expéditeur (403).' +
      feeVersionNote,
    body: moneyFlowDeclarations.transfer.input,
    flow: transferFlow,
  });

  moneyRoute({
    path: moneyFlowDeclarations.external_transfer.path,
    capability: 'transactions.operate',
    summary: 'Envoyer un transfert externe (retrait en espèces par le bénéficiaire)',
    description:
      'Sans `accountNumber` (espèces) : le float de l’agent paie le montant et les frais, `currency` est requise. Avec `accountNumber` : le compte paie, la personne au guichet doit en être titulaire. `recipient` porte ce que l’expéditeur sait du bénéficiaire (décision 209) : `firstName`, `lastName` et `phoneNumber` requis ; une pièce facultative, `idDocumentType` et `idDocumentNumber` ensemble ou aucun des deux (un seul : 422 sur le champ manquant). Avec une pièce, le paiement exige cette pièce (type et numéro) en plus du nom ; sans pièce, le nom seul. Tout autre champ de `recipient` (le formulaire de personne complet d’un ancien client) est ignoré : ni vérifié ni enregistré. Le transfert reste `pending` jusqu’au paiement ou à l’annulation ; son numéro est le code de retrait.' +
      feeVersionNote,
    body: moneyFlowDeclarations.external_transfer.input,
    flow: externalTransferFlow,
  });

  moneyRoute({
    path: moneyFlowDeclarations.external_payout.path,
    capability: 'transactions.operate',
    summary: 'Payer un transfert externe au bénéficiaire',
    description:
      'Par tout agent actif (décision 112). `recipient` porte l’identité lue sur la pièce présentée : prénom, nom, type et numéro de document, saisis par le caissier ; `party`, la personne au guichet, doit montrer cette même pièce. Verrouille le transfert, vérifie qu’il est en attente (sinon 409 `TRANSFER_NOT_PENDING`), qu’il n’est pas bloqué (sinon 409 `TRANSFER_LOCKED`), que le montant éventuel est le sien (422 `AMOUNT_MISMATCH`), que le nom est celui du bénéficiaire (casse, accents, tirets, espaces et ordre des mots ignorés) et, si l’expéditeur a donné une pièce, que la pièce présentée est celle-là (type et numéro ; décision 209). Sinon 422 `RECIPIENT_MISMATCH`, sans dire ce qui diffère ; l’échec est enregistré, et cinq échecs depuis le dernier déblocage bloquent le transfert. Crédite le float de l’agent payeur ; la pièce présentée est enregistrée comme `party` du paiement.',
    body: moneyFlowDeclarations.external_payout.input,
    flow: payoutFlow,
  });

  moneyRoute({
    path: moneyFlowDeclarations.external_refund.path,
    capability: 'transactions.cancel',
    summary: 'Annuler un transfert externe en attente',
    description:
      'Par l’agent expéditeur (sinon 403 `NOT_SENDING_AGENT`), sur un transfert en attente (sinon 409 `TRANSFER_NOT_PENDING`) (décision 200). Un caissier annule avec l’expéditeur au guichet : `sender` porte le prénom, le nom, le type et le numéro de la pièce qu’il présente, comparés à l’expéditeur enregistré comme au paiement (casse, accents, tirets, espaces et ordre des mots ignorés) ; sinon 422 `SENDER_MISMATCH`, sans dire ce qui diffère, l’échec est enregistré et cinq échecs depuis le dernier déblocage (au paiement comme à l’annulation) bloquent le transfert (409 `TRANSFER_LOCKED`). La pièce présentée est enregistrée comme `party` du remboursement. Un envoi en espèces est rendu en espèces par la caisse ouverte du caissier. L’administrateur de l’agent peut à la place approuver l’annulation d’un envoi depuis un compte avec un motif (`reason`) : le montant retourne au compte, aucune espèce ne sort ; un envoi en espèces répond 409 `CANCEL_NEEDS_SENDER`. Les frais restent acquis.',
    params: cancelTransferParamsSchema,
    body: moneyFlowDeclarations.external_refund.input,
    flow: cancelFlow,
  });

  moneyRoute({
    path: '/transactions/:transactionNumber/refund',
    capability: 'transactions.cancel',
    summary: 'Rembourser en espèces un transfert externe expiré',
    description:
      'Par l’agent expéditeur (sinon 403 `NOT_SENDING_AGENT`), sur un transfert expiré sans être payé et pas encore remboursé (sinon 409 `TRANSFER_NOT_TO_REFUND` ; décision 225). L’expéditeur est identifié comme pour une annulation : `sender` porte le prénom, le nom, le type et le numéro de la pièce présentée ; sinon 422 `SENDER_MISMATCH`, l’échec est enregistré et compte pour le même blocage (409 `TRANSFER_LOCKED`). Le montant sort en espèces de la caisse ouverte du caissier (sinon 422 `DRAWER_CLOSED`) ; « à payer » crédite le float de l’agent. Le transfert reste `expired` ; le remboursement (`external_refund`) le désigne. Les frais restent acquis.',
    params: cancelTransferParamsSchema,
    body: refundExpiredBodySchema,
    flow: refundExpiredFlow,
  });

  app.post(
    '/transactions/:transactionNumber/unlock',
    {
      preHandler: requireCapability('transactions.unlock'),
      schema: {
        tags: ['transactions'],
        summary: 'Débloquer un transfert externe bloqué après cinq identifications échouées',
        description:
          'Par l’administrateur de l’agent expéditeur seulement (décision 200 ; un autre agent : 403 `NOT_SENDING_AGENT`), sur un transfert en attente (sinon 409 `TRANSFER_NOT_PENDING`) et bloqué (sinon 409 `TRANSFER_NOT_LOCKED`). Enregistre le déblocage et l’inscrit au journal d’audit ; cinq nouveaux essais d’identification sont permis. Répond le transfert.',
        security: bearer,
        params: z.object({ transactionNumber: transactionNumberSchema }),
        response: {
          200: transactionResponseSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request) => ({
      data: await unlockTransfer(
        moneyFlowDeps,
        sessionOf(request),
        request.params.transactionNumber,
        request.ip,
      ),
    }),
  );

  moneyRoute({
    path: moneyFlowDeclarations.agent_deposit.path,
    capability: 'agents.deposit',
    summary: 'Dépôt sur agent : le super administrateur approvisionne le float d’un agent',
    description: 'De la trésorerie vers le float de l’agent, sans frais, au plus 1 000 000 HTG.',
    body: moneyFlowDeclarations.agent_deposit.input,
    flow: agentDepositFlow,
  });

  const keyParams = z.object({
    key: z
      .string()
      .max(200)
      .regex(IDEMPOTENCY_KEY_PATTERN)
      .describe("La clé d'idempotence envoyée avec l'opération (1 à 200 caractères ASCII visibles)"),
  });
  const fateResponses = {
    200: operationFateResponseSchema,
    401: errorBodySchema,
    403: errorBodySchema,
    404: errorBodySchema,
    422: errorBodySchema,
    503: errorBodySchema,
  };
  /** A key's fate as the API answers it: the stored answer's transaction, or 404 for a key it does not know. */
  const fateAnswer = async (session: SessionUser, fate: OperationFate) => {
    if (fate.state === 'unknown') throw new NotFound(operationKeyMessages.unknown);
    if (fate.state === 'abandoned') return { data: { state: 'abandoned' as const } };
    const stored = JSON.parse(fate.bodyText) as { data: z.infer<typeof transactionResponseSchema>['data'] };
    const [transaction] = await showSenders(moneyFlowDeps.db, session, [stored.data]);
    return { data: { state: 'posted' as const, transaction: transaction! } };
  };

  app.get(
    '/transactions/by-idempotency-key/:key',
    {
      config: { signedIn: true },
      schema: {
        tags: ['transactions'],
        summary: "Ce qu'est devenue une opération, par sa clé d'idempotence",
        description:
          "Les clés de l'utilisateur connecté seulement (celle d'un autre est inconnue). `posted` : l'opération a été enregistrée, avec la transaction telle qu'elle a été répondue la première fois, le numéro de pièce de la personne au guichet (`party`) masqué sauf pour le super administrateur (décision 208) ; `abandoned` : la clé a été abandonnée, aucune opération ne sera enregistrée avec elle. Une clé inconnue répond 404 : rien n'a été enregistré avec elle (décision 147).",
        security: bearer,
        params: keyParams,
        response: fateResponses,
      },
    },
    async (request) => {
      const session = sessionOf(request);
      return fateAnswer(session, await executor.fateOf(session, request.params.key));
    },
  );

  app.post(
    '/transactions/by-idempotency-key/:key/void',
    {
      config: { signedIn: true },
      schema: {
        tags: ['transactions'],
        summary: "Abandonner une opération sans réponse, par sa clé d'idempotence",
        description:
          "Si une opération a déjà été enregistrée avec cette clé, répond `posted` avec sa transaction et n'abandonne rien. Sinon la clé est abandonnée sur toutes les routes d'argent (répond `abandoned`, aussi la deuxième fois) : une requête d'argent qui la porte ensuite répond 409 `OPERATION_ABANDONED`. Une opération et l'abandon de sa clé au même moment : un seul des deux l'emporte (décision 147).",
        security: bearer,
        params: keyParams,
        response: fateResponses,
      },
    },
    async (request) => {
      const session = sessionOf(request);
      return fateAnswer(session, await executor.abandon(session, request.params.key, moneyScopes));
    },
  );

  app.post(
    '/transactions/search',
    {
      preHandler: requireCapability('transactions.history'),
      schema: {
        tags: ['transactions'],
        summary: 'Trouver une transaction par son numéro',
        description:
          'Un transfert externe en attente, quel que soit l’agent qui cherche, répond seulement ce qu’il faut pour le payer (décision 112) : numéro, montant, frais, devise, statut, date, agent expéditeur, initiales du bénéficiaire (`recipientMaskedName`, « P. D. ») et `locked` ; jamais la fiche du bénéficiaire ni l’expéditeur. Toute autre transaction répond entière à son agent (le super administrateur : toutes). À un autre agent : un transfert externe déjà payé répond 409 `TRANSFER_ALREADY_PAID` avec la date du paiement (`paidAt`), un transfert annulé 409 `TRANSFER_CANCELLED`, sans rien d’autre (décision 131) ; toute autre transaction 404. Le code se tape avec ou sans espaces ni tirets ; un code dont la clé de Luhn est fausse répond 422 « Code invalide : vérifiez les chiffres ».',
        security: bearer,
        body: transactionSearchInputSchema,
        response: {
          200: transactionSearchResponseSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: transferClosedErrorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request) => ({
      data: { transaction: await reads.search(sessionOf(request), request.body.transactionNumber) },
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
    async (request) => reads.history(sessionOf(request), request.query),
  );

  return Promise.resolve();
};
