import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import {
  foreignTexts,
  parsePo,
  tr,
  trPattern,
  uncataloguedTexts,
  appLocales,
  useCatalogues,
} from './support/languages.js';

/*
 * The helpers of languages.i18n.ts (issue 45) on catalogues and pages of their own, no server: what they
 * read of a `.po` file, what `tr` names, and what the checks find on a Kreyòl, French and pseudo screen.
 */

const header = `msgid ""
msgstr ""
"Content-Type: text/plain; charset=utf-8\\n"
"Language: ht\\n"
`;

/** The French texts of the test's catalogues, and their Kreyòl ('' when not translated yet). */
const texts: [string, string][] = [
  ['Enregistrer', 'Anrejistre'],
  ['Retrait', ''],
  ['Total', 'Total'],
  ['Solde : {amount}', 'Balans : {amount}'],
  [
    'Encore {count, plural, one {# essai} other {# essais}}',
    'Ou gen {count, plural, one {# chans} other {# chans}} ankò',
  ],
  ["Lisez la <0>page d'aide</0> avant.", 'Li <0>paj èd la</0> anvan.'],
  ['Fermer', 'Fèmen'],
  ['Code de retrait {0}', 'Kòd retrè {0}'],
];

function po(language: string, entries: [string, string][]): string {
  const quote = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  return (
    header.replace('ht', language) +
    entries.map(([id, str]) => `\n#: apps/web/src/x.tsx\nmsgid ${quote(id)}\nmsgstr ${quote(str)}\n`).join('')
  );
}

let dir = '';

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lajan-locales-'));
  for (const language of ['fr', 'ht', 'pseudo']) {
    mkdirSync(join(dir, language));
    const entries = texts.map(([id, str]): [string, string] => [id, language === 'ht' ? str : '']);
    writeFileSync(join(dir, language, 'web.po'), po(language, entries));
    writeFileSync(join(dir, language, 'server.po'), po(language, [['Opération refusée', '']]));
  }
  useCatalogues(dir);
});

// The next spec file of this worker reads the app's catalogues again.
test.afterAll(() => {
  useCatalogues(appLocales);
  rmSync(dir, { recursive: true, force: true });
});

test('a .po file: strings over several lines, escapes, contexts; comments, flags and obsolete entries skipped', () => {
  const entries = parsePo(`${header}
#. a comment
#, fuzzy
msgctxt "bouton"
msgid "Fermer"
msgstr "Fèmen"

msgid ""
"Une ligne \\"citée\\"\\n"
"et une autre"
msgstr ""
"Yon liy \\"site\\"\\n"
"ak yon lòt"

#~ msgid "Ancien"
#~ msgstr "Ansyen"
msgid "Vide"
msgstr ""
`);
  expect(entries.map(({ msgid, msgstr, context }) => ({ msgid, msgstr, context }))).toEqual([
    { msgid: 'Fermer', msgstr: 'Fèmen', context: 'bouton' },
    { msgid: 'Une ligne "citée"\net une autre', msgstr: 'Yon liy "site"\nak yon lòt', context: undefined },
    { msgid: 'Vide', msgstr: '', context: undefined },
  ]);
});

test('tr names what a screen shows: French as is, the Kreyòl or its French fallback, the pseudo-language marked', () => {
  expect(tr('Enregistrer', 'fr')).toBe('Enregistrer');
  expect(tr('Enregistrer', 'ht')).toBe('Anrejistre');
  expect(tr('Retrait', 'ht')).toBe('Retrait');
  expect(tr('Solde : {amount}', 'ht', { amount: '12,00 HTG' })).toBe('Balans : 12,00 HTG');
  expect(tr('Solde : {amount}', 'fr', { amount: '12,00 HTG' })).toBe('Solde : 12,00 HTG');
  expect(tr('Encore {count, plural, one {# essai} other {# essais}}', 'fr', { count: 2 })).toBe(
    'Encore 2 essais',
  );
  expect(tr('Encore {count, plural, one {# essai} other {# essais}}', 'ht', { count: 1 })).toBe(
    'Ou gen 1 chans ankò',
  );
  expect(tr("Lisez la <0>page d'aide</0> avant.", 'ht')).toBe('Li paj èd la anvan.');
  // A placeholder named otherwise in the code: the one text of that shape.
  expect(tr('Code de retrait {code}', 'ht', { code: '123 456' })).toBe('Kòd retrè 123 456');
  expect(trPattern('Code de retrait {code}', 'ht').exec('Kòd retrè 123 456')?.[1]).toBe('123 456');
  expect(tr('Pas encore converti', 'fr')).toBe('Pas encore converti');
  expect(() => tr('Pas encore converti', 'ht')).toThrow(/dans aucun catalogue locales\/ht/);
  const pseudo = tr('Solde : {amount}', 'pseudo', { amount: '12,00 HTG' });
  expect(pseudo).toMatch(/^⟦[^⟧]+⟧12,00 HTG$/);
  expect(pseudo).not.toContain('Solde');
  expect(trPattern('Solde : {amount}', 'ht').exec('Balans : 1 250,00 HTG')?.[1]).toBe('1 250,00 HTG');
});

