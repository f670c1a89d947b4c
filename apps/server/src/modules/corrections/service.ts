import {
  correctionMessages,
  isReversibleType,
  reversalMovesCash,
  transactionMessages,
  type Correction,
  type CorrectionStatus,
  type SessionUser,
} from '@lajan/domain';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import { recordAudit } from '../../db/audit.js';
import type { Db, Executor } from '../../db/client.js';
import { uniqueViolationOf } from '../../db/errors.js';
import { correctionRequests } from '../../db/schema.js';
import { Conflict, Forbidden, NotFound } from '../../http/errors.js';
import { LedgerRefused } from '../../ledger/results.js';
import { correctionMoneyScopes, type Actors, type MoneyFlowExecutor } from '../transactions/index.js';
import {
  assertReviewer,
  reversalAtApproval,
  reversalAtCounter,
  visibleCorrection,
  withMissingAmount,
  type AgentIdOf,
  type ReversalInput,
} from './flow.js';
import { correctionById, correctionsOf, originalByNumber, otherAdministrators } from './store.js';

export interface CorrectionsDeps {
  db: Db;
  clock: Clock;
  actors: Actors;
  moneyFlows: MoneyFlowExecutor;
}

/** What a request to a correction's route carries besides its input. */
export interface CorrectionCall {
  session: SessionUser;
  ip: string;
  idempotencyKey: string | undefined;
}

/** An answer of approve or execute: a posted reversal (201, stored with the key) or the request (200). */
export type CorrectionAnswer =
  | { posted: true; status: number; bodyText: string; replayed: boolean }
  | { posted: false; correction: Correction };

/**
 * Corrections (DESIGN §4c, decision 226): asked by one with a reason, decided by another, posted as a
 * reversal on the one posting path, at approval or, when cash moves, at a counter.
 */
export class CorrectionsService {
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly actors: Actors;
  private readonly moneyFlows: MoneyFlowExecutor;
  readonly #agentIdOf: AgentIdOf;
  readonly #atApproval;
  readonly #atCounter;

