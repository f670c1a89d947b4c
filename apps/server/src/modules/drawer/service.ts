import {
  centimesFromSql,
  centimesToHtg,
  drawerMessages,
  drawerTotalCentimes,
  type DrawerSession,
  type DrawerTicket,
  type DrawerVerification,
  type SessionUser,
} from '@lajan/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import { recordAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { uniqueViolationOf } from '../../db/errors.js';
import { agents, drawerSessions } from '../../db/schema.js';
import { Conflict, Forbidden, NotFound } from '../../http/errors.js';
import { addDays, startOfHaitiDay } from '../../lib/haiti-days.js';
import { fingerprintOf, totalsOf } from './reckoning.js';
import {
  cashMovements,
  lastCloseOf,
  lockOpenSession,
  openSessionView,
  previousClosedSession,
  sessionView,
  sessionViewsDuring,
  type DrawerView,
} from './store.js';

export interface DrawerDeps {
  db: Db;
  clock: Clock;
  /** A close whose difference is above this (either sign) waits for the agent administrator. */
  acknowledgementThresholdCentimes: number;
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
 * The tellers' drawer sessions (decision 149). A teller opens its own with a count, closes it blind (the
 * expected amount is computed in the close's transaction, after the count is given, and never answered
 * while the session is open), and reads its own tickets; its agent's administrator sees them, and
 * acknowledges a difference above the threshold; the super administrator sees every agent's.
 */
export class DrawerService {
  private readonly db: Db;
  private readonly clock: Clock;
  readonly thresholdCentimes: number;

  constructor(deps: DrawerDeps) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.thresholdCentimes = deps.acknowledgementThresholdCentimes;
  }

  /** The teller's open session, without what is expected (blind), or null. */
  async current(session: SessionUser): Promise<DrawerSession | null> {
    const view = await openSessionView(this.db, session.id);
    return view ? present(view) : null;
  }

  /** Opens the teller's drawer with its count; one open session per teller (the unique partial index). */
  async open({ session, ip }: Request, counts: Counts): Promise<DrawerSession> {
    const agentId = await agentIdOf(this.db, session);
    const id = await this.db
      .transaction(async (tx) => {
        // After the teller's last close, so that two sessions' windows never meet (decision 149).
        const lastClose = await lastCloseOf(tx, session.id);
        const now = this.clock.now();
        const openedAt =
          lastClose && lastClose.getTime() >= now.getTime() ? new Date(lastClose.getTime() + 1) : now;
        const openingCentimes = drawerTotalCentimes(counts);
        const [row] = await tx
          .insert(drawerSessions)
          .values({ userId: session.id, agentId, openedAt, openingCounts: counts, openingCentimes })
          .returning({ id: drawerSessions.id });
        await recordAudit(tx, {
          at: now,
          action: 'drawer.opened',
          actor: session,
          target: row!.id,
          ip,
          details: { opening: centimesToHtg(openingCentimes) },
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
    const id = await this.db.transaction(async (tx) => {
      const open = await lockOpenSession(tx, session.id);
      if (!open) throw new Conflict(drawerMessages.noOpenDrawer);
      // Read after the lock: every operation that held the session has committed, none can start.
      const movements = await cashMovements(tx, open, undefined);
      const now = this.clock.now();
      const lastMovement = movements.at(-1)?.createdAt.getTime() ?? 0;
      // The window ends at the close, and covers every movement found (another process's clock may be ahead).
      const closedAt = new Date(Math.max(now.getTime(), open.openedAt.getTime(), lastMovement));
      const totals = totalsOf(movements);
      const expectedCentimes = centimesOf(open.openingCentimes) + totals.cashCentimes;
      const countedCentimes = drawerTotalCentimes(counts);
      const differenceCentimes = countedCentimes - expectedCentimes;
      const previous = await previousClosedSession(tx, open);
      const previousFingerprint = previous?.fingerprint ?? null;
      const fingerprint = fingerprintOf({
        sessionId: open.id,
        userId: open.userId,
        agentId: open.agentId,
        openedAt: open.openedAt,
        closedAt,
        openingCentimes: centimesOf(open.openingCentimes),
        countedCentimes,
        previousFingerprint,
        movements,
      });
      const needsAcknowledgement = Math.abs(differenceCentimes) > this.thresholdCentimes;
      await tx
        .update(drawerSessions)
        .set({
          closedAt,
          closingCounts: counts,
          countedCentimes,
          expectedCentimes,
          differenceCentimes,
          needsAcknowledgement,
          fingerprint,
          previousFingerprint,
        })
        .where(and(eq(drawerSessions.id, open.id), isNull(drawerSessions.closedAt)));
      await recordAudit(tx, {
        at: now,
        action: 'drawer.closed',
        actor: session,
        target: open.id,
        ip,
        details: {
          expected: centimesToHtg(expectedCentimes),
          counted: centimesToHtg(countedCentimes),
          difference: centimesToHtg(differenceCentimes),
        },
      });
      return open.id;
    });
    return this.ticketOf((await sessionView(this.db, id))!);
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

  /** The agent administrator acknowledges a difference above the threshold, once. */
  async acknowledge({ session, ip }: Request, id: string): Promise<DrawerTicket> {
    const view = await this.visible(session, id);
    if (!view.closedAt) throw new Conflict(drawerMessages.notClosed);
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

  /**
   * "Vérifier": recomputes the fingerprint from the ledger as it is now, and checks the chain (the
   * previous fingerprint recorded is the teller's previous close's).
   */
  async verify(session: SessionUser, id: string): Promise<DrawerVerification> {
    const view = await this.visible(session, id);
    if (!view.closedAt || !view.fingerprint) throw new Conflict(drawerMessages.notClosed);
    const movements = await cashMovements(this.db, view, view.closedAt);
    const previous = await previousClosedSession(this.db, view);
    const recomputed = fingerprintOf({
      sessionId: view.id,
      userId: view.userId,
      agentId: view.agentId,
      openedAt: view.openedAt,
      closedAt: view.closedAt,
      openingCentimes: centimesOf(view.openingCentimes),
      countedCentimes: centimesOf(view.countedCentimes),
      previousFingerprint: view.previousFingerprint,
      movements,
    });
    const valid =
      recomputed === view.fingerprint && (previous?.fingerprint ?? null) === view.previousFingerprint;
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

function centimesOf(value: number | string | null | undefined): number {
  return centimesFromSql(value);
}

function htgOrNull(value: number | string | null): number | null {
  return value === null ? null : centimesToHtg(value);
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
    needsAcknowledgement: view.needsAcknowledgement,
    acknowledgedAt: view.acknowledgedAt?.toISOString() ?? null,
    acknowledgedBy: view.acknowledgedByUsername,
    fingerprint: view.fingerprint,
    previousFingerprint: view.previousFingerprint,
  };
}
