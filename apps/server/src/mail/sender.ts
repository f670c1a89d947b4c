import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import { describeDatabaseError } from '../db/errors.js';
import { mailOutbox } from '../db/schema.js';
import { Rounds } from '../lib/rounds.js';
import { spoolMail } from './spool.js';

export interface OutgoingMail {
  /** The outbox row's id: the spool's file is named after it. */
  id?: string;
  to: string;
  subject: string;
  text: string;
}

/** Where messages go: an SMTP server, or the spool when no `SMTP_URL` is set. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    // A slow or silent server must not hold the sender for long; the message is retried.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    send: async (mail) => {
      await transporter.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    close: () => transporter.close(),
  };
}

/**
 * Without `SMTP_URL` each message goes to a file of `spoolDir`, readable by its owner only, and the log says
 * only where: a temporary password or a reset link is never logged (decisions 012, 231).
 */
export function spoolTransport(spoolDir: string, from: string, log: FastifyBaseLogger): MailTransport {
  return {
    send: async (mail) => {
      const file = await spoolMail(spoolDir, mail, from);
      log.warn(
        { mailId: mail.id, spooled: file },
        `e-mail non envoyé (SMTP_URL absent), déposé dans ${file}`,
      );
    },
    close: () => undefined,
  };
}

export const MAX_ATTEMPTS = 8;
/** The claim on a row: another process may take it once this has passed. */
const LEASE_MS = 2 * 60_000;
const BATCH_SIZE = 10;

/** 30 s, 1 min, 2 min … up to 30 min between tries. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 30 * 60_000);
}

export interface MailSenderOptions {
  db: Db;
  transport: MailTransport;
  clock: Clock;
  log: FastifyBaseLogger;
  pollIntervalMs: number;
  /** Each try's outcome, for `/metrics` (decision 230). */
  onDelivery?: ((outcome: 'sent' | 'retry' | 'abandoned') => void) | undefined;
}

/**
 * Sends what the outbox holds, outside any database transaction. `kick()` after a commit
 * sends at once; a timer also polls, for retries and for messages another process queued.
 */
export class MailSender {
  readonly #rounds: Rounds;

  constructor(private readonly options: MailSenderOptions) {
    this.#rounds = new Rounds(() => this.#round(), options.pollIntervalMs);
  }

  start(): void {
    this.#rounds.start();
  }

  /** Sends whatever is due now; resolves when this round is over. */
  kick(): Promise<void> {
    return this.#rounds.kick();
  }

  async stop(): Promise<void> {
    await this.#rounds.stop();
    this.options.transport.close();
  }

  async #round(): Promise<void> {
    try {
      while (!this.#rounds.stopped) {
        const sent = await this.#sendBatch();
        if (sent < BATCH_SIZE) break;
      }
    } catch (error) {
      this.options.log.warn(
        { database: describeDatabaseError(error) },
        'envoi des e-mails interrompu, nouvel essai au prochain passage',
      );
    }
  }

  async #sendBatch(): Promise<number> {
    const { db, clock, transport, log } = this.options;
    const now = clock.now();
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          isNull(mailOutbox.sentAt),
          isNull(mailOutbox.failedAt),
          lte(mailOutbox.nextAttemptAt, now),
          or(isNull(mailOutbox.lockedUntil), lte(mailOutbox.lockedUntil, now)),
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(mailOutbox)
      .set({ lockedUntil: new Date(now.getTime() + LEASE_MS), attempts: sql`${mailOutbox.attempts} + 1` })
      .where(inArray(mailOutbox.id, due))
      .returning({
        id: mailOutbox.id,
        kind: mailOutbox.kind,
        to: mailOutbox.toAddress,
        subject: mailOutbox.subject,
        text: mailOutbox.textBody,
        attempts: mailOutbox.attempts,
      });

    for (const mail of claimed) {
      try {
        await transport.send(mail);
        // The body may hold a reset link or a temporary password: not kept once delivered.
        await db
          .update(mailOutbox)
          .set({ sentAt: clock.now(), textBody: '', lockedUntil: null, lastError: null })
          .where(eq(mailOutbox.id, mail.id));
        log.info({ mailId: mail.id, kind: mail.kind }, 'e-mail envoyé');
        this.options.onDelivery?.('sent');
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const giveUp = mail.attempts >= MAX_ATTEMPTS;
        await db
          .update(mailOutbox)
          .set({
            lockedUntil: null,
            lastError: reason.slice(0, 500),
            ...(giveUp
              ? { failedAt: clock.now() }
              : { nextAttemptAt: new Date(clock.now().getTime() + retryDelayMs(mail.attempts)) }),
          })
          .where(eq(mailOutbox.id, mail.id));
        this.options.onDelivery?.(giveUp ? 'abandoned' : 'retry');
        log[giveUp ? 'error' : 'warn'](
          { mailId: mail.id, kind: mail.kind, attempts: mail.attempts, reason },
          giveUp ? 'e-mail abandonné' : 'e-mail non envoyé, nouvel essai prévu',
        );
      }
    }
    return claimed.length;
  }
}
