import type { Messages } from '@lingui/core';

/** The screen languages; `pseudo` marks every catalogue text, for the tests that look for the others. */
export type ScreenLanguage = 'fr' | 'ht' | 'pseudo';
/** The sign-in pages' texts, and the rest of the app's (decision 236). */
export type CatalogueArea = 'signin' | 'app';

type CatalogueModule = { messages: Messages };

// In development and tests: every catalogue its own file, fetched when its language and area are first
// needed. A build loads none of them: each chunk brings its own texts (decision 239).
const files = import.meta.glob<CatalogueModule>('../../../../locales/*/*.po');

function fileLanguage(path: string) {
  return path.split('/').at(-2);
}

function fileArea(path: string): CatalogueArea | null {
  const name = path.split('/').at(-1)?.replace(/\.po$/, '');
  if (name === 'server') return null;
  return name === 'signin' ? 'signin' : 'app';
}

export async function loadCatalogue(language: ScreenLanguage, area: CatalogueArea): Promise<Messages> {
  const loads = Object.entries(files)
    .filter(([path]) => fileLanguage(path) === language && fileArea(path) === area)
    .map(([, load]) => load());
  const modules = await Promise.all(loads);
  return Object.assign({}, ...modules.map((module) => module.messages)) as Messages;
}
