import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { Language } from './languages.js';
import { smsParts, type SmsKind } from './sms.js';
import { smsBody, type SmsFacts } from './sms-texts.js';

afterEach(() => i18n.activate('fr'));

function inLanguage(language: Language, kind: SmsKind, facts: SmsFacts): string {
  i18n.activate(language);
  return smsBody(kind, facts, language);
}

// The largest amounts (99 999 999,99 HTG), a transaction's and an account's whole numbers.
const largest = 99_999_999_99;
const longest: [SmsKind, SmsFacts][] = [
  ...['deposit', 'withdrawal', 'transfer', 'external_transfer', 'reversal'].flatMap(
    (type): [SmsKind, SmsFacts][] =>
      [-largest, largest].map((delta) => [
        'receipt',
        {
          type,
          number: '730519284416',
          amount: largest,
          fee: largest,
          delta,
          balance: largest,
          account: '48213907561',
        },
      ]),
  ),
  ['pickup_code', { number: '730519284416', amount: largest }],
  ['transfer_paid', { number: '730519284416', amount: largest }],
  ['transfer_cancelled', { number: '730519284416', amount: largest, account: '48213907561' }],
  ['transfer_cancelled', { number: '730519284416', amount: largest, account: null }],
  ['transfer_expired', { number: '730519284416', amount: largest, account: '48213907561' }],
  ['transfer_expired', { number: '730519284416', amount: largest, account: null }],
];

describe('the SMS texts (decision 241)', () => {
  it('writes a receipt in French and in Kreyòl, amounts as the domain writes them with plain spaces', () => {
    const facts = {
      type: 'withdrawal',
      number: '730519284416',
      amount: 1_250_50,
      fee: 25_00,
      delta: -1_275_50,
      balance: 18_724_50,
      account: '48213907561',
    };
    expect(inLanguage('fr', 'receipt', facts)).toBe(
      'Lajan : Retrait 1 250,50 HTG, frais 25,00 HTG, compte *7561. Solde : 18 724,50 HTG. Opération 730519284416',
    );
    expect(inLanguage('ht', 'receipt', facts)).toBe(
      'Lajan: Retrè 1 250,50 HTG, frè 25,00 HTG, kont *7561. Balans: 18 724,50 HTG. Operasyon 730519284416',
    );
  });

  it('tells a transfer received from one sent, and a correction by what it moved', () => {
    const transfer = { type: 'transfer', number: '1', amount: 100_00, fee: 0, balance: 0, account: '1' };
    expect(inLanguage('fr', 'receipt', { ...transfer, delta: 100_00 })).toContain(
      'Transfert reçu 100,00 HTG',
    );
    expect(inLanguage('ht', 'receipt', { ...transfer, delta: -110_00 })).toContain('Transfè voye 100,00 HTG');
    expect(inLanguage('fr', 'receipt', { ...transfer, type: 'reversal', delta: -110_00 })).toContain(
      'Correction 110,00 HTG',
    );
  });

  it('gives a cash send recipient her code and amount', () => {
    expect(inLanguage('fr', 'pickup_code', { number: '730519284416', amount: 1_000_00 })).toBe(
      "Lajan : un transfert de 1 000,00 HTG vous attend. Code de retrait : 730519284416. Ne le donnez qu'au caissier d'un agent Lajan.",
    );
    expect(inLanguage('ht', 'pickup_code', { number: '730519284416', amount: 1_000_00 })).toContain(
      'Kòd pou touche: 730519284416.',
    );
  });

  it('sends French with ô or ç as UCS-2, French with é alone and every Kreyòl text as GSM-7', () => {
    const receipt = (type: string, delta: number) => ({ ...longest[0]![1], type, delta });
    expect(smsParts(inLanguage('fr', 'receipt', receipt('deposit', largest))).encoding).toBe('ucs2');
    expect(smsParts(inLanguage('fr', 'receipt', receipt('transfer', largest))).encoding).toBe('ucs2');
    expect(smsParts(inLanguage('fr', 'receipt', receipt('withdrawal', -largest))).encoding).toBe('gsm7');
    expect(smsParts(inLanguage('fr', 'pickup_code', { number: '1', amount: 1 })).encoding).toBe('gsm7');
    for (const [kind, facts] of longest) {
      expect(smsParts(inLanguage('ht', kind, facts)).encoding, kind).toBe('gsm7');
    }
  });

  it('keeps every text within two parts for the largest amounts and longest numbers', () => {
    for (const language of ['fr', 'ht'] as const) {
      for (const [kind, facts] of longest) {
        const text = inLanguage(language, kind, facts);
        expect(smsParts(text).parts.length, `${language} ${kind}: ${text}`).toBeLessThanOrEqual(2);
      }
    }
  });
});
