import { BUSINESS_TIME_ZONE } from '@lajan/domain';

/*
 * Calendar days of Haiti (America/Port-au-Prince, which has kept daylight saving time in some years and not
 * in others): the tz database answers the offset of each instant, so no offset is written here.
 */

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Haiti's wall-clock time at `instant`, read as if it were UTC (milliseconds). */
function wallClockMs(instant: number): number {
  const parts = Object.fromEntries(
    partsFormat.formatToParts(new Date(instant)).map((part) => [part.type, part.value]),
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

/** The day `YYYY-MM-DD` in Haiti at `instant`. */
export function haitiDateOf(instant: Date): string {
  return new Date(wallClockMs(instant.getTime())).toISOString().slice(0, 10);
}

/** `date` plus `days` calendar days (`YYYY-MM-DD`). */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/**
 * The instant Haiti's day `date` begins. The offset is read at a first guess and read again at the
 * result, which settles the days on which the clocks change (they change at 2:00, never at midnight).
 */
export function startOfHaitiDay(date: string): Date {
  const wall = Date.parse(`${date}T00:00:00Z`);
  let instant = wall - (wallClockMs(wall) - wall);
  instant = wall - (wallClockMs(instant) - instant);
  return new Date(instant);
}

/** `DD/MM/YYYY HH:MM` in Haiti: the CSV's dates. */
export function haitiDateTime(instant: Date): string {
  // The text depends only on the minute (clocks change on the hour), and an export writes its rows in
  // time order, several to a minute: the last minute's text is kept (the tz lookup is most of a row's work).
  const minute = Math.floor(instant.getTime() / 60_000);
  if (minute === lastMinute.minute) return lastMinute.text;
  const wall = new Date(wallClockMs(instant.getTime())).toISOString();
  const text = `${wall.slice(8, 10)}/${wall.slice(5, 7)}/${wall.slice(0, 4)} ${wall.slice(11, 16)}`;
  lastMinute = { minute, text };
  return text;
}

let lastMinute = { minute: Number.NaN, text: '' };
