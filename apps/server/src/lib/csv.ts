/*
 * The CSV files a French spreadsheet opens without an import dialog (decision 090): UTF-8 with a BOM,
 * `;` between cells, `\r\n` after each line, amounts with a decimal comma.
 */

export const CSV_BOM = '\uFEFF';
const SEPARATOR = ';';
const LINE_END = '\r\n';

/** `1500,50`: two decimals, a decimal comma, no grouping, so that a French spreadsheet reads a number. */
export function csvAmount(centimes: number): string {
  const whole = Math.trunc(centimes / 100);
  const cents = String(Math.abs(centimes % 100)).padStart(2, '0');
  return `${centimes < 0 && whole === 0 ? '-' : ''}${whole},${cents}`;
}

/**
 * What a spreadsheet may read as the start of a formula (OWASP's CSV injection list), and the full-width
 * `＝ ＋ － ＠` that some spreadsheets fold into them.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * One cell: quoted when it holds the separator, a quote or a line break; a text starting like a formula
 * gets a leading `'` so that a spreadsheet shows it instead of running it (a name is typed by a user).
 */
export function csvText(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(cells: string[]): string {
  return cells.join(SEPARATOR) + LINE_END;
}
