import { AsyncLocalStorage } from 'node:async_hooks';
import { i18n, setupI18n, type I18n } from '@lingui/core';
import { serverCatalogues } from './catalogues.js';

export type ServerLanguage = keyof typeof serverCatalogues;

const instances: Record<ServerLanguage, I18n> = {
  fr: setupI18n({ locale: 'fr', messages: { fr: serverCatalogues.fr } }),
  ht: setupI18n({ locale: 'ht', messages: { ht: serverCatalogues.ht } }),
};

interface LanguageScope {
  language: ServerLanguage;
}

const scopes = new AsyncLocalStorage<LanguageScope>();

function current(): I18n {
  return instances[scopes.getStore()?.language ?? 'fr'];
}

let installed = false;

/**
 * Lingui's one `i18n`, which the macros and the domain's `texts()` read, answers in the language of the
 * moment: the request's, or the one `inLanguage` asked for (decision 236); French outside both.
 */
export function installServerLanguages(): void {
  if (installed) return;
  installed = true;
  const translate = ((...args: Parameters<I18n['_']>) => current()._(...args)) as I18n['_'];
  i18n._ = translate;
  i18n.t = translate;
  Object.defineProperty(i18n, 'locale', { get: () => current().locale, configurable: true });
}

/** Runs `work` (and all it awaits) in `language`: a request's handling, a customer's e-mail. */
export function inLanguage<T>(language: ServerLanguage, work: () => T): T {
  return scopes.run({ language }, work);
}

/** The request's language once its user is known (her profile's wins over the browser's header). */
export function setLanguageOfTheMoment(language: ServerLanguage): void {
  const scope = scopes.getStore();
  if (scope) scope.language = language;
}

export function languageOfTheMoment(): ServerLanguage {
  return scopes.getStore()?.language ?? 'fr';
}
