import type { Messages } from '@lingui/core';

/**
 * What a built chunk registers as it runs (build-plugins/chunk-texts.ts, decision 239): by language, the
 * texts its code says (a lazy chunk's French) or the file that holds them.
 */
export type ChunkTexts = Partial<Record<string, Messages | string>>;

declare global {
  var __lajanTexts: ChunkTexts[] | undefined;
  var __lajanTextsLoad: (() => Promise<void>) | undefined;
}

type TextsModule = { default: Messages };

/** The chunks' texts already loaded, by language: a chunk registers once, its files load once. */
const done = new Map<string, WeakSet<ChunkTexts>>();

/**
 * The texts, in `language`, of every chunk that has run so far and whose texts in it are not loaded yet:
 * `null` when there are none (nothing to load, no change to announce).
 */
export async function loadChunkTexts(language: string): Promise<Messages | null> {
  const registered = globalThis.__lajanTexts ?? [];
  let seen = done.get(language);
  if (!seen) done.set(language, (seen = new WeakSet()));
  const fresh = registered.filter((texts) => !seen.has(texts));
  if (fresh.length === 0) return null;
  const parts = await Promise.all(
    fresh.map(async (texts) => {
      const found = texts[language];
      if (typeof found !== 'string') return found ?? {};
      return ((await import(/* @vite-ignore */ found)) as TextsModule).default;
    }),
  );
  fresh.forEach((texts) => seen.add(texts));
  return Object.assign({}, ...parts) as Messages;
}
