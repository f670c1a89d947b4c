import type { Db } from '../db/client.js';
import { postgresErrorOf } from '../db/errors.js';
import { postAlone, postBatch, type OneCall, type OneCallOutcome } from './one-call.js';
import { LedgerRefused } from './results.js';

/**
 * Group commit (decision 142): movements that arrive while a batch is in flight go in the next; no timer
 * (decision 216). A batch refused whole wrote nothing, so each movement is posted alone, its errors its own;
 * one whose fate is unknown may have committed, so it is never posted again (`LedgerUnavailable`).
 */

/**
 * How many batches one process keeps in flight. One: the next batch gathers every movement that arrived
 * during the current one, which is what makes batches large; measured against two in decision 142.
 */
export const BATCHES_IN_FLIGHT = 1;
/** The most movements in one batch: a statement that stays short, and a JSON parameter that stays small. */
export const MAX_BATCH_ITEMS = 100;

/** What the batches of this process were: their sizes (a histogram), and the batches posted alone again. */
export const groupCommitStats = {
  batches: 0,
  movements: 0,
  /** Batch size → how many batches had it (a lone movement is a batch of one). */
  sizes: new Map<number, number>(),
  /** Batches that failed whole and whose movements were posted one by one. */
  fallbacks: 0,
};

interface Waiting {
  call: OneCall;
  resolve: (outcome: OneCallOutcome) => void;
  reject: (error: unknown) => void;
}

export class GroupCommit {
  readonly #db: Db;
  readonly #inFlightLimit: number;
  readonly #maxItems: number;
  readonly #onBatch: ((size: number, postedAlone: boolean) => void) | undefined;
  #queue: Waiting[] = [];
  #inFlight = 0;

  constructor(
    db: Db,
    options: {
      inFlight?: number;
      maxItems?: number;
      /** Each batch's size, and whether it failed whole and was posted movement by movement (decision 230). */
      onBatch?: ((size: number, postedAlone: boolean) => void) | undefined;
    } = {},
  ) {
    this.#db = db;
    this.#inFlightLimit = options.inFlight ?? BATCHES_IN_FLIGHT;
    this.#maxItems = options.maxItems ?? MAX_BATCH_ITEMS;
    this.#onBatch = options.onBatch;
  }

  /** Posts one movement, with the others waiting now: what it would be answered alone. */
  submit(call: OneCall): Promise<OneCallOutcome> {
    return new Promise<OneCallOutcome>((resolve, reject) => {
      this.#queue.push({ call, resolve, reject });
      this.#next();
    });
  }

  #next(): void {
    while (this.#inFlight < this.#inFlightLimit && this.#queue.length > 0) {
      const batch = this.#queue.splice(0, this.#maxItems);
      this.#inFlight += 1;
      void this.#post(batch).finally(() => {
        this.#inFlight -= 1;
        this.#next();
      });
    }
  }

  async #post(batch: Waiting[]): Promise<void> {
    groupCommitStats.batches += 1;
    groupCommitStats.movements += batch.length;
    groupCommitStats.sizes.set(batch.length, (groupCommitStats.sizes.get(batch.length) ?? 0) + 1);
    if (batch.length === 1) {
      this.#onBatch?.(1, false);
      await this.#alone(batch[0]!);
      return;
    }
    let results;
    try {
      results = await postBatch(
        this.#db,
        batch.map((waiting) => waiting.call),
      );
    } catch (error) {
      if (!rolledBack(error)) {
        this.#onBatch?.(batch.length, false);
        // It may have committed: posting its movements again could post a movement without a key twice.
        for (const waiting of batch) waiting.reject(error);
        return;
      }
      // Nothing of the batch was written, and no one was answered: each movement alone, its errors its own.
      groupCommitStats.fallbacks += 1;
      this.#onBatch?.(batch.length, true);
      await Promise.all(batch.map((waiting) => this.#alone(waiting)));
      return;
    }
    this.#onBatch?.(batch.length, false);
    results.forEach((result, index) => {
      const waiting = batch[index]!;
      if (result instanceof LedgerRefused) waiting.reject(result);
      else waiting.resolve(result);
    });
  }

  async #alone(waiting: Waiting): Promise<void> {
    try {
      waiting.resolve(await postAlone(this.#db, waiting.call));
    } catch (error) {
      waiting.reject(error);
    }
  }
}

/**
 * Whether a batch's failure proves nothing was written (decision 142): the server answered an error, so it
 * rolled back, but not a lost connection (class 08) or a shutdown (57P01–57P03), after which it may have
 * committed. An error without a SQLSTATE (a client's timeout) proves nothing.
 */
function rolledBack(error: unknown): boolean {
  const code = postgresErrorOf(error)?.code;
  return code !== undefined && !code.startsWith('08') && !code.startsWith('57P0');
}
