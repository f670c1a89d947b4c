import { auditEntrySchema, errorBodySchema, listResponseSchema, paginationQuerySchema } from '@lajan/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCapability } from '../auth/plugin.js';
import { listAuditEntries } from './service.js';

/** `GET /audit`: who did what, when and from where (DESIGN §7), for the super administrator. */
export const auditRoutes: FastifyPluginAsyncZod = (app) => {
  app.get(
    '/audit',
    {
      preHandler: requireCapability('audit.read'),
      schema: {
        tags: ['audit'],
        summary: 'Journal d’audit',
        description:
          'Du plus récent au plus ancien. `action` est de la forme `domaine.verbe` (`auth.login`, `agents.suspend`, `users.create`…) ; `target` nomme l’objet (nom d’utilisateur, code d’agent, id) ; `ip` est l’adresse du client. Jamais de mot de passe, de jeton ni de lien.',
        security: [{ bearerAuth: [] }],
        querystring: paginationQuerySchema,
        response: {
          200: listResponseSchema(auditEntrySchema),
          401: errorBodySchema,
          403: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { page, per_page } = request.query;
      const { rows, total } = await listAuditEntries(app.database.db, {
        limit: per_page,
        offset: (page - 1) * per_page,
      });
      return {
        data: rows.map((row) => ({
          id: String(row.id),
          at: row.at.toISOString(),
          actorUsername: row.actorUsername,
          action: row.action,
          target: row.target,
          ip: row.ip,
          details: row.details,
        })),
        meta: { total, page, per_page },
      };
    },
  );
  return Promise.resolve();
};
