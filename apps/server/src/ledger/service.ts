import {
  centimesFromSql,
  feeQuoteOf,
  type FeeType,
  type TransactionStatus,
  type TransactionType,
} from '@lajan/domain';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { transactions } from '../db/schema.js';
import { FeeScheduleCache, quoteFromBands } from './fee-schedule.js';
import { bandOf, feeOf } from './fees.js';
import type { AccountsOf, PostingFlow, Roles } from './flows.js';
import { accountById } from './account-ref.js';
import { storedAnswerOf, type IdempotencyScope, type StoredAnswer, type StoredRow } from './idempotency.js';
import {
  checkBalanced,
  withMoneyRetries,
  type BusinessRecord,
  type PostedTransaction,
  type Posting,
} from './ledger.js';
import { postFlowInOneCall, StaleRead, type FlowCallSpec } from './flow-call.js';
import { GroupCommit } from './group-commit.js';
import { limitCountOf, type LimitCount } from './limits.js';
import { freshIdentity } from './one-call.js';
import { LedgerRefused, LedgerUnavailable } from './results.js';
import type { SystemAccounts } from './system-accounts.js';

/** The agent a movement is done for, with its float account (where the agent's share of a fee goes). */
export interface AgentRef {
  id: string;
  floatAccountId: string;
}

/** Who posts: the signed-in user, for its agent. */
export interface Actor {
  userId: string;
  agent: AgentRef;
}

export interface Movement {
  posted: PostedTransaction;
  type: TransactionType;
  status: 'completed' | 'pending';
  amountCentimes: number;
  feeCentimes: number;
  agentShareCentimes: number;
  /** The number of the fee version it is charged with (decision 150); null for the unbanded flows. */
  feeVersion: number | null;
}

/** Who posts a movement, and for which agent when the caller knows it. */
export interface Poster {
  userId: string;
  agent: AgentRef | null;
}

/** An external transfer, locked for a payout or a cancellation. */
export interface LockedTransfer {
  id: string;
  transactionNumber: string;
  status: TransactionStatus;
  amountCentimes: number;
  agentId: string | null;
  senderAccountId: string | null;
  senderPersonId: string | null;
  recipient: Record<string, unknown> | null;
}

/**
 * One flow to post (`LedgerService.postMovement`): its customer accounts are named by number
 * (`namedAccount`) in `accounts` and `record`, and found, checked and locked by the database.
 */
export interface OneCallFlowPosting<R extends Roles> {
  flow: PostingFlow<R>;
  accounts: AccountsOf<R>;
  amountCentimes: number;
  /** Who posts, for which agent: none when the call finds it (the funded agent of an agent deposit). */
  actor: Poster;
  record: BusinessRecord;
  at: Date;
  /** The customer accounts the request names, in the order of their refusals, with the input field of each. */
  named: { accountNumber: string; field: string }[];
  /** The named account whose holder must be at the counter, and the document shown there. */
  holderOf?: string;
  document?: { idDocumentType: string; idDocumentNumber: string };
  key: IdempotencyScope | undefined;
  /** The answer's body for the movement as it will be posted, stored with the key. */
  answer: (movement: Movement) => string;
  /** The answer a stored body and facts make, for this request's route (decision 222). */
  storedAnswer: (row: StoredRow) => StoredAnswer;
  /** A flow with reads of its own before the posting (`sql/ledger_post_flow.sql`). */
  flowCall?: FlowCallSpec;
  /** A refusal the caller found on the input, raised after the named accounts' (as a flow's check). */
  deferred?: LedgerRefused;
  /** A cash operation: needs its teller's open drawer (decision 149). */
  cashDrawer?: boolean;
  /** The fee version the confirmation quoted (decision 150): another in force refuses `FeesChanged`. */
  quotedFeeVersion?: number | undefined;
  /** What it counts of the customer's limits; none: what its type counts (`limitCountOf`, decision 227). */
  limit?: LimitCount | null;
}

/** What a posting answers: the first answer of its key replayed, or the movement just posted. */
export type PostedMovement =
  { answer: StoredAnswer; replayed: true } | { answer: StoredAnswer; replayed: false; movement: Movement };

