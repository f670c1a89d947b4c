import { holderDocumentMessages, type SessionUser } from '@lajan/domain';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { accountHolders, accounts } from '../../db/schema.js';
import { Throttled } from '../../http/errors.js';
import { admitAttempt, throttleWaitSeconds } from '../auth/index.js';
import { readablePersonIds, type Viewer } from '../persons/index.js';

/**
 * The withdrawal's and the transfer's holder check is no oracle (decision 172). A teller who names another
 * agent's customer's account must type that customer's document number from the card; the review guessed it
 * by trial (30 wrong numbers answered 403, the 31st 201 and the cash went out). So a refusal
 * `NOT_ACCOUNT_HOLDER` on an account whose holders the teller may not read whole counts as a failed
 * `holder_check`, the budget of decision 115 (5 per user and 50 per address in 15 minutes, shared with the
 * account opening's documents). Past it, every money request that checks a holder answers 429 "Trop de
 * numéros de pièce erronés. Réessayez plus tard." until the window has passed, the right number included.
 * A typo on one's own customer (whose file the teller reads anyway) counts for nothing.
 *
 * The hot path reads nothing: a process keeps the users it found over the budget, and learns it at the
 * failure that passes it, reading the count of every process's failures then. So that this holds for
 * requests sent together too, a user's movements that check a holder run one after another in a process
 * (`inLane`): each is compared, and its failure counted, before the next is let through. A burst of twenty
 * numbers sent at once compared all twenty before the first failure was counted (decision 193). With N
 * processes, a user gets at most 5 + N − 1 failures a window (each other process blocks at its first), one
 * more per restart. A teller sends one movement at a time: the lane costs a counter nothing.
 */
export class HolderCheckGuard {
  /** The users over the budget, and until when (ms since the epoch). */
  readonly #blockedUntil = new Map<string, number>();
  /** Per user, the end of its last holder-checked movement in this process (absent when none is running). */
  readonly #lanes = new Map<string, Promise<void>>();

  /** Runs `work` once this user's earlier holder-checked movements in this process have ended. */
  async inLane<T>(session: SessionUser, work: () => Promise<T>): Promise<T> {
    const previous = this.#lanes.get(session.id) ?? Promise.resolve();
    const run = previous.then(work);
    const end = run.then(
      () => undefined,
      () => undefined,
    );
    this.#lanes.set(session.id, end);
    try {
      return await run;
    } finally {
      if (this.#lanes.get(session.id) === end) this.#lanes.delete(session.id);
    }
  }

  /** Before a movement that checks a holder: 429 while this user is over the budget. */
  assertOpen(session: SessionUser, now: Date): void {
    const until = this.#blockedUntil.get(session.id);
    if (until === undefined) return;
    if (until <= now.getTime()) {
      this.#blockedUntil.delete(session.id);
      return;
    }
    throw new Throttled(Math.ceil((until - now.getTime()) / 1000), holderDocumentMessages.throttled);
  }

  /** After a refusal NOT_ACCOUNT_HOLDER on `accountNumber`: counted unless the teller reads its holders. */
  async recordFailure(
    db: Db,
    failure: { session: SessionUser; viewer: Viewer; ip: string; accountNumber: string; now: Date },
  ): Promise<void> {
    const { session, ip, now } = failure;
    const holders = await db
      .select({ personId: accountHolders.personId })
      .from(accountHolders)
      .innerJoin(accounts, eq(accounts.id, accountHolders.accountId))
      .where(eq(accounts.accountNumber, failure.accountNumber));
    const personIds = holders.map((holder) => holder.personId);
    const readable = await readablePersonIds(db, failure.viewer, personIds);
    if (personIds.length > 0 && personIds.every((id) => readable.has(id))) return;
    const attempt = { kind: 'holder_check' as const, key: session.id, ip, now };
    await admitAttempt(db, attempt);
    const waitSeconds = await throttleWaitSeconds(db, attempt);
    if (waitSeconds <= 0) return;
    this.#blockedUntil.set(session.id, now.getTime() + waitSeconds * 1000);
    await recordAudit(db, {
      at: now,
      action: 'transactions.holder_check_throttled',
      actor: session,
      ip,
      target: failure.accountNumber,
    });
  }
}
