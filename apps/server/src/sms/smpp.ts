import type { SmsParts } from '@lajan/domain';
import type { FastifyBaseLogger } from 'fastify';
import smpp, { type Pdu, type Session } from 'smpp';
import {
  maskNumber,
  SmsSendError,
  type OutgoingSms,
  type PartAccepted,
  type SmsTransport,
} from './transport.js';

/** A delivery report: the SMSC's id of the part and its `stat` (`DELIVRD`, `UNDELIV`, `EXPIRED`…). */
export interface DeliveryReport {
  messageId: string;
  status: string;
}

/** Records a report; false when no SMS holds that id (yet); throws when the database failed. */
export type ReportRecorder = (report: DeliveryReport) => Promise<boolean>;

export interface SmppTransportOptions {
  /** `smpp://system_id:password@host:2775`, or `ssmpp://` for TLS. */
  url: string;
  /** The source address: up to 11 letters and digits, or a number. */
  sender: string;
  log: FastifyBaseLogger;
  onReport: ReportRecorder;
  /** Connect, bind and each `submit_sm`: a silent SMSC is given up after this (default 10 s). */
  timeoutMs?: number;
  /** An `enquire_link` this often checks an idle session (default 30 s). */
  enquireLinkMs?: number;
  /** Extra options of the TCP or TLS connection (tests: a self-signed certificate). */
  socketOptions?: Record<string, unknown>;
}

/** SMPP's `message_state` TLV, as the receipt's text names it. */
const messageStates: Record<number, string> = {
  1: 'ENROUTE',
  2: 'DELIVRD',
  3: 'EXPIRED',
  4: 'DELETED',
  5: 'UNDELIV',
  6: 'ACCEPTD',
  7: 'UNKNOWN',
  8: 'REJECTD',
};
/** `esm_class` bits 2–5: an SMSC delivery receipt, or an intermediate notification. */
const RECEIPT_TYPES = new Set([0x04, 0x20]);
const REPORT_LOOKUPS = 8;
const REPORT_LOOKUP_PAUSE_MS = 250;
const RECONNECT_MAX_MS = 60_000;
const UNREACHABLE = { unreachable: true };

/**
 * One SMPP session bound as a transceiver, reused by every send, bound again after a close (decision 240).
 * Each part goes in its own `submit_sm`, one at a time: a part is recorded before the next leaves.
 */
export class SmppTransport implements SmsTransport {
  readonly #options: SmppTransportOptions;
  readonly #target: { host: string; port: number; tls: boolean; systemId: string; password: string };
  readonly #timeoutMs: number;
  #bound: Promise<Session> | undefined;
  #session: Session | undefined;
  #reconnect: NodeJS.Timeout | undefined;
  #enquire: NodeJS.Timeout | undefined;
  #failures = 0;
  #started = false;
  #closed = false;

