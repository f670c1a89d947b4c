// The few parts of the `smpp` package (no types of its own) that the SMS channel and its tests use.
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';
  import type { Server as NetServer, Socket } from 'node:net';

  /** A PDU: its header, and its parameters and TLVs by their names in the SMPP specification. */
  export interface Pdu {
    command: string;
    command_id: number;
    command_status: number;
    sequence_number: number;
    [parameter: string]: unknown;
    isResponse(): boolean;
    response(options?: Record<string, unknown>): Pdu;
  }

  export class PDU implements Pdu {
    constructor(command: string, options?: Record<string, unknown>);
    command: string;
    command_id: number;
    command_status: number;
    sequence_number: number;
    [parameter: string]: unknown;
    isResponse(): boolean;
    response(options?: Record<string, unknown>): Pdu;
    toBuffer(): Buffer;
  }

  export class Session extends EventEmitter {
    socket: Socket;
    send(pdu: Pdu, onResponse?: (response: Pdu) => void, onSent?: (pdu: Pdu) => void): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    pause(): void;
    resume(): void;
    [command: string]: unknown;
  }

  export interface ConnectOptions {
    host: string;
    port: number;
    tls?: boolean;
    [option: string]: unknown;
  }

  export function connect(options: ConnectOptions | string, listener?: () => void): Session;

  export interface Server extends NetServer {
    sessions: Session[];
  }
  export function createServer(
    options: Record<string, unknown>,
    listener?: (session: Session) => void,
  ): Server;
  export function createServer(listener?: (session: Session) => void): Server;

  const smpp: {
    connect: typeof connect;
    createServer: typeof createServer;
    PDU: typeof PDU;
    ESME_ROK: number;
    ESME_RBINDFAIL: number;
    ESME_RINVDSTADR: number;
    ESME_RSYSERR: number;
    ESME_RX_T_APPN: number;
    ESME_RTHROTTLED: number;
    ESME_RSUBMITFAIL: number;
  };
  export default smpp;
}
