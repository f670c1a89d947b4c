import { describe, expect, it } from 'vitest';
import { formatHtg } from './money.js';

describe('formatHtg', () => {
  it('writes an HTG amount the French way, with Intl’s narrow no-break space between thousands', () => {
    expect(formatHtg(1500.5)).toBe('1\u202f500,50\u00a0HTG');
    expect(formatHtg(1234567.89)).toBe('1\u202f234\u202f567,89\u00a0HTG');
  });

  it('always shows two decimals', () => {
    expect(formatHtg(0)).toBe('0,00\u00a0HTG');
    expect(formatHtg(12)).toBe('12,00\u00a0HTG');
    expect(formatHtg(19.99)).toBe('19,99\u00a0HTG');
  });

  it('keeps the sign of a negative amount (the treasury may go below zero)', () => {
    expect(formatHtg(-250.25)).toBe('-250,25\u00a0HTG');
  });

  it('reads as "1 500,50 HTG" once the special spaces are shown as plain ones', () => {
    expect(formatHtg(1500.5).replace(/[\u202f\u00a0]/g, ' ')).toBe('1 500,50 HTG');
  });
});
