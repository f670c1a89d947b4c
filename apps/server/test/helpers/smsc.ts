import type { AddressInfo } from 'node:net';
import smpp, { type Pdu, type Server, type Session } from 'smpp';

export const SMSC_SYSTEM_ID = 'lajan';
export const SMSC_PASSWORD = 'sekre7';

/** One `submit_sm` as its bytes came on the wire, decoded here rather than by the package. */
export interface ReceivedPart {
  messageId: string;
  source: string;
  /** The number without its « + », as SMPP carries it. */
  destination: string;
  dataCoding: number;
  esmClass: number;
  registeredDelivery: number;
  /** The user data header with its length byte, when `esm_class` says there is one. */
  udh: Buffer | undefined;
  /** The short message after the header. */
  body: Buffer;
  /** `body` decoded: GSM 03.38 for data_coding 0, UTF-16BE for 8. */
  text: string;
}

/**
 * A real SMPP server (the `smpp` package's) on a free port: it checks the bind's credentials, answers each
 * `submit_sm` with an id, keeps what it received, and sends delivery receipts when asked.
 */
export class Smsc {
  readonly received: ReceivedPart[] = [];
  /** The command status of each `deliver_sm_resp`, in order. */
  readonly reportAnswers: number[] = [];
  /** Refuse the next submits with this status, this many times. */
  refuse = { next: 0, status: 0x45 };
  /** Wait this long before answering a submit (the crash test's kills land in between). */
  answerDelayMs = 0;
  /** Never answer a submit: an SMSC gone silent. */
  silent = false;
  /** Send a DELIVRD receipt for each part right after answering it. */
  autoReceipt = false;
  #server: Server;
  #nextId = 0x1f00;
  #bound = new Set<Session>();
  readonly #tls: boolean;

  private constructor(tls: { key: Buffer; cert: Buffer } | undefined) {
    this.#server = smpp.createServer(tls ?? {}, (session) => this.#accept(session));
    this.#tls = tls !== undefined;
  }