/** `FeesChanged` (decision 150), with the quote a confirmation would now be charged. */
function feesChanged(
  type: FeeType,
  amountCentimes: number,
  quote: ReturnType<typeof quoteFromBands>,
): LedgerRefused {
  return new LedgerRefused('FeesChanged', {
    quote: feeQuoteOf(type, amountCentimes, quote.feeCentimes, quote.agentShareCentimes, {
      number: quote.version.number,
      effectiveFrom: quote.version.effectiveFrom.toISOString(),
    }),
  });
}

/** What the ledger tells `/metrics` (decision 230): each posting's outcome, each batch's size. */
export interface LedgerObserver {
  posting(type: TransactionType, outcome: 'posted' | 'replayed' | 'refused' | 'failed'): void;
  batch(size: number, postedAlone: boolean): void;
}

/** Attempts of one call: a stale fee schedule or a taken transaction number costs one more. */
const ONE_CALL_ATTEMPTS = 5;

/**
 * Every money movement of DESIGN §4 (decision 136), on account ids the transactions module resolved and
 * checked, and the external transfers' settlement; an amount outside every fee band is refused unwritten.
 */
export class LedgerService {
  #system: SystemAccounts | undefined;
  readonly #fees = new FeeScheduleCache();
  /** One batcher per database (decision 142). */
  readonly #groupCommits = new WeakMap<Db, GroupCommit>();

  readonly #observer: LedgerObserver | undefined;

  /** Without `system`, the ledger waits for `useSystemAccounts` (a start before the database answers). */
  constructor(system?: SystemAccounts, observer?: LedgerObserver) {
    this.#system = system;
    this.#observer = observer;
  }

