import { i18n } from '@lingui/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// The Kreyòl catalogue, loaded by the test alone (decision 236).
// eslint-disable-next-line boundaries/dependencies
import { messages } from '../../../locales/ht/domain-money.po';
import { correctionMessages } from './corrections-texts.js';
import { drawerDifferenceText, drawerTexts } from './drawer.js';
import { feeScheduleInputSchema } from './fee-editor.js';
import { limitLeftTexts } from './limit-editor.js';
import { limitMessages } from './limits.js';
import { amountMessages, formatHtg, htgAmountSchema } from './money.js';
import { pickUpCodeMessages } from './numbers.js';
import { payoutMessages } from './payout-messages.js';

/** The text as read, with the no-break spaces of the figures as plain ones. */
const plain = (text: string | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

// The money's texts in Kreyòl, read when used (decision 236), with the French figures (decision 238).
describe('the money’s texts in Kreyòl', () => {
  beforeEach(() => {
    i18n.load('ht', messages);
    i18n.activate('ht');
  });
  afterEach(() => {
    i18n.activate('fr');
  });

  it('says the amounts’ refusals in Kreyòl, with the same figures as in French', () => {
    expect(plain(amountMessages.max(100_000))).toBe('Montan an pa ka depase 100 000 HTG');
    expect(htgAmountSchema().safeParse(0).error?.issues[0]?.message).toBe('Montan an dwe pozitif');
    expect(plain(limitMessages.day(1250.5))).toBe(
      'Kliyan sa a rive nan limit pa jou li : rete 1 250,50 HTG jodi a',
    );
    expect(plain(limitLeftTexts.left('cash_out', 500, 2000, 100_000))).toBe(
      'Kliyan sa a ka retire 500,00 HTG ankò jodi a (2 000,00 HTG sou 30 jou, 100 000,00 HTG pou chak tranzaksyon)',
    );
    expect(formatHtg(1250.5)).toBe('1\u202f250,50\u00a0HTG');
  });

  it('reads a schema’s message when it parses, in the language of that moment', () => {
    const rows = { rows: [] };
    expect(feeScheduleInputSchema.safeParse(rows).error?.issues[0]?.message).toBe('Fòk gen omwen yon tranch');
    i18n.activate('fr');
    expect(feeScheduleInputSchema.safeParse(rows).error?.issues[0]?.message).toBe(
      'Au moins une tranche est requise',
    );
  });

  it('says the drawer, the pay-out and the corrections in Kreyòl', () => {
    expect(drawerTexts.pageTitle).toBe('Kès mwen');
    expect(plain(drawerDifferenceText(-0.03))).toBe('−0,03 HTG (awondi)');
    expect(plain(drawerTexts.closedWithDifference('600,00 HTG', 'shortage'))).toBe(
      'Kès la fèmen ak yon manke 600,00 HTG',
    );
    expect(payoutMessages.recipientMismatchTriesLeft(3)).toBe(
      'Idantite yo prezante a pa koresponn ak benefisyè transfè a : ankò 3 esè anvan transfè a bloke',
    );
    expect(pickUpCodeMessages.alreadyPaid('2026-12-05T19:05:00Z')).toBe(
      'Transfè sa a te deja peye 05/12/2026 14:05',
    );
    expect(plain(correctionMessages.missing(20, null))).toBe(
      'Koreksyon an pa ka fèt : 20,00 HTG manke sou fon ajan an ; lajan an deja depanse',
    );
  });
});
