import { createHash } from 'node:crypto';
import type { Plugin, Rolldown } from 'vite';
import type { TextsApi } from './chunk-texts';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** The modules whose code a signed-in start on `/` needs before its first paint (decision 156). */
export const EARLY_MODULES = ['src/app/layout/Shell.tsx', 'src/features/dashboard/DashboardPage.tsx'];

function chunks(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
}

/** A chunk's file and those it imports statically, recursively. */
function staticClosure(bundle: OutputBundle, fileName: string, into = new Set<string>()): Set<string> {
  if (into.has(fileName)) return into;
  into.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type === 'chunk') for (const imported of chunk.imports) staticClosure(bundle, imported, into);
  return into;
}

/**
 * The early script: the first page's texts in the language stored on this browser (decision 239); and on
 * `/`, with a token that has not expired and whose person has changed their first
 * password, it asks for the shell's and the dashboard's code (`<link rel="modulepreload">`) while the
 * entry is still downloading, instead of once the entry has run. Anything it does not expect (no token,
 * a token it cannot read, another address) and it does nothing: the app decides as before.
 */
export function earlyScriptSource(
  files: readonly string[],
  texts: Record<string, string[]> = {},
  filesTexts: Record<string, string[]> = {},
): string {
  return `// Written by the build (apps/web/build-plugins/early-preload.ts, decisions 156 and 239).
(function () {
  function preload(file) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = file;
    document.head.appendChild(link);
  }
  try {
    var texts = ${JSON.stringify(texts)};
    // As main.tsx's startLanguage: a stored pseudo-language, else the signed-in user's, else the stored one.
    var language = localStorage.getItem('lajan.language');
    var user = null;
    try {
      var token = localStorage.getItem('access_token');
      user = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).user;
    } catch (error) {
      /* no token, or one it cannot read: the stored language */
    }
    if (language !== 'pseudo' && user && user.language) language = user.language;
    (Object.prototype.hasOwnProperty.call(texts, language) ? texts[language] : texts.fr || []).forEach(preload);
  } catch (error) {
    /* the app asks for its texts once it runs */
  }
  try {
    if (location.pathname !== '/') return;
    var token = localStorage.getItem('access_token');
    if (!token) return;
    var claims = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    if (!(claims.exp * 1000 > Date.now()) || !claims.user || !claims.user.passwordUpdatedAt) return;
    ${JSON.stringify(files)}.forEach(preload);
    (${JSON.stringify(filesTexts)}[language] || []).forEach(preload);
  } catch (error) {
    /* the app asks for the same code once it runs */
  }
})();
`;
}

/**
 * Writes `assets/early-<hash>.js` (the files of the shell's and the dashboard's chunks with their static
 * imports, less those of the entry, which the page loads anyway) and its `<script async>` at the top of
 * `index.html`'s head. Its `generateBundle` runs before the service worker's plugin lists the files;
 * Vite writes `index.html` after both.
 */
export function earlyPreload({ texts }: { texts?: TextsApi } = {}): Plugin {
  let fileName: string | undefined;
  return {
    name: 'lajan:early-preload',
    apply: 'build',
    generateBundle(_options, bundle) {
      const all = chunks(bundle);
      const entry = all.find((chunk) => chunk.isEntry);
      if (!entry) this.error('early-preload: no entry chunk');
      const loaded = staticClosure(bundle, entry.fileName);
      const files = new Set<string>();
      for (const module of EARLY_MODULES) {
        const chunk = all.find((candidate) => candidate.moduleIds.some((id) => id.endsWith(module)));
        if (!chunk) this.error(`early-preload: no chunk for ${module}`);
        for (const file of staticClosure(bundle, chunk.fileName)) if (!loaded.has(file)) files.add(file);
      }
      // Their texts in the language the page opens in (decision 239): asked for with their code.
      const filesTexts: Record<string, string[]> = {};
      for (const file of files) {
        const chunk = bundle[file];
        const found = chunk?.type === 'chunk' ? texts?.filesOf(chunk.moduleIds) : undefined;
        for (const [language, name] of Object.entries(found ?? {})) (filesTexts[language] ??= []).push(name);
      }
      const source = earlyScriptSource(
        [...files].map((file) => `/${file}`),
        texts?.firstTexts(),
        filesTexts,
      );
      const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
      fileName = `assets/early-${hash}.js`;
      this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml: {
      order: 'post',
      handler() {
        if (!fileName) throw new Error('early-preload: index.html written before the bundle');
        return [{ tag: 'script', attrs: { async: true, src: `/${fileName}` }, injectTo: 'head-prepend' }];
      },
    },
  };
}