  /** On a free port (or `port`); over TLS with `tls` (`ssmpp://`). */
  static async start(port = 0, tls?: { key: Buffer; cert: Buffer }): Promise<Smsc> {
    const smsc = new Smsc(tls);
    await new Promise<void>((resolve) => smsc.#server.listen(port, '127.0.0.1', resolve));
    return smsc;
  }

  get port(): number {
    return (this.#server.address() as AddressInfo).port;
  }

  get url(): string {
    const scheme = this.#tls ? 'ssmpp://' : 'smpp://';
    return `${scheme}${SMSC_SYSTEM_ID}:${SMSC_PASSWORD}@${this.#tls ? 'localhost' : '127.0.0.1'}:${this.port}`;
  }

  /** Sends a delivery receipt, as an SMSC writes it, to every bound session. */
  receipt(messageId: string, stat: string): void {
    const text = `id:${messageId} sub:001 dlvrd:${stat === 'DELIVRD' ? '001' : '000'} submit date:2612060301 done date:2612060302 stat:${stat} err:000 text:`;
    for (const session of this.#bound)
      (session.deliver_sm as (parameters: unknown, callback: (pdu: Pdu) => void) => boolean)(
        { source_addr: '50937001234', destination_addr: 'Lajan', esm_class: 0x04, short_message: text },
        (answer) => this.reportAnswers.push(answer.command_status),
      );
  }

  /** What a phone at `number` shows: the parts sent to it, joined in their UDH order (one message). */
  textTo(number: string): string {
    return this.received
      .filter((part) => part.destination === number.replace(/[^\d]/g, ''))
      .sort((a, b) => (a.udh?.[5] ?? 1) - (b.udh?.[5] ?? 1))
      .map((part) => part.text)
      .join('');
  }

  async waitFor(count: number, timeoutMs = 10_000): Promise<ReceivedPart[]> {
    const until = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > until) throw new Error(`SMSC : ${this.received.length} parties reçues sur ${count}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return this.received;
  }

  async close(): Promise<void> {
    for (const session of this.#server.sessions) session.destroy();
    await new Promise((resolve) => this.#server.close(resolve));
  }

  #accept(session: Session): void {
    // 'data' comes with each read the package makes: the PDUs' bytes, untouched by its decoding.
    const wire = new WireReader();
    session.socket.on('data', (chunk: Buffer) => wire.push(chunk));
    session.on('error', () => undefined);
    session.on('close', () => this.#bound.delete(session));
    session.on('bind_transceiver', (pdu: Pdu) => {
      const ok = pdu.system_id === SMSC_SYSTEM_ID && pdu.password === SMSC_PASSWORD;
      session.send(pdu.response(ok ? {} : { command_status: smpp.ESME_RBINDFAIL }));
      if (ok) this.#bound.add(session);
      else session.close();
    });
    session.on('enquire_link', (pdu: Pdu) => session.send(pdu.response()));
    session.on('unbind', (pdu: Pdu) => {
      session.send(pdu.response());
      session.close();
    });
    session.on('submit_sm', (pdu: Pdu) => {
      const raw = wire.take(pdu.sequence_number);
      if (this.refuse.next > 0) {
        this.refuse.next -= 1;
        session.send(pdu.response({ command_status: this.refuse.status }));
        return;
      }
      // Received is sent on: a client that dies before the answer still gets its SMS delivered.
      const messageId = (this.#nextId += 1).toString(16);
      this.received.push({ ...submitOf(raw), messageId });
      const answer = () => {
        if (this.silent) return;
        session.send(pdu.response({ message_id: messageId }));
        if (this.autoReceipt) this.receipt(messageId, 'DELIVRD');
      };
      if (this.answerDelayMs > 0) setTimeout(answer, this.answerDelayMs);
      else answer();
    });
  }
}

/** Cuts the bytes read into PDUs, kept by sequence number. */
class WireReader {
  #buffer = Buffer.alloc(0);
  readonly #pdus = new Map<number, Buffer>();

  push(chunk: Buffer): void {
    this.#buffer = Buffer.concat([this.#buffer, chunk]);
    while (this.#buffer.length >= 16 && this.#buffer.length >= this.#buffer.readUInt32BE(0)) {
      const length = this.#buffer.readUInt32BE(0);
      this.#pdus.set(this.#buffer.readUInt32BE(12), this.#buffer.subarray(0, length));
      this.#buffer = this.#buffer.subarray(length);
    }
  }

  take(sequence: number): Buffer {
    const pdu = this.#pdus.get(sequence);
    if (!pdu) throw new Error(`PDU ${sequence} absent des octets lus`);
    this.#pdus.delete(sequence);
    return pdu;
  }
}

/** A `submit_sm`'s mandatory fields, read from its bytes (SMPP 3.4, 4.4.1). */
function submitOf(pdu: Buffer): Omit<ReceivedPart, 'messageId'> {
  let offset = 16;
  const cString = () => {
    const end = pdu.indexOf(0, offset);
    const value = pdu.toString('latin1', offset, end);
    offset = end + 1;
    return value;
  };
  const octet = () => pdu[offset++]!;
  cString(); // service_type
  offset += 2;
  const source = cString();
  offset += 2;
  const destination = cString();
  const esmClass = octet();
  offset += 2; // protocol_id, priority_flag
  cString(); // schedule_delivery_time
  cString(); // validity_period
  const registeredDelivery = octet();
  octet(); // replace_if_present_flag
  const dataCoding = octet();
  octet(); // sm_default_msg_id
  const length = octet();
  const message = pdu.subarray(offset, offset + length);
  const udh = esmClass & 0x40 ? message.subarray(0, message[0]! + 1) : undefined;
  const body = message.subarray(udh?.length ?? 0);
  return {
    source,
    destination,
    dataCoding,
    esmClass,
    registeredDelivery,
    udh,
    body,
    text: dataCoding === 8 ? Buffer.from(body).swap16().toString('utf16le') : gsm7(body),
  };
}

/* GSM 03.38, one septet an octet (SMPP's unpacked form), with the escape to its extension table. */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION: Record<number, string> = {
  0x0a: '\f',
  0x14: '^',
  0x28: '{',
  0x29: '}',
  0x2f: '\\',
  0x3c: '[',
  0x3d: '~',
  0x3e: ']',
  0x40: '|',
  0x65: '€',
};

function gsm7(bytes: Buffer): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 1) {
    if (bytes[i] === 0x1b) text += GSM7_EXTENSION[bytes[++i]!] ?? '?';
    else text += GSM7_BASIC[bytes[i]!] ?? '?';
  }
  return text;
}
