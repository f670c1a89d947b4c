import { i18n } from '@lingui/core';
import type { Language } from '@lajan/domain';

/**
 * The language dates and amounts are written in on the screens: the screens' own, which is Lingui's active
 * one (i18n/i18n.ts sets it), the pseudo-language's being French (decision 238).
 */
export function formatLanguage(): Language {
  return i18n.locale === 'ht' ? 'ht' : 'fr';
}
