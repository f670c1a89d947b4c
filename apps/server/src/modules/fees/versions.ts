import {
  centimesFromSql,
  centimesToHtg,
  feeTypes,
  feeVersionMessages,
  htgToCentimes,
  transactionTypeLabels,
  type FeeGroup,
  type FeeRow,
  type FeeType,
  type FeeVersion,
  type FeeVersionStatus,
  type feeScheduleInputSchema,
} from '@lajan/domain';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import { recordAudit } from '../../db/audit.js';
import { feeBands, feeVersions, users } from '../../db/schema.js';
import { isFutureByDbClock, lockSchedule, versionStatusSql } from '../../db/versions.js';
import { NotFound, ValidationFailed } from '../../http/errors.js';
import type { ScheduleEditor } from '../auth/index.js';
import { LedgerRefused } from '../../ledger/results.js';

type BandInput = z.output<typeof feeScheduleInputSchema>['rows'][number];

/** Who changes the schedule, from where, at what time of the app's clock. */
export type FeeEditor = ScheduleEditor;

/** A version with where it stands at the database's now() (decision 150). */
interface VersionRow {
  id: string;
  type: FeeType;
  number: number;
  effectiveFrom: Date;
  createdAt: Date;
  createdByUsername: string | null;
  cancelledAt: Date | null;
  status: FeeVersionStatus;
}

/**
 * Each version's status by the rule of the view `fee_schedule` (decision 150), at `clock_timestamp()`: the
 * editor's own answer, in the transaction that wrote a version effective now, shows it in force.
 */
const statusSql = versionStatusSql(
  feeVersions,
  sql`select w.id from fee_versions as w
    where w.type = ${feeVersions.type} and w.cancelled_at is null and w.effective_from <= clock_timestamp()
    order by w.effective_from desc, w.number desc limit 1`,
) as SQL<FeeVersionStatus>;

async function versionRows(executor: Executor, types: readonly FeeType[]): Promise<VersionRow[]> {
  const rows = await executor
    .select({
      id: feeVersions.id,
      type: feeVersions.type,
      number: feeVersions.number,
      effectiveFrom: feeVersions.effectiveFrom,
      createdAt: feeVersions.createdAt,
      createdByUsername: users.username,
      cancelledAt: feeVersions.cancelledAt,
      status: statusSql,
    })
    .from(feeVersions)
    .leftJoin(users, eq(users.id, feeVersions.createdByUserId))
    .where(inArray(feeVersions.type, [...types]))
    .orderBy(asc(feeVersions.type), asc(feeVersions.number));
  return rows;
}

/** The bands of the given versions, by version id, ascending. */
async function bandsOfVersions(executor: Executor, ids: string[]): Promise<Map<string, FeeRow[]>> {
  const byVersion = new Map<string, FeeRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byVersion;
  const rows = await executor
    .select()
    .from(feeBands)
    .where(inArray(feeBands.versionId, ids))
    .orderBy(asc(feeBands.minAmountCentimes));
  for (const row of rows)
    byVersion.get(row.versionId)?.push({
      type: row.type,
      min_amount: centimesToHtg(centimesFromSql(row.minAmountCentimes)),
      max_amount: centimesToHtg(centimesFromSql(row.maxAmountCentimes)),
      fee: centimesToHtg(centimesFromSql(row.feeCentimes)),
      agent_share: centimesToHtg(centimesFromSql(row.agentShareCentimes)),
    });
  return byVersion;
}

/**
 * The fee table (`GET /transactions/fees`): per type, in the order of the fee tables, the bands in force,
 * their version, and the coming versions in date order with their bands. A type with no version in force
 * (never: the seed writes version 1 of each) is left out.
 */
export async function feeGroups(
  executor: Executor,
  types: readonly FeeType[] = feeTypes,
): Promise<FeeGroup[]> {
  const versions = (await versionRows(executor, types)).filter(
    (version) => version.status === 'in_force' || version.status === 'coming',
  );
  const bands = await bandsOfVersions(
    executor,
    versions.map((version) => version.id),
  );
  return types.flatMap((type) => {
    const inForce = versions.find((version) => version.type === type && version.status === 'in_force');
    if (!inForce) return [];
    const coming = versions
      .filter((version) => version.type === type && version.status === 'coming')
      .sort((a, b) => a.effectiveFrom.getTime() - b.effectiveFrom.getTime() || a.number - b.number);
    return [
      {
        type,
        label: transactionTypeLabels[type],
        version: { number: inForce.number, effectiveFrom: inForce.effectiveFrom.toISOString() },
        coming: coming.map((version) => ({
          number: version.number,
          effectiveFrom: version.effectiveFrom.toISOString(),
          rows: bands.get(version.id) ?? [],
        })),
        rows: bands.get(inForce.id) ?? [],
      },
    ];
  });
}

/** One type's group, as `GET /transactions/fees` carries it: the editor's answers. */
async function feeGroupOf(executor: Executor, type: FeeType): Promise<FeeGroup> {
  const [group] = await feeGroups(executor, [type]);
  if (!group) throw new NotFound(feeVersionMessages.versionNotFound);
  return group;
}

