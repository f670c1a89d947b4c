import { formatLongDateTime, haitiInstantOf } from '@lajan/domain';
import { currentLanguage, formatLanguage } from '../i18n/i18n';

const wallClock = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * A `datetime-local` value read as Haiti's wall clock ("2026-11-25T08:00") → the moment with its offset
 * ("2026-11-25T08:00:00-05:00"), what the API takes; null when it is not such a value. A time that summer
 * time skips is read with the offset before the change.
 */
export function haitiWallClockToIso(value: string): string | null {
  const match = wallClock.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(asUtc)) return null;
  // Haiti's offset from UTC, in minutes (−300 in winter, −240 in summer time).
  const offset = Math.round((asUtc - haitiInstantOf(asUtc)) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * A moment as the fee table says it, in Haiti's time and the screens' language ("25 novembre 2026 à 08:00",
 * "25 novanm 2026 a 08:00", decision 238); null for a moment that is no date (the first version's
 * `-infinity`) or before 1970.
 */
export function formatHaitiMoment(iso: string): string | null {
  const at = Date.parse(iso);
  if (Number.isNaN(at) || at < 0) return null;
  return formatLongDateTime(new Date(at), formatLanguage(currentLanguage()));
}
