import { holderDocumentMessages, type SessionUser } from '@lajan/domain';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { accountHolders, accounts } from '../../db/schema.js';
import { Throttled } from '../../http/errors.js';
import { admitAttempt, throttleWaits } from '../auth/index.js';
import { readablePersonIds, type Viewer } from '../persons/index.js';

/** What a process knows of one user's blocks: until when (ms since the epoch), everywhere and per account. */
interface Blocks {
  /** Past the user's ceiling across accounts, or its address's budget: every account it may not read. */
  until: number;
  accounts: Map<string, number>;
}

/**
 * The holder check is no oracle (decisions 172, 199): a wrong document on an account the teller may not
 * read whole counts in the `holder_check` budget, and past it the movement answers 429. Hot path reads
 * nothing; a user's holder-checked movements run one at a time in a process (`inLane`, decision 193).
 */
export class HolderCheckGuard {
  readonly #blocks = new Map<string, Blocks>();
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

  /**
   * Seconds this user is locked out of `accountNumber` by what this process knows, or 0. Reads nothing:
   * `assertOpen` is only awaited when this is not 0.
   */
  lockedSeconds(session: SessionUser, accountNumber: string, now: Date): number {
    const blocks = this.#blocks.get(session.id);
    if (blocks === undefined) return 0;
    const at = now.getTime();
    for (const [account, until] of blocks.accounts) if (until <= at) blocks.accounts.delete(account);
    if (blocks.until <= at && blocks.accounts.size === 0) {
      this.#blocks.delete(session.id);
      return 0;
    }
    const until = Math.max(blocks.until, blocks.accounts.get(accountNumber) ?? 0);
    return until > at ? Math.ceil((until - at) / 1000) : 0;
  }

  /**
   * Before a movement that checks a holder, for a user with a block: 429 while locked out of the account,
   * unless the teller reads its holders whole (its own customer is never refused by the budget).
   */
  async assertOpen(
    db: Db,
    check: { session: SessionUser; viewer: Viewer; accountNumber: string; now: Date },
  ): Promise<void> {
    const seconds = this.lockedSeconds(check.session, check.accountNumber, check.now);
    if (seconds === 0) return;
    if (await holdersReadable(db, check.viewer, check.accountNumber)) return;
    throw new Throttled(seconds, holderDocumentMessages.throttled);
  }

  /** After a refusal NOT_ACCOUNT_HOLDER on `accountNumber`: counted unless the teller reads its holders. */
  async recordFailure(
    db: Db,
    failure: { session: SessionUser; viewer: Viewer; ip: string; accountNumber: string; now: Date },
  ): Promise<void> {
    const { session, ip, now, accountNumber } = failure;
    if (await holdersReadable(db, failure.viewer, accountNumber)) return;
    const attempt = { kind: 'holder_check' as const, key: session.id, ip, now, target: accountNumber };
    await admitAttempt(db, attempt);
    const waits = await throttleWaits(db, attempt);
    if (waits.target <= 0 && waits.key <= 0) return;
    const blocks = this.#blocks.get(session.id) ?? { until: 0, accounts: new Map<string, number>() };
    if (waits.key > 0) blocks.until = Math.max(blocks.until, now.getTime() + waits.key * 1000);
    if (waits.target > 0) blocks.accounts.set(accountNumber, now.getTime() + waits.target * 1000);
    this.#blocks.set(session.id, blocks);
    await recordAudit(db, {
      at: now,
      action: 'transactions.holder_check_throttled',
      actor: session,
      ip,
      target: accountNumber,
    });
  }
}

/** Whether the viewer may read every holder of the account whole (decision 111); an unknown account: no. */
async function holdersReadable(db: Db, viewer: Viewer, accountNumber: string): Promise<boolean> {
  const holders = await db
    .select({ personId: accountHolders.personId })
    .from(accountHolders)
    .innerJoin(accounts, eq(accounts.id, accountHolders.accountId))
    .where(eq(accounts.accountNumber, accountNumber));
  const personIds = holders.map((holder) => holder.personId);
  if (personIds.length === 0) return false;
  const readable = await readablePersonIds(db, viewer, personIds);
  return personIds.every((id) => readable.has(id));
}
