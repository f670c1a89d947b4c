import { i18n } from '@lingui/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountStatusLabels } from './account-names.js';
import { accountSearchInputSchema, accountTypeLabels, inactiveAccountMessage } from './accounts.js';
import {
  documentLabel,
  duplicateDocumentMessage,
  personInputSchema,
  personMessages,
  phonePrefixes,
} from './persons.js';
import { registerTexts } from './register.js';
import { statementMessages } from './statements.js';

// The people's texts in Kreyòl, read when used: the maps, the labels and the schemas' messages (decision 236).
describe('the people texts in Kreyòl', () => {
  // vitest.setup.ts loads the Kreyòl catalogues beside the French.
  beforeAll(() => {
    i18n.activate('ht');
  });
  afterAll(() => {
    i18n.activate('fr');
  });

  it('reads the maps and labels in the language of the moment', () => {
    expect(personMessages.created).toBe('Moun nan anrejistre');
    expect(personMessages.openAccountFor('Jean PIERRE')).toBe('Louvri yon kont pou Jean PIERRE');
    expect(documentLabel('passport')).toBe('Paspò');
    expect(duplicateDocumentMessage('driving_license')).toBe('Nimewo lisans sa a egziste deja');
    expect(accountTypeLabels.savings).toBe('Epay');
    expect(accountStatusLabels.pending).toBe('An atant');
    expect(inactiveAccountMessage()).toBe('Kont lan pa aktif');
    expect(phonePrefixes[0].label).toBe('+509 (Ayiti)');
    expect(statementMessages.span(31)).toBe('Peryòd la pa ka depase 31 jou');
    expect(registerTexts.nextDocuments(1)).toBe('Pote orijinal pyès idantite ki nan demann lan :');
    expect(registerTexts.nextDocuments(2)).toBe(
      'Chak titilè pote orijinal pyès idantite ki nan demann lan :',
    );
  });

  it('says the schemas’ messages in the language of the moment, not in the one they were built in', () => {
    const person = personInputSchema.safeParse({ firstName: 'J', lastName: '' });
    const errors = person.success ? {} : person.error.flatten().fieldErrors;
    expect(errors.firstName).toEqual(['Non an dwe gen omwen 2 karaktè']);
    expect(errors.lastName?.[0]).toBe('Ou dwe bay siyati a');
    expect(errors.gender).toEqual(['Ou dwe chwazi sèks la']);
    const search = accountSearchInputSchema.safeParse({ q: 'a' });
    expect(search.success ? null : search.error.issues[0]?.message).toBe('Tape omwen 2 karaktè');
  });
});
