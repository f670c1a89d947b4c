import {
  errorBodySchema,
  feeGroupResponseSchema,
  feeScheduleInputSchema,
  feeTypeSchema,
  feeVersionMessages,
  feeVersionsResponseSchema,
} from '@lajan/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCapability, scheduleEditorOf } from '../auth/index.js';
import { cancelFeeVersion, createFeeVersion, feeVersionsOf } from './versions.js';

const bearer = [{ bearerAuth: [] }];

/**
 * The super administrator's fee editor (issue 6, docs/contract-daily.md) and its versions (issue 16, item 4;
 * decision 150): a change is a new version, now or from a chosen moment; a coming one may be cancelled.
 */
export const feeEditorRoutes: FastifyPluginAsyncZod = (app) => {
  const editorOf = (request: Parameters<typeof scheduleEditorOf>[0]) =>
    scheduleEditorOf(request, app.services.clock);

  app.put(
    '/transactions/fees/:type',
    {
      preHandler: requireCapability('fees.edit'),
      schema: {
        tags: ['fees'],
        summary: 'Une nouvelle version des tranches de frais d’un type',
        description:
          "Super administrateur. `rows` : toutes les tranches du type, en HTG, bornes incluses. Triées par borne inférieure, chaque tranche commence un centime après la fin de la précédente (ni chevauchement ni trou) ; 0 ≤ part de l'agent ≤ frais ; deux décimales au plus. `effective_from` (facultatif) : date et heure ISO 8601 avec fuseau (« 2026-12-01T08:00:00-05:00 ») de l'entrée en vigueur ; absente ou nulle, maintenant (l'horloge de la base). Une date donnée doit être dans le futur et avant 2100. Sinon 422 avec `errors['rows.N.champ']` ou `errors.effective_from`, rien n'est écrit. Crée la version suivante du type (décision 150) : les tranches des versions précédentes ne sont jamais modifiées, les transactions passées gardent leurs frais et leur version. Le changement est journalisé (version, entrée en vigueur, anciennes et nouvelles tranches). Répond le groupe du type, comme `GET /transactions/fees` : les nouvelles tranches si elles s'appliquent déjà, sinon les tranches en vigueur et la nouvelle version dans `coming`.",
        security: bearer,
        params: z.object({ type: feeTypeSchema }),
        body: feeScheduleInputSchema,
        response: {
          200: feeGroupResponseSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { type } = request.params;
      const { rows, effective_from } = request.body;
      const group = await createFeeVersion(
        app.database.db,
        type,
        rows,
        effective_from ? new Date(effective_from) : null,
        editorOf(request),
      );
      return { data: group };
    },
  );

  app.get(
    '/transactions/fees/:type/versions',
    {
      preHandler: requireCapability('fees.edit'),
      schema: {
        tags: ['fees'],
        summary: 'Les versions du barème d’un type',
        description:
          'Super administrateur. Toutes les versions du type, la plus récente d’abord : `{ number, effectiveFrom, createdAt, createdBy: { username } | null, status, cancelledAt, rows }`. `status` : `in_force` (en vigueur), `coming` (à venir), `past` (remplacée) ou `cancelled` (annulée avant son entrée en vigueur).',
        security: bearer,
        params: z.object({ type: feeTypeSchema }),
        response: { 200: feeVersionsResponseSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => ({ data: await feeVersionsOf(app.database.db, request.params.type) }),
  );

  app.delete(
    '/transactions/fees/:type/versions/:number',
    {
      preHandler: requireCapability('fees.edit'),
      schema: {
        tags: ['fees'],
        summary: 'Annuler une version du barème à venir',
        description:
          'Super administrateur. Annule une version qui n’est pas encore entrée en vigueur ; la version en vigueur reste celle d’avant. Une version déjà entrée en vigueur (en vigueur ou remplacée) : 409 `FEE_VERSION_IN_FORCE` ; un numéro inconnu : 404 ; une version déjà annulée : rien de plus. Journalisé. Répond le groupe du type, comme `GET /transactions/fees`.',
        security: bearer,
        // A version's number is a PostgreSQL integer: a larger one is no version (422), not an out-of-range 500.
        params: z.object({
          type: feeTypeSchema,
          number: z.coerce
            .number()
            .int()
            .min(1)
            .max(2_147_483_647, { error: () => feeVersionMessages.versionNotFound }),
        }),
        response: {
          200: feeGroupResponseSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { type, number } = request.params;
      return { data: await cancelFeeVersion(app.database.db, type, number, editorOf(request)) };
    },
  );
  return Promise.resolve();
};
