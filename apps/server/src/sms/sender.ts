import { SMS_KIND_DISABLED, smsParts, type SmsKind, type SmsParts } from '@lajan/domain';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import { describeDatabaseError } from '../db/errors.js';
import { smsOutbox } from '../db/schema.js';
import { Rounds } from '../lib/rounds.js';
import { retryDelayMs } from '../mail/sender.js';
import type { DeliveryReport } from './smpp.js';
import { smsKindEnabled } from './switches.js';
import { smsText } from './texts.js';
import { maskNumber, SmsSendError, type SmsTransport } from './transport.js';

export const SMS_MAX_ATTEMPTS = 8;
/** The claim on a row: two parts at the transport's timeout each fit well inside it. */
const LEASE_MS = 2 * 60_000;
/** Operators' writers keep a message within this (issue 46); a longer one still goes, and is logged. */
const MAX_PARTS = 2;

/** `disabled`: its kind was switched off at send time (decision 242), kept failed for a retry. */
export type SmsOutcome = 'sent' | 'retry' | 'abandoned' | 'disabled';

export interface SmsSenderOptions {
  db: Db;
  transport: SmsTransport;
  clock: Clock;
  log: FastifyBaseLogger;
  pollIntervalMs: number;
  /** Tests and the crash test: another process takes a dead sender's row after this. */
  leaseMs?: number;
  /** Each try's outcome, for `/metrics` (decision 240). */
  onDelivery?: ((kind: SmsKind, outcome: SmsOutcome) => void) | undefined;
  /** Each part the SMSC accepted (or the spool took), for the parts and cost counters. */
  onPart?: ((kind: SmsKind, encoding: SmsParts['encoding']) => void) | undefined;
  /** Each delivery report recorded. */
  onReport?: ((status: string) => void) | undefined;
}

type Claimed = typeof smsOutbox.$inferSelect;

/**
 * Sends what the SMS outbox holds, outside any database transaction, one row and one part at a time
 * (decision 240). `kickSoon()` after each posting, `kick()` to send at once; a poll takes retries and other
 * processes' rows.
 */
export class SmsSender {
  readonly #rounds: Rounds;

  constructor(private readonly options: SmsSenderOptions) {
    this.#rounds = new Rounds(() => this.#round(), options.pollIntervalMs);
  }

  start(): void {
    this.options.transport.start();
    this.#rounds.start();
  }

  /** Sends whatever is due now; resolves when this round is over. */
  kick(): Promise<void> {
    return this.#rounds.kick();
  }

  /** After every posting, which may have queued an SMS (the database knows who prefers one). */
  kickSoon(): void {
    this.#rounds.kickSoon();
  }

  idle(): Promise<void> {
    return this.#rounds.idle();
  }

  async stop(): Promise<void> {
    await this.#rounds.stop();
    await this.options.transport.close();
  }

  /**
   * A delivery report of one part: a part lost outweighs one delivered, and a final status is never
   * replaced by an intermediate one; `delivered_at` holds while the status is `DELIVRD`.
   */
  async recordReport(report: DeliveryReport): Promise<boolean> {
    const current = smsOutbox.deliveryStatus;
    const next = sql`CASE
      WHEN ${report.status} IN ('ENROUTE', 'ACCEPTD') AND ${current} IS NOT NULL THEN ${current}
      WHEN ${report.status} = 'DELIVRD' AND ${current} IS NOT NULL
        AND ${current} NOT IN ('DELIVRD', 'ENROUTE', 'ACCEPTD') THEN ${current}
      ELSE ${report.status} END`;
    const rows = await this.options.db
      .update(smsOutbox)
      .set({
        deliveryStatus: next,
        deliveredAt: sql`CASE WHEN (${next}) = 'DELIVRD'
          THEN coalesce(${smsOutbox.deliveredAt}, ${this.options.clock.now()}) END`,
      })
      .where(sql`${smsOutbox.smscMessageIds} @> ARRAY[${report.messageId}]::text[]`)
      .returning({ id: smsOutbox.id });
    if (rows.length === 0) return false;
    this.options.onReport?.(report.status);
    return true;
  }

