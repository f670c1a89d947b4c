import {
  capitaliseFirstName,
  centimesToHtg,
  SYSTEM_USER_NAME,
  transferExpiredMail,
  type AuditWriteAction,
} from '@lajan/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { recordAudit } from '../../db/audit.js';
import { accountById } from '../../ledger/account-ref.js';
import { paying, type PostingFlow } from '../../ledger/flows.js';
import { LedgerRefused } from '../../ledger/results.js';
import type { LedgerService } from '../../ledger/service.js';
import { enqueueMail } from '../../mail/outbox.js';
import { enqueueSms } from '../../sms/outbox.js';
import { inLanguage } from '../../i18n/language.js';
import { underExpiryLock } from './lock.js';
import { dueTransfers, markExpired, SYSTEM_USER_ID, type DueTransfer } from './store.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Transfers read per look-up; the job reads again until none is due. */
const BATCH = 50;
const EXPIRED: AuditWriteAction = 'transactions.transfer_expired';

/** The refund of an expired account transfer: "to pay out" pays the sender's account; the fee is kept. */
const expiryRefund: PostingFlow<{ destination: 'required' }> = {
  type: 'external_refund',
  status: 'completed',
  banded: false,
  entries: (a, system, amounts) => paying(system.payout, a.destination, amounts),
};

export interface ExpiryJobDeps {
  db: Db;
  ledger: LedgerService;
  clock: Clock;
  kickMail: () => Promise<void>;
  /** The senders' notices of a transfer expired in cash (decision 241); those refunded to an account too. */
  kickSms?: (() => Promise<void>) | undefined;
  days: number;
  log?: FastifyBaseLogger | undefined;
  /** Called after each transfer is settled (tests: a crash between two). */
  afterEach?: (transfer: DueTransfer) => Promise<void>;
  /** Each run's outcome, for `/metrics` (decision 230). */
  onRun?: ((outcome: ExpiryRun | 'busy' | 'failed') => void) | undefined;
}

/** What one run did: transfers refunded to their account, and expired for a refund in cash. */
export interface ExpiryRun {
  refunded: number;
  toRefundInCash: number;
}

/**
 * The expiry job (DESIGN §4c, decision 225): one process at a time (an advisory lock), each transfer in a
 * database transaction of its own that changes it only while pending, so that a run cut anywhere and run
 * again settles each transfer exactly once.
 */
export class ExpiryJob {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<ExpiryRun | 'busy'> | undefined;

  constructor(private readonly deps: ExpiryJobDeps) {}

  /** Looks now, then every `intervalMs`. */
  start(intervalMs: number): void {
    this.#timer = setInterval(() => void this.#logged(), intervalMs);
    this.#timer.unref();
    void this.#logged();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running?.catch(() => undefined);
  }

  /** One run, or the one under way in this process; 'busy' when another process holds the lock. */
  run(): Promise<ExpiryRun | 'busy'> {
    this.#running ??= underExpiryLock(this.deps.db, () => this.#expireDue())
      .then(
        (outcome) => {
          this.deps.onRun?.(outcome);
          return outcome;
        },
        (error: unknown) => {
          this.deps.onRun?.('failed');
          throw error;
        },
      )
      .finally(() => {
        this.#running = undefined;
      });
    return this.#running;
  }

