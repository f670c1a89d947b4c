import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUSINESS_TIME_ZONE, formatDateFr, formatDateTimeFr, formatDayAndTimeFr } from './dates.js';
import {
  formatAmount,
  formatDate,
  formatDateTime,
  formatDayAndTime,
  formatFullDate,
  formatLongDate,
  formatLongDateTime,
  kreyolDayNames,
  kreyolMonthNames,
} from './locale-format.js';
import { isLanguage } from './languages.js';
import { formatHtg } from './money.js';

// 1970-01-01 to 2100-12-31, to the minute: the instants a screen, a receipt or an e-mail dates.
const instants = fc
  .integer({ min: 0, max: Math.floor(Date.UTC(2100, 11, 31) / 60_000) })
  .map((minute) => new Date(minute * 60_000));
const isoDays = fc
  .integer({ min: 0, max: Math.floor(Date.UTC(2100, 11, 31) / 86_400_000) })
  .map((day) => new Date(day * 86_400_000).toISOString().slice(0, 10));

// Today's French shapes, with the options their callers give Intl: apps/web/src/lib/haiti-time.ts (the fee
// table) and apps/server/src/mail/templates.ts (the e-mail of a changed address).
const feeTableFormat = new Intl.DateTimeFormat('fr-FR', {
  timeZone: BUSINESS_TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const mailFormat = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: BUSINESS_TIME_ZONE,
});

const englishNames =
  /january|february|march|april|may|june|july|august|september|october|november|december|sunday|monday|tuesday|wednesday|thursday|friday|saturday|\b(jan|feb|mar|apr|jun|jul|aug|sep|oct|nov|dec|sun|mon|tue|wed|thu|fri|sat)\b|\b(am|pm)\b/i;
const frenchOnlyNames =
  /janvier|février|mars|mai|juin|juillet|août|septembre|octobre|novembre|décembre|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche| à /;
const kreyolLongDate = new RegExp(`^([1-9]|[12]\\d|3[01]) (${kreyolMonthNames.join('|')}) \\d{4}$`);

describe('French dates, byte for byte as today', () => {
  it('formats a date, a moment and nothing as formatDateFr does', () => {
    fc.assert(
      fc.property(instants, (at) => {
        expect(formatDate(at.toISOString(), 'fr')).toBe(formatDateFr(at.toISOString()));
      }),
    );
    fc.assert(
      fc.property(isoDays, (day) => {
        expect(formatDate(day, 'fr')).toBe(formatDateFr(day));
      }),
    );
    for (const value of [
      null,
      undefined,
      '',
      'n/a',
      '2026-02-30',
      '2026-12-05T99:00:00Z',
      '2026-12-05 10:00',
    ]) {
      expect(formatDate(value, 'fr')).toBe(formatDateFr(value));
      expect(formatDate(value, 'ht')).toBe(formatDateFr(value).replace('Non spécifié', 'Pa presize'));
    }
  });

  it('formats a date and time, and the day and the time apart, as dates.ts does', () => {
    fc.assert(
      fc.property(instants, (at) => {
        expect(formatDateTime(at, 'fr')).toBe(formatDateTimeFr(at));
        expect(formatDateTime(at.toISOString(), 'fr')).toBe(formatDateTimeFr(at.toISOString()));
        expect(formatDayAndTime(at, 'fr')).toEqual(formatDayAndTimeFr(at));
      }),
    );
  });

  it('formats a long date and time as the fee table and the e-mails do', () => {
    fc.assert(
      fc.property(instants, (at) => {
        expect(formatLongDateTime(at, 'fr')).toBe(feeTableFormat.format(at));
        expect(formatLongDateTime(at.toISOString(), 'fr')).toBe(mailFormat.format(at));
      }),
    );
    expect(formatLongDateTime('2026-11-25T13:00:00Z', 'fr')).toBe('25 novembre 2026 à 08:00');
  });

  it('writes the long and full dates with Intl’s French names', () => {
    expect(formatLongDate('2026-12-01T18:05:00Z', 'fr')).toBe('1 décembre 2026');
    expect(formatFullDate('2026-12-05', 'fr')).toBe('samedi 5 décembre 2026');
    // 00:30 UTC on the 6th is the 5th in Haiti; a plain date is never moved by the time zone.
    expect(formatFullDate(new Date('2026-12-06T00:30:00Z'), 'fr')).toBe('samedi 5 décembre 2026');
    expect(formatLongDate('2026-01-01', 'fr')).toBe('1 janvier 2026');
  });
});

