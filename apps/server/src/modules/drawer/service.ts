import {
  addDays,
  can,
  centimesFromSql,
  centimesToHtg,
  differenceKindOfCentimes,
  differenceNeedsAcknowledgement,
  drawerMessages,
  formatHtg,
  drawerTotalCentimes,
  startOfHaitiDay,
  type DrawerDifferenceKind,
  type DrawerSession,
  type DrawerTicket,
  type DrawerVerification,
  type SessionUser,
} from '@lajan/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import { recordAudit } from '../../db/audit.js';
import type { Db, Tx } from '../../db/client.js';
import { uniqueViolationOf } from '../../db/errors.js';
import { agents, drawerSessions } from '../../db/schema.js';
import { Conflict, Forbidden, NotFound, ValidationFailed } from '../../http/errors.js';
import { CURRENT_FINGERPRINT_VERSION, fingerprintOf, totalsOf } from './reckoning.js';
import {
  cashMovements,
  lastClosedSession,
  lockOpenSession,
  lockOpenSessionById,
  openSessionView,
  previousClosedSession,
  sessionView,
  sessionViewsDuring,
  type DrawerRow,
  type DrawerView,
} from './store.js';

export interface DrawerDeps {
  db: Db;
  clock: Clock;
  /** A close whose difference is above this (either sign) waits for the agent administrator. */
  acknowledgementThresholdCentimes: number;
  /** A count above this total is refused as implausible (decision 201). */
  maxCountCentimes: number;
}

type Counts = Record<string, number>;
interface Request {
  session: SessionUser;
  ip: string;
}

/** The agent's id of a signed-in user of an agent (a teller or an administrator). */
async function agentIdOf(db: Db, session: SessionUser): Promise<string> {
  if (!session.agent) throw new Forbidden();
  const [row] = await db.select({ id: agents.id }).from(agents).where(eq(agents.code, session.agent.code));
  if (!row) throw new Forbidden();
  return row.id;
}

/**
 * The tellers' drawer sessions (decision 149). The close is blind: the expected amount is computed in the
 * close's transaction, after the count is given, and never answered while the session is open.
 */
export class DrawerService {
  private readonly db: Db;
  private readonly clock: Clock;
  readonly thresholdCentimes: number;
  readonly maxCountCentimes: number;

