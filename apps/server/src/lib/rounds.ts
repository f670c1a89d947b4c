/** How long `kickSoon` gathers the kicks of a busy moment before one round. */
export const KICK_SOON_MS = 200;

/**
 * An outbox's rounds of sending, one at a time (decisions 012, 240): after `kick()`, `kickSoon()` and every
 * `pollIntervalMs`; a kick during a round asks for one more after it, so that nothing queued meanwhile waits.
 */
export class Rounds {
  #timer: NodeJS.Timeout | undefined;
  #soon: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = false;

  constructor(
    private readonly round: () => Promise<void>,
    private readonly pollIntervalMs: number,
  ) {}

  /** Set by `stop()`: a round ends between two messages. */
  get stopped(): boolean {
    return this.#stopped;
  }

  start(): void {
    this.#timer = setInterval(() => void this.kick(), this.pollIntervalMs);
    this.#timer.unref();
    void this.kick();
  }

  /** A round now; resolves when it is over. */
  kick(): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = this.#run().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  /** One round a little later for every kick meanwhile: a busy counter costs a query per round, not each. */
  kickSoon(): void {
    if (this.#stopped || this.#soon) return;
    this.#soon = setTimeout(() => {
      this.#soon = undefined;
      void this.kick();
    }, KICK_SOON_MS);
    this.#soon.unref();
  }

  /** Resolves once no round is scheduled or running: a test that counts queries waits for it first. */
  async idle(): Promise<void> {
    while (this.#soon || this.#running)
      await (this.#running ?? new Promise((resolve) => setTimeout(resolve, KICK_SOON_MS)));
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    if (this.#soon) clearTimeout(this.#soon);
    await this.#running;
  }

  async #run(): Promise<void> {
    do {
      this.#again = false;
      await this.round();
    } while (this.#again && !this.#stopped);
  }
}
