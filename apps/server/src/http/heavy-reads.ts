import { genericMessages } from '@lajan/domain';
import type { FastifyReply } from 'fastify';
import { Throttled } from './errors.js';

/** Statements and exports one user may have running at once in a process (decision 199). */
export const HEAVY_READS_PER_USER = 2;

/** What the refusal's `Retry-After` says: an export of a year takes seconds. */
const RETRY_AFTER_SECONDS = 10;

/**
 * The reads that run over a period (statements, exports, the network's reports) hold a connection for
 * seconds. Fifty year-long exports sent at once by one teller took the pool, and another teller's history
 * went from a p95 of milliseconds to seconds, then 503 (issue 39). So a user runs at most
 * `HEAVY_READS_PER_USER` of them at once: past that, 429 at once, without reading anything.
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
