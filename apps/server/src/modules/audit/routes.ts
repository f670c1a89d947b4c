import { t } from '@lingui/core/macro';
import {
  addDays,
  auditEntrySchema,
  auditMessages,
  auditQuerySchema,
  centimesToHtg,
  displayName,
  errorBodySchema,
  isSmsKind,
  listResponseSchema,
  smsKindLabels,
  startOfHaitiDay,
  type AuditEntryView,
  type SessionUser,
} from '@lajan/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Forbidden } from '../../http/errors.js';
import { requireCapability, sessionOf } from '../auth/index.js';
import { listAuditEntries, type AuditTrailRow } from './service.js';

/**
 * `GET /audit`: who did what, when and from where, money movements included, filtered by
 * who, what, when and agent (decision 133). The super administrator reads the whole network's; an
 * agent's administrator reads its own agent's lines only.
 */
export const auditRoutes: FastifyPluginAsyncZod = (app) => {
  app.get(
    '/audit',
    {
      preHandler: requireCapability('audit.read'),
      schema: {
        tags: ['audit'],
        summary: 'Journal d’audit',
        description:
          'Du plus récent au plus ancien : chaque écriture (`audit_log`) et chaque mouvement d’argent posté (`transactions.deposit`, `transactions.withdrawal`, `transactions.transfer`, `transactions.external_transfer`, `transactions.external_payout`, `transactions.external_refund`, `transactions.agent_deposit`, montants en HTG dans `details`). `action` est de la forme `domaine.verbe` ; le filtre `action` prend une action ou un domaine entier (`transactions`). `user` : nom d’utilisateur ; `agent` : code d’agent ; `from` et `to` : jours de Haïti (AAAA-MM-JJ), inclus. `target` est la référence enregistrée, `targetLabel` ce que l’écran montre (nom de la personne ou de l’utilisateur, « CODE · Nom » de l’agent, numéro). Le super administrateur lit tout le réseau ; l’administrateur d’un agent, les lignes de son agent seulement (un autre code d’agent : 403). Jamais de mot de passe, de jeton ni de lien. Lu sur la base des rapports : avec `DATABASE_READ_URL` (un réplica), une écriture des toutes dernières secondes peut ne pas y figurer encore.',
        security: [{ bearerAuth: [] }],
        querystring: auditQuerySchema,
        response: {
          200: listResponseSchema(auditEntrySchema),
          401: errorBodySchema,
          403: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const { page, per_page, user, action, agent, from, to } = request.query;
      const agentCode = scopedAgentCode(session, agent);
      // The audit log reads on the reporting database, never the counter's (decision 233).
      const { rows, total } = await listAuditEntries(
        app.database.reporting.db,
        {
          username: user,
          action,
          agentCode,
          fromAt: from ? startOfHaitiDay(from) : undefined,
          untilAt: to ? startOfHaitiDay(addDays(to, 1)) : undefined,
        },
        { limit: per_page, offset: (page - 1) * per_page },
      );
      return { data: rows.map((row) => present(row, session)), meta: { total, page, per_page } };
    },
  );
  return Promise.resolve();
};

/** The agent whose lines the caller reads: any (or none) for the super administrator, its own else. */
function scopedAgentCode(session: SessionUser, asked: string | undefined): string | undefined {
  if (session.isSuperAdmin) return asked;
  const own = session.agent?.code;
  // Without an agent there is nothing of its own to read; the permission table lets no such caller here.
  if (!own) throw new Forbidden();
  if (asked && asked.toLowerCase() !== own.toLowerCase()) throw new Forbidden(auditMessages.otherAgent);
  return own;
}

function targetLabelOf(row: AuditTrailRow): string | null {
  if (row.target === null) return null;
  // A drawer's session is named by its teller: "Caisse de Nadège JOSEPH", never its id.
  if (row.action.startsWith('drawer.')) {
    const named = row.targetFirstName !== null || row.targetLastName !== null;
    const teller = displayName({ firstName: row.targetFirstName, lastName: row.targetLastName });
    return named ? t`Caisse de ${teller}` : t`Caisse`;
  }
  // A switch of the SMS names its kind as the screen does (decision 242).
  if (row.action.startsWith('sms.kind_') && isSmsKind(row.target)) return smsKindLabels[row.target];
  if (row.targetAgentName) return `${row.target} · ${row.targetAgentName}`;
  if (row.targetFirstName !== null || row.targetLastName !== null) {
    const name = displayName({ firstName: row.targetFirstName, lastName: row.targetLastName });
    // A person is named, never shown by its id; a user by its name and username.
    return row.action.startsWith('persons.') ? name : `${name} (${row.target})`;
  }
  // A person since erased, or a target that names nothing stored: never a raw id on the screen.
  if (row.action.startsWith('persons.')) return t`Personne supprimée`;
  return row.target;
}

function detailsOf(row: AuditTrailRow): Record<string, unknown> {
  if (!row.id.startsWith('tx:')) return row.details;
  const { amountCentimes, feeCentimes, ...rest } = row.details;
  return {
    ...rest,
    amount: centimesToHtg(amountCentimes as number | string),
    fee: centimesToHtg(feeCentimes as number | string),
  };
}

function present(row: AuditTrailRow, viewer: SessionUser): AuditEntryView {
  const actorName =
    row.actorFirstName !== null || row.actorLastName !== null
      ? displayName({ firstName: row.actorFirstName, lastName: row.actorLastName })
      : null;
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorUsername: row.actorUsername,
    actorName,
    action: row.action,
    target: row.target,
    targetLabel: targetLabelOf(row),
    agent: row.agentCode && row.agentName ? { code: row.agentCode, name: row.agentName } : null,
    // An administrator sees the addresses of its own agent's users, not the super administrator's.
    ip: viewer.isSuperAdmin || row.actorAgentCode === viewer.agent?.code ? row.ip : null,
    details: detailsOf(row),
  };
}
