import {
  addDays,
  feeVersionMessages,
  centimesToHtg,
  haitiDateOf,
  htgToCentimes,
  LIMIT_WINDOW_DAYS,
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
import { Conflict, NotFound, ValidationFailed } from '../../http/errors.js';
import type { ScheduleEditor } from '../auth/index.js';
import { accountErrors } from '../accounts/index.js';
import { isUuid, viewerOf } from '../persons/index.js';
import {
  holdersOfAccount,
  insertVersion,
  lockSchedule,
  markCancelled,
  personExists,
  selectValues,
  selectVersions,
  totalsOf,
  type LimitValuesRow,
  type LimitVersionRow,
} from './store.js';

type VersionInput = z.output<typeof limitVersionInputSchema>;

/**
 * Where each version stands at `at` (decision 227, as the fees' decision 150): in force, the non-cancelled
 * version with the greatest moment not after `at` (ties: the greatest number). `at` is the app's clock.
 */
function statusesAt(versions: LimitVersionRow[], at: Date): Map<string, LimitVersionStatus> {
  const moment = (version: LimitVersionRow) => version.effectiveFrom?.getTime() ?? Number.NEGATIVE_INFINITY;
  const inForce = versions
    .filter((version) => version.cancelledAt === null && moment(version) <= at.getTime())
    .sort((a, b) => moment(b) - moment(a) || b.number - a.number)[0];
  return new Map(
    versions.map((version) => [
      version.id,
      version.cancelledAt !== null
        ? 'cancelled'
        : version.id === inForce?.id
          ? 'in_force'
          : moment(version) > at.getTime()
            ? 'coming'
            : 'past',
    ]),
  );
}

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

/** `GET /limits`: the version in force at `at`, the coming ones soonest first, the others newest first. */
export async function limitSchedule(executor: Executor, at: Date): Promise<LimitSchedule> {
  const versions = await selectVersions(executor);
  const statuses = statusesAt(versions, at);
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
    status: statuses.get(version.id)!,
    cancelledAt: version.cancelledAt?.toISOString() ?? null,
    values: valuesView(values.get(version.id) ?? []),
  });
  const withStatus = (status: LimitVersionStatus) =>
    versions.filter((version) => statuses.get(version.id) === status);
  const inForce = withStatus('in_force')[0];
  if (!inForce) throw new NotFound(limitEditorMessages.noVersionInForce);
  return {
    inForce: view(inForce),
    coming: withStatus('coming')
      .sort((a, b) => a.effectiveFrom!.getTime() - b.effectiveFrom!.getTime() || a.number - b.number)
      .map(view),
    past: versions
      .filter((version) => ['past', 'cancelled'].includes(statuses.get(version.id)!))
      .sort((a, b) => b.number - a.number)
      .map(view),
  };
}

/**
 * `POST /limits/versions`: the next version, effective at `effectiveFrom` or now (the app's clock). No
 * version is ever edited: a posting keeps the limits it was checked with (decision 227).
 */
export async function createLimitVersion(
  db: Db,
  input: VersionInput,
  editor: ScheduleEditor,
): Promise<LimitSchedule> {
  const effectiveFrom = input.effective_from ? new Date(input.effective_from) : editor.now;
  return db.transaction(
    async (tx) => {
      await lockSchedule(tx);
      // The schema checked the moment against the process's time; the app's clock decides.
      if (effectiveFrom.getTime() < editor.now.getTime())
        throw new ValidationFailed({ effective_from: [feeVersionMessages.effectiveFromPast] });
      const before = await limitSchedule(tx, editor.now);
      const number = Math.max(...(await selectVersions(tx)).map((version) => version.number), 0) + 1;
      const values = limitCategories.map((category) => ({
        category,
        perOperationCentimes: htgToCentimes(input.values[category].per_operation),
        perDayCentimes: htgToCentimes(input.values[category].per_day),
        perThirtyDaysCentimes: htgToCentimes(input.values[category].per_thirty_days),
      }));
      await insertVersion(
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
          effectiveFrom: effectiveFrom.toISOString(),
          before: { version: before.inForce.number, values: before.inForce.values },
          after: valuesView(values),
        },
      });
      return limitSchedule(tx, editor.now);
    },
    { isolationLevel: 'read committed' },
  );
}

/** `POST /limits/versions/{id}/cancel`: a coming version only; once cancelled, nothing more. */
export async function cancelLimitVersion(db: Db, id: string, editor: ScheduleEditor): Promise<LimitSchedule> {
  if (!isUuid(id)) throw new NotFound(limitEditorMessages.versionNotFound);
  return db.transaction(
    async (tx) => {
      await lockSchedule(tx);
      const version = (await selectVersions(tx)).find((row) => row.id === id);
      if (!version) throw new NotFound(limitEditorMessages.versionNotFound);
      if (version.cancelledAt) return limitSchedule(tx, editor.now);
      if (version.effectiveFrom === null || version.effectiveFrom.getTime() <= editor.now.getTime())
        throw new Conflict(limitEditorMessages.versionInForce);
      await markCancelled(tx, id, editor.now, editor.session.id);
      await recordAudit(tx, {
        at: editor.now,
        action: 'limits.version_cancelled',
        actor: editor.session,
        target: `version ${version.number}`,
        ip: editor.ip,
        details: { version: version.number, effectiveFrom: version.effectiveFrom.toISOString() },
      });
      return limitSchedule(tx, editor.now);
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
 * `GET /limits/left`: the limits in force for the type's category and, per person counted, what is left
 * today and over 30 days (the Haiti day of the app's clock); the answer's figures are the least over them.
 * Read outside the posting: the posting checks again under its locks (decision 227).
 */
export async function limitsLeft(
  db: Db,
  session: SessionUser,
  query: { type: LimitLeftType; accountNumber?: string | undefined; personId?: string | undefined },
  now: Date,
): Promise<LimitLeft> {
  const category = limitCategoryOfType[query.type] as LimitCategory;
  const personIds = await personsCounted(db, session, query);
  const schedule = await limitSchedule(db, now);
  const values = schedule.inForce.values.find((value) => value.category === category)!;
  const day = haitiDateOf(now);
  const totals = await totalsOf(db, personIds, category, addDays(day, 1 - LIMIT_WINDOW_DAYS), day);
  const perDay = htgToCentimes(values.perDay);
  const perThirtyDays = htgToCentimes(values.perThirtyDays);
  const persons = personIds.map((personId) => {
    const total = totals.get(personId) ?? { day: 0, window: 0 };
    return {
      personId,
      leftToday: Math.max(0, perDay - total.day),
      leftThirtyDays: Math.max(0, perThirtyDays - total.window),
    };
  });
  const leftToday = Math.min(...persons.map((person) => person.leftToday));
  const leftThirtyDays = Math.min(...persons.map((person) => person.leftThirtyDays));
  const perOperation = htgToCentimes(values.perOperation);
  return {
    type: query.type,
    category,
    label: limitCategoryLabels[category],
    day,
    version: schedule.inForce.number,
    perOperation: values.perOperation,
    perDay: values.perDay,
    perThirtyDays: values.perThirtyDays,
    leftToday: centimesToHtg(leftToday),
    leftThirtyDays: centimesToHtg(leftThirtyDays),
    maxAmount: centimesToHtg(Math.min(perOperation, leftToday, leftThirtyDays)),
    persons: persons.map((person) => ({
      personId: person.personId,
      leftToday: centimesToHtg(person.leftToday),
      leftThirtyDays: centimesToHtg(person.leftThirtyDays),
    })),
  };
}
