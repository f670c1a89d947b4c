import { DatabaseBusyError } from './errors.js';

/**
 * At most `limit` tasks of one kind at once; the others wait their turn in memory, first come
 * first served, and one that waits more than `waitMs` fails with `DatabaseBusyError` (answered
 * 503, as a full pool is), as does one that finds `maxWaiting` already waiting: a flood is
 * refused at once rather than held in memory. A kind of work whose transactions wait on one another (the sign-in
 * attempts of one username, serialized by their advisory locks) then holds at most `limit` of the
 * pool's connections, however many requests arrive: a flood of sign-ins never keeps the counter's
 * money requests waiting for a connection.
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