  constructor(options: SmppTransportOptions) {
    this.#options = options;
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    const url = new URL(options.url);
    const tls = url.protocol === 'ssmpp:';
    this.#target = {
      host: url.hostname,
      port: url.port ? Number(url.port) : tls ? 3550 : 2775,
      tls,
      systemId: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
    };
  }

  start(): void {
    this.#started = true;
    this.#ready().catch(() => undefined);
  }

  async send(sms: OutgoingSms, split: SmsParts, fromPart: number, accepted: PartAccepted): Promise<void> {
    const session = await this.#ready();
    const total = split.parts.length;
    for (let part = fromPart; part < total; part += 1) {
      const response = await this.#submit(session, this.#submitOf(sms, split, part));
      if (response.command_status !== 0) {
        const status = `0x${response.command_status.toString(16).padStart(8, '0')}`;
        throw new SmsSendError(`le SMSC a refusé la partie ${part + 1}/${total} (statut ${status})`, {
          permanent: response.command_status === smpp.ESME_RINVDSTADR,
        });
      }
      await accepted(part, typeof response.message_id === 'string' ? response.message_id : '');
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#reconnect);
    clearInterval(this.#enquire);
    const session = this.#session;
    this.#session = undefined;
    if (!session || session.socket.destroyed) return;
    // An unbind, answered or not within a second; then the socket is closed either way.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => session.destroy(), 1_000);
      session.socket.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
      const sent = (session.unbind as (callback: () => void) => boolean)(() => session.close());
      if (!sent) session.destroy();
    });
  }

  #submitOf(sms: OutgoingSms, split: SmsParts, part: number): Record<string, unknown> {
    const text = split.parts[part]!;
    const total = split.parts.length;
    // The concatenation header (3GPP 23.040, 8-bit reference): the reference is the row's, the same at
    // every retry, so that a phone joins a part sent again with the others.
    const udh = total > 1 ? Buffer.from([0x05, 0x00, 0x03, referenceOf(sms.id), total, part + 1]) : undefined;
    const numeric = /^\+?\d+$/.test(this.#options.sender);
    return {
      source_addr_ton: numeric ? 1 : 5,
      source_addr_npi: numeric ? 1 : 0,
      source_addr: this.#options.sender.replace(/^\+/, ''),
      dest_addr_ton: 1,
      dest_addr_npi: 1,
      destination_addr: sms.to.replace(/^\+/, ''),
      registered_delivery: 1,
      // 0: the SMSC's default alphabet, GSM 03.38, which the package encodes; 8: UCS-2 (UTF-16BE).
      data_coding: split.encoding === 'gsm7' ? 0 : 8,
      short_message: udh ? { udh, message: text } : text,
    };
  }

  /** The bound session, connecting and binding first when there is none. */
  #ready(): Promise<Session> {
    if (this.#closed) return Promise.reject(new SmsSendError('transport SMPP fermé', UNREACHABLE));
    // Dropped after a timeout, its close not yet seen: bound anew.
    if (this.#session?.socket.destroyed) {
      this.#session = undefined;
      this.#bound = undefined;
    }
    this.#bound ??= this.#bind().catch((error: unknown) => {
      this.#bound = undefined;
      this.#failures += 1;
      this.#scheduleReconnect();
      throw error;
    });
    return this.#bound;
  }

  #bind(): Promise<Session> {
    const { host, port, tls, systemId, password } = this.#target;
    return new Promise<Session>((resolve, reject) => {
      const session = smpp.connect({ ...this.#options.socketOptions, host, port, tls });
      let settled = false;
      const fail = (error: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        session.destroy();
        reject(error);
      };
      const timer = setTimeout(
        () =>
          fail(
            new SmsSendError(`le SMSC ${host}:${port} ne répond pas (${this.#timeoutMs} ms)`, UNREACHABLE),
          ),
        this.#timeoutMs,
      );
      session.on('error', (error: Error) => {
        if (!settled) fail(new SmsSendError(`SMSC injoignable (${error.message})`, UNREACHABLE));
        else this.#options.log.warn({ reason: error.message }, 'session SMPP en erreur');
      });
      session.on('close', () => {
        if (!settled) fail(new SmsSendError(`le SMSC ${host}:${port} a fermé la connexion`, UNREACHABLE));
        else this.#lost(session);
      });
      session.on('deliver_sm', (pdu: Pdu) => void this.#deliverSm(session, pdu));
      session.on('enquire_link', (pdu: Pdu) => session.send(pdu.response()));
      session.on('unbind', (pdu: Pdu) => {
        session.send(pdu.response());
        session.close();
      });
      session.once(tls ? 'secureConnect' : 'connect', () => {
        const sent = (session.bind_transceiver as SmppCall)(
          { system_id: systemId, password },
          (response: Pdu) => {
            if (settled) return;
            if (response.command_status !== 0) {
              const status = `0x${response.command_status.toString(16).padStart(8, '0')}`;
              fail(new SmsSendError(`le SMSC a refusé la connexion (bind, statut ${status})`, UNREACHABLE));
              return;
            }
            settled = true;
            clearTimeout(timer);
            this.#session = session;
            this.#failures = 0;
            this.#watch(session);
            this.#options.log.info({ host, port }, 'session SMPP ouverte');
            resolve(session);
          },
        );
        if (!sent) fail(new SmsSendError('SMSC injoignable (connexion fermée)', UNREACHABLE));
      });
    });
  }

  /** A `submit_sm` and its answer, given up after the timeout (the session is then dropped: its state is unknown). */
  #submit(session: Session, parameters: Record<string, unknown>): Promise<Pdu> {
    return new Promise<Pdu>((resolve, reject) => {
      let onClose: () => void = () => undefined;
      const timer = setTimeout(() => {
        session.off('close', onClose);
        session.destroy();
        reject(new SmsSendError(`pas de réponse du SMSC à submit_sm (${this.#timeoutMs} ms)`, UNREACHABLE));
      }, this.#timeoutMs);
      onClose = () => {
        clearTimeout(timer);
        reject(new SmsSendError('le SMSC a fermé la connexion avant de répondre à submit_sm', UNREACHABLE));
      };
      session.once('close', onClose);
      const sent = (session.submit_sm as SmppCall)(parameters, (response: Pdu) => {
        clearTimeout(timer);
        session.off('close', onClose);
        resolve(response);
      });
      if (!sent) {
        clearTimeout(timer);
        session.off('close', onClose);
        reject(new SmsSendError('SMSC injoignable (connexion fermée)', UNREACHABLE));
      }
    });
  }

  /** An idle session is checked now and then; one that does not answer is dropped and bound again. */
  #watch(session: Session): void {
    clearInterval(this.#enquire);
    this.#enquire = setInterval(() => {
      const timer = setTimeout(() => session.destroy(), this.#timeoutMs);
      const sent = (session.enquire_link as SmppCall)({}, () => clearTimeout(timer));
      if (!sent) clearTimeout(timer);
    }, this.#options.enquireLinkMs ?? 30_000);
    this.#enquire.unref();
  }

  #lost(session: Session): void {
    if (this.#session !== session) return;
    this.#session = undefined;
    this.#bound = undefined;
    clearInterval(this.#enquire);
    this.#options.log.warn('session SMPP fermée, nouvelle connexion prévue');
    this.#scheduleReconnect();
  }

  /** Bound again after a pause (1 s, 2 s … 60 s), for the delivery reports of an idle process. */
  #scheduleReconnect(): void {
    if (this.#closed || !this.#started || this.#reconnect) return;
    const delayMs = Math.min(1_000 * 2 ** Math.min(this.#failures, 6), RECONNECT_MAX_MS);
    this.#reconnect = setTimeout(() => {
      this.#reconnect = undefined;
      this.#ready().catch(() => undefined);
    }, delayMs);
    this.#reconnect.unref();
  }

  /**
   * A `deliver_sm` is always answered: 0 once its report is recorded (or when it is none, or unknown);
   * a temporary error when the database failed, so that the SMSC sends it again.
   */
  async #deliverSm(session: Session, pdu: Pdu): Promise<void> {
    const report = reportOf(pdu);
    let status = 0;
    if (report) {
      try {
        const found = await this.#record(report);
        if (!found)
          this.#options.log.warn(
            { smscMessageId: report.messageId, deliveryStatus: report.status },
            'accusé de réception d’un SMS inconnu',
          );
      } catch (error) {
        status = smpp.ESME_RX_T_APPN;
        this.#options.log.warn(
          { reason: error instanceof Error ? error.message : String(error) },
          'accusé de réception non enregistré, le SMSC le renverra',
        );
      }
    } else {
      const from = typeof pdu.source_addr === 'string' ? maskNumber(`+${pdu.source_addr}`) : undefined;
      this.#options.log.info({ from }, 'SMS reçu ignoré (pas un accusé de réception)');
    }
    session.send(pdu.response({ command_status: status }));
  }

  /** The report may come before its part's id is recorded: looked for again a few times. */
  async #record(report: DeliveryReport): Promise<boolean> {
    for (let lookup = 1; ; lookup += 1) {
      if (await this.#options.onReport(report)) return true;
      if (lookup === REPORT_LOOKUPS || this.#closed) return false;
      await new Promise((resolve) => setTimeout(resolve, REPORT_LOOKUP_PAUSE_MS));
    }
  }
}

