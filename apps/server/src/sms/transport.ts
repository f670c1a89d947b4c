import type { SmsParts } from '@lajan/domain';
import type { FastifyBaseLogger } from 'fastify';
import { spoolFile } from '../mail/spool.js';

/** One queued SMS as it leaves: its outbox id (the UDH reference and the spool's file are made from it). */
export interface OutgoingSms {
  id: string;
  /** E.164, « +509… ». */
  to: string;
  text: string;
}

/**
 * Awaited after each part the SMSC accepted, before the next is sent: the part is recorded as sent
 * (its `messageId`, `null` for the spool), so that a crash repeats at most the part in flight (decision 240).
 */
export type PartAccepted = (part: number, messageId: string | null) => Promise<void>;

/** Where SMS go: an SMSC over SMPP, or the spool when no `SMPP_URL` is set. */
export interface SmsTransport {
  /** Binds at start, so that delivery reports come in while nothing is sent. */
  start(): void;
  /** Sends `split`'s parts from `fromPart` on (the earlier ones were accepted by an earlier try). */
  send(sms: OutgoingSms, split: SmsParts, fromPart: number, accepted: PartAccepted): Promise<void>;
  close(): Promise<void>;
}

/**
 * A failure to send: `permanent` when no retry can succeed (the SMSC refused the number), `unreachable`
 * when the SMSC could not be reached or went silent (the other rows then wait for the next round).
 */
export class SmsSendError extends Error {
  override name = 'SmsSendError';
  readonly permanent: boolean;
  readonly unreachable: boolean;
  constructor(message: string, options: { permanent?: boolean; unreachable?: boolean } = {}) {
    super(message);
    this.permanent = options.permanent ?? false;
    this.unreachable = options.unreachable ?? false;
  }
}

/** « +50937001234 » → « +509****1234 »: what every log line shows of a number (issue 46). */
export function maskNumber(number: string): string {
  if (number.length <= 8) return '****';
  return `${number.slice(0, 4)}****${number.slice(-4)}`;
}

/**
 * Without `SMPP_URL`, each SMS goes to a file of `spoolDir` readable by its owner only, as mail's
 * spool (decision 231): the log says only where, never the number or the text (a pick-up code pays out).
 */
export function spoolSmsTransport(spoolDir: string, from: string, log: FastifyBaseLogger): SmsTransport {
  return {
    start: () => undefined,
    send: async (sms, split, _fromPart, accepted) => {
      const now = new Date();
      const content = [
        `Date: ${now.toUTCString()}`,
        `From: ${from}`,
        `To: ${sms.to}`,
        `Encoding: ${split.encoding}, ${split.parts.length} part(s)`,
        '',
        sms.text,
        '',
      ].join('\n');
      const file = await spoolFile(spoolDir, sms.id, 'sms.txt', content, now);
      log.warn({ smsId: sms.id, spooled: file }, `SMS non envoyé (SMPP_URL absent), déposé dans ${file}`);
      for (let part = 0; part < split.parts.length; part += 1) await accepted(part, null);
    },
    close: () => Promise.resolve(),
  };
}
