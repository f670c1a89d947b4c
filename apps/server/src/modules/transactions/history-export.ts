import {
  audienceOf,
  errorBodySchema,
  haitiDateOf,
  haitiDateTime,
  historyCsvHeaders,
  historyExportQuerySchema,
  transactionStatusLabels,
  transactionTypeLabels,
  type SessionUser,
  type TransactionType,
} from '@lajan/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { Forbidden } from '../../http/errors.js';
import { oneExportText } from '../../http/one-export.js';
import { requireCapability, sessionOf } from '../auth/index.js';
import { CSV_BOM, csvAmount, csvLine, csvText } from '../../lib/csv.js';
import { agentWithFloatByCode } from './agent-lookup.js';
import { historyAfter, type HistoryCursor, type HistoryExportRow } from './history-query.js';

/** Rows read per query: the export holds one page in memory, whatever the number of rows. */
export const EXPORT_PAGE_SIZE = 2_000;

/** The agent whose transactions `session` may read; undefined: all of them (the super administrator). */
export async function historyScopeOf(executor: Executor, session: SessionUser): Promise<string | undefined> {
  if (audienceOf(session) === 'superAdmin') return undefined;
  if (!session.agent) throw new Forbidden();
  const agent = await agentWithFloatByCode(executor, session.agent.code);
  if (!agent) throw new Forbidden();
  return agent.id;
}

export function csvRowOf(record: HistoryExportRow): string {
  return csvLine([
    csvText(record.transactionNumber),
    csvText(transactionTypeLabels[record.type]),
    csvAmount(record.amountCentimes),
    csvAmount(record.feeCentimes),
    csvText(transactionStatusLabels[record.status]),
    csvText(record.createdByUsername),
    record.agent ? csvText(`${record.agent.name} (${record.agent.code})`) : '',
    haitiDateTime(record.createdAt),
    record.feeVersion === null ? '' : String(record.feeVersion),
  ]);
}

/**
 * Every row of the filter by keyset pages on `(created_at, id)`: rows posted during the export are left
 * out, nothing is written twice or missed, and a deep page costs what the first does.
 */
export async function* historyCsv(
  executor: Executor,
  filter: { agentId: string | undefined; type: TransactionType | undefined; q: string | undefined },
  pageSize: number = EXPORT_PAGE_SIZE,
): AsyncGenerator<string> {
  yield CSV_BOM + csvLine([...historyCsvHeaders]);
  let cursor: HistoryCursor | undefined;
  do {
    const page = await historyAfter(executor, filter, cursor, pageSize);
    let chunk = '';
    for (const record of page.records) chunk += csvRowOf(record);
    if (chunk) yield chunk;
    cursor = page.next;
  } while (cursor);
}

/** `GET /transactions/history/export` (issue 6, docs/contract-daily.md). */
export const historyExportRoutes: FastifyPluginAsyncZod = (app) => {
  app.get(
    '/transactions/history/export',
    {
      preHandler: requireCapability('transactions.history'),
      schema: {
        tags: ['transactions'],
        summary: 'Exporter l’historique filtré en CSV',
        description:
          "Toutes les lignes que le filtre de l'historique (`type`, `q`) sélectionne, dans la même portée (caissier et administrateur : leur agent ; super administrateur : tout), les plus récentes d'abord. `text/csv` UTF-8 avec BOM, séparateur `;`, en-têtes Numéro;Type;Montant;Frais;Statut;Créé par;Agent;Date;Version du barème (le numéro de la version du barème appliquée, vide pour une opération sans barème ou antérieure aux versions), montants à deux décimales avec une virgule, libellés français, dates en heure d'Haïti (JJ/MM/AAAA HH:MM). Fichier `historique-AAAA-MM-JJ.csv`. " +
          oneExportText,
        security: [{ bearerAuth: [] }],
        querystring: historyExportQuerySchema,
        produces: ['text/csv'],
        response: {
          // A stream, sent as is: the serializer never sees it.
          200: z.any().describe('Le fichier CSV (text/csv; charset=utf-8, avec BOM)'),
          401: errorBodySchema,
          403: errorBodySchema,
          422: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      // One at once per user, on the reporting database, never the counter's pool (decision 233).
      const run = await app.services.exports.begin(sessionOf(request).id, reply);
      const agentId = await run.read((db) => historyScopeOf(db, sessionOf(request)));
      const filter = { agentId, type: request.query.type, q: request.query.q || undefined };
      const filename = `historique-${haitiDateOf(app.services.clock.now())}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(run.stream((db) => historyCsv(db, filter)));
    },
  );
  return Promise.resolve();
};
