import {
  type AuditWriteAction,
  accountStatementExportQuerySchema,
  accountStatementQuerySchema,
  accountStatementResponseSchema,
  commissionOperationsQuerySchema,
  commissionOperationsResponseSchema,
  commissionQuerySchema,
  commissionStatementResponseSchema,
  declarationsQuerySchema,
  declarationsResponseSchema,
  DEFAULT_DECLARATION_THRESHOLD_HTG,
  errorBodySchema,
  floatStatementExportQuerySchema,
  floatStatementQuerySchema,
  largeOperationsQuerySchema,
  largeOperationsResponseSchema,
  MAX_LARGE_OPERATIONS_DAYS,
  MAX_REPORT_DAYS,
  SPLIT_MARGIN_PERCENT,
  SPLIT_MIN_OPERATIONS,
  trialBalanceResponseSchema,
  type Declarations,
} from '@lajan/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../../db/audit.js';
import { oneExportText } from '../../http/one-export.js';
import { requireCapability, sessionOf } from '../auth/index.js';
import {
  accountStatement,
  accountStatementCsv,
  floatStatementAccountOf,
  statementAccountOf,
} from './account-statement.js';
import { commissionCsv, commissionOperations, commissionStatement, statementAgentOf } from './commissions.js';
import { declarations, declarationsCsv } from './declarations.js';
import { largeOperations, trialBalance } from './network.js';
import { resolveDay, resolvePeriod } from './period.js';

const csvAnswer = z.any().describe('Le fichier CSV (text/csv; charset=utf-8, avec BOM)');
const failures = {
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  422: errorBodySchema,
  // More reports at once than a user may run (decision 199), or a second export (decision 233).
  429: errorBodySchema,
};
const periodText =
  "Période : `month=AAAA-MM`, ou `from` et `to` (jours d'Haïti, inclus) ; par défaut le mois en cours en Haïti ; au plus 366 jours.";
const csvText = `\`text/csv\` UTF-8 avec BOM, séparateur \`;\`, montants à deux décimales avec une virgule, dates en heure d'Haïti (JJ/MM/AAAA HH:MM). ${oneExportText}`;

