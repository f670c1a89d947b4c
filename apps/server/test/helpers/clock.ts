import type { Clock } from '../../src/clock.js';

/** A clock that tests move by hand: no test sleeps to let a window or a token expire. */
export class TestClock implements Clock {
  #now: number;

  constructor(start: Date = new Date()) {
    this.#now = start.getTime();
  }

  now(): Date {
    return new Date(this.#now);
  }

  advance(ms: number): void {
    this.#now += ms;
  }
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
