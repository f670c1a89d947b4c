import { i18n, setupI18n, type I18n, type Messages } from '@lingui/core';
import type { ScreenLanguage } from './catalogues';

/** Each language's texts apart from the screens' one, for what is printed in a customer's (decision 236). */
const instances = new Map<ScreenLanguage, I18n>();
let inUse: I18n | null = null;

function instanceOf(language: ScreenLanguage): I18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = setupI18n({ locale: language, messages: { [language]: {} } });
    instances.set(language, instance);
  }
  return instance;
}

/** Called with every catalogue loaded into the screens' `i18n`. */
export function keepForOtherLanguage(language: ScreenLanguage, messages: Messages): void {
  instanceOf(language).load(language, messages);
}

const screens = i18n._.bind(i18n);
const translate = ((...args: Parameters<I18n['_']>) =>
  inUse ? inUse._(...args) : screens(...args)) as I18n['_'];
i18n._ = translate;
i18n.t = translate;

/**
 * Runs `work` with every text read in `language` (its catalogues loaded first), then the screens' again:
 * synchronous, so no other screen reads a text meanwhile.
 */
export function inOtherLanguage<T>(language: ScreenLanguage, work: () => T): T {
  if (language === i18n.locale) return work();
  const previous = inUse;
  inUse = instanceOf(language);
  try {
    return work();
  } finally {
    inUse = previous;
  }
}