/** Issue 16, items 3 and 5 (decision 148): commission statements, the network's reports, account statements. */
export const statementRoutes: FastifyPluginAsyncZod = (app) => {
  const now = () => app.services.clock.now();
  /** A read over a period: a few at once per user, the others 429 (decision 199). */
  const heavy = (request: FastifyRequest, reply: FastifyReply) =>
    app.services.heavyReads.hold(sessionOf(request).id, reply);
  /** Reports never read on the counter's connections (decision 233). */
  const reads = () => app.database.reporting.db;
  /** An export: one at once per user, on a reporting connection of its own (decision 233). */
  const oneExport = (request: FastifyRequest, reply: FastifyReply) =>
    app.services.exports.begin(sessionOf(request).id, reply);

  app.get(
    '/reports/commissions',
    {
      preHandler: requireCapability('reports.commissions'),
      schema: {
        tags: ['reports'],
        summary: 'Relevé de commissions d’un agent, ou revenus de frais du réseau',
        description: `Les frais des opérations tarifées (dépôt, retrait, transfert, transfert externe, tous statuts : un transfert externe annulé garde ses frais) de la période, par type : nombre, montants, frais perçus, part de l'agent (créditée à son float) et revenu de frais (le reste). Administrateur : son agent (\`agentCode\` d'un autre agent : 404). Super administrateur : l'agent de \`agentCode\`, ou sans \`agentCode\` les totaux du réseau et chaque agent (\`byAgent\`). ${periodText}`,
        security: [{ bearerAuth: [] }],
        querystring: commissionQuerySchema,
        response: { 200: commissionStatementResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      heavy(request, reply);
      const db = reads();
      const period = resolvePeriod(request.query, now(), MAX_REPORT_DAYS);
      const agent = await statementAgentOf(db, sessionOf(request), request.query.agentCode);
      return { data: await commissionStatement(db, agent, period) };
    },
  );

  app.get(
    '/reports/commissions/operations',
    {
      preHandler: requireCapability('reports.commissions'),
      schema: {
        tags: ['reports'],
        summary: 'Les opérations derrière un relevé de commissions, page par page',
        description: `Mêmes règles et période que \`GET /reports/commissions\` ; les plus anciennes d'abord. ${periodText}`,
        security: [{ bearerAuth: [] }],
        querystring: commissionOperationsQuerySchema,
        response: { 200: commissionOperationsResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      heavy(request, reply);
      const db = reads();
      const { page, per_page: perPage } = request.query;
      const period = resolvePeriod(request.query, now(), MAX_REPORT_DAYS);
      const agent = await statementAgentOf(db, sessionOf(request), request.query.agentCode);
      const { rows, total } = await commissionOperations(db, agent, period, page, perPage);
      return { data: rows, meta: { total, page, per_page: perPage } };
    },
  );

  app.get(
    '/reports/commissions/export',
    {
      preHandler: requireCapability('reports.commissions'),
      schema: {
        tags: ['reports'],
        summary: 'Exporter un relevé de commissions en CSV',
        description: `Chaque opération (Numéro;Type;Statut;Agent;Date;Montant;Frais;Part de l'agent;Revenu de frais), les plus anciennes d'abord, puis une ligne de total par type et le total. ${csvText} Fichier \`commissions-<agent|reseau>-<du>-<au>.csv\`. ${periodText}`,
        security: [{ bearerAuth: [] }],
        querystring: commissionQuerySchema,
        produces: ['text/csv'],
        response: { 200: csvAnswer, ...failures },
      },
    },
    async (request, reply) => {
      const period = resolvePeriod(request.query, now(), MAX_REPORT_DAYS);
      const run = await oneExport(request, reply);
      const { agent, statement } = await run.read(async (db) => {
        const agent = await statementAgentOf(db, sessionOf(request), request.query.agentCode);
        return { agent, statement: await commissionStatement(db, agent, period) };
      });
      const filename = `commissions-${agent ? agent.code : 'reseau'}-${period.from}-${period.to}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(run.stream((db) => commissionCsv(db, agent, statement, period)));
    },
  );

  app.get(
    '/reports/trial-balance',
    {
      preHandler: requireCapability('reports.network'),
      schema: {
        tags: ['reports'],
        summary: 'Balance générale du grand livre',
        description:
          'Le solde de chaque compte système (revenus de frais, transferts externes à payer, trésorerie), le total des floats des agents et celui des comptes clients, lus ensemble. Leur somme (`total`) est nulle : chaque opération écrit des écritures de somme nulle.',
        security: [{ bearerAuth: [] }],
        response: { 200: trialBalanceResponseSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async () => ({ data: await trialBalance(reads(), now()) }),
  );

  app.get(
    '/reports/large-operations',
    {
      preHandler: requireCapability('reports.network'),
      schema: {
        tags: ['reports'],
        summary: 'Opérations au-dessus du seuil de déclaration, cumulées par personne et par jour',
        description: `Pour chaque personne (au guichet, expéditeur ou bénéficiaire, reconnue par sa pièce d'identité, ou par son nom à défaut) et chaque jour d'Haïti : ses opérations du jour additionnées, quand leur total atteint \`threshold\` HTG (par défaut 100 000 HTG, le plafond d'une opération). \`split\` : aucune opération n'atteint le seuil seule (un gros montant découpé). Les dépôts sur agent et les remboursements ne comptent pas. \`from\` et \`to\` : par défaut aujourd'hui ; au plus 31 jours. Les jours les plus récents d'abord, puis le plus gros total.`,
        security: [{ bearerAuth: [] }],
        querystring: largeOperationsQuerySchema,
        response: {
          200: largeOperationsResponseSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          422: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      heavy(request, reply);
      const { page, per_page: perPage, threshold } = request.query;
      const period = resolvePeriod(request.query, now(), MAX_LARGE_OPERATIONS_DAYS, 1);
      const { groups, total } = await largeOperations(reads(), period, threshold, page, perPage);
      return {
        data: groups,
        meta: { total, page, per_page: perPage, threshold, from: period.from, to: period.to },
      };
    },
  );

  const declarationsText = `Les opérations en espèces d'un jour d'Haïti (\`day\`, par défaut hier ; aujourd'hui se lit, un jour à venir répond 422) de chaque personne dont le total, entrées et sorties additionnées, atteint \`threshold\` HTG (par défaut ${DEFAULT_DECLARATION_THRESHOLD_HTG} HTG, circulaire BRH 95-4) : dépôts, retraits, paiements de transferts, transferts externes envoyés ou remboursés en espèces, corrections d'un dépôt ou d'un retrait ; jamais un mouvement entre comptes ni un dépôt sur agent. Une personne : celle qui remet ou reçoit les espèces au guichet (et l'expéditeur d'un envoi), reconnue par sa pièce d'identité, ou par son nom à défaut ; son identification est celle de la personne enregistrée quand elle l'est. Signalements : au moins ${SPLIT_MIN_OPERATIONS} opérations du jour chacune à moins de ${SPLIT_MARGIN_PERCENT} % sous le seuil (\`threshold_split\`) ou sous le début d'une tranche de frais plus chère du barème appliqué (\`fee_band_split\`). \`declared\` : à déclarer ; \`toReview\` : sous le seuil mais signalées.`;

  /**
   * Identity files read in bulk leave a trace, as one person's does (`persons.read`): who, when, which day
   * and threshold (they give the list again), how many persons (decision 228). Written before answering.
   */
  const auditDeclarations = (request: FastifyRequest, action: AuditWriteAction, report: Declarations) =>
    recordAudit(app.database.db, {
      at: now(),
      action,
      actor: sessionOf(request),
      target: report.day,
      ip: request.ip,
      details: {
        day: report.day,
        threshold: report.threshold,
        declared: report.declared.length,
        toReview: report.toReview.length,
      },
    });

  app.get(
    '/reports/declarations',
    {
      preHandler: requireCapability('reports.declarations'),
      schema: {
        tags: ['reports'],
        summary: 'Déclarations UCREF : les espèces du jour de chaque client au-dessus du seuil',
        description: `${declarationsText} Chaque lecture est inscrite au journal d'audit (\`reports.declarations_read\` : le jour, le seuil, le nombre de personnes).`,
        security: [{ bearerAuth: [] }],
        querystring: declarationsQuerySchema,
        response: { 200: declarationsResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      heavy(request, reply);
      const day = resolveDay(request.query.day, now());
      const report = await declarations(reads(), day, request.query.threshold);
      await auditDeclarations(request, 'reports.declarations_read', report);
      return { data: report };
    },
  );

  app.get(
    '/reports/declarations/export',
    {
      preHandler: requireCapability('reports.declarations'),
      schema: {
        tags: ['reports'],
        summary: 'Exporter les déclarations UCREF du jour en CSV',
        description: `Une ligne par opération, avec l'identification de sa personne, le total du jour, la section (À déclarer, À examiner) et les signalements. ${csvText} Fichier \`declarations-ucref-<jour>.csv\`. Chaque export est inscrit au journal d'audit (\`reports.declarations_exported\`). ${declarationsText}`,
        security: [{ bearerAuth: [] }],
        querystring: declarationsQuerySchema,
        produces: ['text/csv'],
        response: { 200: csvAnswer, ...failures },
      },
    },
    async (request, reply) => {
      const day = resolveDay(request.query.day, now());
      const run = await oneExport(request, reply);
      const report = await run.run((db) => declarations(db, day, request.query.threshold));
      // The trace is a write: on the primary, never the reporting database.
      await auditDeclarations(request, 'reports.declarations_exported', report);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="declarations-ucref-${day.from}.csv"`)
        .header('cache-control', 'no-store')
        .send(declarationsCsv(report));
    },
  );

  app.get(
    '/reports/accounts/:accountNumber/statement',
    {
      preHandler: requireCapability('reports.accountStatement'),
      schema: {
        tags: ['reports'],
        summary: "Relevé d'un compte client",
        description: `Solde d'ouverture, chaque mouvement de la période (les plus anciens d'abord, une page) avec le solde après lui, totaux des crédits et débits, solde de clôture. L'agent qui tient le compte (celui qui l'a ouvert) et le super administrateur ; tout autre : 404 « Compte introuvable ». ${periodText}`,
        security: [{ bearerAuth: [] }],
        params: z.object({ accountNumber: z.string().max(30) }),
        querystring: accountStatementQuerySchema,
        response: { 200: accountStatementResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      heavy(request, reply);
      const db = reads();
      const { page, per_page: perPage } = request.query;
      const period = resolvePeriod(request.query, now(), MAX_REPORT_DAYS);
      const account = await statementAccountOf(db, sessionOf(request), request.params.accountNumber);
      const { statement, total } = await accountStatement(db, account, period, page, perPage);
      return { data: statement, meta: { total, page, per_page: perPage } };
    },
  );

  app.get(
    '/reports/accounts/:accountNumber/statement/export',
    {
      preHandler: requireCapability('reports.accountStatement'),
      schema: {
        tags: ['reports'],
        summary: "Exporter le relevé d'un compte client en CSV",
        description: `Date;Numéro;Opération;Montant;Solde : le solde d'ouverture, chaque mouvement, le solde de clôture. ${csvText} Fichier \`releve-<compte>-<du>-<au>.csv\`. Mêmes règles d'accès que le relevé. ${periodText}`,
        security: [{ bearerAuth: [] }],
        params: z.object({ accountNumber: z.string().max(30) }),
        querystring: accountStatementExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: csvAnswer, ...failures },
      },
    },
    async (request, reply) => {
      const period = resolvePeriod(request.query, now(), MAX_REPORT_DAYS);
      const run = await oneExport(request, reply);
      const { account, text } = await run.run(async (db) => {
        const account = await statementAccountOf(db, sessionOf(request), request.params.accountNumber);
        return { account, text: await accountStatementCsv(db, account, period, now()) };
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="releve-${account.accountNumber}-${period.from}-${period.to}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(text);
    },
  );

  const floatAccess =
    "Administrateur : le float de son agent (`agentCode` d'un autre agent : 404). Super administrateur : le float de l'agent de `agentCode` (requis). Un caissier : 403.";

  app.get(
    '/reports/float/statement',
    {
      preHandler: requireCapability('reports.floatStatement'),
      schema: {
        tags: ['reports'],
        summary: "Relevé du float d'un agent",
        description: `Comme le relevé d'un compte client (solde d'ouverture, chaque mouvement avec le solde après lui, totaux, solde de clôture), pour le float de l'agent : ses opérations, les parts d'agent des frais et ses approvisionnements. \`account.agent\` nomme l'agent, \`account.type\` vaut \`float\`. ${floatAccess} ${periodText}`,
        security: [{ bearerAuth: [] }],
        querystring: floatStatementQuerySchema,
        response: { 200: accountStatementResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      heavy(request, reply);
      const db = reads();
      const { page, per_page: perPage } = request.query;
      const period = resolvePeriod(request.query, now(), MAX_REPORT_DAYS);
      const account = await floatStatementAccountOf(db, sessionOf(request), request.query.agentCode);
      const { statement, total } = await accountStatement(db, account, period, page, perPage);
      return { data: statement, meta: { total, page, per_page: perPage } };
    },
  );

  app.get(
    '/reports/float/statement/export',
    {
      preHandler: requireCapability('reports.floatStatement'),
      schema: {
        tags: ['reports'],
        summary: "Exporter le relevé du float d'un agent en CSV",
        description: `Date;Numéro;Opération;Montant;Solde, comme le relevé d'un compte client. ${csvText} Fichier \`releve-float-<code>-<du>-<au>.csv\`. ${floatAccess} ${periodText}`,
        security: [{ bearerAuth: [] }],
        querystring: floatStatementExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: csvAnswer, ...failures },
      },
    },
    async (request, reply) => {
      const period = resolvePeriod(request.query, now(), MAX_REPORT_DAYS);
      const run = await oneExport(request, reply);
      const { account, text } = await run.run(async (db) => {
        const account = await floatStatementAccountOf(db, sessionOf(request), request.query.agentCode);
        return { account, text: await accountStatementCsv(db, account, period, now()) };
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="releve-float-${account.agent!.code}-${period.from}-${period.to}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(text);
    },
  );

  return Promise.resolve();
};
