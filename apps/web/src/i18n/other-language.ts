import { i18n } from '@lingui/core';
import type { ScreenLanguage } from './catalogues';

/** Lingui's current locale, which `i18n._` and `i18n.locale` read; `activate` would also redraw the screens. */
type LocaleHolder = { _locale: string };

/**
 * Runs `work` with every text read in `language` (its texts loaded first: `loadLanguage`), then the screens'
 * again: synchronous, so no screen reads a text meanwhile (decision 236). other-language.test.ts checks the
 * field still does this after an upgrade of Lingui.
 */
export function inOtherLanguage<T>(language: ScreenLanguage, work: () => T): T {
  const holder = i18n as unknown as LocaleHolder;
  const previous = holder._locale;
  if (previous === language) return work();
  holder._locale = language;
  try {
    return work();
  } finally {
    holder._locale = previous;
  }
}
