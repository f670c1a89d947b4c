import { describe, expect, it } from 'vitest';
import { addDays, haitiDateOf, haitiDateTime, haitiInstantOf, startOfHaitiDay } from './dates.js';

// 8 March 2026: Haiti's clocks go from 02:00 (−05:00) to 03:00 (−04:00); 1 November 2026 they go back.
describe("Haiti's days", () => {
  it('dates an instant by Haiti’s calendar, not UTC’s', () => {
    expect(haitiDateOf(new Date('2026-11-26T04:59:00Z'))).toBe('2026-11-25');
    expect(haitiDateOf(new Date('2026-11-26T05:00:00Z'))).toBe('2026-11-26');
    expect(haitiDateOf(new Date('2026-07-02T03:59:00Z'))).toBe('2026-07-01');
  });

  it('starts a day at Haiti’s midnight, in winter, in summer time and on the days the clocks change', () => {
    expect(startOfHaitiDay('2026-11-25').toISOString()).toBe('2026-11-25T05:00:00.000Z');
    expect(startOfHaitiDay('2026-07-01').toISOString()).toBe('2026-07-01T04:00:00.000Z');
    expect(startOfHaitiDay('2026-03-08').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfHaitiDay('2026-03-09').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(startOfHaitiDay('2026-11-01').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(startOfHaitiDay('2026-11-02').toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });

  it('reads a time that summer time skips with the offset before the change', () => {
    const skipped = Date.UTC(2026, 2, 8, 2, 30);
    expect(new Date(haitiInstantOf(skipped)).toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });

  it('adds calendar days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('writes the CSV’s date and time in Haiti', () => {
    expect(haitiDateTime(new Date('2026-11-26T04:59:30Z'))).toBe('25/11/2026 23:59');
    expect(haitiDateTime(new Date('2026-11-26T05:00:00Z'))).toBe('26/11/2026 00:00');
  });
});