  async #logged(): Promise<void> {
    try {
      const outcome = await this.run();
      if (outcome !== 'busy' && outcome.refunded + outcome.toRefundInCash > 0)
        this.deps.log?.info(outcome, 'transferts expirés');
    } catch (error) {
      this.deps.log?.warn(
        { err: error },
        'expiration des transferts interrompue, nouvel essai au prochain passage',
      );
    }
  }

  async #expireDue(): Promise<ExpiryRun> {
    const done: ExpiryRun = { refunded: 0, toRefundInCash: 0 };
    const sentBefore = new Date(this.deps.clock.now().getTime() - this.deps.days * DAY_MS);
    for (;;) {
      const due = await dueTransfers(this.deps.db, sentBefore, BATCH);
      for (const transfer of due) {
        const outcome = await this.#expire(transfer, sentBefore);
        if (outcome) done[outcome] += 1;
        await this.deps.afterEach?.(transfer);
      }
      if (due.length < BATCH) break;
    }
    if (done.refunded + done.toRefundInCash > 0) {
      await this.deps.kickMail().catch(() => undefined);
      await this.deps.kickSms?.().catch(() => undefined);
    }
    return done;
  }

  /** One transfer: refunded to its account at once, else expired for a refund in cash at its agent. */
  async #expire(transfer: DueTransfer, sentBefore: Date): Promise<keyof ExpiryRun | undefined> {
    if (transfer.senderAccountId !== null) {
      try {
        await this.#refundToAccount(transfer, transfer.senderAccountId, sentBefore);
        return 'refunded';
      } catch (error) {
        if (!(error instanceof LedgerRefused)) throw error;
        // Expired by another run meanwhile: nothing to do. An account that refuses the refund (closed since):
        // the sender is refunded in cash at the counter, as for a cash send.
        if (error.refusal === 'TransferNotPending') return undefined;
        // Its id, not its number: a pending transfer's number is the code that pays it out (decision 241).
        this.deps.log?.warn(
          { transferId: transfer.id, refusal: error.refusal },
          'transfert expiré : le compte refuse le remboursement, à rembourser en espèces',
        );
      }
    }
    return (await this.#expireForCash(transfer, sentBefore)) ? 'toRefundInCash' : undefined;
  }

  async #refundToAccount(transfer: DueTransfer, senderAccountId: string, sentBefore: Date): Promise<void> {
    const at = this.deps.clock.now();
    await this.deps.ledger.postMovement(this.deps.db, {
      flow: expiryRefund,
      accounts: { destination: accountById(senderAccountId) },
      amountCentimes: transfer.amountCentimes,
      actor: {
        userId: SYSTEM_USER_ID,
        agent: { id: transfer.agentId, floatAccountId: transfer.floatAccountId },
      },
      record: { party: null },
      at,
      named: [],
      key: undefined,
      answer: () => '{}',
      // No key: no answer is stored or replayed.
      storedAnswer: (row) => ({ status: row.status, bodyText: row.body }),
      flowCall: {
        flow: 'expire',
        args: {
          transferId: transfer.id,
          sentBefore: sentBefore.toISOString(),
          mail: this.#mailOf(transfer, transfer.senderAccountNumber),
        },
      },
    });
  }

  async #expireForCash(transfer: DueTransfer, sentBefore: Date): Promise<boolean> {
    const at = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      if (!(await markExpired(tx, transfer.id, sentBefore, at))) return false;
      await recordAudit(tx, {
        at,
        action: EXPIRED,
        actor: { id: SYSTEM_USER_ID, username: SYSTEM_USER_NAME },
        target: transfer.transactionNumber,
        details: {
          transactionNumber: transfer.transactionNumber,
          refund: null,
          amount: transfer.amountCentimes,
        },
      });
      const mail = this.#mailOf(transfer, null);
      if (mail) await enqueueMail(tx, { kind: 'transfer_expired', ...mail }, at);
      // A refund to an account queues its SMS with the posting (sql/ledger_batch_sms.sql); this one posts none.
      const phone = transfer.sender?.smsPhone;
      if (phone) {
        const facts = { number: transfer.transactionNumber, amount: transfer.amountCentimes, account: null };
        const language = transfer.sender!.preferredLanguage;
        await enqueueSms(
          tx,
          [{ kind: 'transfer_expired', to: phone, language, facts, transactionId: transfer.id }],
          at,
        );
      }
      return true;
    });
  }

  /** The sender's e-mail, when she has an address. */
  #mailOf(transfer: DueTransfer, refundedToAccount: string | null) {
    const sender = transfer.sender;
    if (!sender?.email) return null;
    // In the sender's own language (decision 237): the job runs outside any request.
    return inLanguage(sender.preferredLanguage, () => ({
      to: sender.email ?? '',
      ...transferExpiredMail({
        firstName: capitaliseFirstName(sender.firstName),
        transactionNumber: transfer.transactionNumber,
        amountHtg: centimesToHtg(transfer.amountCentimes),
        sentAt: transfer.createdAt,
        days: this.deps.days,
        refundedToAccount,
        agentName: transfer.agentName,
      }),
    }));
  }
}
