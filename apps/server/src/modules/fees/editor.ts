import {
  centimesToHtg,
  errorBodySchema,
  feeGroupResponseSchema,
  feeScheduleInputSchema,
  feeTypeSchema,
  htgToCentimes,
  transactionTypeLabels,
  type FeeRow,
  type FeeType,
  type SessionUser,
} from '@lajan/domain';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import { feeSchedule } from '../../db/schema.js';
import { recordAudit } from '../../db/audit.js';
import { requireCapability, sessionOf } from '../auth/index.js';

type BandInput = z.output<typeof feeScheduleInputSchema>['rows'][number];

async function bandsOf(executor: Executor, type: FeeType): Promise<FeeRow[]> {
  const rows = await executor
    .select()
    .from(feeSchedule)
    .where(eq(feeSchedule.type, type))
    .orderBy(asc(feeSchedule.minAmountCentimes));
  return rows.map((row) => ({
    type,
    min_amount: centimesToHtg(row.minAmountCentimes),
    max_amount: centimesToHtg(row.maxAmountCentimes),
    fee: centimesToHtg(row.feeCentimes),
    agent_share: centimesToHtg(row.agentShareCentimes),
  }));
}

/**
 * Replaces every band of `type` in one database transaction, with an audit entry holding the old and the
 * new bands. The bands were checked by `feeScheduleInputSchema` (no overlap, no gap). Posted transactions
 * keep the fee stored on them; the next quote and operation read the new bands.
 *
 * Two editors at once: the first locks the type's rows (there is always at least one: the seed writes
 * every type and the editor never leaves one empty); the second waits, and its delete, a new statement
 * under READ COMMITTED, then sees and removes what the first wrote. The last one wins whole.
 */
export async function replaceFeeBands(
  db: Db,
  type: FeeType,
  bands: BandInput[],
  actor: { session: SessionUser; ip: string; now: Date },
): Promise<FeeRow[]> {
  return db.transaction(
    async (tx) => {
      await tx
        .select({ id: feeSchedule.id })
        .from(feeSchedule)
        .where(eq(feeSchedule.type, type))
        .for('update');
      const before = await bandsOf(tx, type);
      await tx.delete(feeSchedule).where(eq(feeSchedule.type, type));
      await tx.insert(feeSchedule).values(
        bands.map((band) => ({
          type,
          minAmountCentimes: htgToCentimes(band.min_amount),
          maxAmountCentimes: htgToCentimes(band.max_amount),
          feeCentimes: htgToCentimes(band.fee),
          agentShareCentimes: htgToCentimes(band.agent_share),
          updatedAt: actor.now,
          updatedByUserId: actor.session.id,
        })),
      );
      const after = await bandsOf(tx, type);
      await recordAudit(tx, {
        at: actor.now,
        action: 'fees.updated',
        actor: actor.session,
        target: type,
        ip: actor.ip,
        details: { type, before: before.map(withoutType), after: after.map(withoutType) },
      });
      return after;
    },
    { isolationLevel: 'read committed' },
  );
}

function withoutType({ min_amount, max_amount, fee, agent_share }: FeeRow) {
  return { min_amount, max_amount, fee, agent_share };
}

/** `PUT /transactions/fees/{type}`: the super administrator's fee editor (issue 6, docs/contract-daily.md). */
export const feeEditorRoutes: FastifyPluginAsyncZod = (app) => {
  app.put(
    '/transactions/fees/:type',
    {
      preHandler: requireCapability('fees.edit'),
      schema: {
        tags: ['fees'],
        summary: 'Remplacer les tranches de frais d’un type',
        description:
          "Super administrateur. `rows` : toutes les tranches du type, en HTG, bornes incluses. Triées par borne inférieure, chaque tranche commence un centime après la fin de la précédente (ni chevauchement ni trou) ; 0 ≤ part de l'agent ≤ frais ; deux décimales au plus. Sinon 422 avec `errors['rows.N.champ']`, rien n'est écrit. Le changement est journalisé (anciennes et nouvelles tranches) ; les transactions déjà passées gardent leurs frais. Répond le groupe du type, comme `GET /transactions/fees`.",
        security: [{ bearerAuth: [] }],
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
      const rows = await replaceFeeBands(app.database.db, type, request.body.rows, {
        session: sessionOf(request),
        ip: request.ip,
        now: app.services.clock.now(),
      });
      return { data: { type, label: transactionTypeLabels[type], rows } };
    },
  );
  return Promise.resolve();
};
