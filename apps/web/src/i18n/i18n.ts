import { i18n } from '@lingui/core';
import { loadCatalogue, type CatalogueArea, type ScreenLanguage } from './catalogues';
import { loadChunkTexts } from './chunk-texts';
import { keepForOtherLanguage } from './other-language';

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

/** The language the app opens in: the signed-in user's, else this browser's (a test's pseudo one first). */
export function startLanguage(userLanguage: ScreenLanguage | undefined): ScreenLanguage {
  const stored = storedLanguage();
  return stored === 'pseudo' ? stored : (userLanguage ?? stored);
}

function load(language: ScreenLanguage, area: CatalogueArea): Promise<void> {
  const key = `${language}/${area}`;
  let loading = loaded.get(key);
  if (!loading) {
    loading = loadCatalogue(language, area).then(
      (messages) => {
        i18n.load(language, messages);
        keepForOtherLanguage(language, messages);
      },
      (error: unknown) => {
        loaded.delete(key);
        throw error;
      },
    );
    loaded.set(key, loading);
  }
  return loading;
}

/** Languages a receipt was printed in besides the screens' (`loadLanguage`): a chunk brings them too. */
const alsoLoaded = new Set<ScreenLanguage>();

/**
 * A built app's texts come with its chunks (decision 239): those of the chunks run so far, in the language
 * shown, the one being switched to and those printed in. In development and tests the catalogues by area.
 */
async function loadBuiltTexts(): Promise<void> {
  const languages = new Set([currentLanguage(), ...(switching ? [switching] : []), ...alsoLoaded]);
  await Promise.all(
    [...languages].map(async (language) => {
      const messages = await loadChunkTexts(language);
      if (!messages) return;
      i18n.load(language, messages);
      keepForOtherLanguage(language, messages);
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
  // Read aloud and hyphenated as the language it is in.
  if (typeof document !== 'undefined') document.documentElement.lang = language === 'ht' ? 'ht' : 'fr';
  listeners.forEach((listener) => listener());
}

/** Chosen on a page before anyone signed in: the next user to sign in keeps it in her profile. */
let chosenBeforeSignIn: ScreenLanguage | null = null;

/** The language chosen before this sign-in, once: null when none was. */
export function takeLanguageChosenBeforeSignIn(): ScreenLanguage | null {
  const chosen = chosenBeforeSignIn;
  chosenBeforeSignIn = null;
  return chosen;
}

/** Chosen on this browser (the sign-in page, the profile): kept for the next visit too. */
export async function chooseLanguage(
  language: ScreenLanguage,
  { signedIn = true, storage = safeStorage() }: { signedIn?: boolean; storage?: Storage | null } = {},
) {
  if (!signedIn) chosenBeforeSignIn = language;
  try {
    storage?.setItem(STORAGE_KEY, language);
  } catch {
    // A full or disabled storage: the choice holds until the page is closed.
  }
  await setScreenLanguage(language);
}

/** The texts of `language` for every area needed so far, without showing the screens in it. */
export async function loadLanguage(language: ScreenLanguage): Promise<void> {
  if (import.meta.env.PROD) {
    alsoLoaded.add(language);
    await loadBuiltTexts();
  } else await Promise.all([...needed].map((area) => load(language, area)));
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

/** The language dates and amounts are written in: the pseudo-language's are French. */
export function formatLanguage(language: ScreenLanguage): 'fr' | 'ht' {
  return language === 'ht' ? 'ht' : 'fr';
}

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export { i18n };
