import { DatabaseBusyError } from './errors.js';

/**
 * At most `limit` tasks of one kind at once, the others queued up to `waitMs` and `maxWaiting`, then refused
 * with `DatabaseBusyError` (503): a flood of sign-ins, which wait on one another, never holds more than
 * `limit` of the pool's connections from the counter's money requests (decision 161).
 */
export function concurrencyGate(limit: number, waitMs: number, maxWaiting = Number.POSITIVE_INFINITY) {
  let running = 0;
  const waiting: Array<{ start: () => void; timer: NodeJS.Timeout }> = [];

  function release(): void {
    const next = waiting.shift();
    if (next === undefined) {
      running -= 1;
      return;
    }
    clearTimeout(next.timer);
    next.start(); // the slot passes to the next in line: `running` is unchanged
  }

  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running < limit) running += 1;
    else if (waiting.length >= maxWaiting) throw new DatabaseBusyError();
    else {
      await new Promise<void>((resolve, reject) => {
        const entry = {
          start: resolve,
          timer: setTimeout(() => {
            waiting.splice(waiting.indexOf(entry), 1);
            reject(new DatabaseBusyError());
          }, waitMs),
        };
        waiting.push(entry);
      });
    }
    try {
      return await task();
    } finally {
      release();
    }
  };
}
