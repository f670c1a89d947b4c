import { describe, expect, it } from 'vitest';
import { formatHaitiMoment, haitiWallClockToIso } from './haiti-time';

describe("Haiti's wall clock", () => {
  it('reads a datetime-local value with the offset of its date (winter −05:00, summer time −04:00)', () => {
    expect(haitiWallClockToIso('2026-11-25T08:00')).toBe('2026-11-25T08:00:00-05:00');
    expect(haitiWallClockToIso('2026-07-01T23:30')).toBe('2026-07-01T23:30:00-04:00');
    expect(Date.parse(haitiWallClockToIso('2026-11-25T08:00') ?? '')).toBe(
      Date.parse('2026-11-25T13:00:00Z'),
    );
  });

  it('reads a time that summer time skips with the offset before the change, and the hours around it as they are', () => {
    // 8 March 2026: 02:00 (−05:00) becomes 03:00 (−04:00); 02:30 does not exist on Haiti's clocks.
    expect(haitiWallClockToIso('2026-03-08T02:30')).toBe('2026-03-08T02:30:00-05:00');
    expect(haitiWallClockToIso('2026-03-08T01:59')).toBe('2026-03-08T01:59:00-05:00');
    expect(haitiWallClockToIso('2026-03-08T03:00')).toBe('2026-03-08T03:00:00-04:00');
    // 1 November 2026: 01:30 happens twice; the first (−04:00).
    expect(haitiWallClockToIso('2026-11-01T01:30')).toBe('2026-11-01T01:30:00-04:00');
  });

  it('refuses what is not a wall-clock value', () => {
    expect(haitiWallClockToIso('')).toBeNull();
    expect(haitiWallClockToIso('2026-11-25')).toBeNull();
    expect(haitiWallClockToIso('demain 8h')).toBeNull();
  });

  it('says a moment in Haiti time, and nothing for the first version’s −infinity', () => {
    expect(formatHaitiMoment('2026-11-25T13:00:00.000Z')).toBe('25 novembre 2026 à 08:00');
    expect(formatHaitiMoment('-infinity')).toBeNull();
  });
});
