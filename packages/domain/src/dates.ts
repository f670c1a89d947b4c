/** Lajan's business day is Haiti's. */
export const BUSINESS_TIME_ZONE = 'America/Port-au-Prince';

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/*
 * Haiti's calendar and wall clock, for the server and the web alike. America/Port-au-Prince has kept
 * daylight saving time in some years and not in others: the tz database answers each instant's offset.
 */
let partsFormat: Intl.DateTimeFormat | undefined;

/** Haiti's wall-clock time at the instant `at` (milliseconds), read as if it were UTC, to the second. */
export function haitiWallClockMs(at: number): number {
  partsFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: BUSINESS_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const parts = Object.fromEntries(
    partsFormat.formatToParts(new Date(at)).map((part) => [part.type, part.value]),
  );
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

/**
 * The instant (milliseconds) at which Haiti's clocks read `wall` (a wall-clock time read as UTC). The offset
 * is read at a guess and again at the result; a time that summer time skips takes the offset before the change.
 */
export function haitiInstantOf(wall: number): number {
  let instant = wall - (haitiWallClockMs(wall) - wall);
  instant = wall - (haitiWallClockMs(instant) - instant);
  return wall - (haitiWallClockMs(instant) - instant);
}

/** The day `YYYY-MM-DD` in Haiti at `instant`. */
export function haitiDateOf(instant: Date): string {
  return new Date(haitiWallClockMs(instant.getTime())).toISOString().slice(0, 10);
}

/** Today's date in Haiti as `YYYY-MM-DD`. */
export function todayIso(now: Date = new Date()): string {
  return haitiDateOf(now);
}

/** `date` plus `days` calendar days (`YYYY-MM-DD`). */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The instant Haiti's day `date` begins (the clocks change at 2:00, never at midnight). */
export function startOfHaitiDay(date: string): Date {
  return new Date(haitiInstantOf(Date.parse(`${date}T00:00:00Z`)));
}

let lastMinute = { minute: Number.NaN, text: '' };

/** `DD/MM/YYYY HH:MM` in Haiti: the CSV's dates. */
export function haitiDateTime(instant: Date): string {
  // The text depends only on the minute (clocks change on the hour), and an export writes its rows in
  // time order, several to a minute: the last minute's text is kept (the tz lookup is most of a row's work).
  const minute = Math.floor(instant.getTime() / 60_000);
  if (minute === lastMinute.minute) return lastMinute.text;
  const wall = new Date(haitiWallClockMs(instant.getTime())).toISOString();
  const text = `${wall.slice(8, 10)}/${wall.slice(5, 7)}/${wall.slice(0, 4)} ${wall.slice(11, 16)}`;
  lastMinute = { minute, text };
  return text;
}

/** True for a real calendar date written `YYYY-MM-DD` (no 2025-02-30). */
export function isIsoDate(value: string): boolean {
  if (!isoDatePattern.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Whole years between a birth date and a day, both `YYYY-MM-DD`; the birthday itself counts. */
export function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  let age = y - by;
  if (m < bm || (m === bm && d < bd)) age -= 1;
  return age;
}

// A moment from the API (`2026-12-05T01:08:00.000Z`): an ISO time with its zone.
const momentPattern = /^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/;
let dateFr: Intl.DateTimeFormat | undefined;

/**
 * `12/03/2026` for a date; "Non spécifié" when there is none. A moment (a `createdAt`) is dated in Haiti's
 * time zone: its first ten characters are the UTC day, a day late from 19:00 or 20:00 in Haiti.
 */
export function formatDateFr(value: string | null | undefined): string {
  if (!value) return 'Non spécifié';
  if (momentPattern.test(value)) {
    const at = Date.parse(value);
    if (Number.isNaN(at)) return 'Non spécifié';
    dateFr ??= new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeZone: BUSINESS_TIME_ZONE });
    return dateFr.format(at);
  }
  const datePart = value.slice(0, 10);
  if (!isIsoDate(datePart)) return 'Non spécifié';
  const [y, m, d] = datePart.split('-');
  return `${d}/${m}/${y}`;
}

// Built at first use and kept: creating an Intl formatter costs far more than formatting (each history
// row and each "fetched at" asks for one); not at import, so that a screen that never formats pays nothing.
let dateTimeFr: Intl.DateTimeFormat | undefined;

/** French short date and time (`12/03/2026 14:05`), in Haiti's time zone. */
export function formatDateTimeFr(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  dateTimeFr ??= new Intl.DateTimeFormat('fr-FR', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: BUSINESS_TIME_ZONE,
  });
  return dateTimeFr.format(date);
}

/** The day and the time apart (`12/03/2026`, `14:05`), in Haiti's time zone: "Données du … à …". */
export function formatDayAndTimeFr(value: string | Date): { day: string; time: string } {
  const date = typeof value === 'string' ? new Date(value) : value;
  const day = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeZone: BUSINESS_TIME_ZONE }).format(
    date,
  );
  const time = new Intl.DateTimeFormat('fr-FR', { timeStyle: 'short', timeZone: BUSINESS_TIME_ZONE }).format(
    date,
  );
  return { day, time };
}