  constructor(deps: DrawerDeps) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.thresholdCentimes = deps.acknowledgementThresholdCentimes;
    this.maxCountCentimes = deps.maxCountCentimes;
  }

  /** The count's total, refused above the plausible total (decision 201): a typo of a few digits. */
  private plausibleTotal(counts: Counts): number {
    const total = drawerTotalCentimes(counts);
    if (total > this.maxCountCentimes) {
      const message = drawerMessages.countImplausible(
        formatHtg(centimesToHtg(total)),
        formatHtg(centimesToHtg(this.maxCountCentimes)),
      );
      throw new ValidationFailed({ counts: [message] }, message);
    }
    return total;
  }

  /** The teller's open session, without what is expected (blind), or null. */
  async current(session: SessionUser): Promise<DrawerSession | null> {
    const view = await openSessionView(this.db, session.id);
    return view ? present(view) : null;
  }

  /**
   * Opens the teller's drawer with its count; one open session per teller (the unique partial index). The
   * cash stays with the teller between two sessions (Lajan has no safe): the count is compared with her last
   * close's, and a difference above the threshold waits for the agent administrator (decision 201).
   */
  async open({ session, ip }: Request, counts: Counts): Promise<DrawerSession> {
    const openingCentimes = this.plausibleTotal(counts);
    const agentId = await agentIdOf(this.db, session);
    const id = await this.db
      .transaction(async (tx) => {
        // After the teller's last close, so that two sessions' windows never meet (decision 149).
        const lastClose = await lastClosedSession(tx, session.id);
        const now = this.clock.now();
        const lastClosedAt = lastClose?.closedAt?.getTime();
        const openedAt =
          lastClosedAt !== undefined && lastClosedAt >= now.getTime() ? new Date(lastClosedAt + 1) : now;
        const previousCountedCentimes =
          lastClose?.countedCentimes == null ? null : centimesOf(lastClose.countedCentimes);
        const openingDifferenceCentimes =
          previousCountedCentimes === null ? null : openingCentimes - previousCountedCentimes;
        const openingNeedsAcknowledgement =
          openingDifferenceCentimes !== null &&
          differenceNeedsAcknowledgement(openingDifferenceCentimes, this.thresholdCentimes);
        const [row] = await tx
          .insert(drawerSessions)
          .values({
            userId: session.id,
            agentId,
            openedAt,
            openingCounts: counts,
            openingCentimes,
            previousCountedCentimes,
            openingDifferenceCentimes,
            openingNeedsAcknowledgement,
          })
          .returning({ id: drawerSessions.id });
        await recordAudit(tx, {
          at: now,
          action: 'drawer.opened',
          actor: session,
          target: row!.id,
          ip,
          details: {
            opening: centimesToHtg(openingCentimes),
            previousCounted: previousCountedCentimes === null ? null : centimesToHtg(previousCountedCentimes),
            openingDifference:
              openingDifferenceCentimes === null ? null : centimesToHtg(openingDifferenceCentimes),
            openingDifferenceKind:
              openingDifferenceCentimes === null ? null : differenceKindOfCentimes(openingDifferenceCentimes),
          },
        });
        return row!.id;
      })
      .catch((error: unknown) => {
        if (uniqueViolationOf(error) === 'drawer_sessions_open_user_key')
          throw new Conflict(drawerMessages.alreadyOpen);
        throw error;
      });
    return present((await sessionView(this.db, id))!);
  }

  /**
   * The blind close: locks the open session `FOR UPDATE` (waiting for the cash operations under way, which
   * hold it `FOR SHARE`), then reads the session's cash movements from the ledger, computes what is
   * expected, the difference with the count, and the fingerprint, and closes, in one transaction.
   */
  async close({ session, ip }: Request, counts: Counts): Promise<DrawerTicket> {
    const countedCentimes = this.plausibleTotal(counts);
    const id = await this.db.transaction(async (tx) => {
      const open = await lockOpenSession(tx, session.id);
      if (!open) throw new Conflict(drawerMessages.noOpenDrawer);
      await this.closeLocked(tx, { open, counts, countedCentimes, closer: session, ip });
      return open.id;
    });
    return this.ticketOf((await sessionView(this.db, id))!);
  }

  /**
   * An agent administrator closes a drawer of her agent left open (its teller suspended, deleted or gone
   * home) with her own count, audited; its difference is the super administrator's to acknowledge
   * (decision 201). The same lock and reckoning as the teller's own close.
   */
  async closeFor({ session, ip }: Request, id: string, counts: Counts): Promise<DrawerTicket> {
    await this.visible(session, id);
    const countedCentimes = this.plausibleTotal(counts);
    await this.db.transaction(async (tx) => {
      const open = await lockOpenSessionById(tx, id);
      if (!open) throw new Conflict(drawerMessages.alreadyClosed);
      await this.closeLocked(tx, { open, counts, countedCentimes, closer: session, ip });
    });
    return this.ticketOf((await sessionView(this.db, id))!);
  }

  private async closeLocked(
    tx: Tx,
    {
      open,
      counts,
      countedCentimes,
      closer,
      ip,
    }: { open: DrawerRow; counts: Counts; countedCentimes: number; closer: SessionUser; ip: string },
  ): Promise<void> {
    // Read after the lock: every operation that held the session has committed, none can start.
    const movements = await cashMovements(tx, open, undefined);
    const now = this.clock.now();
    const lastMovement = movements.at(-1)?.createdAt.getTime() ?? 0;
    // The window ends at the close, and covers every movement found (another process's clock may be ahead).
    const closedAt = new Date(Math.max(now.getTime(), open.openedAt.getTime(), lastMovement));
    const totals = totalsOf(movements);
    const expectedCentimes = centimesOf(open.openingCentimes) + totals.cashCentimes;
    const differenceCentimes = countedCentimes - expectedCentimes;
    const previous = await previousClosedSession(tx, open);
    const previousFingerprint = previous?.fingerprint ?? null;
    const fingerprint = fingerprintOf({
      ...fingerprintFacts(open),
      version: CURRENT_FINGERPRINT_VERSION,
      closedAt,
      countedCentimes,
      closingCounts: counts,
      closedByUserId: closer.id,
      previousFingerprint,
      movements,
    });
    // Recorded exact; below the smallest coin, a rounding that never waits for anyone (decision 212).
    const needsAcknowledgement = differenceNeedsAcknowledgement(differenceCentimes, this.thresholdCentimes);
    await tx
      .update(drawerSessions)
      .set({
        closedAt,
        closedByUserId: closer.id,
        closingCounts: counts,
        countedCentimes,
        expectedCentimes,
        differenceCentimes,
        needsAcknowledgement,
        fingerprint,
        fingerprintVersion: CURRENT_FINGERPRINT_VERSION,
        previousFingerprint,
      })
      .where(and(eq(drawerSessions.id, open.id), isNull(drawerSessions.closedAt)));
    const byAdministrator = closer.id !== open.userId;
    await recordAudit(tx, {
      at: now,
      action: byAdministrator ? 'drawer.closed_by_administrator' : 'drawer.closed',
      actor: closer,
      target: open.id,
      ip,
      details: {
        ...(byAdministrator ? { teller: open.userId } : {}),
        expected: centimesToHtg(expectedCentimes),
        counted: centimesToHtg(countedCentimes),
        difference: centimesToHtg(differenceCentimes),
        differenceKind: differenceKindOfCentimes(differenceCentimes),
      },
    });
  }

  /** A session's ticket, to whom may see it (else 404, as if it did not exist). */
  async ticket(session: SessionUser, id: string): Promise<DrawerTicket> {
    return this.ticketOf(await this.visible(session, id));
  }

  /** The sessions open at some moment of a Haiti day: an administrator its agent's, the super administrator all. */
  async ofDay(session: SessionUser, date: string): Promise<DrawerSession[]> {
    const agentId = session.isSuperAdmin ? undefined : await agentIdOf(this.db, session);
    const views = await sessionViewsDuring(this.db, {
      from: startOfHaitiDay(date),
      until: startOfHaitiDay(addDays(date, 1)),
      agentId,
    });
    return views.map(present);
  }

  /**
   * A close's difference above the threshold, acknowledged once: a teller's close by its agent's
   * administrator; a close an administrator made with her own count by the super administrator, never by
   * herself (decision 201).
   */
  async acknowledge({ session, ip }: Request, id: string): Promise<DrawerTicket> {
    const view = await this.visible(session, id);
    if (!view.closedAt) throw new Conflict(drawerMessages.notClosed);
    const byAdministrator = closedByAdministrator(view);
    if (byAdministrator && !can(session, 'drawer.acknowledgeAdministratorCount'))
      throw new Forbidden(drawerMessages.acknowledgedBySuperAdmin);
    if (!byAdministrator && !can(session, 'drawer.acknowledgeTellerCount'))
      throw new Forbidden(drawerMessages.acknowledgedByAgentAdmin);
    if (!view.needsAcknowledgement) throw new Conflict(drawerMessages.acknowledgementNotNeeded);
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const done = await tx
        .update(drawerSessions)
        .set({ acknowledgedAt: now, acknowledgedByUserId: session.id })
        .where(and(eq(drawerSessions.id, id), isNull(drawerSessions.acknowledgedAt)))
        .returning({ id: drawerSessions.id });
      if (done.length === 0) throw new Conflict(drawerMessages.alreadyAcknowledged);
      await recordAudit(tx, {
        at: now,
        action: 'drawer.difference_acknowledged',
        actor: session,
        target: id,
        ip,
        details: { difference: centimesToHtg(centimesOf(view.differenceCentimes)), teller: view.username },
      });
    });
    return this.ticketOf((await sessionView(this.db, id))!);
  }

  /** An opening's difference above the threshold, acknowledged once by the teller's agent administrator. */
  async acknowledgeOpening({ session, ip }: Request, id: string): Promise<DrawerTicket> {
    const view = await this.visible(session, id);
    if (!can(session, 'drawer.acknowledgeTellerCount'))
      throw new Forbidden(drawerMessages.acknowledgedByAgentAdmin);
    if (!view.openingNeedsAcknowledgement) throw new Conflict(drawerMessages.openingAcknowledgementNotNeeded);
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const done = await tx
        .update(drawerSessions)
        .set({ openingAcknowledgedAt: now, openingAcknowledgedByUserId: session.id })
        .where(and(eq(drawerSessions.id, id), isNull(drawerSessions.openingAcknowledgedAt)))
        .returning({ id: drawerSessions.id });
      if (done.length === 0) throw new Conflict(drawerMessages.openingAlreadyAcknowledged);
      await recordAudit(tx, {
        at: now,
        action: 'drawer.opening_difference_acknowledged',
        actor: session,
        target: id,
        ip,
        details: {
          openingDifference: centimesToHtg(centimesOf(view.openingDifferenceCentimes)),
          teller: view.username,
        },
      });
    });
    return this.ticketOf((await sessionView(this.db, id))!);
  }

  /**
   * "Vérifier": recomputes the fingerprint from the ledger as it is now, in the session's own version, and
   * checks the chain: the previous fingerprint recorded is the teller's previous close's, and (version 2)
   * the count the opening was compared with is that close's (decision 201).
   */
  async verify(session: SessionUser, id: string): Promise<DrawerVerification> {
    const view = await this.visible(session, id);
    if (!view.closedAt || !view.fingerprint) throw new Conflict(drawerMessages.notClosed);
    const movements = await cashMovements(this.db, view, view.closedAt);
    const previous = await previousClosedSession(this.db, view);
    const recomputed = fingerprintOf({
      ...fingerprintFacts(view),
      version: view.fingerprintVersion,
      closedAt: view.closedAt,
      countedCentimes: centimesOf(view.countedCentimes),
      closingCounts: view.closingCounts ?? {},
      closedByUserId: view.closedByUserId,
      previousFingerprint: view.previousFingerprint,
      movements,
    });
    const openingChained =
      view.fingerprintVersion < 2 ||
      view.previousCountedCentimes === null ||
      (previous?.countedCentimes != null &&
        centimesOf(previous.countedCentimes) === centimesOf(view.previousCountedCentimes));
    const valid =
      recomputed === view.fingerprint &&
      (previous?.fingerprint ?? null) === view.previousFingerprint &&
      openingChained;
    return {
      valid,
      fingerprint: view.fingerprint,
      recomputed,
      message: valid ? drawerMessages.fingerprintValid : drawerMessages.fingerprintInvalid,
    };
  }

  /** The session, if this user may see it: its teller, its agent's administrator, the super administrator. */
  private async visible(session: SessionUser, id: string): Promise<DrawerView> {
    const view = await sessionView(this.db, id);
    const allowed =
      view &&
      (session.isSuperAdmin ||
        view.userId === session.id ||
        (session.role === 'agent_admin' && session.agent?.code === view.agentCode));
    if (!allowed) throw new NotFound(drawerMessages.notFound);
    return view;
  }

  private async ticketOf(view: DrawerView): Promise<DrawerTicket> {
    // Blind: an open session's movements are not answered (they would tell what is expected).
    const totals = view.closedAt
      ? totalsOf(await cashMovements(this.db, view, view.closedAt))
      : { lines: [], feeCentimes: 0, agentShareCentimes: 0 };
    return {
      ...present(view),
      totals: totals.lines.map((line) => ({
        type: line.type,
        count: line.count,
        amount: centimesToHtg(line.amountCentimes),
        fee: centimesToHtg(line.feeCentimes),
        agentShare: centimesToHtg(line.agentShareCentimes),
        cash: centimesToHtg(line.cashCentimes),
      })),
      fees: centimesToHtg(totals.feeCentimes),
      agentShare: centimesToHtg(totals.agentShareCentimes),
      threshold: centimesToHtg(this.thresholdCentimes),
    };
  }
}