  /** The system accounts; until the database has answered once, `LedgerUnavailable`. */
  get system(): SystemAccounts {
    if (!this.#system) throw new LedgerUnavailable();
    return this.#system;
  }

  useSystemAccounts(system: SystemAccounts): void {
    this.#system = system;
  }

  /**
   * The one posting path (decision 216): a flow with reads of its own in one call, any other in the next
   * batch of the group commit (alone, a batch of one). The fee comes from this process's copy of the
   * schedule; the call checks that its band is in force, and the copy is read again when it is not.
   */
  async postMovement<R extends Roles>(db: Db, input: OneCallFlowPosting<R>): Promise<PostedMovement> {
    const observer = this.#observer;
    if (!observer) return this.#postMovement(db, input);
    try {
      const posted = await this.#postMovement(db, input);
      observer.posting(input.flow.type, posted.replayed ? 'replayed' : 'posted');
      return posted;
    } catch (error) {
      observer.posting(input.flow.type, error instanceof LedgerRefused ? 'refused' : 'failed');
      throw error;
    }
  }

  async #postMovement<R extends Roles>(db: Db, input: OneCallFlowPosting<R>): Promise<PostedMovement> {
    const { flow, accounts, amountCentimes, at } = input;
    let deferred: LedgerRefused | undefined = input.deferred;
    try {
      flow.check?.(accounts, amountCentimes);
    } catch (error) {
      if (!(error instanceof LedgerRefused)) throw error;
      deferred = error;
    }
    const system = this.system;
    const systemAccounts = {
      feeIncome: accountById(system.fee_income.id),
      payout: accountById(system.payout.id),
      treasury: accountById(system.treasury.id),
    };
    const feeType = flow.type as FeeType;
    const limit = input.limit !== undefined ? input.limit : limitCountOf(flow.type, at, input.record);
    return withMoneyRetries(async () => {
      // Whether this call has read the schedule afresh: a quoted version that differs from a copy read
      // before the call may only mean that the copy is stale.
      let reread = false;
      for (let attempt = 0; attempt < ONE_CALL_ATTEMPTS; attempt += 1) {
        const bands = flow.banded ? await this.#fees.bands(db, feeType) : [];
        const band = flow.banded ? (bandOf(bands, feeType, amountCentimes) ?? null) : undefined;
        if (band && input.quotedFeeVersion !== undefined && band.versionNumber !== input.quotedFeeVersion) {
          if (!reread) {
            this.#fees.forget(feeType);
            reread = true;
            continue;
          }
          // A repeat of a request that posted before the version changed gets its first answer.
          const stored = input.key ? await storedAnswerOf(db, input.key) : undefined;
          if (stored) return { answer: input.storedAnswer(stored), replayed: true };
          throw feesChanged(feeType, amountCentimes, quoteFromBands(bands, feeType, amountCentimes));
        }
        const amounts = {
          amountCentimes,
          feeCentimes: band?.feeCentimes ?? 0,
          agentShareCentimes: band?.agentShareCentimes ?? 0,
        };
        const posting: Posting = {
          type: flow.type,
          status: flow.status,
          ...amounts,
          agentId: input.actor.agent?.id ?? null,
          createdByUserId: input.actor.userId,
          at,
          entries: flow.entries(accounts, systemAccounts, amounts),
        };
        // A refused request is refused before its entries are posted: they need not balance.
        if (!deferred && band !== null) checkBalanced(posting);
        const { id, transactionNumber } = freshIdentity();
        const movement: Movement = {
          posted: { id, transactionNumber, createdAt: at },
          type: flow.type,
          status: flow.status,
          ...amounts,
          feeVersion: band?.versionNumber ?? null,
        };
        const call = {
          key: input.key,
          named: input.named,
          holderOf: input.holderOf,
          document: input.document,
          deferred: deferred !== undefined,
          band,
          posting,
          record: input.record,
          id,
          transactionNumber,
          bodyText: input.answer(movement),
          cashDrawer: input.cashDrawer,
          limit,
        };
        const outcome = input.flowCall
          ? await postFlowInOneCall(db, { ...call, spec: input.flowCall, storedAnswer: input.storedAnswer })
          : await this.#groupCommitOf(db).submit(call);
        if (outcome.kind === 'stale-read') throw new StaleRead();
        if (outcome.kind === 'answered')
          return outcome.replayed
            ? { answer: outcome.answer, replayed: true }
            : { answer: outcome.answer, replayed: false, movement };
        if (outcome.kind === 'deferred') {
          if (deferred) throw deferred;
          // No band covers the amount, in the copy nor in force: the refusal names the bands in force.
          this.#fees.forget(feeType);
          reread = true;
          feeOf(await this.#fees.bands(db, feeType), feeType, amountCentimes);
        }
        if (outcome.kind === 'stale-fees') {
          this.#fees.forget(feeType);
          reread = true;
        }
      }
      throw new Error(`ledger: no posting after ${ONE_CALL_ATTEMPTS} attempts`);
    });
  }

  #groupCommitOf(db: Db): GroupCommit {
    let groupCommit = this.#groupCommits.get(db);
    if (!groupCommit) {
      groupCommit = new GroupCommit(db, { onBatch: this.#observer?.batch.bind(this.#observer) });
      this.#groupCommits.set(db, groupCommit);
    }
    return groupCommit;
  }

  /**
   * Locks an external transfer's row (`FOR UPDATE`), before any account, so that a payout and a
   * cancellation of one transfer run one after the other. Undefined when the number is not one.
   */
  async lockTransfer(tx: Tx, transactionNumber: string): Promise<LockedTransfer | undefined> {
    const [row] = await tx
      .select({
        id: transactions.id,
        transactionNumber: transactions.transactionNumber,
        type: transactions.type,
        status: transactions.status,
        amountCentimes: transactions.amountCentimes,
        agentId: transactions.agentId,
        senderAccountId: transactions.senderAccountId,
        senderPersonId: transactions.senderPersonId,
        recipient: transactions.recipient,
      })
      .from(transactions)
      .where(eq(transactions.transactionNumber, transactionNumber))
      .for('update');
    if (!row || row.type !== 'external_transfer') return undefined;
    return {
      id: row.id,
      transactionNumber: row.transactionNumber,
      status: row.status,
      amountCentimes: centimesFromSql(row.amountCentimes),
      agentId: row.agentId,
      senderAccountId: row.senderAccountId,
      senderPersonId: row.senderPersonId,
      recipient: row.recipient,
    };
  }
}
