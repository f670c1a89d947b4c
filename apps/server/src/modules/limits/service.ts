import {
  feeVersionMessages,
  centimesToHtg,
  haitiDateOf,
  htgToCentimes,
  limitCategories,
  limitCategoryLabels,
  limitCategoryOfType,
  limitEditorMessages,
  personMessages,
  type LimitCategory,
  type LimitLeft,
  type LimitLeftType,
  type LimitSchedule,
  type LimitVersion,
  type LimitVersionStatus,
  type limitVersionInputSchema,
  type SessionUser,
} from '@lajan/domain';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import { recordAudit } from '../../db/audit.js';
import { isFutureByDbClock } from '../../db/versions.js';
import { limitsLeft } from '../../ledger/limits.js';
import { Conflict, NotFound, ValidationFailed } from '../../http/errors.js';
import type { ScheduleEditor } from '../auth/index.js';
import { accountErrors } from '../accounts/index.js';
import { isUuid, viewerOf } from '../persons/index.js';
import {
  holdersOfAccount,
  insertVersion,
  lockLimitSchedule,
  markCancelled,
  personExists,
  selectValues,
  selectVersions,
  type LimitValuesRow,
  type LimitVersionRow,
} from './store.js';

type VersionInput = z.output<typeof limitVersionInputSchema>;

function valuesView(rows: LimitValuesRow[]) {
  return limitCategories.flatMap((category) => {
    const row = rows.find((value) => value.category === category);
    return row
      ? [
          {
            category,
            label: limitCategoryLabels[category],
            perOperation: centimesToHtg(row.perOperationCentimes),
            perDay: centimesToHtg(row.perDayCentimes),
            perThirtyDays: centimesToHtg(row.perThirtyDaysCentimes),
          },
        ]
      : [];
  });
}

/**
 * `GET /limits`: the version in force, the coming ones soonest first, the others newest first, by the
 * database's clock, which the posting reads too (`limit_values_in_force()`).
 */
export async function limitSchedule(executor: Executor): Promise<LimitSchedule> {
  const versions = await selectVersions(executor);
  const values = await selectValues(
    executor,
    versions.map((version) => version.id),
  );
  const view = (version: LimitVersionRow): LimitVersion => ({
    id: version.id,
    number: version.number,
    effectiveFrom: version.effectiveFrom?.toISOString() ?? null,
    createdAt: version.createdAt.toISOString(),
    createdBy: version.createdByUsername === null ? null : { username: version.createdByUsername },
    status: version.status,
    cancelledAt: version.cancelledAt?.toISOString() ?? null,
    values: valuesView(values.get(version.id) ?? []),
  });
  const withStatus = (status: LimitVersionStatus) => versions.filter((version) => version.status === status);
  const inForce = withStatus('in_force')[0];
  if (!inForce) throw new NotFound(limitEditorMessages.noVersionInForce);
  return {
    inForce: view(inForce),
    coming: withStatus('coming')
      .sort((a, b) => a.effectiveFrom!.getTime() - b.effectiveFrom!.getTime() || a.number - b.number)
      .map(view),
    past: versions
      .filter((version) => version.status === 'past' || version.status === 'cancelled')
      .sort((a, b) => b.number - a.number)
      .map(view),
  };
}

/**
 * `POST /limits/versions`: the next version, effective at `effective_from` or now (the database's clock, read
 * after the lock). No version is ever edited: a posting keeps the limits it was checked with (decision 227).
 */
export async function createLimitVersion(
  db: Db,
  input: VersionInput,
  editor: ScheduleEditor,
): Promise<LimitSchedule> {
  const effectiveFrom = input.effective_from ? new Date(input.effective_from) : null;
  return db.transaction(
    async (tx) => {
      await lockLimitSchedule(tx);
      // The schema checked the moment against the process's time; the database's clock decides.
      if (effectiveFrom && !(await isFutureByDbClock(tx, effectiveFrom)))
        throw new ValidationFailed({ effective_from: [feeVersionMessages.effectiveFromPast] });
      const before = await limitSchedule(tx);
      const number = Math.max(0, ...(await selectVersions(tx)).map((version) => version.number)) + 1;
      const values = limitCategories.map((category) => ({
        category,
        perOperationCentimes: htgToCentimes(input.values[category].per_operation),
        perDayCentimes: htgToCentimes(input.values[category].per_day),
        perThirtyDaysCentimes: htgToCentimes(input.values[category].per_thirty_days),
      }));
      const effective = await insertVersion(
        tx,
        { number, effectiveFrom, createdAt: editor.now, createdByUserId: editor.session.id },
        values,
      );
      await recordAudit(tx, {
        at: editor.now,
        action: 'limits.version_created',
        actor: editor.session,
        target: `version ${number}`,
        ip: editor.ip,
        details: {
          version: number,
          effectiveFrom: effective.toISOString(),
          before: { version: before.inForce.number, values: before.inForce.values },
          after: valuesView(values),
        },
      });
      return limitSchedule(tx);
    },
    { isolationLevel: 'read committed' },
  );
}

