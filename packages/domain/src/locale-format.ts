import { CURRENCY } from './account-names.js';
import {
  BUSINESS_TIME_ZONE,
  formatDateFr,
  formatDateTimeFr,
  formatDayAndTimeFr,
  haitiWallClockMs,
  isIsoDate,
} from './dates.js';
import type { Language } from './languages.js';

// Dates and amounts in French or Haitian Creole (decision 238). Node and Chromium have no `ht` data (Intl
// answers in English), so Kreyòl names come from the tables below. No zod here: any screen may format.

/** Kreyòl month names, January first (docs/glossary-kreyol.md). */
export const kreyolMonthNames = [
  'janvye',
  'fevriye',
  'mas',
  'avril',
  'me',
  'jen',
  'jiyè',
  'out',
  'septanm',
  'oktòb',
  'novanm',
  'desanm',
] as const;

/** Kreyòl day names, Sunday first as `Date#getUTCDay` counts them. */
export const kreyolDayNames = ['dimanch', 'lendi', 'madi', 'mèkredi', 'jedi', 'vandredi', 'samdi'] as const;

/** What a date field without a value reads. */
export const notSpecifiedTexts: Record<Language, string> = { fr: 'Non spécifié', ht: 'Pa presize' };

interface WallClock {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hour: number;
  minute: number;
}

/** The calendar and clock of a wall-clock time read as UTC (milliseconds). */
function partsOf(wall: number): WallClock {
  const at = new Date(wall);
  return {
    year: at.getUTCFullYear(),
    month: at.getUTCMonth() + 1,
    day: at.getUTCDate(),
    weekday: at.getUTCDay(),
    hour: at.getUTCHours(),
    minute: at.getUTCMinutes(),
  };
}

/** Haiti's calendar and clock at `date`; a RangeError for an invalid date, as Intl's `format` throws. */
function haitiPartsOf(date: Date): WallClock {
  const at = date.getTime();
  if (Number.isNaN(at)) throw new RangeError('Invalid time value');
  return partsOf(haitiWallClockMs(at));
}

/** A plain date (`2026-12-05`) is that day; anything else is an instant, dated in Haiti. */
function dayPartsOf(value: string | Date): WallClock {
  if (typeof value === 'string' && isIsoDate(value)) return partsOf(Date.parse(`${value}T00:00:00Z`));
  return haitiPartsOf(typeof value === 'string' ? new Date(value) : value);
}

const pad = (n: number) => String(n).padStart(2, '0');
const shortDate = (p: WallClock) => `${pad(p.day)}/${pad(p.month)}/${p.year}`;
const shortTime = (p: WallClock) => `${pad(p.hour)}:${pad(p.minute)}`;
const longDate = (p: WallClock) => `${p.day} ${kreyolMonthNames[p.month - 1] ?? ''} ${p.year}`;

// A moment from the API (`2026-12-05T01:08:00.000Z`), as formatDateFr tells it from a plain date.
const momentPattern = /^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/;

/**
 * `12/03/2026` for a date, in Haiti for a moment; "Non spécifié" / "Pa presize" when there is none. French is
 * formatDateFr's text; Kreyòl has the same figures.
 */
export function formatDate(value: string | null | undefined, language: Language): string {
  if (language === 'fr') return formatDateFr(value);
  if (!value) return notSpecifiedTexts.ht;
  if (momentPattern.test(value)) {
    const at = Date.parse(value);
    return Number.isNaN(at) ? notSpecifiedTexts.ht : shortDate(partsOf(haitiWallClockMs(at)));
  }
  const datePart = value.slice(0, 10);
  return isIsoDate(datePart) ? shortDate(partsOf(Date.parse(`${datePart}T00:00:00Z`))) : notSpecifiedTexts.ht;
}

/** `12/03/2026 14:05` in Haiti, in both languages (formatDateTimeFr's text). */
export function formatDateTime(value: string | Date, language: Language): string {
  if (language === 'fr') return formatDateTimeFr(value);
  const parts = haitiPartsOf(typeof value === 'string' ? new Date(value) : value);
  return `${shortDate(parts)} ${shortTime(parts)}`;
}

