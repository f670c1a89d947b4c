import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvText } from '../src/lib/csv.js';

describe('csvText', () => {
  it('defuses a text that starts like a formula, in half or full width', () => {
    expect(csvText('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvText('＝1+1')).toBe("'＝1+1");
    expect(csvText('＋509')).toBe("'＋509");
    expect(csvText('－2')).toBe("'－2");
    expect(csvText('＠SUM(A1)')).toBe("'＠SUM(A1)");
    expect(csvText('\tcmd')).toBe("'\tcmd");
    expect(csvText('Anne Pierre')).toBe('Anne Pierre');
  });

  it('never writes a cell whose first character a spreadsheet reads as a formula', () => {
    const start = fc.constantFrom(
      '=',
      '+',
      '-',
      '@',
      '\t',
      '\r',
      '＝',
      '＋',
      '－',
      '＠',
      'a',
      'É',
      '1',
      ' ',
      '"',
    );
    fc.assert(
      fc.property(start, fc.string(), (first, rest) => {
        const cell = csvText(first + rest);
        const shown = cell.startsWith('"') ? cell.slice(1) : cell;
        expect(shown).not.toMatch(/^[=+\-@\t\r＝＋－＠]/);
      }),
      { seed: 20261129, numRuns: 500 },
    );
  });
});
