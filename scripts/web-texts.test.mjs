// Each chunk of the web build brings the texts its code says (decision 239), in every language: checked on
// the build (`npm run build` first), without a browser. A chunk's ids are found in its built code (the
// macros leave `{id:"…"}`), independently of the plugin that wrote its texts; the ids are the catalogues'.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseSync } from '@babel/core';
import { formatter } from '@lingui/format-po';
import { WEB_DIST } from './web-budget.mjs';

const LOCALES = fileURLToPath(new URL('../locales/', import.meta.url));
const LANGUAGES = ['fr', 'ht', 'pseudo'];

/** Every id of the browser's catalogues (not `server`), from the `.po` files. */
async function catalogueIds() {
  const po = formatter({ lineNumbers: false });
  const ids = new Set();
  for (const name of readdirSync(path.join(LOCALES, 'fr'))) {
    if (!name.endsWith('.po') || name === 'server.po') continue;
    const content = readFileSync(path.join(LOCALES, 'fr', name), 'utf8');
    const catalogue = await po.parse(content, { locale: 'fr', sourceLocale: 'fr', filename: name });
    for (const id of Object.keys(catalogue)) ids.add(id);
  }
  return ids;
}

/** The ids a built chunk's code refers to: `id:"…"` (any quote) that the catalogues know. */
function referencedIds(code, known) {
  const found = new Set();
  for (const match of code.matchAll(/\bid:\s*(["'`])([\w-]{6})\1/g))
    if (known.has(match[2])) found.add(match[2]);
  return found;
}

/** What a chunk registers at its top (`__lajanTexts.push({ fr: {…}, ht: "/assets/…", … })`), or null. */
function registration(code) {
  const program = parseSync(code, { sourceType: 'module', babelrc: false, configFile: false }).program;
  // The minifier may join it with the next statement: `(…).push({…}),await …;`.
  const expressions = program.body
    .filter((statement) => statement.type === 'ExpressionStatement')
    .flatMap(({ expression }) =>
      expression.type === 'SequenceExpression' ? expression.expressions : [expression],
    );
  for (const expression of expressions) {
    if (expression.type !== 'CallExpression') continue;
    const { callee, arguments: args } = expression;
    if (callee.type !== 'MemberExpression' || !code.slice(callee.start, callee.end).includes('__lajanTexts'))
      continue;
    return Function(`return (${code.slice(args[0].start, args[0].end)});`)();
  }
  return null;
}

/** A chunk's texts in `language`: written in it, or in the file it names. */
async function textsOf(registered, language) {
  const found = registered[language];
  if (typeof found !== 'string') return found ?? {};
  return (await import(pathToFileURL(path.join(WEB_DIST, found)).href)).default;
}

const known = await catalogueIds();
const manifest = JSON.parse(readFileSync(path.join(WEB_DIST, '.vite', 'manifest.json'), 'utf8'));
const entryFile = Object.values(manifest).find((chunk) => chunk.isEntry).file;
const chunkFiles = readdirSync(path.join(WEB_DIST, 'assets'))
  .filter((name) => name.endsWith('.js') && !name.startsWith('early-'))
  .map((name) => `assets/${name}`);

test('the build refers to catalogue texts (the check below is not empty)', () => {
  const entry = readFileSync(path.join(WEB_DIST, entryFile), 'utf8');
  assert.ok(referencedIds(entry, known).size > 0, 'the entry says no text of the catalogues');
});

for (const file of chunkFiles) {
  const code = readFileSync(path.join(WEB_DIST, file), 'utf8');
  const ids = referencedIds(code, known);
  if (ids.size === 0) continue;

  test(`${file} brings every text it says, in ${LANGUAGES.join(', ')}`, async () => {
    const registered = registration(code);
    assert.ok(registered, `${file} says ${ids.size} texts and registers none`);
    for (const language of LANGUAGES) {
      const texts = await textsOf(registered, language);
      const missing = [...ids].filter((id) => !(id in texts));
      assert.deepEqual(missing, [], `${file}: ids without their ${language} text`);
    }
    // A lazy chunk is handed over once its texts are loaded in the screens' language.
    if (file !== entryFile) assert.match(code, /await globalThis\.__lajanTextsLoad/);
  });
}
