import type { Language } from '@lajan/domain';
import { currentLanguage } from '../../i18n/i18n';

/** The language dates and amounts are written in on screen: the pseudo-language's are French (decision 238). */
export function formatLanguage(): Language {
  return currentLanguage() === 'ht' ? 'ht' : 'fr';
}