  async #round(): Promise<void> {
    try {
      while (!this.#rounds.stopped) {
        const sms = await this.#claim();
        if (!sms) break;
        // The SMSC is away: the others wait for the next round rather than each spend a try.
        if ((await this.#send(sms)) === 'unreachable') break;
      }
    } catch (error) {
      this.options.log.warn(
        { database: describeDatabaseError(error) },
        'envoi des SMS interrompu, nouvel essai au prochain passage',
      );
    }
  }

  /** The oldest due row, leased: claimed one at a time, the lease covers only the SMS in hand. */
  async #claim(): Promise<Claimed | undefined> {
    const { db, clock } = this.options;
    const now = clock.now();
    const due = db
      .select({ id: smsOutbox.id })
      .from(smsOutbox)
      .where(
        and(
          isNull(smsOutbox.sentAt),
          isNull(smsOutbox.failedAt),
          lte(smsOutbox.nextAttemptAt, now),
          or(isNull(smsOutbox.lockedUntil), lte(smsOutbox.lockedUntil, now)),
        ),
      )
      .orderBy(asc(smsOutbox.nextAttemptAt))
      .limit(1)
      .for('update', { skipLocked: true });
    const [claimed] = await db
      .update(smsOutbox)
      .set({
        lockedUntil: new Date(now.getTime() + (this.options.leaseMs ?? LEASE_MS)),
        attempts: sql`${smsOutbox.attempts} + 1`,
      })
      .where(inArray(smsOutbox.id, due))
      .returning();
    return claimed;
  }

  async #send(sms: Claimed): Promise<SmsOutcome | 'unreachable'> {
    const { db, clock, log, transport } = this.options;
    const logged = { smsId: sms.id, kind: sms.kind, to: maskNumber(sms.toNumber), attempts: sms.attempts };
    // A row claimed past the last try was left by senders that died on it: it is not tried again.
    if (sms.attempts > SMS_MAX_ATTEMPTS)
      return this.#failed(
        sms,
        new SmsSendError('envois interrompus à chaque essai', { permanent: true }),
        logged,
      );
    if (!(await smsKindEnabled(db, sms.kind))) {
      await db
        .update(smsOutbox)
        .set({ failedAt: clock.now(), lastError: SMS_KIND_DISABLED, lockedUntil: null })
        .where(eq(smsOutbox.id, sms.id));
      this.options.onDelivery?.(sms.kind, 'disabled');
      log.warn(logged, 'SMS non envoyé : son type est désactivé');
      return 'disabled';
    }
    const text = smsText(sms);
    const split = smsParts(text);
    if (split.parts.length > MAX_PARTS)
      log.error({ ...logged, parts: split.parts.length }, `SMS de plus de ${MAX_PARTS} parties`);
    const total = split.parts.length;
    // Every part already accepted (its text now splits in fewer): only the mark was missing.
    if (sms.smscMessageIds.length >= total)
      await db
        .update(smsOutbox)
        .set({ sentAt: clock.now(), textBody: '', facts: null, lockedUntil: null, lastError: null })
        .where(eq(smsOutbox.id, sms.id));
    else
      try {
        await transport.send(
          { id: sms.id, to: sms.toNumber, text },
          split,
          sms.smscMessageIds.length,
          async (part, messageId) => {
            const last = part === total - 1;
            // The part is sent: recorded before the next leaves, so that a crash repeats at most it.
            await db
              .update(smsOutbox)
              .set({
                parts: total,
                encoding: split.encoding,
                ...(messageId === null
                  ? {}
                  : { smscMessageIds: sql`array_append(${smsOutbox.smscMessageIds}, ${messageId})` }),
                // A pick-up code pays a transfer out: neither text nor facts kept once sent (decision 012's reason).
                ...(last
                  ? { sentAt: clock.now(), textBody: '', facts: null, lockedUntil: null, lastError: null }
                  : {}),
              })
              .where(eq(smsOutbox.id, sms.id));
            this.options.onPart?.(sms.kind, split.encoding);
          },
        );
      } catch (error) {
        const outcome = await this.#failed(sms, error, logged);
        return error instanceof SmsSendError && error.unreachable ? 'unreachable' : outcome;
      }
    log.info({ ...logged, parts: total, encoding: split.encoding }, 'SMS envoyé');
    this.options.onDelivery?.(sms.kind, 'sent');
    return 'sent';
  }

  async #failed(sms: Claimed, error: unknown, logged: Record<string, unknown>): Promise<SmsOutcome> {
    const { db, clock, log } = this.options;
    const reason = error instanceof Error ? error.message : String(error);
    const giveUp = sms.attempts >= SMS_MAX_ATTEMPTS || (error instanceof SmsSendError && error.permanent);
    await db
      .update(smsOutbox)
      .set({
        lockedUntil: null,
        lastError: reason.slice(0, 500),
        ...(giveUp
          ? { failedAt: clock.now() }
          : { nextAttemptAt: new Date(clock.now().getTime() + retryDelayMs(sms.attempts)) }),
      })
      .where(eq(smsOutbox.id, sms.id));
    const outcome = giveUp ? 'abandoned' : 'retry';
    this.options.onDelivery?.(sms.kind, outcome);
    log[giveUp ? 'error' : 'warn'](
      { ...logged, reason },
      giveUp ? 'SMS abandonné' : 'SMS non envoyé, nouvel essai prévu',
    );
    return outcome;
  }
}
