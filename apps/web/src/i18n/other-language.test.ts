import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { inOtherLanguage, keepForOtherLanguage } from './other-language';

const greeting = { id: 'lajan-test-greeting', message: 'Bonjour {name}' };

describe('a text read in another language than the screens (decision 236)', () => {
  it('is read in that language inside, and in the screens’ again after, even when the work throws', () => {
    keepForOtherLanguage('ht', { [greeting.id]: ['Bonjou ', ['name']] });
    expect(i18n.locale).toBe('fr');
    expect(inOtherLanguage('ht', () => i18n._({ ...greeting, values: { name: 'Nadège' } }))).toBe(
      'Bonjou Nadège',
    );
    expect(i18n._({ ...greeting, values: { name: 'Nadège' } })).toBe('Bonjour Nadège');
    expect(() =>
      inOtherLanguage('ht', () => {
        throw new Error('papye a fini');
      }),
    ).toThrow('papye a fini');
    expect(i18n._({ ...greeting, values: { name: 'Nadège' } })).toBe('Bonjour Nadège');
  });

  it('reads the screens’ language itself as it is', () => {
    expect(inOtherLanguage('fr', () => i18n._({ ...greeting, values: { name: 'Jean' } }))).toBe(
      'Bonjour Jean',
    );
  });
});
