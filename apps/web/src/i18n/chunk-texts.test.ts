import { afterEach, describe, expect, it } from 'vitest';
import { loadChunkTexts } from './chunk-texts';

// A built chunk's registration (decision 239): its French written in it, another language in a file.
const file = `data:text/javascript,${encodeURIComponent('export default { b: ["Bonjou"] };')}`;

afterEach(() => {
  delete globalThis.__lajanTexts;
});

describe('loadChunkTexts', () => {
  it('loads each chunk’s texts once a language, from the chunk or its file', async () => {
    globalThis.__lajanTexts = [{ fr: { b: ['Bonjour'] }, ht: file }];
    expect(await loadChunkTexts('fr')).toEqual({ b: ['Bonjour'] });
    expect(await loadChunkTexts('fr')).toBeNull();
    expect(await loadChunkTexts('ht')).toEqual({ b: ['Bonjou'] });
    globalThis.__lajanTexts.push({ fr: { c: ['Merci'] } });
    expect(await loadChunkTexts('fr')).toEqual({ c: ['Merci'] });
    expect(await loadChunkTexts('pseudo')).toEqual({});
  });

  it('has nothing to load before any chunk registered', async () => {
    expect(await loadChunkTexts('ht')).toBeNull();
  });
});
