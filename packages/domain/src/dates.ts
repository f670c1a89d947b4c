/** Lajan's business day is Haiti's. */
export const BUSINESS_TIME_ZONE = 'America/Port-au-Prince';

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** Today's date in Haiti as `YYYY-MM-DD`. */
export function todayIso(now: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: BUSINESS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
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
