import { i18n } from '@lingui/core';
import { loadCatalogue, type CatalogueArea, type ScreenLanguage } from './catalogues';
import { loadChunkTexts } from './chunk-texts';

export type { ScreenLanguage };

const STORAGE_KEY = 'lajan.language';
export const screenLanguages: readonly ScreenLanguage[] = ['fr', 'ht', 'pseudo'];

/** The catalogues loaded, `language/area`; and the areas the screens shown so far needed. */
const loaded = new Map<string, Promise<void>>();
const needed = new Set<CatalogueArea>(['signin']);
let current: ScreenLanguage | null = null;
/** The language being switched to, whose texts a chunk arriving meanwhile must bring too. */
let switching: ScreenLanguage | null = null;
const listeners = new Set<() => void>();

export function isScreenLanguage(value: unknown): value is ScreenLanguage {
  return typeof value === 'string' && (screenLanguages as readonly string[]).includes(value);
}

function safeStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * The language this browser's screens open in before anyone signs in: the last one chosen here (it is no
 * one's data: a teller's own comes with her session), else French (decision 236).
 */
export function storedLanguage(storage: Storage | null = safeStorage()): ScreenLanguage {
  const value = storage?.getItem(STORAGE_KEY);
  return isScreenLanguage(value) ? value : 'fr';
}

function load(language: ScreenLanguage, area: CatalogueArea): Promise<void> {
  const key = `${language}/${area}`;
  let loading = loaded.get(key);
  if (!loading) {
    loading = loadCatalogue(language, area).then(
      (messages) => i18n.load(language, messages),
      (error: unknown) => {
        loaded.delete(key);
        throw error;
      },
    );
    loaded.set(key, loading);
  }
  return loading;
}

/**
 * A built app's texts come with its chunks (decision 239): those of the chunks run so far, in the language
 * shown and the one being switched to. In development and tests (no chunks) the catalogues by area.
 */
async function loadBuiltTexts(): Promise<void> {
  const languages = new Set([currentLanguage(), ...(switching ? [switching] : [])]);
  await Promise.all(
    [...languages].map(async (language) => {
      const messages = await loadChunkTexts(language);
      if (messages) i18n.load(language, messages);
    }),
  );
}

if (import.meta.env.PROD) globalThis.__lajanTextsLoad = loadBuiltTexts;

/** The screens' language: the texts of every area needed so far, in it, before it is shown. */
export async function setScreenLanguage(language: ScreenLanguage): Promise<void> {
  switching = language;
  try {
    if (import.meta.env.PROD) await loadBuiltTexts();
    else await Promise.all([...needed].map((area) => load(language, area)));
  } finally {
    if (switching === language) switching = null;
  }
  current = language;
  if (i18n.locale !== language) i18n.activate(language);
  listeners.forEach((listener) => listener());
}

/** Chosen on this browser (the sign-in page, the profile): kept for the next visit too. */
export async function chooseLanguage(language: ScreenLanguage, storage: Storage | null = safeStorage()) {
  try {
    storage?.setItem(STORAGE_KEY, language);
  } catch {
    // A full or disabled storage: the choice holds until the page is closed.
  }
  await setScreenLanguage(language);
}

/** Before a screen of `area` renders: its texts in the screens' language. */
export function ensureArea(area: CatalogueArea): Promise<void> {
  // Built, each chunk brings its own texts (decision 239).
  if (import.meta.env.PROD) return Promise.resolve();
  needed.add(area);
  return load(current ?? storedLanguage(), area);
}

export function currentLanguage(): ScreenLanguage {
  return current ?? storedLanguage();
}

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export { i18n };
