import { type SessionUser, type Transaction } from '@lajan/domain';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { StaleRead, type FlowCallSpec } from '../../ledger/flow-call.js';
import type { AccountsOf, PostingFlow, Roles } from '../../ledger/flows.js';
import {
  isAbandoned,
  keyFate,
  pruneKeys,
  replayOf,
  voidKey,
  type KeyFate,
  requestHashOf,
  type IdempotencyScope,
  type StoredAnswer,
} from '../../ledger/idempotency.js';
import type { BusinessRecord } from '../../ledger/ledger.js';
import type { LimitCount } from '../../ledger/limits.js';
import { payerOf, withAvailableBalance } from '../../ledger/available.js';
import { accountById, accountByNumber, sameAccount, type AccountRef } from '../../ledger/account-ref.js';
import { LedgerRefused } from '../../ledger/results.js';
import type { LedgerService, Movement, Poster } from '../../ledger/service.js';
import type { Actors } from './actors.js';
import { HolderCheckGuard } from './holder-guard.js';
import { showSenderInAnswer } from './sender-view.js';
import type { FlowAnswer } from './flow-answer.js';
import { storedAnswer } from './stored-answer.js';
import { viewerFor, viewerOf } from '../persons/index.js';
import { isDomainError } from '../../http/errors.js';

/** What a flow's `resolve` may use besides the transaction: when, who, and the ledger's reads. */
export interface FlowContext {
  at: Date;
  session: SessionUser;
  /** The client's address (a failed check of a document counts per address too). */
  ip: string;
  actors: Actors;
  ledger: LedgerService;
}

/** What a flow posted in one call knows before the database has answered. */
export interface Planned<R extends Roles> {
  /** The accounts of the flow's entries, the customer ones by the number the request typed. */
  accounts: AccountsOf<R>;
  amountCentimes: number;
  actor: Poster;
  record: BusinessRecord;
  /** The customer accounts the request names, in the order of their refusals, with their input fields. */
  named: { accountNumber: string; field: string }[];
  /** The named account whose holder must be at the counter, and the document shown there. */
  holderOf?: string;
  /** Whether the teller may read the answer's sender whole, when the flow read it (decision 171). */
  senderReadable?: boolean;
  document?: { idDocumentType: string; idDocumentNumber: string };
  /** The answer's transaction, for the movement as it will be posted. */
  present: (movement: Movement) => Transaction;
  /** A flow with reads of its own in the call (decision 143): the agent, the transfer, the sender. */
  flowCall?: FlowCallSpec;
  /** A refusal of the input, raised in the call after the named accounts' (the order of DESIGN §4). */
  deferred?: LedgerRefused;
  /** A flow whose `cash` is `'planned'`: this request moves cash at the counter (decision 149). */
  cashDrawer?: boolean;
  /** The fee version the confirmation quoted (decision 150): another in force refuses `FeesChanged`. */
  quotedFeeVersion?: number | undefined;
  /** Who pays whom for this request only: a reversal's, the original's entries negated (decision 226). */
  posting?: PostingFlow<R>;
  /** What it counts of the customer's limits when not what its type counts: a reversal's (decision 227). */
  limit?: LimitCount | null;
}

/**
 * A money flow on the server, declared once (decision 217): what the ledger posts, whether it moves cash
 * at the counter (the open drawer, decision 149; `'planned'`: as its plan says), and what a request names.
 */
export interface MoneyFlow<Input, R extends Roles = Roles> extends PostingFlow<R> {
  cash: 'always' | 'never' | 'planned';
  /** A flow with reads of its own (`flowCall`): its answer from the part `present` built and their facts. */
  answer?: FlowAnswer;
  plan: (context: FlowContext & { db: Db }, input: Input) => Promise<Planned<R>>;
  afterRollback?: (
    error: unknown,
    services: { db: Db; ledger: LedgerService; clock: Clock },
  ) => Promise<void>;
}

/** What became of a user's key (decision 147): the answer of the request that posted with it, or none. */
export type OperationFate = { state: 'posted'; bodyText: string } | { state: 'abandoned' } | { state: 'unknown' };

/** An answer of a money route: what the first request got, replayed as is for its idempotency key. */
export interface MoneyAnswer extends StoredAnswer {
  replayed: boolean;
}

/** What the executor needs of the request. */
export interface MoneyRequest<Input> {
  session: SessionUser;
  /** `POST /transactions/transfer`: the idempotency scope with the user. */
  route: string;
  idempotencyKey: string | undefined;
  /** The validated input: the body, or the path parameters. */
  input: Input;
  /** What the idempotency hash is of, to recognise a repeat: the input as checked, its amount in HTG. */
  hashed: unknown;
  /** The client's address: a failed holder check counts per address too (decision 172). */
  ip: string;
}

/** How often a process deletes the idempotency keys past their retention. */
const PRUNE_INTERVAL_MS = 10 * 60 * 1000;