/** What a session's fingerprint takes from its opening. */
function fingerprintFacts(row: DrawerRow) {
  return {
    sessionId: row.id,
    userId: row.userId,
    agentId: row.agentId,
    openedAt: row.openedAt,
    openingCounts: row.openingCounts,
    openingCentimes: centimesOf(row.openingCentimes),
    previousCountedCentimes:
      row.previousCountedCentimes === null ? null : centimesOf(row.previousCountedCentimes),
    openingDifferenceCentimes:
      row.openingDifferenceCentimes === null ? null : centimesOf(row.openingDifferenceCentimes),
  };
}

function centimesOf(value: number | string | null | undefined): number {
  return centimesFromSql(value);
}

function htgOrNull(value: number | string | null): number | null {
  return value === null ? null : centimesToHtg(value);
}

function kindOrNull(value: number | string | null): DrawerDifferenceKind | null {
  return value === null ? null : differenceKindOfCentimes(centimesOf(value));
}

/** A session as the API answers it; open, nothing of what is expected. */
export function present(view: DrawerView): DrawerSession {
  const closed = view.closedAt !== null;
  return {
    id: view.id,
    status: closed ? 'closed' : 'open',
    teller: { id: view.userId, username: view.username, name: view.tellerName },
    agent: { code: view.agentCode, name: view.agentName },
    openedAt: view.openedAt.toISOString(),
    closedAt: view.closedAt?.toISOString() ?? null,
    openingCounts: view.openingCounts,
    opening: centimesToHtg(view.openingCentimes),
    closingCounts: closed ? view.closingCounts : null,
    counted: closed ? htgOrNull(view.countedCentimes) : null,
    expected: closed ? htgOrNull(view.expectedCentimes) : null,
    difference: closed ? htgOrNull(view.differenceCentimes) : null,
    differenceKind: closed ? kindOrNull(view.differenceCentimes) : null,
    needsAcknowledgement: view.needsAcknowledgement,
    acknowledgedAt: view.acknowledgedAt?.toISOString() ?? null,
    acknowledgedBy: view.acknowledgedByUsername,
    previousCounted: htgOrNull(view.previousCountedCentimes),
    openingDifference: htgOrNull(view.openingDifferenceCentimes),
    openingDifferenceKind: kindOrNull(view.openingDifferenceCentimes),
    openingNeedsAcknowledgement: view.openingNeedsAcknowledgement,
    openingAcknowledgedAt: view.openingAcknowledgedAt?.toISOString() ?? null,
    openingAcknowledgedBy: view.openingAcknowledgedByUsername,
    closedBy: closed ? (view.closedByUsername ?? view.username) : null,
    closedByAdministrator: closedByAdministrator(view),
    fingerprint: view.fingerprint,
    previousFingerprint: view.previousFingerprint,
  };
}

/** Closed by someone other than its teller: an administrator's own count (decision 201). */
function closedByAdministrator(view: Pick<DrawerView, 'closedByUserId' | 'userId'>): boolean {
  return view.closedByUserId !== null && view.closedByUserId !== view.userId;
}
