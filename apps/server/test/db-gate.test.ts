import { describe, expect, it } from 'vitest';
import { DatabaseBusyError, isDatabaseUnavailable } from '../src/db/errors.js';
import { concurrencyGate } from '../src/db/gate.js';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('concurrencyGate', () => {
  it('runs at most its limit at once, the others in their order of arrival', async () => {
    const gate = concurrencyGate(2, 5_000);
    const releases = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = releases.map((release, i) =>
      gate(async () => {
        started.push(i);
        await release.promise;
        return i;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);

    releases[1]!.resolve();
    await runs[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);

    releases[0]!.resolve();
    releases[2]!.resolve();
    releases[3]!.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(started).toEqual([0, 1, 2, 3]);
  });

  it('gives its turn back when a task fails', async () => {
    const gate = concurrencyGate(1, 5_000);
    await expect(gate(() => Promise.reject(new Error('refusée')))).rejects.toThrow('refusée');
    expect(await gate(() => Promise.resolve('suivante'))).toBe('suivante');
  });

  it('fails a task that waits longer than its wait, as the database unavailable (503), and never runs it', async () => {
    const gate = concurrencyGate(1, 30);
    const hold = deferred();
    const first = gate(() => hold.promise);
    let ran = false;
    const late = gate(() => {
      ran = true;
      return Promise.resolve();
    });
    const error = await late.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DatabaseBusyError);
    expect(isDatabaseUnavailable(error)).toBe(true);
    hold.resolve();
    await first;
    expect(ran).toBe(false);
    // The slot is free again.
    expect(await gate(() => Promise.resolve('ensuite'))).toBe('ensuite');
  });

  it('refuses at once, as the database unavailable, a task that finds the waiting line full', async () => {
    const gate = concurrencyGate(1, 5_000, 1);
    const hold = deferred();
    const first = gate(() => hold.promise);
    const second = gate(() => Promise.resolve('deuxième'));
    const third = await gate(() => Promise.resolve('troisième')).catch((caught: unknown) => caught);
    expect(third).toBeInstanceOf(DatabaseBusyError);
    hold.resolve();
    await first;
    expect(await second).toBe('deuxième');
  });
});