/** `GET /transactions/fees/{type}/versions`: every version of a type, newest first, with its bands. */
export async function feeVersionsOf(executor: Executor, type: FeeType): Promise<FeeVersion[]> {
  const versions = (await versionRows(executor, [type])).sort((a, b) => b.number - a.number);
  const bands = await bandsOfVersions(
    executor,
    versions.map((version) => version.id),
  );
  return versions.map((version) => ({
    number: version.number,
    effectiveFrom: version.effectiveFrom.toISOString(),
    createdAt: version.createdAt.toISOString(),
    createdBy: version.createdByUsername === null ? null : { username: version.createdByUsername },
    status: version.status,
    cancelledAt: version.cancelledAt ? version.cancelledAt.toISOString() : null,
    rows: bands.get(version.id) ?? [],
  }));
}

/** Two editors of one type run one after the other. */
async function lockType(executor: Executor, type: FeeType): Promise<void> {
  await lockSchedule(executor, `fee_versions:${type}`);
}

function withoutType({ min_amount, max_amount, fee, agent_share }: FeeRow) {
  return { min_amount, max_amount, fee, agent_share };
}

/**
 * `PUT /transactions/fees/{type}`: a new version, the next of its chain, effective at `effectiveFrom` or now.
 * Other versions' bands are never edited, so posted transactions keep their fee and version (decision 150).
 * The moment is checked again by the database's clock, which the schema could not do.
 */
export async function createFeeVersion(
  db: Db,
  type: FeeType,
  bands: BandInput[],
  effectiveFrom: Date | null,
  editor: FeeEditor,
): Promise<FeeGroup> {
  return db.transaction(
    async (tx) => {
      await lockType(tx, type);
      if (effectiveFrom) {
        if (!(await isFutureByDbClock(tx, effectiveFrom)))
          throw new ValidationFailed({ effective_from: [feeVersionMessages.effectiveFromPast] });
      }
      const before = await feeGroups(tx, [type]);
      const [last] = await tx
        .select({ number: sql<number>`coalesce(max(${feeVersions.number}), 0)::int` })
        .from(feeVersions)
        .where(eq(feeVersions.type, type));
      const number = (last?.number ?? 0) + 1;
      const [version] = await tx
        .insert(feeVersions)
        .values({
          type,
          number,
          // "Now" is read after the type's lock (decision 154): of two editors, the second to write is the
          // later version, whichever transaction began first.
          effectiveFrom: effectiveFrom ?? sql`clock_timestamp()`,
          createdAt: editor.now,
          createdByUserId: editor.session.id,
        })
        .returning({ id: feeVersions.id, effectiveFrom: feeVersions.effectiveFrom });
      await tx.insert(feeBands).values(
        bands.map((band) => ({
          type,
          minAmountCentimes: htgToCentimes(band.min_amount),
          maxAmountCentimes: htgToCentimes(band.max_amount),
          feeCentimes: htgToCentimes(band.fee),
          agentShareCentimes: htgToCentimes(band.agent_share),
          updatedAt: editor.now,
          updatedByUserId: editor.session.id,
          versionId: version!.id,
        })),
      );
      const after = await feeGroupOf(tx, type);
      const rowsOfNew =
        after.version.number === number
          ? after.rows
          : (after.coming.find((coming) => coming.number === number)?.rows ?? []);
      await recordAudit(tx, {
        at: editor.now,
        action: 'fees.updated',
        actor: editor.session,
        target: type,
        ip: editor.ip,
        details: {
          type,
          version: number,
          effectiveFrom: version!.effectiveFrom.toISOString(),
          before: (before[0]?.rows ?? []).map(withoutType),
          after: rowsOfNew.map(withoutType),
        },
      });
      return after;
    },
    { isolationLevel: 'read committed' },
  );
}

/**
 * `DELETE /transactions/fees/{type}/versions/{number}`: cancels a coming version only. Checked at
 * `clock_timestamp()`, so a posting that began after the version took effect cannot have used one cancelled
 * after.
 */
export async function cancelFeeVersion(
  db: Db,
  type: FeeType,
  number: number,
  editor: FeeEditor,
): Promise<FeeGroup> {
  return db.transaction(
    async (tx) => {
      await lockType(tx, type);
      const [version] = await tx
        .select({
          id: feeVersions.id,
          effectiveFrom: feeVersions.effectiveFrom,
          cancelledAt: feeVersions.cancelledAt,
        })
        .from(feeVersions)
        .where(and(eq(feeVersions.type, type), eq(feeVersions.number, number)));
      if (!version) throw new NotFound(feeVersionMessages.versionNotFound);
      if (version.cancelledAt) return feeGroupOf(tx, type);
      const cancelled = await tx
        .update(feeVersions)
        .set({ cancelledAt: editor.now, cancelledByUserId: editor.session.id })
        .where(and(eq(feeVersions.id, version.id), sql`${feeVersions.effectiveFrom} > clock_timestamp()`))
        .returning({ id: feeVersions.id });
      if (cancelled.length === 0) throw new LedgerRefused('FeeVersionInForce');
      await recordAudit(tx, {
        at: editor.now,
        action: 'fees.version_cancelled',
        actor: editor.session,
        target: type,
        ip: editor.ip,
        details: { type, version: number, effectiveFrom: version.effectiveFrom.toISOString() },
      });
      return feeGroupOf(tx, type);
    },
    { isolationLevel: 'read committed' },
  );
}
