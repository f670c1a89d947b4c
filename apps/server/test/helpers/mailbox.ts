import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { vi } from 'vitest';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

/** A real SMTP server on a free port that keeps what it receives; it can refuse the next messages. */
export class Mailbox {
  readonly received: ReceivedMail[] = [];
  /** How many of the next messages to refuse with a temporary error. */
  refuseNext = 0;
  readonly #server: SMTPServer;

  private constructor() {
    this.#server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, _session, callback) => {
        if (this.refuseNext > 0) {
          this.refuseNext -= 1;
          stream.resume();
          stream.on('end', () =>
            callback(Object.assign(new Error('Boîte pleine, réessayez plus tard'), { responseCode: 451 })),
          );
          return;
        }
        simpleParser(stream)
          .then((mail) => {
            this.received.push({
              from: mail.from?.text ?? '',
              to: [mail.to ?? []]
                .flat()
                .flatMap((address) => address.value.map((value) => value.address ?? '')),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
  }

  static async start(): Promise<Mailbox> {
    const mailbox = new Mailbox();
    await new Promise<void>((resolve) => mailbox.#server.listen(0, '127.0.0.1', resolve));
    return mailbox;
  }

  get url(): string {
    const { port } = this.#server.server.address() as AddressInfo;
    return `smtp://127.0.0.1:${port}`;
  }

  /** Waits (polling, at most 10 s) until `count` messages have arrived. */
  async waitForCount(count: number): Promise<ReceivedMail[]> {
    await vi.waitFor(
      () => {
        if (this.received.length < count)
          throw new Error(`${this.received.length} e-mail(s) reçu(s), ${count} attendu(s)`);
      },
      { timeout: 10_000, interval: 20 },
    );
    return this.received;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}
