import { errorCodes, genericMessages } from '@lajan/domain';
import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';
import type { Db, ReportingDatabase, ReportingLease } from '../db/client.js';
import { ServiceUnavailable, Throttled } from './errors.js';

/** What the refusal's `Retry-After` says: an export of a year takes seconds. */
const RETRY_AFTER_SECONDS = 10;

/**
 * One export per user at once, in this process and across processes (decision 233): the in-process set
 * refuses a burst without touching the database; the lease's advisory lock refuses another process's.
 */
export class OneExportPerUser {
  readonly #running = new Set<string>();

  constructor(private readonly reporting: ReportingDatabase) {}

  /** The user's export, on a reporting connection of its own; 429 `EXPORT_IN_PROGRESS` when one runs. */
  async begin(userId: string, reply: FastifyReply): Promise<ExportRun> {
    if (this.#running.has(userId)) throw exportBusy();
    this.#running.add(userId);
    let lease: ReportingLease | undefined;
    try {
      lease = await this.reporting.holdExclusive(userId);
    } catch (error) {
      this.#running.delete(userId);
      throw error;
    }
    if (!lease) {
      this.#running.delete(userId);
      throw exportBusy();
    }
    return new ExportRun(lease, () => this.#running.delete(userId), reply);
  }
}

function exportBusy(): Throttled {
  return new Throttled(RETRY_AFTER_SECONDS, genericMessages.exportInProgress, errorCodes.exportInProgress);
}

/**
 * An export under way, on its lease's connection. Its last step (`run`, `stream`) frees the export once its
 * last query is done, before the answer ends, so that the user's next export is never refused by this one.
 */
export class ExportRun {
  #active = 0;
  #answered = false;
  #streaming = false;
  #ended: Promise<void> | undefined;

  constructor(
    private readonly lease: ReportingLease,
    private readonly onEnd: () => void,
    reply: FastifyReply,
  ) {
    // An answer that ends before the last step began: a refusal, or a client gone before the first read.
    const answered = () => {
      this.#answered = true;
      if (this.#active === 0 && !this.#streaming) void this.#end();
    };
    reply.raw.once('finish', answered);
    reply.raw.once('close', answered);
    reply.raw.once('error', answered);
    // Gone while this export waited for its connection: its 'close' has already passed.
    if (reply.raw.destroyed || reply.raw.writableFinished) answered();
  }

  /** A read before the last step (who may read what); the connection stays held. */
  async read<T>(work: (db: Db) => Promise<T>): Promise<T> {
    this.#assertHeld();
    this.#active += 1;
    try {
      return await work(this.lease.db);
    } finally {
      this.#active -= 1;
      if (this.#answered && this.#active === 0 && !this.#streaming) await this.#end();
    }
  }

  /** The last step, a whole answer read at once. */
  async run<T>(work: (db: Db) => Promise<T>): Promise<T> {
    try {
      return await this.read(work);
    } finally {
      await this.#end();
    }
  }

  /** The last step, streamed: freed when the rows end, or when the client cuts it (Fastify destroys it). */
  stream(chunks: (db: Db) => AsyncIterable<string>): Readable {
    return Readable.from(this.#guarded(chunks));
  }

  async *#guarded(chunks: (db: Db) => AsyncIterable<string>): AsyncGenerator<string> {
    if (this.#ended) return;
    this.#streaming = true;
    try {
      yield* chunks(this.lease.db);
    } finally {
      await this.#end();
    }
  }

  /** A client gone between two steps: its connection is back in the pool, nothing more reads on it. */
  #assertHeld(): void {
    if (this.#ended) throw new ServiceUnavailable();
  }

  #end(): Promise<void> {
    return (this.#ended ??= this.lease.release().finally(this.onEnd));
  }
}

/** What the OpenAPI document says of every export (decision 233). */
export const oneExportText =
  'Un export à la fois par utilisateur, tous processus confondus : un deuxième pendant qu’un premier court répond aussitôt 429 `EXPORT_IN_PROGRESS`. Lu sur la base des rapports : avec `DATABASE_READ_URL` (un réplica), les opérations des toutes dernières secondes peuvent ne pas y figurer encore.';
