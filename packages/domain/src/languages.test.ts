import { describe, expect, it } from 'vitest';
import { languageSchema } from './language-schemas.js';
import { defaultLanguage, isLanguage, languageNames, languages, negotiateLanguage } from './languages.js';

describe('languages (decision 237)', () => {
  it('speaks French by default and Haitian Creole beside it', () => {
    expect(languages).toEqual(['fr', 'ht']);
    expect(defaultLanguage).toBe('fr');
    expect(languageNames).toEqual({ fr: 'Français', ht: 'Kreyòl' });
    expect(languageSchema.options).toEqual([...languages]);
    expect(languageSchema.safeParse('ht').success).toBe(true);
    expect(languageSchema.safeParse('en').error?.issues[0]?.message).toBe('Langue invalide');
    expect([isLanguage('fr'), isLanguage('ht'), isLanguage('HT'), isLanguage(undefined)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it.each([
    [undefined, 'fr'],
    ['', 'fr'],
    ['ht', 'ht'],
    ['ht-HT', 'ht'],
    ['HT-ht', 'ht'],
    ['fr', 'fr'],
    ['fr-HT', 'fr'],
    ['fr-CA,ht;q=0.5', 'fr'],
    ['ht-HT,fr;q=0.8', 'ht'],
    ['fr;q=0.8,ht-HT', 'ht'],
    ['en-US,en;q=0.9,ht;q=0.7,fr;q=0.6', 'ht'],
    ['en-US,en;q=0.9,fr;q=0.6,ht;q=0.5', 'fr'],
    ['ht;q=0.5,fr;q=0.5', 'ht'],
    ['fr;q=0.5,ht;q=0.5', 'fr'],
    ['ht;q=0, fr;q=0.1', 'fr'],
    ['ht;q=0', 'fr'],
    ['en', 'fr'],
    ['es-419,es;q=0.9', 'fr'],
    ['*', 'fr'],
    ['*;q=0.9, ht;q=0.1', 'ht'],
    ['ht;q=2', 'fr'],
    ['ht;q=0.1234,fr;q=0.1', 'fr'],
    ['ht ; q = 0.9 , fr ; q=0.8', 'ht'],
    ['hat', 'fr'],
    ['fra', 'fr'],
    ['ht-', 'ht'],
    [',,;;q=1', 'fr'],
    ['garbage;;;', 'fr'],
  ] as const)('negotiates %j as %s', (header, expected) => {
    expect(negotiateLanguage(header)).toBe(expected);
  });

  it('reads no further than the first 1 000 characters of a long header', () => {
    expect(negotiateLanguage(`${'en;q=0.1,'.repeat(200)}ht`)).toBe('fr');
  });
});
