import { genericMessages } from '@lajan/domain';
import type { FastifyReply } from 'fastify';
import { Throttled } from './errors.js';

/** Report screens one user may have loading at once in a process (decision 199; exports: decision 233). */
export const HEAVY_READS_PER_USER = 2;

/** What the refusal's `Retry-After` says: an export of a year takes seconds. */
const RETRY_AFTER_SECONDS = 10;

/**
 * Reads over a period (statements, the network's reports) hold a connection for seconds: a user runs at most
 * `HEAVY_READS_PER_USER` at once, past that 429 without reading anything (decision 199).
 */
export class HeavyReads {
  readonly #running = new Map<string, number>();

  constructor(private readonly limit: number = HEAVY_READS_PER_USER) {}

  /** Counts one heavy read of `userId` until its answer ends (sent, failed or cut off); 429 past the limit. */
  hold(userId: string, reply: FastifyReply): void {
    const running = this.#running.get(userId) ?? 0;
    if (running >= this.limit) throw new Throttled(RETRY_AFTER_SECONDS, genericMessages.heavyReadsBusy);
    this.#running.set(userId, running + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (this.#running.get(userId) ?? 1) - 1;
      if (left > 0) this.#running.set(userId, left);
      else this.#running.delete(userId);
    };
    reply.raw.once('finish', release);
    reply.raw.once('close', release);
    reply.raw.once('error', release);
  }
}