  constructor(deps: CorrectionsDeps) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.actors = deps.actors;
    this.moneyFlows = deps.moneyFlows;
    this.#agentIdOf = async (db, session) =>
      session.agent ? (await this.actors.of(db, session)).agent.id : null;
    this.#atApproval = reversalAtApproval(this.#agentIdOf);
    this.#atCounter = reversalAtCounter(this.#agentIdOf);
  }

  /** `POST /transactions/{transactionNumber}/corrections`. */
  async ask(call: CorrectionCall, transactionNumber: string, reason: string): Promise<Correction> {
    const { session } = call;
    const original = await originalByNumber(this.db, transactionNumber);
    const agentId = await this.#agentIdOf(this.db, session);
    // Another agent's transaction is unknown to this user (404), as in the history.
    if (!original || original.agentId === null || (!session.isSuperAdmin && original.agentId !== agentId))
      throw new NotFound(transactionMessages.transactionNotFound);
    const type = original.type;
    if (!isReversibleType(type)) throw new LedgerRefused('NotReversible');
    if (original.status === 'reversed') throw new Conflict(correctionMessages.alreadyReversed);
    if (original.status !== 'completed') throw new LedgerRefused('NotReversible');
    const agentDeposit = type === 'agent_deposit';
    // An agent deposit is the network's: its correction is asked by a super administrator or the funded
    // agent's administrator; any other by a teller or an administrator of the agent that posted it.
    if (agentDeposit ? session.role === 'user' : session.isSuperAdmin)
      throw new Forbidden(
        agentDeposit ? correctionMessages.askedBySuperAdmin : correctionMessages.askedByAgentUser,
      );
    const onlyAdministrator =
      session.role === 'agent_admin' &&
      (await otherAdministrators(this.db, original.agentId, session.id)) === 0;
    const now = this.clock.now();
    const id = await this.db
      .transaction(async (tx) => {
        const [inserted] = await tx
          .insert(correctionRequests)
          .values({
            transactionId: original.id,
            agentId: original.agentId!,
            reason,
            status: 'requested',
            requestedByUserId: session.id,
            requestedAt: now,
            superAdminRequired: agentDeposit || onlyAdministrator,
            cashMoves: reversalMovesCash(type),
          })
          .returning({ id: correctionRequests.id });
        await recordAudit(tx, {
          at: now,
          action: 'corrections.requested',
          actor: { id: session.id, username: session.username },
          target: transactionNumber,
          ip: call.ip,
          details: { reason, requestId: inserted!.id },
        });
        return inserted!.id;
      })
      .catch((error: unknown) => {
        if (uniqueViolationOf(error) === 'correction_requests_open_key')
          throw new Conflict(correctionMessages.alreadyRequested);
        throw error;
      });
    return (await correctionById(this.db, id))!.view;
  }

  /** `GET /corrections`: the super administrator's all, a user's those of her agent. */
  async list(session: SessionUser, status: CorrectionStatus | undefined): Promise<Correction[]> {
    const agentId = await this.#agentIdOf(this.db, session);
    if (!session.isSuperAdmin && agentId === null) return [];
    const rows = await correctionsOf(this.db, {
      agentId: session.isSuperAdmin ? undefined : agentId!,
      status,
    });
    return rows.map((row) => row.view);
  }

  /** `GET /corrections/{id}`. */
  async get(session: SessionUser, id: string): Promise<Correction> {
    return (await visibleCorrection(this.db, session, this.#agentIdOf, id)).view;
  }

  /**
   * `POST /corrections/{id}/approve`: one that moves no cash posts its reversal now (idempotent by its key);
   * one that does is marked approved, for a teller to carry out. Approving again what one approved answers
   * the request as it is.
   */
  async approve(call: CorrectionCall, id: string): Promise<CorrectionAnswer> {
    const { session } = call;
    const row = await visibleCorrection(this.db, session, this.#agentIdOf, id);
    if (!row.view.cashMoves) {
      const answer = await this.#post(this.#atApproval, call, correctionMoneyScopes[0], id);
      if (answer.posted && !answer.replayed) await this.#audit(call, id, 'corrections.approved', null);
      return answer;
    }
    await assertReviewer(this.db, session, row);
    if (row.view.status !== 'requested') {
      if (row.decidedByUserId === session.id && row.view.status !== 'rejected')
        return { posted: false, correction: row.view };
      throw new Conflict(correctionMessages.notRequested);
    }
    await this.#decide(call, id, 'approved', null);
    return { posted: false, correction: (await correctionById(this.db, id))!.view };
  }

  /** `POST /corrections/{id}/reject`: with a reason; nothing is posted. */
  async reject(call: CorrectionCall, id: string, reason: string): Promise<Correction> {
    const { session } = call;
    const row = await visibleCorrection(this.db, session, this.#agentIdOf, id);
    await assertReviewer(this.db, session, row);
    if (row.view.status !== 'requested') {
      if (row.decidedByUserId === session.id && row.view.status === 'rejected') return row.view;
      throw new Conflict(correctionMessages.notRequested);
    }
    await this.#decide(call, id, 'rejected', reason);
    return (await correctionById(this.db, id))!.view;
  }

  /** `POST /corrections/{id}/execute`: a teller of the agent carries out an approved cash reversal. */
  execute(call: CorrectionCall, id: string): Promise<CorrectionAnswer> {
    return this.#post(this.#atCounter, call, correctionMoneyScopes[1], id);
  }

  async #post(
    flow: ReturnType<typeof reversalAtApproval>,
    call: CorrectionCall,
    route: string,
    id: string,
  ): Promise<CorrectionAnswer> {
    const input: ReversalInput = { id };
    try {
      const answer = await this.moneyFlows.run(flow, {
        session: call.session,
        route,
        idempotencyKey: call.idempotencyKey,
        input,
        hashed: input,
        ip: call.ip,
      });
      return { posted: true, status: answer.status, bodyText: answer.bodyText, replayed: answer.replayed };
    } catch (error) {
      if (error instanceof LedgerRefused && error.refusal === 'InsufficientFunds') {
        const row = await correctionById(this.db, id);
        if (row) throw await withMissingAmount(this.db, row, error);
      }
      throw error;
    }
  }

  async #decide(
    call: CorrectionCall,
    id: string,
    status: 'approved' | 'rejected',
    reason: string | null,
  ): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const changed = await tx
        .update(correctionRequests)
        .set({ status, decidedByUserId: call.session.id, decidedAt: now, rejectionReason: reason })
        .where(and(eq(correctionRequests.id, id), eq(correctionRequests.status, 'requested')))
        .returning({ id: correctionRequests.id });
      if (changed.length === 0) throw new Conflict(correctionMessages.notRequested);
      await this.#audit(
        call,
        id,
        status === 'approved' ? 'corrections.approved' : 'corrections.rejected',
        reason,
        tx,
      );
    });
  }

  #audit(
    call: CorrectionCall,
    id: string,
    action: 'corrections.approved' | 'corrections.rejected',
    reason: string | null,
    executor: Executor = this.db,
  ): Promise<void> {
    return recordAudit(executor, {
      at: this.clock.now(),
      action,
      actor: { id: call.session.id, username: call.session.username },
      target: id,
      ip: call.ip,
      details: reason === null ? {} : { reason },
    });
  }
}
