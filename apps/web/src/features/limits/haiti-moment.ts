import { formatLongDateTime } from '@lajan/domain';
import { currentLanguage, formatLanguage } from '../../i18n/i18n';

/**
 * A version's moment in Haiti's time, in the screen's language ("25 novembre 2026 à 08:00", "25 novanm 2026
 * a 08:00", decision 238); null for a moment that is no date (the first version's `-infinity`) or before 1970.
 */
export function haitiMoment(iso: string): string | null {
  const at = Date.parse(iso);
  if (Number.isNaN(at) || at < 0) return null;
  return formatLongDateTime(iso, formatLanguage(currentLanguage()));
}