test('on a Kreyòl screen: every French text of a catalogue, and a French date; data and Kreyòl pass', async ({
  page,
}) => {
  await page.setContent(`<main>
    <h1>Retrait</h1>
    <button>${tr('Enregistrer', 'ht')}</button>
    <button aria-label="Fermer">×</button>
    <p>Solde : 1 250,00 HTG</p>
    <p>${tr('Solde : {amount}', 'ht', { amount: '1 250,00 HTG' })}</p>
    <p>Lisez la <a href="#">page d'aide</a> avant.</p>
    <p>Li <a href="#">paj èd la</a> anvan.</p>
    <p>Total</p>
    <p>Mirlande SAINT-FLEUR · 004512345678 · 5 décembre 2026</p>
    <p hidden>Enregistrer</p>
    <a href="#">LVnoCw</a>
  </main>`);
  // Text nodes first, then attributes, each once.
  expect(await foreignTexts(page, 'ht')).toEqual([
    "a « LVnoCw » : l'id d'un message absent du catalogue (clé manquante)",
    expect.stringMatching(/^h1 « Retrait » ← Retrait \(pas de kreyòl, ht\/web\.po\)$/),
    expect.stringMatching(/^p « Solde : 1 250,00 HTG » ← Solde : \{amount\}/),
    expect.stringMatching(/^p « Lisez la page d'aide avant\. » ←/),
    expect.stringMatching(/« décembre », un nom de mois/),
    expect.stringMatching(/^button\[aria-label\] « Fermer » ← Fermer \(kreyòl : Fèmen/),
  ]);
  // The same screen read as French: the Kreyòl texts are the foreign ones.
  expect(await foreignTexts(page.locator('main'), 'fr')).toEqual([
    "a « LVnoCw » : l'id d'un message absent du catalogue (clé manquante)",
    expect.stringMatching(/^button « Anrejistre » ← Anrejistre \(français : Enregistrer\)$/),
    expect.stringMatching(/^p « Balans : 1 250,00 HTG »/),
    expect.stringMatching(/^p « Li paj èd la anvan\. »/),
  ]);
});

test('on a pseudo screen: every text outside ⟦…⟧ but data, whatever node or attribute it is in', async ({
  page,
}) => {
  const marked = (french: string, values?: Record<string, unknown>) => tr(french, 'pseudo', values);
  // The Trans's pieces as React renders them, its link inside the marks.
  const trans = tr("Lisez la <0>page d'aide</0> avant.", 'pseudo');
  expect(trans.startsWith('⟦')).toBe(true);
  await page.setContent(`<main>
    <h1>${marked('Enregistrer')}</h1>
    <p>${marked('Solde : {amount}', { amount: '1 250,00 HTG' })}</p>
    <p>${trans.slice(0, 6)}<a href="#">${trans.slice(6, 12)}</a>${trans.slice(12)}</p>
    <p>caisse.gonaives · CIN-0001 · 5 décembre 2026 · 14:05 · MIRLANDE</p>
    <p>Opération refusée</p>
    <p>Bonjour</p>
    <button aria-label="Fermer">×</button>
    <select aria-label="${marked('Fermer')}"><option>Choisir</option><option>${marked('Total')}</option></select>
    <p>Mirlande Saint-Fleur</p>
    <div style="display:none">Caché</div>
  </main>`);
  expect(await uncataloguedTexts(page, { allow: ['Mirlande Saint-Fleur'] })).toEqual([
    'p « Bonjour » (hors catalogue : Bonjour)',
    'button[aria-label] « Fermer » (hors catalogue : Fermer)',
    'select > option « Choisir » (hors catalogue : Choisir)',
  ]);
});