/**
 * `POST /limits/versions/{id}/cancel`: a coming version only, by the database's clock, so that a posting
 * that began after it took effect cannot have used one cancelled after; once cancelled, nothing more.
 */
export async function cancelLimitVersion(db: Db, id: string, editor: ScheduleEditor): Promise<LimitSchedule> {
  if (!isUuid(id)) throw new NotFound(limitEditorMessages.versionNotFound);
  return db.transaction(
    async (tx) => {
      await lockLimitSchedule(tx);
      const version = (await selectVersions(tx)).find((row) => row.id === id);
      if (!version) throw new NotFound(limitEditorMessages.versionNotFound);
      if (version.cancelledAt) return limitSchedule(tx);
      if (!(await markCancelled(tx, id, editor.now, editor.session.id)))
        throw new Conflict(limitEditorMessages.versionInForce);
      await recordAudit(tx, {
        at: editor.now,
        action: 'limits.version_cancelled',
        actor: editor.session,
        target: `version ${version.number}`,
        ip: editor.ip,
        details: { version: version.number, effectiveFrom: version.effectiveFrom?.toISOString() ?? null },
      });
      return limitSchedule(tx);
    },
    { isolationLevel: 'read committed' },
  );
}

/**
 * The persons an operation of `type` counts (decision 227): an account's holders, found among the reader's
 * agent's accounts as `GET /accounts/{id}` finds them (another agent's: 404); or one person, as the persons
 * routes find her (any registered person, 404 otherwise).
 */
async function personsCounted(
  db: Db,
  session: SessionUser,
  target: { accountNumber?: string | undefined; personId?: string | undefined },
): Promise<string[]> {
  if (target.accountNumber !== undefined) {
    const viewer = await viewerOf(db, session);
    if (!viewer.superAdmin && viewer.agentId === null) throw new NotFound(accountErrors.notFound);
    const holders = await holdersOfAccount(
      db,
      target.accountNumber.replace(/[\s-]/g, ''),
      viewer.superAdmin ? null : viewer.agentId,
    );
    if (holders.length === 0) throw new NotFound(accountErrors.notFound);
    return holders;
  }
  const personId = target.personId ?? '';
  if (!isUuid(personId) || !(await personExists(db, personId))) throw new NotFound(personMessages.notFound);
  return [personId];
}

/**
 * `GET /limits/left`: the limits in force for the type's category and what is left today and over 30 days,
 * each the least over the persons counted (the Haiti day of the app's clock, as the posting's). A preview:
 * the posting checks again under its locks (decision 227).
 */
export async function limitsLeftFor(
  db: Db,
  session: SessionUser,
  query: { type: LimitLeftType; accountNumber?: string | undefined; personId?: string | undefined },
  now: Date,
): Promise<LimitLeft> {
  const category = limitCategoryOfType[query.type] as LimitCategory;
  const personIds = await personsCounted(db, session, query);
  const day = haitiDateOf(now);
  // One read per person: the least of each figure, where one person may have least today, another over 30 days.
  const each = await Promise.all(personIds.map((personId) => limitsLeft(db, [personId], category, day)));
  const first = each[0];
  if (!first || each.some((left) => left === undefined))
    throw new NotFound(limitEditorMessages.noVersionInForce);
  const known = each as NonNullable<(typeof each)[number]>[];
  const { limits } = first;
  const leftToday = Math.min(...known.map((left) => left.dayLeftCentimes));
  const leftThirtyDays = Math.min(...known.map((left) => left.thirtyDaysLeftCentimes));
  return {
    type: query.type,
    category,
    label: limitCategoryLabels[category],
    day,
    version: limits.versionNumber,
    perOperation: centimesToHtg(limits.perOperationCentimes),
    perDay: centimesToHtg(limits.perDayCentimes),
    perThirtyDays: centimesToHtg(limits.perThirtyDaysCentimes),
    leftToday: centimesToHtg(leftToday),
    leftThirtyDays: centimesToHtg(leftThirtyDays),
    maxAmount: centimesToHtg(Math.min(limits.perOperationCentimes, leftToday, leftThirtyDays)),
  };
}