/** What the money flows are built from (the composition root, `services.ts`, hands them over once). */
export interface MoneyFlowDeps {
  db: Db;
  ledger: LedgerService;
  clock: Clock;
  /** The tellers' agents and floats, cached by the process. */
  actors: Actors;
}

/**
 * The one executor of the money flows: a flow is planned, then posted by one call to the database that
 * claims the key, finds and checks the accounts, posts and stores the answer. A refusal throws and stores
 * nothing, unless the key already has this request's answer: then that answer is replayed (decision 199).
 */
export class MoneyFlowExecutor {
  #lastPruneMs = Number.NEGATIVE_INFINITY;
  /** The tellers over the holder checks' budget (decision 172). */
  readonly #holderGuard = new HolderCheckGuard();

  private readonly db: Db;
  private readonly ledger: LedgerService;
  private readonly clock: Clock;
  private readonly actors: Actors;

  constructor(deps: MoneyFlowDeps) {
    this.db = deps.db;
    this.ledger = deps.ledger;
    this.clock = deps.clock;
    this.actors = deps.actors;
  }

  async run<Input, R extends Roles>(
    flow: MoneyFlow<Input, R>,
    request: MoneyRequest<Input>,
  ): Promise<MoneyAnswer> {
    const scope: IdempotencyScope | undefined = request.idempotencyKey
      ? {
          userId: request.session.id,
          route: request.route,
          key: request.idempotencyKey,
          requestHash: requestHashOf(request.hashed),
        }
      : undefined;
    try {
      return await this.#run(flow, request, scope);
    } catch (error) {
      // A receipt is never withheld (decision 199): a refusal found before the key was read (a budget, a
      // drawer, a lane, a check of the plan) gives way to the key's stored answer. Read on refusals only.
      const replay = scope && isRefusal(error) ? await this.#storedReplay(scope, request.session) : undefined;
      if (replay) return replay;
      throw error;
    }
  }

