import { describe, expect, it } from 'vitest';
import * as domain from './index.js';
import { capitaliseFirstName, displayName } from './person-names.js';
import {
  documentLabel,
  duplicateDocumentMessage,
  duplicateFieldMessage,
  idDocumentTypeSchema,
  uniquePersonFields,
} from './persons.js';
import { findSpecForbiddenTexts, specForbiddenTexts } from './spec-texts.js';

/** Every string held by the domain's exported objects (labels, messages), zod schemas left out. */
function exportedTexts(): { path: string; text: string }[] {
  const texts: { path: string; text: string }[] = [];
  const seen = new Set<unknown>();
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'string') texts.push({ path, text: value });
    else if (typeof value === 'function') {
      // A message built from a text: called with a sample ("Ce numéro de … existe déjà").
      if (value.length <= 2 && !/^[A-Z]/.test(path.split('.').pop() ?? '')) {
        try {
          const built: unknown = (value as (...args: string[]) => unknown)('jean', 'PIERRE');
          if (typeof built === 'string') texts.push({ path: `${path}()`, text: built });
        } catch {
          // A helper that needs other arguments: nothing to read.
        }
      }
    } else if (value && typeof value === 'object' && !seen.has(value) && !('_zod' in value)) {
      seen.add(value);
      for (const [key, inner] of Object.entries(value)) {
        // A list of codes (`transactionTypes`: 'deposit', 'transfer'…), an option's code (`value`:
        // 'transactions.deposit') or a flow's API path ('/transactions/deposit') is not a text; a label is.
        const isCode = typeof inner === 'string' && /^[a-z_]+(\.[a-z_]+)*$/.test(inner);
        if (isCode && (Array.isArray(value) || key === 'value')) continue;
        if (key === 'path' && typeof inner === 'string' && inner.startsWith('/')) continue;
        walk(inner, `${path}.${key}`);
      }
    }
  };
  for (const [name, value] of Object.entries(domain)) {
    if (name === 'specForbiddenTexts') continue;
    walk(value, name);
  }
  return texts;
}

describe("SPEC's English and misspelled texts (decision 134)", () => {
  it('are listed once each, with a French replacement that is itself allowed', () => {
    const specs = specForbiddenTexts.map((entry) => entry.spec.toLowerCase());
    expect(new Set(specs).size).toBe(specs.length);
    for (const entry of specForbiddenTexts) {
      expect(findSpecForbiddenTexts(entry.spec)).toContain(entry);
      expect(findSpecForbiddenTexts(entry.french), entry.french).toEqual([]);
    }
  });

  it('are found on a screen whatever their case and spacing, as whole words only', () => {
    const found = (text: string) => findSpecForbiddenTexts(text).map((entry) => entry.spec);
    expect(found('NUMERO  TYPE MONTANT STATUS CREER PAR')).toEqual(
      expect.arrayContaining(['Numero', 'Status', 'Creer par']),
    );
    expect(found('Transfer\nsuccessful')).toContain('Transfer successful');
    expect(found('Pas de resultat pour Inconnu')).toEqual(['Pas de resultat pour']);
    expect(found('Transfert réalisé avec succès · Dépôt · Statut · Créé par · Passeport · Numéro')).toEqual(
      [],
    );
    expect(found("Carte d'identité")).toEqual([]);
  });

  it('are in no label or message the domain exports', () => {
    const found = exportedTexts().flatMap(({ path, text }) =>
      findSpecForbiddenTexts(text).map((entry) => `${path}: ${JSON.stringify(text)} (« ${entry.spec} »)`),
    );
    expect(found).toEqual([]);
  });

  it('the walk reads the messages and the labels', () => {
    const texts = exportedTexts().map(({ text }) => text);
    expect(texts).toContain('Dépôt réalisé avec succès');
    expect(texts).toContain('Passeport');
  });
});

describe('uniqueness messages name the field by its label', () => {
  it('for the e-mail, the phone and the username', () => {
    expect(duplicateFieldMessage('email')).toBe('Cette adresse e-mail existe déjà');
    expect(duplicateFieldMessage('phoneNumber')).toBe('Ce numéro de téléphone existe déjà');
    expect(duplicateFieldMessage('username')).toBe("Ce nom d'utilisateur existe déjà");
    for (const field of uniquePersonFields)
      expect(findSpecForbiddenTexts(duplicateFieldMessage(field))).toEqual([]);
  });

  it('for each document, by its label in lower case', () => {
    expect(duplicateDocumentMessage('id_card')).toBe("Ce numéro de carte d'identité existe déjà");
    expect(duplicateDocumentMessage('passport')).toBe('Ce numéro de passeport existe déjà');
    expect(duplicateDocumentMessage('driving_license')).toBe('Ce numéro de permis de conduire existe déjà');
    expect(duplicateDocumentMessage('other')).toBe('Ce numéro de document existe déjà');
    for (const type of idDocumentTypeSchema.options) {
      expect(duplicateDocumentMessage(type)).toContain(documentLabel(type).toLocaleLowerCase('fr-FR'));
    }
  });
});

describe('names (SPEC §3)', () => {
  it('capitalise each part of a compound first name', () => {
    expect(capitaliseFirstName('rose-merline')).toBe('Rose-Merline');
    expect(capitaliseFirstName('ROSE-MERLINE')).toBe('Rose-Merline');
    expect(capitaliseFirstName('jean  baptiste')).toBe('Jean Baptiste');
    expect(capitaliseFirstName('marie-élise')).toBe('Marie-Élise');
    expect(capitaliseFirstName(' édouard ')).toBe('Édouard');
    expect(capitaliseFirstName('')).toBe('');
  });

  it('show the first name capitalised and the last name in capitals', () => {
    expect(displayName({ firstName: 'Rose-merline', lastName: 'Pierre-louis' })).toBe(
      'Rose-Merline PIERRE-LOUIS',
    );
    expect(displayName({ firstName: 'jean baptiste', lastName: 'de la Cruz' })).toBe(
      'Jean Baptiste DE LA CRUZ',
    );
    expect(displayName({ firstName: 'élise', lastName: 'Désir' })).toBe('Élise DÉSIR');
    expect(displayName({ firstName: null, lastName: 'Joseph' })).toBe('JOSEPH');
  });
});
