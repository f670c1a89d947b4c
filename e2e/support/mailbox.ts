import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
}

/** A real SMTP server, started in the test, that keeps every message it receives. */
export class Mailbox {
  readonly messages: CaughtMail[] = [];
  private readonly server: SMTPServer;
  private waiters: (() => void)[] = [];

  private constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            const to = [mail.to ?? []]
              .flat()
              .flatMap((address) => address.value.map((v) => (v.address ?? '').toLowerCase()));
            this.messages.push({ to, subject: mail.subject ?? '', text: mail.text ?? '' });
            this.waiters.splice(0).forEach((wake) => wake());
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
  }

  static async start(): Promise<Mailbox> {
    const mailbox = new Mailbox();
    await new Promise<void>((resolve) => mailbox.server.listen(0, '127.0.0.1', resolve));
    return mailbox;
  }

  get url(): string {
    const { port } = this.server.server.address() as AddressInfo;
    return `smtp://127.0.0.1:${port}`;
  }

  /** Waits for the first message to `address` whose subject or text matches. */
  async waitFor(address: string, match: RegExp = /.*/, timeoutMs = 15_000): Promise<CaughtMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(
        (m) => m.to.includes(address.toLowerCase()) && (match.test(m.subject) || match.test(m.text)),
      );
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`Aucun e-mail pour ${address} (${String(match)}) après ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