  async #run<Input, R extends Roles>(
    flow: MoneyFlow<Input, R>,
    request: MoneyRequest<Input>,
    scope: IdempotencyScope | undefined,
  ): Promise<MoneyAnswer> {
    const answer = await this.#postInOneCall(flow, request, scope).catch(async (error: unknown) => {
      // The one call refuses a used key as a conflict; an abandoned one is told as such (decision 147).
      if (
        scope &&
        error instanceof LedgerRefused &&
        error.refusal === 'IdempotencyConflict' &&
        (await isAbandoned(this.db, scope))
      )
        throw new LedgerRefused('OperationAbandoned');
      await flow.afterRollback?.(error, { db: this.db, ledger: this.ledger, clock: this.clock });
      throw error;
    });
    if (scope) await this.#pruneNowAndThen();
    return answer;
  }

  /**
   * The answer stored with this key for this very request, shown as a replay is (the sender as this viewer
   * may see it); undefined when there is none, or when it cannot be read (the refusal then stands).
   */
  async #storedReplay(scope: IdempotencyScope, session: SessionUser): Promise<MoneyAnswer | undefined> {
    try {
      const row = await replayOf(this.db, scope);
      if (!row) return undefined;
      const stored = storedAnswer(scope.route, row);
      const bodyText = await showSenderInAnswer(this.db, await viewerOf(this.db, session), stored.bodyText);
      return { ...stored, bodyText, replayed: true };
    } catch {
      return undefined;
    }
  }

  /** What a flow may use besides the transaction, for this request at `at`. */
  #context<Input>(request: MoneyRequest<Input>, at: Date): FlowContext {
    return { at, session: request.session, ip: request.ip, actors: this.actors, ledger: this.ledger };
  }

  async #postInOneCall<Input, R extends Roles>(
    flow: MoneyFlow<Input, R>,
    request: MoneyRequest<Input>,
    scope: IdempotencyScope | undefined,
  ): Promise<MoneyAnswer> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.#postPlanned(flow, request, scope);
      } catch (error) {
        // What the plan read changed before the call (never, but for a transfer sent meanwhile under
        // a number that was not one): planned again.
        if (!(error instanceof StaleRead) || attempt >= 3) throw error;
      }
    }
  }

  async #postPlanned<Input, R extends Roles>(
    flow: MoneyFlow<Input, R>,
    request: MoneyRequest<Input>,
    scope: IdempotencyScope | undefined,
  ): Promise<MoneyAnswer> {
    const at = this.clock.now();
    const planned = await flow.plan({ ...this.#context(request, at), db: this.db }, request.input);
    if (planned.holderOf === undefined) return this.#postPlan(flow, request, scope, planned, at);
    // A movement that checks a holder waits for this user's earlier ones: its failure, if it fails, is
    // counted before the next number is compared (decision 193).
    const accountNumber = planned.holderOf;
    return this.#holderGuard.inLane(request.session, async () => {
      const viewer = viewerFor(request.session, planned.actor.agent?.id ?? null);
      const check = { session: request.session, viewer, accountNumber, now: this.clock.now() };
      await this.#holderGuard.assertOpen(this.db, check);
      return this.#postPlan(flow, request, scope, planned, at);
    });
  }

  async #postPlan<Input, R extends Roles>(
    flow: MoneyFlow<Input, R>,
    request: MoneyRequest<Input>,
    scope: IdempotencyScope | undefined,
    planned: Planned<R>,
    at: Date,
  ): Promise<MoneyAnswer> {
    const posting = this.ledger.postMovement(this.db, {
      flow: planned.posting ?? flow,
      accounts: planned.accounts,
      amountCentimes: planned.amountCentimes,
      actor: planned.actor,
      record: planned.record,
      at,
      named: planned.named,
      ...(planned.holderOf === undefined ? {} : { holderOf: planned.holderOf }),
      ...(planned.document === undefined ? {} : { document: planned.document }),
      key: scope,
      answer: (movement) => JSON.stringify({ data: planned.present(movement) }),
      storedAnswer: (row) => storedAnswer(request.route, row),
      ...(planned.flowCall ? { flowCall: planned.flowCall } : {}),
      ...(planned.deferred ? { deferred: planned.deferred } : {}),
      ...(flow.cash === 'always' || (flow.cash === 'planned' && planned.cashDrawer)
        ? { cashDrawer: true }
        : {}),
      ...(planned.quotedFeeVersion === undefined ? {} : { quotedFeeVersion: planned.quotedFeeVersion }),
      ...(planned.limit === undefined ? {} : { limit: planned.limit }),
    });
    const holderOf = planned.holderOf;
    const viewer = viewerFor(request.session, planned.actor.agent?.id ?? null);
    const { answer, replayed } = await posting.catch(async (error: unknown) => {
      if (holderOf !== undefined && error instanceof LedgerRefused && error.refusal === 'NotAccountHolder')
        await this.#holderGuard.recordFailure(this.db, {
          session: request.session,
          viewer,
          ip: request.ip,
          accountNumber: holderOf,
          now: at,
        });
      if (error instanceof LedgerRefused && error.refusal === 'InsufficientFunds')
        throw await withAvailableBalance(this.db, error, tellablePayer(planned.posting ?? flow, planned));
      throw error;
    });
    // The answer's sender, whole or masked as this teller may see it (decision 171), fresh or replayed.
    const bodyText = await showSenderInAnswer(this.db, viewer, answer.bodyText, planned.senderReadable);
    return { ...answer, bodyText, replayed };
  }

  /** What became of one of this user's keys (decision 147). */
  async fateOf(session: SessionUser, key: string): Promise<OperationFate> {
    return answeredFate(await keyFate(this.db, session.id, key));
  }

  /** Abandons one of this user's keys on every money route, unless it already posted (decision 147). */
  async abandon(session: SessionUser, key: string, routes: readonly string[]): Promise<OperationFate> {
    return answeredFate(await voidKey(this.db, session.id, key, routes, this.clock.now()));
  }

  async #pruneNowAndThen(): Promise<void> {
    const now = this.clock.now();
    if (now.getTime() - this.#lastPruneMs < PRUNE_INTERVAL_MS) return;
    this.#lastPruneMs = now.getTime();
    // The movement is committed: a failed clean-up must not turn its answer into an error. The next
    // keyed request after the interval tries again.
    await pruneKeys(this.db, now).catch(() => undefined);
  }
}

function answeredFate(fate: KeyFate): OperationFate {
  return fate.state === 'posted'
    ? { state: 'posted', bodyText: storedAnswer(fate.route, fate.stored).bodyText }
    : fate;
}

/**
 * A refusal of the request, which a stored answer of its key overrides: not a fault, not the database out
 * of reach (its answer could not be read either), not a refusal of the key itself.
 */
function isRefusal(error: unknown): boolean {
  if (!isDomainError(error)) return false;
  if (['ServiceUnavailable', 'LedgerBusy', 'LedgerUnavailable'].includes(error.kind)) return false;
  return !(
    error instanceof LedgerRefused &&
    (error.refusal === 'IdempotencyConflict' || error.refusal === 'OperationAbandoned')
  );
}

/**
 * The account whose balance an `InsufficientFunds` may tell (decision 176): the payer of the posting when it
 * is the account whose holder was checked at the counter, or the teller's own float; no other, whatever a
 * flow to come may pay from.
 */
function tellablePayer<R extends Roles>(
  posting: PostingFlow<R>,
  planned: Planned<R>,
): { account: AccountRef; float: boolean } | undefined {
  const payer = payerOf(posting, planned.accounts);
  if (payer === undefined) return undefined;
  const checked = planned.holderOf !== undefined && sameAccount(payer, accountByNumber(planned.holderOf));
  const float =
    planned.actor.agent !== null && sameAccount(payer, accountById(planned.actor.agent.floatAccountId));
  return checked || float ? { account: payer, float } : undefined;
}
