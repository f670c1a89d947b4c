import { describe, expect, it } from 'vitest';
import { smsParts } from './sms.js';

describe('smsParts', () => {
  it('sends plain text as GSM-7 in one part up to 160 characters', () => {
    expect(smsParts('a'.repeat(160))).toEqual({ encoding: 'gsm7', parts: ['a'.repeat(160)] });
    expect(smsParts('a'.repeat(161)).parts.map((part) => part.length)).toEqual([153, 8]);
  });

  it('counts an extension character as two septets and never cuts it', () => {
    expect(smsParts('€'.repeat(80)).parts).toHaveLength(1);
    const parts = smsParts(`${'a'.repeat(152)}€${'b'.repeat(7)}`).parts;
    expect(parts).toEqual(['a'.repeat(152), `€${'b'.repeat(7)}`]);
  });

  it('sends French accents outside GSM-7 (ê, ç, ô) as UCS-2, 70 units or 67 a part', () => {
    expect(smsParts('Dépôt reçu').encoding).toBe('ucs2');
    expect(smsParts('ê'.repeat(70)).parts).toHaveLength(1);
    expect(smsParts('ê'.repeat(71)).parts.map((part) => part.length)).toEqual([67, 4]);
  });

  it('keeps GSM-7 for the accents it has (é, è, à)', () => {
    expect(smsParts('Dépôt').encoding).toBe('ucs2');
    expect(smsParts('Retrait effectué à Pétion-Ville').encoding).toBe('gsm7');
  });

  it('never splits a surrogate pair', () => {
    const parts = smsParts(`${'ê'.repeat(66)}😀xxxxx`).parts;
    expect(parts).toEqual(['ê'.repeat(66), '😀xxxxx']);
  });
});