type SmppCall = (parameters: Record<string, unknown>, onResponse: (response: Pdu) => void) => boolean;

/** The UDH reference of a row's parts: its id's last byte. */
function referenceOf(id: string): number {
  return Number.parseInt(id.replace(/-/g, '').slice(-2), 16) || 0;
}

/** A delivery receipt's id and status, from its TLVs or else its text (`id:… stat:DELIVRD …`). */
export function reportOf(pdu: Pdu): DeliveryReport | undefined {
  if (!RECEIPT_TYPES.has(Number(pdu.esm_class ?? 0) & 0x3c)) return undefined;
  const message = pdu.short_message as { message?: unknown } | undefined;
  const raw = message?.message;
  const text = typeof raw === 'string' ? raw : Buffer.isBuffer(raw) ? raw.toString('latin1') : '';
  const messageId =
    typeof pdu.receipted_message_id === 'string' && pdu.receipted_message_id !== ''
      ? pdu.receipted_message_id
      : /\bid:(\S+)/i.exec(text)?.[1];
  const status =
    /\bstat:([A-Z]+)/i.exec(text)?.[1]?.toUpperCase() ??
    (typeof pdu.message_state === 'number' ? messageStates[pdu.message_state] : undefined);
  return messageId && status ? { messageId, status } : undefined;
}
