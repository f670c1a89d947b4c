import { i18n } from '@lingui/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { transactionStatusLabel } from './display.js';
import { genericMessages } from './errors.js';
import { paginationQuerySchema } from './pagination.js';
import { loginInputSchema } from './sign-in-schemas.js';
import { checkLoginInput, signInMessages, signInPageTexts } from './sign-in.js';
import { findSpecForbiddenTexts } from './spec-texts.js';
import { plainText } from './text.js';
import { wizardHints } from './wizard-hints.js';
import { z } from 'zod';

// The sign-in's and the domain's own texts, read in Kreyòl once its catalogues are loaded (decision 236).
describe('the domain texts in Kreyòl', () => {
  // vitest.setup.ts loads the Kreyòl catalogues beside the French.
  beforeEach(() => i18n.activate('ht'));
  afterEach(() => i18n.activate('fr'));

  it('read the maps in the language of the moment', () => {
    expect(signInMessages.usernameRequired).toBe('Ou dwe bay non itilizatè a');
    expect(signInPageTexts.newCustomer).toBe('Ou se yon nouvo kliyan ?');
    expect(genericMessages.failure).toBe('Gen yon erè ki fèt');
    expect(wizardHints.findAccount).toBe('Chèche kont lan pou kontinye.');
    expect(transactionStatusLabel('processing')).toBe('Ap trete');
    expect(checkLoginInput({ username: ' ', password: 'x' })).toEqual({
      ok: false,
      errors: { username: 'Ou dwe bay non itilizatè a' },
    });
  });

  it('say the schemas’ messages when they parse, not when they were built', () => {
    const login = loginInputSchema.safeParse({ username: '', password: '' });
    expect(login.error?.issues.map((issue) => issue.message)).toEqual([
      'Ou dwe bay non itilizatè a',
      'Ou dwe bay modpas la',
    ]);
    expect(paginationQuerySchema.safeParse({ page: '0' }).error?.issues[0]?.message).toBe(
      'Nimewo paj la pa valab',
    );
    expect(plainText(z.string()).safeParse('a\u200Eb').error?.issues[0]?.message).toBe(
      'Karaktè ki pa otorize',
    );
  });

  it('give SPEC’s replacements in Kreyòl, and none is a forbidden text', () => {
    expect(findSpecForbiddenTexts('Deconecter')[0]?.french).toBe('Dekonekte');
    expect(findSpecForbiddenTexts('Dekonekte Depo Transfè Estati Kreye pa')).toEqual([]);
  });
});
