import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { getConfig, type LinguiConfigNormalized } from '@lingui/conf';
import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api';
import type { Plugin } from 'vite';

/** Where `chunk-texts.json` goes, beside Vite's manifest: for each chunk, its ids and its texts' files. */
export const CHUNK_TEXTS_FILE = '.vite/chunk-texts.json';
/** The source language: a lazy chunk's texts in it are written in the chunk. */
const SOURCE = 'fr';

/** A compiled message (Lingui's tokens), by id. */
type Messages = Record<string, unknown>;
export type ChunkTexts = { ids: string[]; files: Record<string, string> };

// Lingui's macros mark each descriptor they write (`/** i18n */ { id: "…" }`); built, only the id is left.
const DESCRIPTOR = /\/\*\*?\s*i18n\s*\*\/\s*\{\s*id:\s*["'`]([^"'`]+)["'`]/g;

/** The ids of the descriptors in a module's code, after the macros' transform. */
export function descriptorIds(code: string): string[] {
  return [...new Set([...code.matchAll(DESCRIPTOR)].map((match) => match[1]!))];
}

/** Every catalogue of the browser (not `server`) merged, by language: compiled, French where untranslated. */
async function loadLanguages(config: LinguiConfigNormalized): Promise<Map<string, Messages>> {
  const catalogs = (await getCatalogs(config)).filter((catalog) => !catalog.path.endsWith('/server'));
  const languages = new Map<string, Messages>();
  for (const locale of config.locales) {
    const pseudo = config.pseudoLocale.find((item) => item.locale === locale);
    const merged: Record<string, string> = {};
    for (const catalog of catalogs) {
      const { messages } = await catalog.getTranslations(locale, {
        fallbackLocales: config.fallbackLocales,
        sourceLocale: config.sourceLocale,
      });
      Object.assign(merged, messages);
    }
    const { source, errors } = createCompiledCatalog(locale, merged, {
      namespace: 'json',
      pseudoLocale: pseudo?.locale,
      pseudoLocaleOptions: pseudo?.options,
    });
    if (errors.length)
      throw new Error(`chunk-texts: ${String(locale)}: ${errors.map((error) => error.id).join(', ')}`);
    languages.set(locale, (JSON.parse(source) as { messages: Messages }).messages);
  }
  return languages;
}

function pick(messages: Messages, ids: readonly string[]): Messages {
  return Object.fromEntries(ids.filter((id) => id in messages).map((id) => [id, messages[id]]));
}

/**
 * The line written at the top of a chunk with texts (decision 239): by language, the texts themselves (the
 * French of a lazy chunk) or the file that holds them.
 */
export function chunkPrelude(texts: Record<string, Messages | string>, wait: boolean): string {
  const register = `(globalThis.__lajanTexts||=[]).push(${JSON.stringify(texts)});`;
  // A lazy chunk's code is handed over once its texts are here, in the screens' language.
  return wait ? `${register}await globalThis.__lajanTextsLoad?.();` : register;
}

/** What index.html's early script asks for, once the chunks are rendered. */
export interface TextsApi {
  /** The first page's texts files by language. */
  firstTexts(): Record<string, string[]>;
  /** A chunk's texts files by language (none without texts), the chunk known by its modules. */
  filesOf(moduleIds: readonly string[]): Record<string, string> | undefined;
}

export type ChunkTextsPlugin = Plugin & { api: TextsApi };

type RenderedChunk = Parameters<Extract<Plugin['renderChunk'], (...args: never[]) => unknown>>[1];

/**
 * Each chunk brings the texts its code says, registered at its top, the other languages in files (decision
 * 239, which says how the first page's and the lazy chunks' differ). Writes `.vite/chunk-texts.json`.
 */
export function chunkTexts({
  configPath,
  first = (chunk) => chunk.isEntry,
}: {
  configPath: string;
  first?: (chunk: RenderedChunk) => boolean;
}): ChunkTextsPlugin {
  const byModule = new Map<string, string[]>();
  const emitted = new Map<string, string>();
  // By the chunk's modules: a chunk's file name is not final while it renders.
  const report = new Map<string, ChunkTexts>();
  const key = (moduleIds: readonly string[]) => moduleIds.join('\n');
  let languages: Promise<Map<string, Messages>> | undefined;
  let outDir = '';
  const firstTexts: Record<string, string[]> = {};
  return {
    name: 'lajan:chunk-texts',
    // Right after the macros, before the JSX transform, which drops the marks of `<Trans>`'s descriptors.
    enforce: 'pre',
    api: { firstTexts: () => firstTexts, filesOf: (moduleIds) => report.get(key(moduleIds))?.files },
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    buildStart() {
      byModule.clear();
      emitted.clear();
      report.clear();
      for (const language of Object.keys(firstTexts)) delete firstTexts[language];
      languages = loadLanguages(getConfig({ configPath }));
    },
    transform(code, id) {
      if (id.includes('node_modules') || id.startsWith('\0')) return null;
      const ids = descriptorIds(code);
      if (ids.length) byModule.set(id, ids);
      return null;
    },
    async renderChunk(code, chunk) {
      const ids = new Set<string>();
      for (const moduleId of chunk.moduleIds) {
        const rendered = chunk.modules[moduleId]?.code;
        for (const id of byModule.get(moduleId) ?? []) {
          // Left out if the bundle dropped the code that said it (tree-shaking).
          if (rendered == null || rendered.includes(id)) ids.add(id);
        }
      }
      if (ids.size === 0) return null;
      const sorted = [...ids].sort();
      const all = await languages!;
      const missing = sorted.filter((id) => !(id in all.get(SOURCE)!));
      if (missing.length)
        this.warn(`${chunk.fileName}: ids in no catalogue (run i18n:extract): ${missing.join(', ')}`);
      const onFirstPage = first(chunk);
      const files: Record<string, string> = {};
      for (const [language, messages] of all) {
        if (language === SOURCE && !onFirstPage) continue;
        const source = `export default ${JSON.stringify(pick(messages, sorted))};\n`;
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        const fileName = `assets/texts/${language}-${hash}.js`;
        emitted.set(fileName, source);
        files[language] = `/${fileName}`;
      }
      report.set(key(chunk.moduleIds), { ids: sorted, files });
      if (onFirstPage) {
        for (const [language, file] of Object.entries(files)) (firstTexts[language] ??= []).push(file);
      }
      const texts = onFirstPage ? files : { [SOURCE]: pick(all.get(SOURCE)!, sorted), ...files };
      const prelude = chunkPrelude(texts, !chunk.isEntry);
      return { code: prelude + code, map: null };
    },
    generateBundle() {
      for (const [fileName, source] of emitted) this.emitFile({ type: 'asset', fileName, source });
    },
    async writeBundle(_options, bundle) {
      const byFile: Record<string, ChunkTexts> = {};
      for (const output of Object.values(bundle)) {
        const texts = output.type === 'chunk' ? report.get(key(output.moduleIds)) : undefined;
        if (texts) byFile[output.fileName] = texts;
      }
      const file = path.join(outDir, CHUNK_TEXTS_FILE);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, `${JSON.stringify(byFile, null, 2)}\n`);
    },
  };
}