describe('Kreyòl dates, from Lajan’s table', () => {
  it('has twelve months and seven days in the standard spelling', () => {
    expect(kreyolMonthNames).toHaveLength(12);
    expect(kreyolDayNames).toHaveLength(7);
    expect(new Set([...kreyolMonthNames, ...kreyolDayNames]).size).toBe(19);
    // The official alphabet: c only in ch, u only in ou and ui, no q or x, only è and ò accented.
    for (const name of [...kreyolMonthNames, ...kreyolDayNames]) {
      expect(name).toMatch(/^(?:ch|ou|ui|[abdefghijklmnoprstvwyzèò])+$/);
    }
  });

  it('names the months and the days of the examples', () => {
    expect(formatLongDate('2026-12-05', 'ht')).toBe('5 desanm 2026');
    expect(formatFullDate('2026-12-05', 'ht')).toBe('samdi 5 desanm 2026');
    expect(formatFullDate('2026-07-14', 'ht')).toBe('madi 14 jiyè 2026');
    expect(formatFullDate('2026-08-19', 'ht')).toBe('mèkredi 19 out 2026');
    expect(formatFullDate('2026-10-30', 'ht')).toBe('vandredi 30 oktòb 2026');
    expect(formatLongDateTime('2026-11-25T13:00:00Z', 'ht')).toBe('25 novanm 2026 a 08:00');
    expect(formatDate(null, 'ht')).toBe('Pa presize');
    expect(formatDate('pa yon dat', 'ht')).toBe('Pa presize');
  });

  it('dates a moment in Haiti: the evening is still the same day, in winter and in summer time', () => {
    // 23:59 on 25 November in Haiti (−05:00), 23:59 on 1 July (−04:00).
    expect(formatDateTime('2026-11-26T04:59:00Z', 'ht')).toBe('25/11/2026 23:59');
    expect(formatFullDate('2026-11-26T04:59:00Z', 'ht')).toBe('mèkredi 25 novanm 2026');
    expect(formatLongDateTime('2026-07-02T03:59:00Z', 'ht')).toBe('1 jiyè 2026 a 23:59');
    // 8 March 2026: 02:00 becomes 03:00; 1 November 2026: 02:00 comes twice.
    expect(formatDateTime('2026-03-08T07:00:00Z', 'ht')).toBe('08/03/2026 03:00');
    expect(formatDateTime('2026-11-01T05:30:00Z', 'ht')).toBe('01/11/2026 01:30');
    expect(formatDateTime('2026-11-01T06:30:00Z', 'ht')).toBe('01/11/2026 01:30');
  });

  it('reads every day of a range as Kreyòl, never as Intl’s English fallback or as French', () => {
    fc.assert(
      fc.property(instants, (at) => {
        for (const text of [
          formatLongDate(at, 'ht'),
          formatFullDate(at, 'ht'),
          formatLongDateTime(at, 'ht'),
        ]) {
          expect(text).not.toMatch(englishNames);
          expect(text).not.toMatch(frenchOnlyNames);
        }
        expect(formatLongDate(at, 'ht')).toMatch(kreyolLongDate);
      }),
      { numRuns: 2000 },
    );
  });

  it('names the same day, month and weekday as the French does', () => {
    // Written out here, not read from the table under test: Intl's French names, word for word.
    const kreyolOf: Record<string, string> = {
      janvier: 'janvye',
      février: 'fevriye',
      mars: 'mas',
      avril: 'avril',
      mai: 'me',
      juin: 'jen',
      juillet: 'jiyè',
      août: 'out',
      septembre: 'septanm',
      octobre: 'oktòb',
      novembre: 'novanm',
      décembre: 'desanm',
      lundi: 'lendi',
      mardi: 'madi',
      mercredi: 'mèkredi',
      jeudi: 'jedi',
      vendredi: 'vandredi',
      samedi: 'samdi',
      dimanche: 'dimanch',
    };
    const toKreyol = (french: string) => french.replace(/\p{L}+/gu, (word) => kreyolOf[word] ?? `?${word}`);
    fc.assert(
      fc.property(instants, (at) => {
        expect(formatFullDate(at, 'ht')).toBe(toKreyol(formatFullDate(at, 'fr')));
      }),
    );
    fc.assert(
      fc.property(isoDays, (day) => {
        expect(formatFullDate(day, 'ht')).toBe(toKreyol(formatFullDate(day, 'fr')));
      }),
    );
    // Every month and every weekday of 2026 once, at least.
    const seen = new Set<string>();
    for (let day = 0; day < 365; day += 1) {
      const text = formatFullDate(new Date(Date.UTC(2026, 0, 1 + day, 17)), 'ht');
      for (const word of text.split(' ')) seen.add(word);
    }
    for (const name of [...kreyolMonthNames, ...kreyolDayNames]) expect(seen).toContain(name);
  });

  it('writes the short shapes with the French figures, since a receipt reads alike in both', () => {
    fc.assert(
      fc.property(instants, (at) => {
        expect(formatDateTime(at, 'ht')).toBe(formatDateTimeFr(at));
        expect(formatDayAndTime(at.toISOString(), 'ht')).toEqual(formatDayAndTimeFr(at.toISOString()));
        expect(formatDate(at.toISOString(), 'ht')).toBe(formatDateFr(at.toISOString()));
      }),
    );
    fc.assert(
      fc.property(isoDays, (day) => {
        expect(formatDate(day, 'ht')).toBe(formatDateFr(day));
      }),
    );
  });

  it('refuses an invalid date as Intl does in French', () => {
    expect(() => formatDateTime('pa yon dat', 'fr')).toThrow(RangeError);
    expect(() => formatDateTime('pa yon dat', 'ht')).toThrow(RangeError);
    expect(() => formatLongDateTime(new Date(Number.NaN), 'ht')).toThrow(RangeError);
    expect(() => formatFullDate('pa yon dat', 'ht')).toThrow(RangeError);
  });
});

describe('amounts', () => {
  it('writes an amount in Kreyòl with the French figures and HTG', () => {
    expect(formatAmount(1250, 'ht')).toBe('1\u202f250,00\u00a0HTG');
    expect(formatAmount(-0.5, 'ht')).toBe('-0,50\u00a0HTG');
    expect(formatAmount(1_000_000.05, 'fr')).toBe('1\u202f000\u202f000,05\u00a0HTG');
  });

  it('gives formatHtg’s text in both languages', () => {
    const amounts = fc.oneof(
      fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }).map((centimes) => centimes / 100),
      fc.double(),
    );
    fc.assert(
      fc.property(amounts, (amount) => {
        expect(formatAmount(amount, 'fr')).toBe(formatHtg(amount));
        expect(formatAmount(amount, 'ht')).toBe(formatHtg(amount));
      }),
      { numRuns: 2000 },
    );
  });
});

it('knows the languages Lajan speaks', () => {
  expect(isLanguage('ht')).toBe(true);
  expect(isLanguage('fr')).toBe(true);
  expect(isLanguage('en')).toBe(false);
  expect(isLanguage(undefined)).toBe(false);
});
