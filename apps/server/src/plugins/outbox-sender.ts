import type { FastifyInstance } from 'fastify';

/** How long a stop waits for the last messages to go. */
const FLUSH_ON_CLOSE_MS = 5_000;

interface OutboxSender {
  start(): void;
  kick(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * An outbox's sender, started once the database is migrated and answers (decision 120). A stop sends what
 * the requests just finished have queued, for a few seconds at most; the rest waits for the next start.
 */
export function runOutboxSender(app: FastifyInstance, sender: OutboxSender): void {
  let started = false;
  app.databaseStartup.afterwards(() => {
    started = true;
    sender.start();
  });
  app.addHook('onClose', async () => {
    if (started) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        sender.kick(),
        new Promise((resolve) => (timer = setTimeout(resolve, FLUSH_ON_CLOSE_MS))),
      ]);
      clearTimeout(timer);
    }
    await sender.stop();
  });
}