/** The day and the time apart (`12/03/2026`, `14:05`) in Haiti, in both languages (formatDayAndTimeFr's). */
export function formatDayAndTime(value: string | Date, language: Language): { day: string; time: string } {
  if (language === 'fr') return formatDayAndTimeFr(value);
  const parts = haitiPartsOf(typeof value === 'string' ? new Date(value) : value);
  return { day: shortDate(parts), time: shortTime(parts) };
}

// Built at first use and kept, as dates.ts's: creating an Intl formatter costs far more than formatting.
const frenchFormats = new Map<string, Intl.DateTimeFormat>();

function frenchFormat(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let format = frenchFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('fr-FR', options);
    frenchFormats.set(key, format);
  }
  return format;
}

/** A plain date's French text at UTC midnight, so that no time zone moves it to the day before. */
function frenchDay(value: string | Date, key: string, options: Intl.DateTimeFormatOptions): string {
  if (typeof value === 'string' && isIsoDate(value)) {
    return frenchFormat(`${key}-utc`, { ...options, timeZone: 'UTC' }).format(
      Date.parse(`${value}T00:00:00Z`),
    );
  }
  const date = typeof value === 'string' ? new Date(value) : value;
  return frenchFormat(key, { ...options, timeZone: BUSINESS_TIME_ZONE }).format(date);
}

/** "5 décembre 2026" / "5 desanm 2026": a plain date as written, a moment in Haiti. */
export function formatLongDate(value: string | Date, language: Language): string {
  if (language === 'fr') return frenchDay(value, 'long', { dateStyle: 'long' });
  return longDate(dayPartsOf(value));
}

/** "samedi 5 décembre 2026" / "samdi 5 desanm 2026": the long date with its weekday. */
export function formatFullDate(value: string | Date, language: Language): string {
  if (language === 'fr') return frenchDay(value, 'full', { dateStyle: 'full' });
  const parts = dayPartsOf(value);
  return `${kreyolDayNames[parts.weekday] ?? ''} ${longDate(parts)}`;
}

/**
 * "25 novembre 2026 à 08:00" / "25 novanm 2026 a 08:00" in Haiti: the fee table's moments (web's
 * formatHaitiMoment) and the e-mails' (`dateStyle: 'long', timeStyle: 'short'`) give the same French text.
 */
export function formatLongDateTime(value: string | Date, language: Language): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (language === 'fr') {
    return frenchFormat('long-time', {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: BUSINESS_TIME_ZONE,
    }).format(date);
  }
  const parts = haitiPartsOf(date);
  return `${longDate(parts)} a ${shortTime(parts)}`;
}

// Intl's fr-FR formatter for the amounts the plain path does not write (not finite, with an exponent).
let amountFormat: Intl.NumberFormat | undefined;

/**
 * money.ts's formatHtg text, written again without its zod (decision 160): `-1 234,50`, U+202F between
 * thousands, rounded half away from zero as Intl rounds. locale-format.test.ts checks both agree.
 */
function frenchTwoDecimals(amount: number): string {
  const written = String(Math.abs(amount));
  if (!Number.isFinite(amount) || written.includes('e')) {
    amountFormat ??= new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return amountFormat.format(amount);
  }
  const [whole = '0', fraction = ''] = written.split('.');
  const roundUp = (fraction[2] ?? '0') >= '5';
  const cents = BigInt(whole + fraction.slice(0, 2).padEnd(2, '0')) + (roundUp ? 1n : 0n);
  const units = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  const decimals = (cents % 100n).toString().padStart(2, '0');
  return `${amount < 0 || Object.is(amount, -0) ? '-' : ''}${units},${decimals}`;
}

/**
 * An HTG amount, "1 250,50 HTG", the same text in French and in Kreyòl (decision 238): a receipt's figures
 * read alike in both languages, and a decimal comma never turns into a point that reads as thousands.
 */
export function formatAmount(value: number, _language: Language): string {
  return `${frenchTwoDecimals(value)}\u00a0${CURRENCY}`;
}
